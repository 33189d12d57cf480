// lasso/bytecode/semantic_op.hpp
//
// The semantic opcode vocabulary and the facts of each op. Every adapter maps its own
// opcodes onto these ops; the translator is written once against them and codegen emits
// them back through the adapter. The vocabulary follows CPython 3.11's instruction set,
// so the stack effects below are the ones a 3.11-style interpreter has. Each op carries
// a default stack effect and argument kind, so an adapter only has to spell out what
// deviates, and the flags and handler family the rest of lasso asks about.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace lasso::bytecode {

// X-macro: one line per semantic op, so the enum and its name table cannot drift.
// clang-format off
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
// clang-format on

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
    add = 0,
    and_ = 1,
    floor_divide = 2,
    lshift = 3,
    matrix_multiply = 4,
    multiply = 5,
    remainder = 6,
    or_ = 7,
    power = 8,
    rshift = 9,
    subtract = 10,
    true_divide = 11,
    xor_ = 12,
};
inline constexpr std::int64_t binary_inplace_offset = 13;

constexpr std::string_view symbol_of(binary_operator b) noexcept {
    constexpr std::array<std::string_view, 13> symbols{"+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^"};
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

/// How an instruction's argument is to be read.
enum class arg_kind : std::uint8_t {
    none,      ///< the opcode takes no argument
    immediate, ///< a plain number (counts, flags, operator codes)
    local,     ///< index into the code's local variable names
    cell,      ///< index into cell variable names followed by free variable names
    name,      ///< index into the code's names (globals, attributes)
    constant,  ///< index into the code's constants
    jump,      ///< a jump target, see `jump_kind`
};

// ---- the facts of each op ---------------------------------------------------------
//
// Everything the library asks of a semantic op is one row of `semantic_ops` below, as
// CPython's Python/bytecodes.c keeps every fact of an instruction in one definition:
// which handler family of the translator evaluates it, its default stack effect, its
// default argument kind and its flags. The predicates (`is_jump`, `default_stack_effect`,
// `can_break_inside_call`, ...) are lookups in it, so adding an op is one line in the
// X-macro and one row here, and the static_asserts after the table say what is missing.

/// Which handler family of the translator evaluates an op (translator/handlers/).
enum class op_family : std::uint8_t {
    stack,              ///< stack.hpp: no-ops, frame entry, pop, copy, swap, NULL, constants
    locals,             ///< locals.hpp: fast locals and cells
    globals_attributes, ///< globals_attributes.hpp: globals, names and attributes
    operators,          ///< operators.hpp: binary and unary operators, comparisons, is, in
    containers,         ///< containers.hpp: building, changing and unpacking containers
    calls,              ///< calls.hpp: calls, keyword names, making functions
    control_flow,       ///< control_flow.hpp: jumps, iteration, return
    exceptions,         ///< exceptions.hpp: raising, exception handling, with blocks
    custom,             ///< the adapter's own opcodes: a Config handler, or a graph break
    untranslated,       ///< not modelled yet: a graph break saying so
};
inline constexpr std::size_t op_family_count = static_cast<std::size_t>(op_family::untranslated) + 1;

/// Flags of an op (`op_facts::flags`), one bit each.
namespace op_flags {
/// May transfer control to its jump target.
inline constexpr std::uint8_t jumps = 1 << 0;
/// Never falls through to the next instruction.
inline constexpr std::uint8_t terminates = 1 << 1;
/// Means something only in its own frame: reads or writes the frame's locals or cells,
/// returns from it, handles its exceptions or sets it up (`custom`: anything). Such an
/// instruction of an inlined call cannot run in the caller's generated code at a graph
/// break inside the call (`can_break_inside_call`).
inline constexpr std::uint8_t frame_bound = 1 << 2;
/// Moves values without looking at them: a list read from the frame stays unread
/// (translator/unread_lists.hpp).
inline constexpr std::uint8_t moves_values = 1 << 3;
/// Puts a value into a container or takes items out of one without looking at the
/// items: the lists among them are read when they are consumed in turn.
inline constexpr std::uint8_t passes_items = 1 << 4;
/// May open a code before its first real instruction, setting the frame up; the code
/// lasso writes for a frame starts with copies of them (resume/resume_code.hpp).
inline constexpr std::uint8_t prologue = 1 << 5;
/// Writes the fast local its argument names (liveness: defines it rather than reads it).
inline constexpr std::uint8_t stores_local = 1 << 6;
} // namespace op_flags

/// What a count in a default stack effect is computed from.
enum class arg_measure : std::uint8_t {
    none,      ///< nothing: the count is a constant
    value,     ///< the argument, clamped to 0..65535 (so no count overflows on malformed input)
    low_bit,   ///< its lowest bit (call_function_ex: a mapping of keyword arguments)
    flag_bits, ///< how many of its four lowest bits are set (make_function's parts)
    is_three,  ///< 1 when it is 3, else 0 (build_slice: a step)
};

/// A count in a default stack effect: `constant + factor * measure(argument)`.
struct effect_count {
    int constant = 0;
    int factor = 0;
    arg_measure of = arg_measure::none;

    constexpr effect_count(int c) noexcept : constant(c) {} // implicit: a constant count is written as a number
    constexpr effect_count(int c, int f, arg_measure m) noexcept : constant(c), factor(f), of(m) {}

    constexpr int at(std::int64_t arg) const noexcept {
        int x = 0;
        switch (of) {
        case arg_measure::none: break;
        case arg_measure::value: x = arg < 0 ? 0 : arg > 0xffff ? 0xffff : static_cast<int>(arg); break;
        case arg_measure::low_bit: x = static_cast<int>(arg & 1); break;
        case arg_measure::flag_bits:
            for (int bit = 0; bit < 4; ++bit) x += static_cast<int>((arg >> bit) & 1);
            break;
        case arg_measure::is_three: x = arg == 3 ? 1 : 0; break;
        }
        return constant + factor * x;
    }
    friend constexpr effect_count operator+(effect_count a, int b) noexcept { return {a.constant + b, a.factor, a.of}; }
    friend constexpr effect_count operator+(int a, effect_count b) noexcept { return b + a; }
    friend constexpr effect_count operator*(int a, effect_count b) noexcept { return {a * b.constant, a * b.factor, b.of}; }
};

/// The stack effect a 3.11-style interpreter gives an op, as data: counts of the
/// argument along the fall-through edge, and a fixed effect of its own on the jump edge
/// when that differs. `known` is false for `custom`, which has no default.
struct default_effect {
    effect_count pops = 0;
    effect_count pushes = 0;
    bool branches = false; ///< the jump edge has the effect `taken`
    stack_effect taken{};
    bool known = true;

    /// The effect for argument `arg` along the fall-through edge (`jump == false`) or
    /// the jump edge; pops = -1 without a default.
    constexpr stack_effect at(std::int64_t arg, bool jump) const noexcept {
        if (!known) return {-1, -1};
        if (branches && jump) return taken;
        return {pops.at(arg), pushes.at(arg)};
    }
};

/// One row of the semantic-op table: every fact of one op.
struct op_facts {
    op which;
    op_family family;
    default_effect effect;
    arg_kind arg;
    std::uint8_t flags;

    constexpr bool has(std::uint8_t flag) const noexcept { return (flags & flag) == flag; }
};

namespace detail::op_table_terms {
// What the rows below are written with.
inline constexpr effect_count n{0, 1, arg_measure::value};
inline constexpr effect_count low_bit{0, 1, arg_measure::low_bit};
inline constexpr effect_count flag_bits{0, 1, arg_measure::flag_bits};
inline constexpr effect_count is_three{0, 1, arg_measure::is_three};
constexpr default_effect effect(effect_count pops, effect_count pushes) noexcept { return {pops, pushes}; }
constexpr default_effect branching(stack_effect fall, stack_effect taken) noexcept {
    return {fall.pops, fall.pushes, true, taken};
}
inline constexpr default_effect no_default{0, 0, false, {}, false};
} // namespace detail::op_table_terms

/// Every semantic op with its facts, one row per op in the order of `LASSO_SEMANTIC_OPS`.
/// The effects are CPython 3.11's (dis.stack_effect), but `call`, which includes 3.11's
/// PRECALL.
inline constexpr std::array<op_facts, semantic_op_count> semantic_ops = [] {
    using namespace detail::op_table_terms;
    using namespace op_flags;
    using enum op;
    using F = op_family;
    using K = arg_kind;
    // clang-format off
    return std::array<op_facts, semantic_op_count>{{
        // op                  family                 stack effect               argument      flags
        {nop,                  F::stack,              effect(0, 0),              K::none,      moves_values | prologue},
        {pop_top,              F::stack,              effect(1, 0),              K::none,      moves_values},
        {copy,                 F::stack,              effect(n, n + 1),          K::immediate, moves_values},
        {swap,                 F::stack,              effect(n, n),              K::immediate, moves_values},
        {push_null,            F::stack,              effect(0, 1),              K::none,      moves_values},
        {load_fast,            F::locals,             effect(0, 1),              K::local,     frame_bound | moves_values},
        {store_fast,           F::locals,             effect(1, 0),              K::local,     frame_bound | moves_values | stores_local},
        {delete_fast,          F::locals,             effect(0, 0),              K::local,     frame_bound},
        {load_deref,           F::locals,             effect(0, 1),              K::cell,      frame_bound},
        {store_deref,          F::locals,             effect(1, 0),              K::cell,      frame_bound | passes_items},
        {delete_deref,         F::locals,             effect(0, 0),              K::cell,      frame_bound},
        {load_closure,         F::locals,             effect(0, 1),              K::cell,      frame_bound},
        {make_cell,            F::locals,             effect(0, 0),              K::cell,      frame_bound | prologue},
        {copy_free_vars,       F::stack,              effect(0, 0),              K::immediate, frame_bound | prologue},
        {load_const,           F::stack,              effect(0, 1),              K::constant,  moves_values},
        {load_global,          F::globals_attributes, effect(0, 1),              K::name,      moves_values},
        {store_global,         F::globals_attributes, effect(1, 0),              K::name,      passes_items},
        {delete_global,        F::globals_attributes, effect(0, 0),              K::name,      0},
        {load_name,            F::globals_attributes, effect(0, 1),              K::name,      frame_bound},
        {store_name,           F::globals_attributes, effect(1, 0),              K::name,      frame_bound},
        {delete_name,          F::globals_attributes, effect(0, 0),              K::name,      frame_bound},
        {load_attr,            F::globals_attributes, effect(1, 1),              K::name,      0},
        {store_attr,           F::globals_attributes, effect(2, 0),              K::name,      passes_items},
        {delete_attr,          F::globals_attributes, effect(1, 0),              K::name,      0},
        {load_method,          F::globals_attributes, effect(1, 2),              K::name,      moves_values},
        {binary_subscr,        F::containers,         effect(2, 1),              K::none,      passes_items},
        {store_subscr,         F::containers,         effect(3, 0),              K::none,      passes_items},
        {delete_subscr,        F::containers,         effect(2, 0),              K::none,      0},
        {build_slice,          F::containers,         effect(2 + is_three, 1),   K::immediate, 0},
        {binary_op,            F::operators,          effect(2, 1),              K::immediate, 0},
        {unary_negative,       F::operators,          effect(1, 1),              K::none,      0},
        {unary_positive,       F::operators,          effect(1, 1),              K::none,      0},
        {unary_not,            F::operators,          effect(1, 1),              K::none,      0},
        {unary_invert,         F::operators,          effect(1, 1),              K::none,      0},
        {compare_op,           F::operators,          effect(2, 1),              K::immediate, 0},
        {contains_op,          F::operators,          effect(2, 1),              K::immediate, 0},
        {is_op,                F::operators,          effect(2, 1),              K::immediate, 0},
        {build_tuple,          F::containers,         effect(n, 1),              K::immediate, moves_values},
        {build_list,           F::containers,         effect(n, 1),              K::immediate, moves_values},
        {build_map,            F::containers,         effect(2 * n, 1),          K::immediate, moves_values},
        {list_append,          F::containers,         effect(n + 1, n),          K::immediate, passes_items},
        {list_extend,          F::containers,         effect(n + 1, n),          K::immediate, passes_items},
        {list_to_tuple,        F::containers,         effect(1, 1),              K::none,      passes_items},
        {unpack_sequence,      F::containers,         effect(1, n),              K::immediate, passes_items},
        {kw_names,             F::calls,              effect(0, 0),              K::constant,  moves_values},
        {call,                 F::calls,              effect(n + 2, 1),          K::immediate, 0},
        {call_function_ex,     F::calls,              effect(3 + low_bit, 1),    K::immediate, 0},
        {make_function,        F::calls,              effect(1 + flag_bits, 1),  K::immediate, 0},
        {jump,                 F::control_flow,       effect(0, 0),              K::jump,      jumps | terminates},
        {pop_jump_if_false,    F::control_flow,       effect(1, 0),              K::jump,      jumps},
        {pop_jump_if_true,     F::control_flow,       effect(1, 0),              K::jump,      jumps},
        {pop_jump_if_none,     F::control_flow,       effect(1, 0),              K::jump,      jumps},
        {pop_jump_if_not_none, F::control_flow,       effect(1, 0),              K::jump,      jumps},
        {jump_if_false_or_pop, F::control_flow,       branching({1, 0}, {1, 1}), K::jump,      jumps},
        {jump_if_true_or_pop,  F::control_flow,       branching({1, 0}, {1, 1}), K::jump,      jumps},
        {get_iter,             F::control_flow,       effect(1, 1),              K::none,      passes_items},
        {for_iter,             F::control_flow,       branching({1, 2}, {1, 0}), K::jump,      jumps},
        {return_value,         F::control_flow,       effect(1, 0),              K::none,      terminates | frame_bound | moves_values},
        {raise_varargs,        F::exceptions,         effect(n, 0),              K::immediate, terminates},
        {reraise,              F::exceptions,         effect(1, 0),              K::immediate, terminates | frame_bound},
        {push_exc_info,        F::exceptions,         effect(1, 2),              K::none,      frame_bound},
        {pop_except,           F::exceptions,         effect(1, 0),              K::none,      frame_bound},
        {check_exc_match,      F::exceptions,         effect(2, 2),              K::none,      frame_bound},
        {before_with,          F::exceptions,         effect(1, 2),              K::none,      frame_bound},
        {with_except_start,    F::exceptions,         effect(4, 5),              K::none,      frame_bound},
        {load_assertion_error, F::exceptions,         effect(0, 1),              K::none,      0},
        {resume,               F::stack,              effect(0, 0),              K::immediate, frame_bound | moves_values | prologue},
        {extended_arg,         F::stack,              effect(0, 0),              K::immediate, frame_bound | moves_values},
        {custom,               F::custom,             no_default,                K::none,      frame_bound},
    }};
    // clang-format on
}();

namespace detail {
consteval bool rows_in_op_order() {
    for (std::size_t i = 0; i < semantic_op_count; ++i)
        if (semantic_ops[i].which != static_cast<op>(i)) return false;
    return true;
}
/// Every op is in one family (its row names one), and every family but `untranslated`
/// has an op, so no handler family of the translator is dead.
consteval bool families_partition_ops() {
    std::array<std::size_t, op_family_count> members{};
    for (const op_facts& row : semantic_ops) {
        if (static_cast<std::size_t>(row.family) >= op_family_count) return false;
        ++members[static_cast<std::size_t>(row.family)];
    }
    for (std::size_t f = 0; f < op_family_count; ++f)
        if (members[f] == 0 && static_cast<op_family>(f) != op_family::untranslated) return false;
    return true;
}
consteval bool flags_agree_with_facts() {
    for (const op_facts& row : semantic_ops) {
        if (row.has(op_flags::jumps) != (row.arg == arg_kind::jump)) return false;
        if (row.effect.branches && (!row.has(op_flags::jumps) || row.has(op_flags::terminates))) return false;
        if (!row.effect.known != (row.family == op_family::custom)) return false;
        if (row.has(op_flags::stores_local) && row.arg != arg_kind::local) return false;
    }
    return true;
}
} // namespace detail

static_assert(detail::rows_in_op_order(),
              "lasso::bytecode::semantic_ops: one row per semantic op, in the order of LASSO_SEMANTIC_OPS");
static_assert(detail::families_partition_ops(),
              "lasso::bytecode::semantic_ops: every op names one op_family, and every family but "
              "`untranslated` has an op");
static_assert(detail::flags_agree_with_facts(),
              "lasso::bytecode::semantic_ops: an op jumps exactly when its argument is a jump target; "
              "only conditional jumps branch; only `custom` ops lack a default stack effect; "
              "`stores_local` needs a local argument");

namespace detail {
/// What `facts_of` gives for a value outside the enum: no facts at all.
inline constexpr op_facts invalid_op{op::custom, op_family::untranslated, op_table_terms::no_default, arg_kind::none,
                                     op_flags::frame_bound};
} // namespace detail

/// The row of `o`.
constexpr const op_facts& facts_of(op o) noexcept {
    const auto index = static_cast<std::size_t>(o);
    return index < semantic_op_count ? semantic_ops[index] : detail::invalid_op;
}

/// Which handler family of the translator evaluates `o`.
constexpr op_family family_of(op o) noexcept { return facts_of(o).family; }

/// True for ops after which control never falls through to the next instruction.
constexpr bool is_terminator(op o) noexcept { return facts_of(o).has(op_flags::terminates); }

/// True for ops that may transfer control to a jump target.
constexpr bool is_jump(op o) noexcept { return facts_of(o).has(op_flags::jumps); }

/// True for jumps that may also fall through.
constexpr bool is_conditional_jump(op o) noexcept { return is_jump(o) && !is_terminator(o); }

/// The stack effect a 3.11-style interpreter gives `o`, for argument `arg` along the
/// fall-through edge (`jump == false`) or the jump edge (`jump == true`). Returns
/// pops = -1 for `custom` (no default exists).
constexpr stack_effect default_stack_effect(op o, std::int64_t arg, bool jump) noexcept {
    return facts_of(o).effect.at(arg, jump);
}

/// The argument kind a 3.11-style interpreter uses for `o`; adapters may differ (their
/// table says), bytecode templates use these.
constexpr arg_kind default_arg_kind(op o) noexcept { return facts_of(o).arg; }

} // namespace lasso::bytecode
