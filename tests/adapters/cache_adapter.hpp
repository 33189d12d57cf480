// Test adapters laid out as CPython 3.11 lays out bytecode: two-byte code units, jumps
// counted in code units, inline cache units of zeros after some opcodes, and a
// load_global whose argument is `(name index << 1) | push_null bit`. Some jumps have
// caches of their own (as later CPython versions give them), so that both sides of a
// jump's distance count them.
//
// `cache_adapter` is the semantic adapter's instruction set so laid out, for the
// bytecode layer; cache_exec_adapter.hpp lays the runnable tiny runtime's out the same
// way, for the whole pipeline.
#pragma once

#include "semantic_adapter.hpp"

#include <lasso/lasso.hpp>

#include <array>
#include <cstddef>

namespace lasso_test {

namespace detail {
struct cache_rule {
    lasso::bytecode::op semantic;
    lasso::bytecode::jump_kind jump; ///< `none`: every opcode of the op
    std::uint8_t caches;
};
// CPython 3.11's counts for the ops it caches (its CALL's four; LOAD_METHOD's ten), and
// one unit for for_iter, the conditional jump on false and the backward jump.
inline constexpr std::array<cache_rule, 13> cpython_like_caches{{
    {op::load_global, lasso::bytecode::jump_kind::none, 5},
    {op::binary_op, lasso::bytecode::jump_kind::none, 1},
    {op::call, lasso::bytecode::jump_kind::none, 4},
    {op::load_attr, lasso::bytecode::jump_kind::none, 4},
    {op::store_attr, lasso::bytecode::jump_kind::none, 4},
    {op::load_method, lasso::bytecode::jump_kind::none, 10},
    {op::binary_subscr, lasso::bytecode::jump_kind::none, 4},
    {op::store_subscr, lasso::bytecode::jump_kind::none, 1},
    {op::compare_op, lasso::bytecode::jump_kind::none, 2},
    {op::unpack_sequence, lasso::bytecode::jump_kind::none, 1},
    {op::for_iter, lasso::bytecode::jump_kind::none, 1},
    {op::pop_jump_if_false, lasso::bytecode::jump_kind::none, 1},
    {op::jump, lasso::bytecode::jump_kind::relative_backward, 1},
}};

/// `table` with the caches above and a push_null flag on load_global: CPython 3.11's
/// layout for any instruction set.
template <std::size_t N>
constexpr std::array<lasso::bytecode::opcode_info, N>
with_cpython_layout(std::array<lasso::bytecode::opcode_info, N> table) {
    for (auto& info : table) {
        for (const cache_rule& rule : cpython_like_caches)
            if (rule.semantic == info.semantic && (rule.jump == lasso::bytecode::jump_kind::none || rule.jump == info.jump))
                info.caches = rule.caches;
        if (info.semantic == op::load_global) info.flags = {lasso::bytecode::arg_flag::push_null};
    }
    return table;
}

/// Two-byte units, jumps in units, zero cache units.
inline constexpr lasso::bytecode::encoding cpython_like_encoding(int extended_arg) {
    return {lasso::bytecode::encoding_kind::fixed_width, extended_arg, 2, lasso::bytecode::cache_unit{}};
}
} // namespace detail

struct cache_adapter : semantic_adapter {
    static constexpr auto opcodes = detail::with_cpython_layout(semantic_adapter::opcodes);
    static constexpr lasso::bytecode::encoding bytecode_encoding =
        detail::cpython_like_encoding(semantic_adapter::num(lasso::bytecode::op::extended_arg));
};
static_assert(lasso::bytecode::opcode_traits<cache_adapter>::check.ok());
static_assert(lasso::bytecode::opcode_traits<cache_adapter>::has_caches);

} // namespace lasso_test
