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
#include <bit>
#include <concepts>
#include <utility>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
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

/// One inline cache unit (see `opcode_info::caches`): its size and the bytes assembly
/// writes into it. The default is CPython 3.11's: one code unit of zeros (the `CACHE`
/// opcode, 0, with argument 0). Decode skips cache units whatever they hold, since an
/// interpreter may keep specialisation data there.
struct cache_unit {
    std::uint8_t size = 2;
    std::array<std::uint8_t, 4> bytes{}; ///< the first `size` are written
};

/// How the cell arguments of an instruction set (`arg_kind::cell`) number a code's cell
/// and free variables. Either way lasso counts them inside as cell variables, then free
/// variables (its *cell index*: what a decoded cell argument holds, what the translator
/// and the resume layout use); decode and assembly convert (`cell_layout`,
/// lasso/bytecode/cells.hpp), and the frame accessors are asked with the interpreter's number.
enum class cell_numbering : std::uint8_t {
    /// Cell variables, then free variables, counted apart from the locals (minipy): the
    /// number is the cell index.
    separate,
    /// One index space with the locals, as CPython 3.11's `localsplus`: the locals
    /// first, then the cell variables that are not locals, then the free variables. A
    /// cell variable that is also a local (an argument a closure captures) has that
    /// local's number: the slot holds the argument until `make_cell` makes the cell.
    localsplus,
};

struct encoding {
    encoding_kind kind = encoding_kind::fixed_width;
    /// Opcode number of the extended-arg prefix; -1 when the instruction set has none
    /// (then every argument must fit its own width).
    int extended_arg = -1;
    /// Bytes per unit of a jump argument.
    int jump_unit = 1;
    /// What an inline cache unit is, for the opcodes that have them.
    cache_unit cache{};
    /// How cell arguments number the cells.
    cell_numbering cells = cell_numbering::separate;
    /// Whether `pop_top` may discard a NULL (a `push_null` entry, or the empty half of a
    /// method pair). CPython 3.11's POP_TOP cannot (it drops a reference the NULL does
    /// not hold): generated code stores such an entry into a scratch local instead, which
    /// STORE_FAST allows.
    bool pop_top_takes_null = true;
    /// Whether generated code clears the locals that pass values to a resume function
    /// once they are on the stack (the code at a break before its call of the resume
    /// function, and when the instruction at the break raises out of the frame; a resume
    /// function after its prologue loaded its stack parameters, a nested one before it
    /// calls the inner resume function). CPython 3.11 needs it: a frame object outlives
    /// its call with its locals (a traceback holds it), where the interpreter's stack
    /// values died on the exception's way out, and a passed exception and that frame
    /// would hold each other until the cycle collector runs (docs/cpython.md, "When
    /// objects die").
    bool clear_passed_values = false;
};

/// What a flag bit in the low bits of an argument means (see `arg_flags`).
enum class arg_flag : std::uint8_t {
    none,      ///< no such bit: an opcode's flags end at the first `none`
    push_null, ///< when set, a NULL is pushed before the op runs (CPython 3.11's
               ///< LOAD_GLOBAL): lasso models the instruction as push_null, then the op
    opaque,    ///< the adapter's own bit: kept through decode and assembly, no meaning to lasso
};

/// The flag bits an opcode's argument carries below its index or number, lowest bit
/// first: the raw argument is `(argument << count()) | flags`. What the argument kind
/// reads (a name index, say) is the part above them.
struct arg_flags {
    static constexpr std::size_t max_bits = 4;
    std::array<arg_flag, max_bits> bits{};

    constexpr arg_flags() noexcept = default;
    constexpr arg_flags(std::initializer_list<arg_flag> list) noexcept {
        std::size_t i = 0;
        for (arg_flag f : list)
            if (i < max_bits) bits[i++] = f;
    }
    /// How many low bits are flags.
    constexpr int count() const noexcept {
        int n = 0;
        while (n < static_cast<int>(max_bits) && bits[static_cast<std::size_t>(n)] != arg_flag::none) ++n;
        return n;
    }
    /// The bits that mean `f` (0 when none does).
    constexpr std::uint8_t mask_of(arg_flag f) const noexcept {
        std::uint8_t mask = 0;
        for (int i = 0; i < count(); ++i)
            if (bits[static_cast<std::size_t>(i)] == f) mask = static_cast<std::uint8_t>(mask | (1u << i));
        return mask;
    }
    /// All flag bits.
    constexpr std::uint8_t mask() const noexcept { return static_cast<std::uint8_t>((1u << count()) - 1u); }
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
    /// Inline cache units after the instruction (`encoding::cache`; CPython 3.11's
    /// `CACHE` entries). They are not instructions: decode skips them and assembly writes
    /// them, also after the instructions lasso makes; offsets, jump arguments and the
    /// exception and line tables count their bytes.
    std::uint8_t caches = 0;
    /// Flag bits below the argument (`arg_flags`), e.g. `{arg_flag::push_null}`.
    arg_flags flags{};
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
    bad_inline_caches,
    bad_argument_flags,
    localsplus_cells_without_make_cell,
};

struct opcode_table_check {
    opcode_table_problem problem = opcode_table_problem::none;
    std::size_t index = 0;
    constexpr bool ok() const noexcept { return problem == opcode_table_problem::none; }
};

/// Opcodes are one byte in both encodings.
inline constexpr std::size_t max_opcode_number = 255;

namespace detail {
/// Whether an opcode pops nothing on every edge, whatever its argument (a computed
/// effect is taken at its word).
constexpr bool pops_nothing(const opcode_info& info) noexcept {
    using form = stack_effect_rule::form;
    const default_effect& own = facts_of(info.semantic).effect;
    switch (info.effect.how) {
    case form::from_semantic:
        return own.pops.constant == 0 && own.pops.factor == 0 && (!own.branches || own.taken.pops == 0);
    case form::fixed:
    case form::branching: return info.effect.fall.pops == 0 && info.effect.taken.pops == 0;
    case form::computed: return true;
    }
    return false;
}

/// Flags need an argument to live in and no gap between them; a prefix has none; and
/// `push_null` is modelled as a push before the op, so only an op that pops nothing
/// may have it.
constexpr bool flags_fit(const opcode_info& info, bool prefix) noexcept {
    const int n = info.flags.count();
    for (std::size_t b = static_cast<std::size_t>(n); b < arg_flags::max_bits; ++b)
        if (info.flags.bits[b] != arg_flag::none) return false;
    if (n == 0) return true;
    if (info.arg == arg_kind::none || prefix) return false;
    return info.flags.mask_of(arg_flag::push_null) == 0 || pops_nothing(info);
}
} // namespace detail

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
        const bool prefix = enc.extended_arg >= 0 && info.number == static_cast<std::uint16_t>(enc.extended_arg);
        if (info.caches != 0 && (prefix || enc.cache.size == 0 || enc.cache.size > enc.cache.bytes.size()))
            return {opcode_table_problem::bad_inline_caches, i};
        if (!detail::flags_fit(info, prefix)) return {opcode_table_problem::bad_argument_flags, i};
    }
    // In localsplus numbering a frame does not make its cells: make_cell makes a cell
    // variable's (converting an argument), copy_free_vars fills the free variables' slots
    // from the closure (and is how a resume function gets every cell). Without both, a
    // cell argument cannot mean what lasso assumes; the first one is reported.
    if (enc.cells == cell_numbering::localsplus) {
        bool make = false, copy = false;
        for (const auto& info : table) {
            make = make || info.semantic == op::make_cell;
            copy = copy || info.semantic == op::copy_free_vars;
        }
        for (std::size_t i = 0; i < N; ++i)
            if (table[i].arg == arg_kind::cell && !(make && copy))
                return {opcode_table_problem::localsplus_cells_without_make_cell, i};
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
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_bad_inline_caches;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_bad_argument_flags;
template <std::size_t Number, detail::opcode_name Opcode> struct opcode_table_error_localsplus_cells_without_make_cell;

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
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::bad_inline_caches, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_bad_inline_caches<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::bad_argument_flags, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_bad_argument_flags<Number, Name>) == 0;
};
template <std::size_t Number, opcode_name Name>
struct report_opcode_problem<opcode_table_problem::localsplus_cells_without_make_cell, Number, Name> {
    static constexpr bool value = sizeof(opcode_table_error_localsplus_cells_without_make_cell<Number, Name>) == 0;
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
                  "width inconsistent with the variable-width encoding, inline caches on the "
                  "extended-arg prefix or with an empty cache unit, argument flags on an opcode "
                  "without argument, with a gap, or push_null on an op that pops, cell arguments "
                  "numbered in localsplus without make_cell and copy_free_vars opcodes)");

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
    /// The effect along one edge of opcode `number` with argument `arg` (flags removed)
    /// and flag bits `flags`: the table's rule for the op, plus one push for each set
    /// `push_null` flag.
    static constexpr stack_effect effect(std::uint32_t number, std::int64_t arg, bool jump,
                                         std::uint8_t flags = 0) noexcept {
        const opcode_info& i = info(number);
        stack_effect e = i.effect.evaluate(i.semantic, arg, jump);
        if (e.pops >= 0) e.pushes += pushed_nulls(number, flags);
        return e;
    }

    /// Inline cache units after opcode `number`, and their bytes.
    static constexpr int caches(std::uint32_t number) noexcept { return is_valid(number) ? info(number).caches : 0; }
    static constexpr int cache_bytes(std::uint32_t number) noexcept { return caches(number) * enc.cache.size; }
    /// Whether some opcode of the table has inline caches.
    static constexpr bool has_caches = [] {
        for (const auto& i : table)
            if (i.caches != 0) return true;
        return false;
    }();

    /// How many low bits of opcode `number`'s raw argument are flags.
    static constexpr int flag_count(std::uint32_t number) noexcept {
        return is_valid(number) ? info(number).flags.count() : 0;
    }
    /// The argument (what its kind reads) and the flag bits of a raw argument.
    static constexpr std::pair<std::int64_t, std::uint8_t> split_argument(std::uint32_t number, std::int64_t raw) noexcept {
        const int n = flag_count(number);
        return {raw >> n, static_cast<std::uint8_t>(raw & ((std::int64_t{1} << n) - 1))};
    }
    /// The raw argument of an argument and flag bits (flags beyond the opcode's are dropped).
    static constexpr std::int64_t join_argument(std::uint32_t number, std::int64_t arg, std::uint8_t flags) noexcept {
        const int n = flag_count(number);
        return (arg << n) | (flags & ((1 << n) - 1));
    }
    /// Whether flag bits `flags` of opcode `number` set a bit meaning `f`.
    static constexpr bool has_flag(std::uint32_t number, std::uint8_t flags, arg_flag f) noexcept {
        return is_valid(number) && (flags & info(number).flags.mask_of(f)) != 0;
    }
    /// How many NULLs the set `push_null` flags push before the op runs.
    static constexpr int pushed_nulls(std::uint32_t number, std::uint8_t flags) noexcept {
        if constexpr (!uses_flag(arg_flag::push_null)) {
            (void)number, (void)flags;
            return 0;
        } else {
            if (!is_valid(number)) return 0;
            return std::popcount(static_cast<unsigned>(flags & info(number).flags.mask_of(arg_flag::push_null)));
        }
    }
    /// Whether some opcode of the table has a flag meaning `f` (so that code for it is
    /// compiled only for adapters that need it).
    static constexpr bool uses_flag(arg_flag f) noexcept {
        for (const auto& i : table)
            if (i.flags.mask_of(f) != 0) return true;
        return false;
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
