// lasso/bytecode/relocate.hpp
//
// Copying a code's bytes into another code without decoding and assembling them: the
// bytes land after what the new code already holds, and local-variable arguments are
// renumbered in place. Relative jumps stay right as they are, so this is one scan of
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
/// argument `k` replaced by `local_map[k]`. Returns false, with `out` as it was, when an
/// instruction cannot be copied so: an absolute jump while `out` was not empty (its
/// target moves), or a renumbered argument that needs more bytes than the instruction
/// has. Malformed bytes and local indexes outside `local_map` are `bytecode_error`s.
template <class A>
bool append_relocated(std::vector<std::uint8_t>& out, std::span<const std::uint8_t> bytes,
                      std::span<const std::size_t> local_map) {
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
            if (info.arg != arg_kind::local) return;
            const auto [local, flags] = traits::split_argument(raw.opcode, raw.arg);
            if (local < 0 || static_cast<std::uint64_t>(local) >= local_map.size())
                throw bytecode_error(std::string(traits::name(raw.opcode)) + ": local variable index " +
                                         std::to_string(local) + " out of range (" + std::to_string(local_map.size()) +
                                         " entries)",
                                     raw.offset);
            const auto renumbered = static_cast<std::int64_t>(local_map[static_cast<std::size_t>(local)]);
            if (renumbered == local) return;
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
