// lasso/bytecode/exception_table.hpp
//
// Exception tables as CPython 3.11 models them: a list of ranges [start, end) of byte
// offsets, each with a handler target, the stack depth to unwind to and whether the
// offset of the raising instruction is pushed ("lasti"). The packed form is CPython's
// varint encoding, which adapters may use as their own storage format.
#pragma once

#include <lasso/bytecode/error.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace lasso::bytecode {

struct exception_entry {
    std::uint32_t start = 0;  ///< first covered byte offset
    std::uint32_t end = 0;    ///< one past the last covered byte offset
    std::uint32_t target = 0; ///< handler byte offset
    std::uint32_t depth = 0;  ///< stack depth the handler starts from (before lasti/exception)
    bool lasti = false;       ///< whether the raising offset is pushed before the exception
    friend bool operator==(const exception_entry&, const exception_entry&) = default;
};

namespace detail {
// Writes a 6-bit-group varint, most significant group first, as CPython does; `mark`
// sets bit 7 on the first byte to flag the start of an entry.
inline void write_varint(std::vector<std::uint8_t>& out, std::uint32_t value, bool mark) {
    int shift = 0;
    while (shift + 6 < 32 && (value >> (shift + 6)) != 0) shift += 6;
    bool first = true;
    for (; shift >= 0; shift -= 6) {
        std::uint8_t byte = static_cast<std::uint8_t>((value >> shift) & 0x3f);
        if (shift > 0) byte |= 0x40; // continuation
        if (first && mark) byte |= 0x80;
        first = false;
        out.push_back(byte);
    }
}

inline std::uint32_t read_varint(std::span<const std::uint8_t> bytes, std::size_t& pos) {
    std::uint64_t value = 0;
    for (int groups = 0;; ++groups) {
        if (pos >= bytes.size()) throw bytecode_error("truncated exception table");
        if (groups > 5) throw bytecode_error("exception table varint is too long");
        std::uint8_t byte = bytes[pos++];
        value = (value << 6) | (byte & 0x3f);
        if ((byte & 0x40) == 0) break;
    }
    if (value > 0xffffffffu) throw bytecode_error("exception table value out of range");
    return static_cast<std::uint32_t>(value);
}
} // namespace detail

/// Packs entries as CPython 3.11 does: start, length, target in units of `unit` bytes,
/// then (depth << 1 | lasti).
inline std::vector<std::uint8_t> pack_exception_table(std::span<const exception_entry> entries, std::uint32_t unit = 1) {
    std::vector<std::uint8_t> out;
    for (const auto& e : entries) {
        detail::write_varint(out, e.start / unit, true);
        detail::write_varint(out, (e.end - e.start) / unit, false);
        detail::write_varint(out, e.target / unit, false);
        detail::write_varint(out, (e.depth << 1) | (e.lasti ? 1u : 0u), false);
    }
    return out;
}

/// Inverse of `pack_exception_table`; malformed input is a `bytecode_error`.
inline std::vector<exception_entry> unpack_exception_table(std::span<const std::uint8_t> bytes, std::uint32_t unit = 1) {
    std::vector<exception_entry> out;
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        if ((bytes[pos] & 0x80) == 0) throw bytecode_error("exception table entry start marker missing");
        exception_entry e;
        e.start = detail::read_varint(bytes, pos) * unit;
        e.end = e.start + detail::read_varint(bytes, pos) * unit;
        e.target = detail::read_varint(bytes, pos) * unit;
        const std::uint32_t depth_lasti = detail::read_varint(bytes, pos);
        e.depth = depth_lasti >> 1;
        e.lasti = (depth_lasti & 1) != 0;
        out.push_back(e);
    }
    return out;
}

} // namespace lasso::bytecode
