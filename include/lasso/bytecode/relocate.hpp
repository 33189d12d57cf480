// lasso/bytecode/relocate.hpp
//
// Copying a code's bytes into another code without decoding and assembling them: the
// bytes land after what the new code already holds, and local-variable arguments (and
// cell arguments, whose numbers move when the locals or the cells change in the
// localsplus numbering) are renumbered in place. Relative jumps stay right as they are, so this is one scan of
// the bytes. What cannot stay as it is (an absolute jump whose target moves, a
// renumbered argument that needs more extended-arg prefixes than the instruction has)
// makes the copy fail, and the caller assembles instead. Inline caches and flag bits
// stay as they were.
#pragma once

#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace lasso::bytecode {

/// Appends `bytes` (a whole code's bytecode) to `out`, with every local-variable
/// argument `k` replaced by `local_map[k]` and every cell argument `c` by `cell_map[c]`
/// (cell arguments stay as they are when `cell_map` is empty). Returns false, with
/// `out` as it was, when an instruction cannot be copied so: an absolute jump while
/// `out` was not empty (its target moves), or a renumbered argument that needs more
/// bytes than the instruction has. Malformed bytes and local indexes outside `local_map` are `bytecode_error`s.
template <class A>
bool append_relocated(std::vector<std::uint8_t>& out, std::span<const std::uint8_t> bytes,
                      std::span<const std::size_t> local_map, std::span<const std::size_t> cell_map = {}) {
    using traits = opcode_traits<A>;
    const std::size_t base = out.size();
    out.insert(out.end(), bytes.begin(), bytes.end());
    bool copied = true;
    std::vector<std::uint8_t> encoded;
    try {
        scan_each<A>(bytes, [&](const raw_instruction& raw) {
            if (!copied) return;
            const opcode_info& info = traits::info(raw.opcode);
            if (info.arg == arg_kind::jump && info.jump == jump_kind::absolute && base != 0) {
                copied = false;
                return;
            }
            const bool cell = info.arg == arg_kind::cell && !cell_map.empty();
            if (info.arg != arg_kind::local && !cell) return;
            const std::span<const std::size_t> map = cell ? cell_map : local_map;
            const auto [index, flags] = traits::split_argument(raw.opcode, raw.arg);
            if (index < 0 || static_cast<std::uint64_t>(index) >= map.size())
                throw bytecode_error(std::string(traits::name(raw.opcode)) + (cell ? ": cell" : ": local variable") +
                                         " index " + std::to_string(index) + " out of range (" + std::to_string(map.size()) +
                                         " entries)",
                                     raw.offset);
            const auto renumbered = static_cast<std::int64_t>(map[static_cast<std::size_t>(index)]);
            if (renumbered == index) return;
            const std::int64_t renumbered_raw = traits::join_argument(raw.opcode, renumbered, flags);
            if (encoded_size<A>(raw.opcode, renumbered_raw) > raw.size) {
                copied = false;
                return;
            }
            encoded.clear();
            encode<A>(encoded, raw.opcode, renumbered_raw, raw.size);
            // The instruction's own bytes: its inline caches stay as they were.
            std::copy(encoded.begin(), encoded.end() - traits::cache_bytes(raw.opcode),
                      out.begin() + static_cast<std::ptrdiff_t>(base + raw.offset));
        });
    } catch (...) {
        out.resize(base);
        throw;
    }
    if (!copied) out.resize(base);
    return copied;
}

} // namespace lasso::bytecode
