// lasso/bytecode/semantic_op.hpp
//
// The semantic opcode vocabulary. Every adapter maps its own opcodes onto these ops;
// the translator is written once against them and codegen emits them back through the
// adapter. The vocabulary follows CPython 3.11's instruction set, so the stack effects
// below are the ones a 3.11-style interpreter has. Each op also carries a default stack
// effect, so an adapter only has to spell out effects for opcodes that deviate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace lasso::bytecode {

// X-macro: one line per semantic op, so the enum and its name table cannot drift.
#define LASSO_SEMANTIC_OPS(X)                                                            \
    X(nop)                                                                               \
    X(pop_top)                                                                           \
    X(copy)                                                                              \
    X(swap)                                                                              \
    X(push_null)                                                                         \
    X(load_fast)                                                                         \
    X(store_fast)                                                                        \
    X(delete_fast)                                                                       \
    X(load_deref)                                                                        \
    X(store_deref)                                                                       \
    X(delete_deref)                                                                      \
    X(load_closure)                                                                      \
    X(make_cell)                                                                         \
    X(copy_free_vars)                                                                    \
    X(load_const)                                                                        \
    X(load_global)                                                                       \
    X(store_global)                                                                      \
    X(delete_global)                                                                     \
    X(load_name)                                                                         \
    X(store_name)                                                                        \
    X(delete_name)                                                                       \
    X(load_attr)                                                                         \
    X(store_attr)                                                                        \
    X(delete_attr)                                                                       \
    X(load_method)                                                                       \
    X(binary_subscr)                                                                     \
    X(store_subscr)                                                                      \
    X(delete_subscr)                                                                     \
    X(build_slice)                                                                       \
    X(binary_op)                                                                         \
    X(unary_negative)                                                                    \
    X(unary_positive)                                                                    \
    X(unary_not)                                                                         \
    X(unary_invert)                                                                      \
    X(compare_op)                                                                        \
    X(contains_op)                                                                       \
    X(is_op)                                                                             \
    X(build_tuple)                                                                       \
    X(build_list)                                                                        \
    X(build_map)                                                                         \
    X(list_append)                                                                       \
    X(list_extend)                                                                       \
    X(list_to_tuple)                                                                     \
    X(unpack_sequence)                                                                   \
    X(kw_names)                                                                          \
    X(call)                                                                              \
    X(call_function_ex)                                                                  \
    X(make_function)                                                                     \
    X(jump)                                                                              \
    X(pop_jump_if_false)                                                                 \
    X(pop_jump_if_true)                                                                  \
    X(pop_jump_if_none)                                                                  \
    X(pop_jump_if_not_none)                                                              \
    X(jump_if_false_or_pop)                                                              \
    X(jump_if_true_or_pop)                                                               \
    X(get_iter)                                                                          \
    X(for_iter)                                                                          \
    X(return_value)                                                                      \
    X(raise_varargs)                                                                     \
    X(reraise)                                                                           \
    X(push_exc_info)                                                                     \
    X(pop_except)                                                                        \
    X(check_exc_match)                                                                   \
    X(before_with)                                                                       \
    X(with_except_start)                                                                 \
    X(load_assertion_error)                                                              \
    X(resume)                                                                            \
    X(extended_arg)                                                                      \
    X(custom)

/// A semantic operation. `custom` marks adapter opcodes with no library meaning: the
/// adapter must give them a stack effect and, to be traced, a handler of its own.
enum class op : std::uint8_t {
#define LASSO_X(name) name,
    LASSO_SEMANTIC_OPS(LASSO_X)
#undef LASSO_X
};

inline constexpr std::size_t semantic_op_count = 0
#define LASSO_X(name) +1
    LASSO_SEMANTIC_OPS(LASSO_X)
#undef LASSO_X
    ;

/// The lower-case name of a semantic op, e.g. "load_fast".
constexpr std::string_view name_of(op o) noexcept {
    constexpr std::array<std::string_view, semantic_op_count> names{
#define LASSO_X(name) #name,
        LASSO_SEMANTIC_OPS(LASSO_X)
#undef LASSO_X
    };
    auto index = static_cast<std::size_t>(o);
    return index < names.size() ? names[index] : std::string_view{"<invalid op>"};
}

/// Operators carried by `binary_op`; the numbering is CPython's (NB_*), in-place forms
/// are the plain form plus `inplace_offset`.
enum class binary_operator : std::uint8_t {
    add = 0, and_ = 1, floor_divide = 2, lshift = 3, matrix_multiply = 4, multiply = 5,
    remainder = 6, or_ = 7, power = 8, rshift = 9, subtract = 10, true_divide = 11,
    xor_ = 12,
};
inline constexpr std::int64_t binary_inplace_offset = 13;

constexpr std::string_view symbol_of(binary_operator b) noexcept {
    constexpr std::array<std::string_view, 13> symbols{
        "+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^"};
    auto index = static_cast<std::size_t>(b);
    return index < symbols.size() ? symbols[index] : std::string_view{"?"};
}

/// The `binary_op` argument's text in disassembly: "+", "+=", ...
constexpr std::string_view binary_op_text(std::int64_t arg) noexcept {
    constexpr std::array<std::string_view, 13> inplace{
        "+=", "&=", "//=", "<<=", "@=", "*=", "%=", "|=", "**=", ">>=", "-=", "/=", "^="};
    if (arg >= 0 && arg < binary_inplace_offset) return symbol_of(static_cast<binary_operator>(arg));
    if (arg >= binary_inplace_offset && arg < 2 * binary_inplace_offset)
        return inplace[static_cast<std::size_t>(arg - binary_inplace_offset)];
    return "?";
}

/// Comparisons carried by `compare_op`, in CPython's order.
enum class compare_operator : std::uint8_t { lt = 0, le = 1, eq = 2, ne = 3, gt = 4, ge = 5 };

constexpr std::string_view symbol_of(compare_operator c) noexcept {
    constexpr std::array<std::string_view, 6> symbols{"<", "<=", "==", "!=", ">", ">="};
    auto index = static_cast<std::size_t>(c);
    return index < symbols.size() ? symbols[index] : std::string_view{"?"};
}

/// `make_function` flag bits (which optional parts are on the stack below the code).
namespace make_function_flags {
inline constexpr std::int64_t defaults = 0x01;
inline constexpr std::int64_t kwdefaults = 0x02;
inline constexpr std::int64_t annotations = 0x04;
inline constexpr std::int64_t closure = 0x08;
} // namespace make_function_flags

/// How many values an instruction pops and pushes along one edge.
struct stack_effect {
    int pops = 0;
    int pushes = 0;
    constexpr int net() const noexcept { return pushes - pops; }
    friend constexpr bool operator==(stack_effect, stack_effect) = default;
};

/// True for ops after which control never falls through to the next instruction.
constexpr bool is_terminator(op o) noexcept {
    return o == op::jump || o == op::return_value || o == op::raise_varargs ||
           o == op::reraise;
}

/// True for ops that may transfer control to a jump target.
constexpr bool is_jump(op o) noexcept {
    switch (o) {
    case op::jump:
    case op::pop_jump_if_false:
    case op::pop_jump_if_true:
    case op::pop_jump_if_none:
    case op::pop_jump_if_not_none:
    case op::jump_if_false_or_pop:
    case op::jump_if_true_or_pop:
    case op::for_iter:
        return true;
    default:
        return false;
    }
}

/// True for jumps that may also fall through.
constexpr bool is_conditional_jump(op o) noexcept { return is_jump(o) && o != op::jump; }

namespace detail {
constexpr int popcount4(std::int64_t flags) noexcept {
    int n = 0;
    for (int bit = 0; bit < 4; ++bit) n += static_cast<int>((flags >> bit) & 1);
    return n;
}
} // namespace detail

/// The stack effect a 3.11-style interpreter gives each semantic op, for argument `arg`
/// along the fall-through edge (`jump == false`) or the jump edge (`jump == true`).
/// Returns pops = -1 for `custom` (no default exists).
constexpr stack_effect default_stack_effect(op o, std::int64_t arg, bool jump) noexcept {
    // Counts beyond 65535 are clamped: no real instruction has them, and clamping keeps
    // the arithmetic below (and in stack analysis) free of overflow on malformed input.
    const int n = arg < 0 ? 0 : arg > 0xffff ? 0xffff : static_cast<int>(arg);
    switch (o) {
    case op::nop: case op::resume: case op::extended_arg: case op::make_cell:
    case op::copy_free_vars: case op::delete_fast: case op::delete_deref:
    case op::delete_global: case op::delete_name: case op::kw_names:
        return {0, 0};
    case op::pop_top: return {1, 0};
    case op::copy: return {n, n + 1};
    case op::swap: return {n, n};
    case op::push_null: case op::load_fast: case op::load_deref: case op::load_closure:
    case op::load_const: case op::load_global: case op::load_name:
    case op::load_assertion_error:
        return {0, 1};
    case op::store_fast: case op::store_deref: case op::store_global: case op::store_name:
        return {1, 0};
    case op::load_attr: return {1, 1};
    case op::store_attr: return {2, 0};
    case op::delete_attr: return {1, 0};
    case op::load_method: return {1, 2};
    case op::binary_subscr: return {2, 1};
    case op::store_subscr: return {3, 0};
    case op::delete_subscr: return {2, 0};
    case op::build_slice: return {n == 3 ? 3 : 2, 1};
    case op::binary_op: case op::compare_op: case op::contains_op: case op::is_op:
        return {2, 1};
    case op::unary_negative: case op::unary_positive: case op::unary_not:
    case op::unary_invert: case op::list_to_tuple: case op::get_iter:
        return {1, 1};
    case op::build_tuple: case op::build_list: return {n, 1};
    case op::build_map: return {2 * n, 1};
    case op::list_append: case op::list_extend: return {n + 1, n};
    case op::unpack_sequence: return {1, n};
    case op::call: return {n + 2, 1};
    case op::call_function_ex: return {3 + static_cast<int>(arg & 1), 1};
    case op::make_function: return {1 + detail::popcount4(arg), 1};
    case op::jump: return {0, 0};
    case op::pop_jump_if_false: case op::pop_jump_if_true: case op::pop_jump_if_none:
    case op::pop_jump_if_not_none:
        return {1, 0};
    case op::jump_if_false_or_pop: case op::jump_if_true_or_pop:
        return jump ? stack_effect{1, 1} : stack_effect{1, 0};
    case op::for_iter: return jump ? stack_effect{1, 0} : stack_effect{1, 2};
    case op::return_value: return {1, 0};
    case op::raise_varargs: return {n, 0};
    case op::reraise: return {1, 0};
    case op::push_exc_info: return {1, 2};
    case op::pop_except: return {1, 0};
    case op::check_exc_match: return {2, 2};
    case op::before_with: return {1, 2};
    case op::with_except_start: return {4, 5};
    case op::custom: return {-1, -1};
    }
    return {-1, -1};
}

} // namespace lasso::bytecode
