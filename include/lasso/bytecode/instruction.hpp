// lasso/bytecode/instruction.hpp
//
// The editable form of bytecode. Instructions refer to each other by id (jump targets,
// exception ranges), never by position, so lists can be spliced freely; `assemble`
// turns ids back into offsets.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/constant.hpp>
#include <lasso/bytecode/line_table.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::bytecode {

using instruction_id = std::uint32_t;

namespace detail {
inline std::atomic<instruction_id>& instruction_id_counter() {
    static std::atomic<instruction_id> counter{1};
    return counter;
}
} // namespace detail

/// A fresh instruction id, never 0.
inline instruction_id next_instruction_id() {
    return detail::instruction_id_counter().fetch_add(1, std::memory_order_relaxed);
}

/// The handler covering an instruction, by instruction ids: the exception-table entry
/// (start, end, target, depth, lasti) the instruction belongs to.
struct exception_link {
    instruction_id target = 0; ///< first instruction of the handler
    std::uint32_t depth = 0;   ///< stack depth the handler unwinds to
    bool lasti = false;        ///< whether the raising offset is pushed
    /// First and last instruction of the range this instruction is in. Informational:
    /// decode and assemble set them, and 0 means "not known yet".
    instruction_id start = 0;
    instruction_id end = 0;

    /// Same handler, depth and lasti; the range bounds do not matter.
    constexpr bool same_handler(const exception_link& other) const noexcept {
        return target == other.target && depth == other.depth && lasti == other.lasti;
    }
    friend bool operator==(const exception_link&, const exception_link&) = default;
};

/// Whether two optional links name the same handler (or both are absent).
constexpr bool same_handler(const std::optional<exception_link>& a, const std::optional<exception_link>& b) noexcept {
    return a.has_value() == b.has_value() && (!a || a->same_handler(*b));
}

/// A jump argument: the id of the target instruction.
struct jump_target {
    instruction_id id = 0;
    friend bool operator==(const jump_target&, const jump_target&) = default;
};

/// A constant argument, carried by value so instructions can move between codes.
template <class Value> struct constant_arg { Value value; };

/// The decoded argument: nothing, a number, a name (local/cell/global/attribute), a
/// constant, or a jump target.
template <class Value>
using argument = std::variant<std::monostate, std::int64_t, std::string, constant_arg<Value>, jump_target>;

template <class A> struct instruction {
    using value_type = typename A::value;

    std::uint16_t opcode = 0;                ///< the adapter's opcode number
    op semantic = op::nop;                   ///< cached from the opcode table
    std::int64_t arg = 0;                    ///< argument as last decoded or assembled, without flag bits
    std::uint8_t flags = 0;                  ///< the argument's flag bits (`opcode_info::flags`)
    argument<value_type> argval;             ///< the argument in meaning
    long offset = -1;                        ///< byte offset after decode/assemble; -1 for new ones
    bool starts_line = false;                ///< first instruction of its source line
    position pos;                            ///< source position
    std::optional<exception_link> exception; ///< innermost handler covering it
    instruction_id id = next_instruction_id();

    std::string_view name() const noexcept { return opcode_traits<A>::name(opcode); }
    bool is_jump() const noexcept { return opcode_traits<A>::is_jump(opcode); }
    /// Whether a flag bit meaning `f` is set.
    bool has_flag(arg_flag f) const noexcept { return opcode_traits<A>::has_flag(opcode, flags, f); }
    /// Sets the flag bits meaning `f`; false, changing nothing, when the opcode has none.
    bool set_flag(arg_flag f) noexcept {
        if (!opcode_traits<A>::is_valid(opcode)) return false;
        const std::uint8_t mask = opcode_traits<A>::info(opcode).flags.mask_of(f);
        flags = static_cast<std::uint8_t>(flags | mask);
        return mask != 0;
    }
    const jump_target* target() const noexcept { return std::get_if<jump_target>(&argval); }
    const std::string* name_arg() const noexcept { return std::get_if<std::string>(&argval); }
    const std::int64_t* int_arg() const noexcept { return std::get_if<std::int64_t>(&argval); }
    const value_type* constant() const noexcept {
        auto* c = std::get_if<constant_arg<value_type>>(&argval);
        return c ? &c->value : nullptr;
    }
};

/// An instruction for adapter opcode `number` with argument `argval`.
template <class A> instruction<A> make_instruction(std::uint16_t number, argument<typename A::value> argval = {}) {
    using traits = opcode_traits<A>;
    if (!traits::is_valid(number))
        throw bytecode_error("opcode number " + std::to_string(number) + " is not in the adapter's table");
    instruction<A> inst;
    inst.opcode = number;
    inst.semantic = traits::info(number).semantic;
    if (auto* i = std::get_if<std::int64_t>(&argval)) inst.arg = *i;
    inst.argval = std::move(argval);
    return inst;
}

/// An instruction for semantic op `o`, using the adapter's first opcode for it (for a
/// jump, the first of the given kind if one is named; `assemble` later switches a
/// relative jump to the sibling of the right direction).
template <class A>
instruction<A> create_instruction(op o, argument<typename A::value> argval = {}, jump_kind kind = jump_kind::none) {
    auto number = opcode_traits<A>::find(o, kind);
    if (!number && kind != jump_kind::none) number = opcode_traits<A>::find(o);
    if (!number) throw bytecode_error("the adapter has no opcode for semantic op '" + std::string(name_of(o)) + "'");
    return make_instruction<A>(*number, std::move(argval));
}

/// `load_const None`, the None made by the adapter's `value_of_constant`.
template <class A> instruction<A> create_load_none() {
    return create_instruction<A>(op::load_const, constant_arg<typename A::value>{A::value_of_constant(constant{none_t{}})});
}

namespace detail {
/// Maximal runs [first, last) of consecutive instructions covered by the same handler:
/// the rows of an exception table.
template <class A> std::vector<std::pair<std::size_t, std::size_t>> handler_runs(const std::vector<instruction<A>>& instrs) {
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t first = 0; first < instrs.size();) {
        std::size_t last = first + 1;
        while (last < instrs.size() && same_handler(instrs[last - 1].exception, instrs[last].exception)) ++last;
        if (instrs[first].exception) runs.emplace_back(first, last);
        first = last;
    }
    return runs;
}
} // namespace detail

/// A name unique within the process, for generated locals: "<prefix>_<n>".
inline std::string unique_id(std::string_view prefix) {
    static std::atomic<std::uint64_t> counter{0};
    return std::string(prefix) + "_" + std::to_string(counter.fetch_add(1, std::memory_order_relaxed));
}

} // namespace lasso::bytecode
