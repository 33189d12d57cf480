// lasso/bytecode/location_table.hpp
//
// CPython 3.11's packed location table (`co_linetable`, PEP 626 and 657) to and from
// lasso's rows of source positions (`line_entry`). An adapter whose interpreter keeps
// its positions this way reads and writes them here; lasso's own packed format is in
// line_table.hpp.
//
// The format, as 3.11 defines it: a sequence of entries, each covering 1 to 8 code units
// with one position. An entry's first byte has its top bit set, a 4-bit form code in bits
// 3-6 and the number of units minus one in bits 0-2. The form says what follows:
//   15      no position;
//   14      long: line delta (signed varint), end line delta, column + 1, end column + 1;
//   13      a line without columns: line delta (signed varint);
//   10..12  one line: the line delta is the code minus 10, then column and end column bytes;
//   0..9    short: the line is unchanged; one byte holds the low 3 bits of the column
//           (whose high bits are the code) and the width.
// Varints hold 6 bits a byte, least significant first, bit 6 saying another byte follows;
// a signed varint keeps the sign in its lowest bit. Line deltas count from the code's
// first line, then from the last line an entry named (an entry without position names
// none).
//
// Packing reproduces what CPython's compiler writes, byte for byte: one entry per
// instruction (split into pieces of 8 units), in the smallest form that holds the
// position, chosen as the compiler chooses. That is why packing takes the instruction
// boundaries as well as the rows.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/line_table.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lasso::bytecode {

/// The form codes of CPython 3.11's location table entries.
namespace location_form {
inline constexpr int short_max = 9; ///< 0..9: short forms (the code is the column's high bits)
inline constexpr int one_line = 10; ///< 10, 11, 12: one line, delta 0, 1, 2
inline constexpr int no_column = 13;
inline constexpr int long_form = 14;
inline constexpr int none = 15;
} // namespace location_form

namespace detail {
inline void write_location_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
    while (v >= 64) {
        out.push_back(static_cast<std::uint8_t>(0x40 | (v & 63)));
        v >>= 6;
    }
    out.push_back(static_cast<std::uint8_t>(v));
}
inline void write_location_signed(std::vector<std::uint8_t>& out, std::int64_t v) {
    write_location_varint(out, v < 0 ? (static_cast<std::uint64_t>(-v) << 1) | 1 : static_cast<std::uint64_t>(v) << 1);
}
inline std::uint64_t read_location_varint(std::span<const std::uint8_t> bytes, std::size_t& pos) {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 6) {
        if (pos >= bytes.size()) throw bytecode_error("truncated location table");
        if (shift > 42) throw bytecode_error("location table varint is too long");
        const std::uint8_t byte = bytes[pos++];
        if (byte & 0x80) throw bytecode_error("location table entry ends inside a varint");
        v |= static_cast<std::uint64_t>(byte & 63) << shift;
        if ((byte & 0x40) == 0) return v;
    }
}
inline std::int64_t read_location_signed(std::span<const std::uint8_t> bytes, std::size_t& pos) {
    const std::uint64_t u = detail::read_location_varint(bytes, pos);
    const auto magnitude = static_cast<std::int64_t>(u >> 1);
    return (u & 1) ? -magnitude : magnitude;
}
inline std::uint8_t read_location_byte(std::span<const std::uint8_t> bytes, std::size_t& pos) {
    if (pos >= bytes.size()) throw bytecode_error("truncated location table");
    if (bytes[pos] & 0x80) throw bytecode_error("location table entry ends too early");
    return bytes[pos++];
}

/// Appends the entries of `units` code units at one position, as CPython's compiler
/// does; `line` is the line deltas count from, updated as the compiler updates it.
inline void write_location_entries(std::vector<std::uint8_t>& out, const position& p, std::uint32_t units, int& line) {
    using namespace location_form;
    while (units > 0) {
        const std::uint32_t n = units > 8 ? 8 : units;
        units -= n;
        auto header = [&](int form) { out.push_back(static_cast<std::uint8_t>(0x80 | (form << 3) | (n - 1))); };
        if (p.line < 0) {
            header(none);
            continue;
        }
        const std::int64_t line_delta = static_cast<std::int64_t>(p.line) - line;
        if (p.column < 0 || p.end_line < p.line) {
            header(no_column);
            write_location_signed(out, line_delta);
            line = p.line;
            continue;
        }
        if (p.end_line == p.line) {
            const int width = p.end_column - p.column;
            if (line_delta == 0 && p.column < 80 && width >= 0 && width < 16) {
                header(p.column / 8);
                out.push_back(static_cast<std::uint8_t>(((p.column % 8) << 4) | width));
                continue;
            }
            if (line_delta >= 0 && line_delta < 3 && p.column < 128 && p.end_column >= 0 && p.end_column < 128) {
                header(one_line + static_cast<int>(line_delta));
                out.push_back(static_cast<std::uint8_t>(p.column));
                out.push_back(static_cast<std::uint8_t>(p.end_column));
                line = p.line;
                continue;
            }
        }
        header(long_form);
        write_location_signed(out, line_delta);
        write_location_varint(out, static_cast<std::uint64_t>(p.end_line - p.line));
        write_location_varint(out, static_cast<std::uint64_t>(p.column + 1));
        write_location_varint(out, static_cast<std::uint64_t>(p.end_column < 0 ? 0 : p.end_column + 1));
        line = p.line;
    }
}
} // namespace detail

/// Reads a 3.11 location table into rows (a row where the position changes); `unit` is
/// the size of a code unit in bytes. Malformed input is a `bytecode_error`.
inline std::vector<line_entry> unpack_location_table(std::span<const std::uint8_t> bytes, int first_line,
                                                     std::uint32_t unit = 2) {
    using namespace location_form;
    std::vector<line_entry> rows;
    std::size_t pos = 0;
    std::uint64_t offset = 0;
    std::int64_t line = first_line;
    auto checked = [](std::int64_t v) {
        if (v < -1'000'000'000 || v > 1'000'000'000) throw bytecode_error("location table value out of range");
        return static_cast<int>(v);
    };
    while (pos < bytes.size()) {
        const std::uint8_t first = bytes[pos++];
        if ((first & 0x80) == 0) throw bytecode_error("location table entry start marker missing");
        const int form = (first >> 3) & 15;
        const std::uint32_t units = (first & 7u) + 1;
        position p;
        if (form == none) {
            // no position: the line deltas of later entries still count from `line`
        } else if (form == long_form) {
            line += detail::read_location_signed(bytes, pos);
            p.line = checked(line);
            p.end_line = checked(line + static_cast<std::int64_t>(detail::read_location_varint(bytes, pos)));
            p.column = checked(static_cast<std::int64_t>(detail::read_location_varint(bytes, pos)) - 1);
            p.end_column = checked(static_cast<std::int64_t>(detail::read_location_varint(bytes, pos)) - 1);
        } else if (form == no_column) {
            line += detail::read_location_signed(bytes, pos);
            p.line = p.end_line = checked(line);
        } else if (form >= one_line) {
            line += form - one_line;
            p.line = p.end_line = checked(line);
            p.column = detail::read_location_byte(bytes, pos);
            p.end_column = detail::read_location_byte(bytes, pos);
        } else {
            const std::uint8_t second = detail::read_location_byte(bytes, pos);
            p.line = p.end_line = checked(line);
            p.column = form * 8 + ((second >> 4) & 7);
            p.end_column = p.column + (second & 15);
        }
        if (offset > 0xffffffffu) throw bytecode_error("location table covers more than 4 GiB of code");
        if (rows.empty() || rows.back().pos != p) rows.push_back({static_cast<std::uint32_t>(offset), p});
        offset += std::uint64_t{units} * unit;
    }
    return rows;
}

/// Writes rows as a 3.11 location table covering `code_size` bytes, one entry per
/// instruction: `instruction_starts` are the byte offsets where instructions start
/// (ascending, the first 0), and each instruction has the position of the last row
/// starting at or before it (none before the first row). `unit` is the size of a code
/// unit in bytes; every instruction must be whole units.
inline std::vector<std::uint8_t> pack_location_table(std::span<const line_entry> rows,
                                                     std::span<const std::uint32_t> instruction_starts,
                                                     std::uint32_t code_size, int first_line, std::uint32_t unit = 2) {
    std::vector<std::uint8_t> out;
    int line = first_line;
    std::size_t row = 0;
    for (std::size_t k = 0; k < instruction_starts.size(); ++k) {
        const std::uint32_t start = instruction_starts[k];
        const std::uint32_t end = k + 1 < instruction_starts.size() ? instruction_starts[k + 1] : code_size;
        if (end <= start || (end - start) % unit != 0 || (k == 0 && start != 0))
            throw bytecode_error("instruction boundaries for the location table are not ascending whole code units",
                                 static_cast<long>(start));
        while (row < rows.size() && rows[row].start <= start) ++row;
        const position p = row > 0 ? rows[row - 1].pos : position{};
        detail::write_location_entries(out, p, (end - start) / unit, line);
    }
    return out;
}

} // namespace lasso::bytecode
