// lasso/bytecode/opcode_table.hpp
//
// An adapter describes its instruction set as data: one `opcode_info` per opcode in a
// `constexpr` array. From that array the library derives, at compile time, the name
// table, the number -> entry index, jump predicates, stack effects and dispatch tables.
// A table that breaks an invariant is rejected by a `static_assert`; the offending
// opcode's number and name appear in the compiler's message as template arguments of
// a `lasso::bytecode::opcode_table_error_*` type (g++ prints the name as text, clang as
// character codes).
#pragma once

#include <lasso/adapter/requirements.hpp>
#include <lasso/bytecode/semantic_op.hpp>

#include <array>
#include <concepts>
#include <utility>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace lasso::bytecode {

/// How a jump argument encodes its target, in units of `encoding::jump_unit` bytes.
enum class jump_kind : std::uint8_t {
    none,              ///< not a jump
    relative_forward,  ///< target = offset of next instruction + arg * unit
    relative_backward, ///< target = offset of next instruction - arg * unit
    absolute,          ///< target = arg * unit
};

/// How raw bytecode is laid out.
enum class encoding_kind : std::uint8_t {
    /// Every instruction is [opcode byte][argument byte]; wider arguments are built from
    /// extended-arg prefixes of the same shape, 8 more bits each (CPython's scheme).
    fixed_width,
    /// An instruction is [opcode byte] followed by `arg_width` little-endian argument
    /// bytes (0 for opcodes without argument); wider arguments are built from
    /// extended-arg prefixes, each adding 8 * (the prefix's own width) high bits.
    variable_width,
};

struct encoding {
    encoding_kind kind = encoding_kind::fixed_width;
    /// Opcode number of the extended-arg prefix; -1 when the instruction set has none
    /// (then every argument must fit its own width).
    int extended_arg = -1;
    /// Bytes per unit of a jump argument.
    int jump_unit = 1;
};

/// A stack effect description: fixed, different on the jump edge, or computed.
struct stack_effect_rule {
    enum class form : std::uint8_t { from_semantic, fixed, branching, computed };
    form how = form::from_semantic;
    stack_effect fall{};
    stack_effect taken{};
    stack_effect (*compute)(std::int64_t arg, bool jump) = nullptr;

    constexpr stack_effect evaluate(op semantic, std::int64_t arg, bool jump) const noexcept {
        switch (how) {
        case form::fixed: return fall;
        case form::branching: return jump ? taken : fall;
        case form::computed: return compute(arg, jump);
        case form::from_semantic: break;
        }
        return default_stack_effect(semantic, arg, jump);
    }
};

/// Pops `pops` values and pushes `pushes`, on every edge.
constexpr stack_effect_rule stack(int pops, int pushes) noexcept {
    return {stack_effect_rule::form::fixed, {pops, pushes}, {pops, pushes}, nullptr};
}
/// Different effects on the fall-through and jump edges.
constexpr stack_effect_rule stack_branching(stack_effect fall, stack_effect taken) noexcept {
    return {stack_effect_rule::form::branching, fall, taken, nullptr};
}
/// The effect is a function of the argument and of whether the jump is taken.
constexpr stack_effect_rule stack_computed(stack_effect (*fn)(std::int64_t, bool)) noexcept {
    return {stack_effect_rule::form::computed, {}, {}, fn};
}

/// One opcode of an adapter's instruction set.
struct opcode_info {
    std::string_view name;
    std::uint16_t number = 0;
    op semantic = op::nop;
    arg_kind arg = arg_kind::none;
    jump_kind jump = jump_kind::none;
    /// Stack effect; by default the semantic op's own (`default_stack_effect`).
    stack_effect_rule effect{};
    /// Argument bytes in the variable-width encoding (ignored by fixed width).
    std::uint8_t arg_width = 0;
};

/// Why a table is invalid (see `check_opcode_table`).
enum class opcode_table_problem : std::uint8_t {
    none,
    duplicate_number,
    empty_name,
    jump_without_target_kind,
    target_kind_without_jump,
    missing_stack_effect,
    number_too_large,
    bad_argument_width,
};

struct opcode_table_check {
    opcode_table_problem problem = opcode_table_problem::none;
    std::size_t index = 0;
    constexpr bool ok() const noexcept { return problem == opcode_table_problem::none; }
};

/// Opcodes are one byte in both encodings.
inline constexpr std::size_t max_opcode_number = 255;

/// Validates a table; returns the first problem and the index of the opcode concerned.
template <std::size_t N>
constexpr opcode_table_check check_opcode_table(const std::array<opcode_info, N>& table, encoding enc = {}) noexcept {
    for (std::size_t i = 0; i < N; ++i) {
        const opcode_info& info = table[i];
        if (info.name.empty()) return {opcode_table_problem::empty_name, i};
        if (info.number > max_opcode_number) return {opcode_table_problem::number_too_large, i};
        for (std::size_t j = 0; j < i; ++j)
            if (table[j].number == info.number) return {opcode_table_problem::duplicate_number, i};
        const bool jumps = is_jump(info.semantic) || info.arg == arg_kind::jump;
        if (jumps && (info.jump == jump_kind::none || info.arg != arg_kind::jump))
            return {opcode_table_problem::jump_without_target_kind, i};
        if (!jumps && info.jump != jump_kind::none) return {opcode_table_problem::target_kind_without_jump, i};
        if (info.effect.how == stack_effect_rule::form::from_semantic && !facts_of(info.semantic).effect.known)
            return {opcode_table_problem::missing_stack_effect, i};
        if (info.effect.how == stack_effect_rule::form::computed && info.effect.compute == nullptr)
            return {opcode_table_problem::missing_stack_effect, i};
        if (enc.kind == encoding_kind::variable_width) {
            const bool has_arg = info.arg != arg_kind::none;
            if (has_arg != (info.arg_width != 0) || info.arg_width > 4) return {opcode_table_problem::bad_argument_width, i};
        }
    }
    return {};
}

namespace detail {
/// A fixed-capacity copy of an opcode name usable as a template argument, so that the
/// compiler prints the name in diagnostics.
struct opcode_name {
    char text[48]{};
    constexpr opcode_name() = default;
    constexpr explicit opcode_name(std::string_view name) {
        for (std::size_t i = 0; i < name.size() && i + 1 < sizeof text; ++i) text[i] = name[i];
    }
};
} // namespace detail

// Declared, never defined: naming one of these in an error message is the point.
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_duplicate_number;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_empty_name;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_jump_without_target_kind;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_jump_kind_on_non_jump;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_missing_stack_effect;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_number_too_large;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_bad_argument_width;

namespace detail {
template <opcode_table_problem P, std::size_t Number, opcode_name Name> struct report_opcode_problem {
    static constexpr bool value = true;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::duplicate_number, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_duplicate_number<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::empty_name, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_empty_name<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::jump_without_target_kind, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_jump_without_target_kind<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::target_kind_without_jump, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_jump_kind_on_non_jump<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::missing_stack_effect, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_missing_stack_effect<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::number_too_large, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_number_too_large<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::bad_argument_width, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_bad_argument_width<Number, Name>) == 0;
};
} // namespace detail

} // namespace lasso::bytecode

// The rows of the opcode table (lasso/adapter/requirements.hpp) as concepts.
LASSO_DETAIL_DEFINE_TABLE(LASSO_ADAPTER_OPCODE_TABLE, failing_opcode_rows, present_opcode_rows)

namespace lasso::bytecode {

/// Everything the bytecode layer needs from an adapter: its opcode table, its encoding
/// and the value type of its constants (the rows of group `opcodes`).
template <class A>
concept BytecodeAdapter =
    !::lasso::detail::adapter_table::failing_opcode_rows<A>().has(::lasso::detail::adapter_table::opcodes);

/// Compile-time facts derived from an adapter's opcode table. Instantiating this checks
/// the table; see `opcode_table_problem` for what is rejected.
template <class A> struct opcode_traits {
    static_assert(BytecodeAdapter<A>,
                  "lasso::bytecode: the adapter must define `using value`, "
                  "`static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes` and "
                  "`static constexpr lasso::bytecode::encoding bytecode_encoding`");

    static constexpr auto& table = A::opcodes;
    static constexpr encoding enc = A::bytecode_encoding;
    static constexpr std::size_t size = table.size();
    static constexpr opcode_table_check check = check_opcode_table(table, enc);

private:
    static constexpr std::size_t reported_index = check.ok() ? 0 : check.index;
    static constexpr bool reported = detail::report_opcode_problem<check.problem, table[reported_index].number,
                                                                   detail::opcode_name(table[reported_index].name)>::value;

public:
    static_assert(check.ok() && reported,
                  "lasso::bytecode: invalid opcode table; the offending opcode is named in the "
                  "'opcode_table_error_<problem><NUMBER, \"NAME\">' type of the error above "
                  "(problems: duplicate number, jump without jump_kind, jump_kind on a "
                  "non-jump, custom opcode without a stack effect, number > 255, argument "
                  "width inconsistent with the variable-width encoding)");

    static constexpr std::size_t number_bound = [] {
        std::size_t bound = 0;
        for (const auto& info : table) bound = std::size_t{info.number} + 1 > bound ? std::size_t{info.number} + 1 : bound;
        return bound;
    }();

    static constexpr std::uint16_t no_index = std::numeric_limits<std::uint16_t>::max();

    /// opcode number -> index into `table`, or `no_index`.
    static constexpr std::array<std::uint16_t, number_bound> index_of_number = [] {
        std::array<std::uint16_t, number_bound> index{};
        for (auto& slot : index) slot = no_index;
        for (std::size_t i = 0; i < size; ++i) index[table[i].number] = static_cast<std::uint16_t>(i);
        return index;
    }();

    static constexpr bool is_valid(std::uint32_t number) noexcept {
        return number < number_bound && index_of_number[number] != no_index;
    }
    /// The entry of a valid opcode number; check `is_valid` first.
    static constexpr const opcode_info& info(std::uint32_t number) noexcept { return table[index_of_number[number]]; }
    static constexpr std::string_view name(std::uint32_t number) noexcept {
        return is_valid(number) ? info(number).name : std::string_view{"<unknown>"};
    }
    static constexpr op semantic(std::uint32_t number) noexcept {
        return is_valid(number) ? info(number).semantic : op::custom;
    }
    static constexpr bool has_argument(std::uint32_t number) noexcept {
        return is_valid(number) && info(number).arg != arg_kind::none;
    }
    static constexpr bool is_jump(std::uint32_t number) noexcept {
        return is_valid(number) && info(number).jump != jump_kind::none;
    }
    static constexpr bool is_extended_arg(std::uint32_t number) noexcept {
        return enc.extended_arg >= 0 && number == static_cast<std::uint32_t>(enc.extended_arg);
    }
    static constexpr stack_effect effect(std::uint32_t number, std::int64_t arg, bool jump) noexcept {
        const opcode_info& i = info(number);
        return i.effect.evaluate(i.semantic, arg, jump);
    }

    /// The first opcode whose semantic op is `o` and, for jumps, whose jump kind is `kind`
    /// (any jump kind when `kind` is none). Codegen uses this to emit semantic ops.
    static constexpr std::optional<std::uint16_t> find(op o, jump_kind kind = jump_kind::none) noexcept {
        for (const auto& i : table)
            if (i.semantic == o && (kind == jump_kind::none || i.jump == kind)) return i.number;
        return std::nullopt;
    }

    /// A table from opcode number to handler, built at compile time: the number of an
    /// opcode maps to `Handlers::template handle_opcode<number>` where `Handlers` has
    /// `template <std::uint16_t> static constexpr bool has_opcode_handler` and it holds for
    /// the number, else to `Handlers::template handle<its semantic op>`; numbers without
    /// an opcode map to `Handlers::unknown`. Every `handle<O>` is instantiated, whether
    /// the table uses it or not.
    template <class Handlers> static constexpr auto dispatch_table() noexcept {
        using fn = decltype(&Handlers::unknown);
        std::array<fn, number_bound> out{};
        for (auto& f : out) f = &Handlers::unknown;
        fill_dispatch<Handlers>(out, std::make_index_sequence<semantic_op_count>{});
        if constexpr (requires { Handlers::template has_opcode_handler<0>; })
            fill_opcode_handlers<Handlers>(out, std::make_index_sequence<size>{});
        return out;
    }

private:
    template <class Handlers, class Array, std::size_t... Ops>
    static constexpr void fill_dispatch(Array& out, std::index_sequence<Ops...>) noexcept {
        constexpr std::array handlers{&Handlers::template handle<static_cast<op>(Ops)>...};
        for (const auto& i : table) out[i.number] = handlers[static_cast<std::size_t>(i.semantic)];
    }
    template <class Handlers, class Array, std::size_t... Entries>
    static constexpr void fill_opcode_handlers(Array& out, std::index_sequence<Entries...>) noexcept {
        (fill_opcode_handler<Handlers, table[Entries].number>(out), ...);
    }
    template <class Handlers, std::uint16_t Number, class Array>
    static constexpr void fill_opcode_handler(Array& out) noexcept {
        if constexpr (Handlers::template has_opcode_handler<Number>) out[Number] = &Handlers::template handle_opcode<Number>;
    }
};

} // namespace lasso::bytecode
