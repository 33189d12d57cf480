// Test adapter 1: one opcode per semantic op, numbered in vocabulary order, with a fixed
// two-byte encoding and CPython-style extended args. Relative jumps come in forward and
// backward variants, as in CPython 3.11.
#pragma once

#include "constants.hpp"

#include <lasso/lasso.hpp>

#include <array>

namespace lasso_test {

namespace detail {
using lasso::bytecode::op;
using lasso::bytecode::opcode_info;

inline constexpr std::array<op, 8> jump_ops{op::jump,
                                            op::pop_jump_if_false,
                                            op::pop_jump_if_true,
                                            op::pop_jump_if_none,
                                            op::pop_jump_if_not_none,
                                            op::jump_if_false_or_pop,
                                            op::jump_if_true_or_pop,
                                            op::for_iter};
inline constexpr std::array<std::string_view, 8> backward_names{"jump_backward",
                                                                "pop_jump_backward_if_false",
                                                                "pop_jump_backward_if_true",
                                                                "pop_jump_backward_if_none",
                                                                "pop_jump_backward_if_not_none",
                                                                "jump_backward_if_false_or_pop",
                                                                "jump_backward_if_true_or_pop",
                                                                "for_iter_backward"};

// Opcode numbers: semantic op index + 1 (0 stays unused); backward jumps from 200.
// `custom` gets a concrete meaning here: "dup2" pushes copies of the top two values.
constexpr auto make_semantic_table() {
    std::array<opcode_info, lasso::bytecode::semantic_op_count + jump_ops.size()> table{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < lasso::bytecode::semantic_op_count; ++i) {
        const auto o = static_cast<op>(i);
        opcode_info info;
        info.name = lasso::bytecode::name_of(o);
        info.number = static_cast<std::uint16_t>(i + 1);
        info.semantic = o;
        info.arg = lasso::bytecode::default_arg_kind(o);
        if (info.arg == lasso::bytecode::arg_kind::jump) info.jump = lasso::bytecode::jump_kind::relative_forward;
        if (o == op::custom) {
            info.name = "dup2";
            info.effect = lasso::bytecode::stack(2, 4);
        }
        table[n++] = info;
    }
    for (std::size_t j = 0; j < jump_ops.size(); ++j) {
        opcode_info info;
        info.name = backward_names[j];
        info.number = static_cast<std::uint16_t>(200 + j);
        info.semantic = jump_ops[j];
        info.arg = lasso::bytecode::arg_kind::jump;
        info.jump = lasso::bytecode::jump_kind::relative_backward;
        table[n++] = info;
    }
    return table;
}
} // namespace detail

struct semantic_adapter {
    using value = constant;
    using code = packed_code;
    /// Bytecode templates make their constants with `make_constant`.
    static constexpr lasso::feature_set features{lasso::feature::template_constants};

    static constexpr auto opcodes = detail::make_semantic_table();
    static constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::fixed_width,
                                                                 static_cast<int>(lasso::bytecode::op::extended_arg) + 1, 2};

    static lasso::bytecode::code_fields<value> read_code(const code& c) { return code_io<2>::read(c); }
    static code make_code(lasso::bytecode::code_fields<value> f) { return code_io<2>::make(std::move(f)); }
    static std::string constant_repr(const value& v) { return constant_text(v); }
    static bool same_constant(const value& a, const value& b) { return a == b; }
    static value make_constant(lasso::bytecode::template_constant c) {
        return c.is_none ? value{none_t{}} : value{c.integer};
    }

    /// The opcode number of a semantic op (forward variant for jumps).
    static constexpr std::uint8_t num(lasso::bytecode::op o) { return static_cast<std::uint8_t>(static_cast<int>(o) + 1); }
    static constexpr std::uint8_t backward(lasso::bytecode::op o) {
        for (std::size_t j = 0; j < detail::jump_ops.size(); ++j)
            if (detail::jump_ops[j] == o) return static_cast<std::uint8_t>(200 + j);
        return 0;
    }
};

} // namespace lasso_test
