// lasso/bytecode/line_table.hpp
//
// Source positions of instructions. The structured form is one row per instruction
// range whose position differs from the previous row; the packed form stores deltas as
// zig-zag varints and is offered to adapters that keep line tables as bytes.
#pragma once

#include <lasso/bytecode/error.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lasso::bytecode {

/// Where an instruction came from. Negative values mean "unknown".
struct position {
    int line = -1;
    int end_line = -1;
    int column = -1;
    int end_column = -1;
    friend bool operator==(const position&, const position&) = default;
};

/// Instructions from byte offset `start` up to the next row's start have `pos`.
struct line_entry {
    std::uint32_t start = 0;
    position pos;
    friend bool operator==(const line_entry&, const line_entry&) = default;
};

namespace detail {
inline void write_zigzag(std::vector<std::uint8_t>& out, std::int64_t v) {
    std::uint64_t u = (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
    do {
        std::uint8_t byte = u & 0x7f;
        u >>= 7;
        if (u != 0) byte |= 0x80;
        out.push_back(byte);
    } while (u != 0);
}
inline std::int64_t read_zigzag(std::span<const std::uint8_t> bytes, std::size_t& pos) {
    std::uint64_t u = 0;
    for (int shift = 0;; shift += 7) {
        if (pos >= bytes.size()) throw bytecode_error("truncated line table");
        if (shift > 63) throw bytecode_error("line table varint is too long");
        std::uint8_t byte = bytes[pos++];
        u |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) break;
    }
    const std::int64_t v = static_cast<std::int64_t>(u >> 1) ^ -static_cast<std::int64_t>(u & 1);
    // Every field and delta of a real table is far smaller; bounding them keeps the sums
    // that rebuild the rows from overflowing.
    if (v < -(std::int64_t{1} << 40) || v > (std::int64_t{1} << 40)) throw bytecode_error("line table value out of range");
    return v;
}
inline int to_int(std::int64_t v) {
    if (v < -1'000'000'000 || v > 1'000'000'000) throw bytecode_error("line table value out of range");
    return static_cast<int>(v);
}
} // namespace detail

/// Packs rows as deltas from the previous row (start, line, end line, column, end column).
inline std::vector<std::uint8_t> pack_line_table(std::span<const line_entry> rows) {
    std::vector<std::uint8_t> out;
    line_entry prev{0, {0, 0, 0, 0}};
    for (const auto& r : rows) {
        detail::write_zigzag(out, static_cast<std::int64_t>(r.start) - prev.start);
        detail::write_zigzag(out, static_cast<std::int64_t>(r.pos.line) - prev.pos.line);
        detail::write_zigzag(out, static_cast<std::int64_t>(r.pos.end_line) - r.pos.line);
        detail::write_zigzag(out, static_cast<std::int64_t>(r.pos.column));
        detail::write_zigzag(out, static_cast<std::int64_t>(r.pos.end_column) - r.pos.column);
        prev = r;
    }
    return out;
}

/// Inverse of `pack_line_table`; malformed input is a `bytecode_error`.
inline std::vector<line_entry> unpack_line_table(std::span<const std::uint8_t> bytes) {
    std::vector<line_entry> rows;
    line_entry prev{0, {0, 0, 0, 0}};
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        line_entry r;
        const std::int64_t start = prev.start + detail::read_zigzag(bytes, pos);
        if (start < prev.start || start > 0xffffffffLL) throw bytecode_error("line table offsets go backwards");
        r.start = static_cast<std::uint32_t>(start);
        r.pos.line = detail::to_int(prev.pos.line + detail::read_zigzag(bytes, pos));
        r.pos.end_line = detail::to_int(r.pos.line + detail::read_zigzag(bytes, pos));
        r.pos.column = detail::to_int(detail::read_zigzag(bytes, pos));
        r.pos.end_column = detail::to_int(r.pos.column + detail::read_zigzag(bytes, pos));
        rows.push_back(r);
        prev = r;
    }
    return rows;
}

} // namespace lasso::bytecode
