// lasso/bytecode/encoding.hpp
//
// Raw bytes <-> (opcode, argument) pairs for the two encodings an adapter can choose
// (see `encoding_kind`). Extended-arg prefixes are folded into the instruction they
// extend: an instruction's offset is that of its first prefix, as jump targets are. The
// inline cache units an opcode declares (`opcode_info::caches`) belong to the
// instruction before them: its size counts them, so the next instruction, and what a
// relative jump counts from, starts after them.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lasso::bytecode {

struct raw_instruction {
    long offset = 0; ///< offset of the first byte (first prefix, if any)
    std::uint16_t opcode = 0;
    std::int64_t arg = 0; ///< raw argument, prefixes and flag bits included
    int size = 0;         ///< bytes, prefixes and inline caches included
};

namespace detail {
template <class A> constexpr int own_arg_bytes(std::uint16_t number) {
    using traits = opcode_traits<A>;
    if constexpr (traits::enc.kind == encoding_kind::fixed_width) return 1;
    else return traits::info(number).arg_width;
}
template <class A> constexpr int unit_size(std::uint16_t number) {
    using traits = opcode_traits<A>;
    if constexpr (traits::enc.kind == encoding_kind::fixed_width) return 2;
    else return 1 + traits::info(number).arg_width;
}
} // namespace detail

/// Calls `each(raw_instruction)` for every instruction of raw bytecode, in order.
/// Unknown opcodes, truncated instructions and a dangling extended-arg prefix are
/// `bytecode_error`s naming the offset.
template <class A, class Each> void scan_each(std::span<const std::uint8_t> bytes, Each&& each) {
    using traits = opcode_traits<A>;
    std::size_t pos = 0;
    long start = -1;
    std::uint64_t prefix = 0;
    int prefix_bits = 0;
    while (pos < bytes.size()) {
        const long offset = static_cast<long>(pos);
        const std::uint16_t number = bytes[pos];
        if (!traits::is_valid(number))
            throw bytecode_error(lasso::detail::join({"unknown opcode ", lasso::detail::decimal(number)}), offset);
        const int width = detail::unit_size<A>(number);
        if (pos + static_cast<std::size_t>(width) > bytes.size())
            throw bytecode_error(lasso::detail::join({"truncated instruction ", traits::name(number)}), offset);
        const int caches = traits::cache_bytes(number);
        if (pos + static_cast<std::size_t>(width + caches) > bytes.size())
            throw bytecode_error(lasso::detail::join({"inline caches of ", traits::name(number), " past the end"}), offset);
        std::uint64_t own = 0;
        const int own_bytes = width - 1;
        for (int b = 0; b < own_bytes; ++b) own |= static_cast<std::uint64_t>(bytes[pos + 1 + b]) << (8 * b);
        pos += static_cast<std::size_t>(width);
        if (start < 0) start = offset;
        if (prefix_bits + 8 * own_bytes > 62)
            throw bytecode_error("argument wider than 62 bits (too many extended-arg prefixes)", offset);
        const std::uint64_t full = (prefix << (8 * own_bytes)) | own;
        if (traits::is_extended_arg(number)) {
            prefix = full;
            prefix_bits += 8 * own_bytes;
            continue;
        }
        if (prefix_bits > 0 && !traits::has_argument(number))
            throw bytecode_error(
                lasso::detail::join({"extended-arg prefix before ", traits::name(number), ", which takes no argument"}),
                start);
        pos += static_cast<std::size_t>(caches);
        each(raw_instruction{start, number, traits::has_argument(number) ? static_cast<std::int64_t>(full) : 0,
                             static_cast<int>(offset - start) + width + caches});
        start = -1;
        prefix = 0;
        prefix_bits = 0;
    }
    if (start >= 0) throw bytecode_error("extended-arg prefix at the end of the bytecode", start);
}

/// Splits raw bytecode into instructions (see `scan_each` for the errors).
template <class A> std::vector<raw_instruction> scan(std::span<const std::uint8_t> bytes) {
    std::vector<raw_instruction> out;
    scan_each<A>(bytes, [&](const raw_instruction& r) { out.push_back(r); });
    return out;
}

/// Bytes needed to encode `number` with raw argument `arg` (prefixes and inline caches
/// included).
template <class A> int encoded_size(std::uint16_t number, std::int64_t arg) {
    using traits = opcode_traits<A>;
    if (arg < 0)
        throw bytecode_error("negative argument " + std::to_string(arg) + " for " + std::string(traits::name(number)));
    const int size = detail::unit_size<A>(number) + traits::cache_bytes(number);
    const int own_bits = 8 * detail::own_arg_bytes<A>(number);
    std::uint64_t rest = own_bits >= 63 ? 0 : static_cast<std::uint64_t>(arg) >> own_bits;
    if (!traits::has_argument(number)) return size;
    if (rest == 0) return size;
    if constexpr (traits::enc.extended_arg < 0) {
        throw bytecode_error("argument " + std::to_string(arg) + " of " + std::string(traits::name(number)) +
                             " does not fit and the encoding has no extended-arg prefix");
    } else {
        constexpr auto ext = static_cast<std::uint16_t>(traits::enc.extended_arg);
        const int ext_bits = 8 * detail::own_arg_bytes<A>(ext);
        int total = size;
        while (rest != 0) {
            total += detail::unit_size<A>(ext);
            rest = ext_bits >= 63 ? 0 : rest >> ext_bits;
        }
        return total;
    }
}

/// Appends the encoding of (`number`, raw argument `arg`) using exactly `size` bytes, its
/// inline cache units last (`encoding::cache`); `size` may exceed `encoded_size` by whole
/// prefixes, which are then zero-filled. Padding keeps offsets stable while assembly
/// iterates to a fixed point.
template <class A> void encode(std::vector<std::uint8_t>& out, std::uint16_t number, std::int64_t arg, int size) {
    using traits = opcode_traits<A>;
    const int own_bytes = detail::own_arg_bytes<A>(number);
    const int base = detail::unit_size<A>(number) + traits::cache_bytes(number);
    int prefixes = 0;
    int ext_bytes = 0;
    if (size > base) {
        if constexpr (traits::enc.extended_arg < 0) {
            throw bytecode_error("internal: padding requested without an extended-arg prefix");
        } else {
            constexpr auto ext = static_cast<std::uint16_t>(traits::enc.extended_arg);
            ext_bytes = detail::own_arg_bytes<A>(ext);
            prefixes = (size - base) / detail::unit_size<A>(ext);
        }
    }
    const auto value = traits::has_argument(number) ? static_cast<std::uint64_t>(arg) : 0;
    // Prefixes carry the high bits, most significant first.
    for (int p = prefixes; p >= 1; --p) {
        const int shift = 8 * own_bytes + 8 * ext_bytes * (p - 1);
        const std::uint64_t chunk = shift >= 64 ? 0 : value >> shift;
        out.push_back(static_cast<std::uint8_t>(traits::enc.extended_arg));
        for (int b = 0; b < ext_bytes; ++b) out.push_back(static_cast<std::uint8_t>(chunk >> (8 * b)));
    }
    out.push_back(static_cast<std::uint8_t>(number));
    if constexpr (traits::enc.kind == encoding_kind::fixed_width) {
        out.push_back(static_cast<std::uint8_t>(value));
    } else {
        for (int b = 0; b < own_bytes; ++b) out.push_back(static_cast<std::uint8_t>(value >> (8 * b)));
    }
    for (int c = 0; c < traits::caches(number); ++c)
        out.insert(out.end(), traits::enc.cache.bytes.begin(), traits::enc.cache.bytes.begin() + traits::enc.cache.size);
}

} // namespace lasso::bytecode
