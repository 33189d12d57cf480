// lasso/bytecode/indexed_instruction.hpp
//
// The read-only form of decoded bytecode, for code that walks instructions rather than
// editing them (the translator). An instruction is 32 bytes with no heap storage of its
// own: names and constants stay in the code's tables and the argument is the index into
// them, and a jump names its target by position in the list. Decoding a frame of
// 100,000 instructions therefore writes 3 MB instead of copying a string or a value
// into every instruction. `decode_indexed` checks everything `decode` checks, so an
// index read here is always in range of the tables it was decoded with.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace lasso::bytecode {

/// "No instruction" / "no entry" for the index fields of `indexed_instruction`.
inline constexpr std::uint32_t no_index = 0xFFFF'FFFFu;

template <class A> struct indexed_instruction {
    /// The argument, without its flag bits (`flags`). For local, cell, name and constant
    /// arguments it is the index into the code's table of that kind (see `arg_name` and
    /// `arg_constant`); for a cell argument, lasso's cell index (cell variables, then free
    /// variables), whatever number the encoding gives the cell (lasso/bytecode/cells.hpp).
    std::int64_t arg = 0;
    std::uint32_t offset = 0;          ///< byte offset of the first byte (first prefix, if any)
    std::uint32_t target = no_index;   ///< for a jump, the position of its target in the list
    std::uint32_t handler = no_index;  ///< innermost exception table entry covering it (its index)
    std::uint32_t line_row = no_index; ///< the line table row giving its source position
    std::int32_t line = -1;            ///< source line, -1 when unknown
    std::uint8_t opcode = 0;           ///< the adapter's opcode number (one byte, `max_opcode_number`)
    std::uint8_t flags = 0;            ///< the argument's flag bits (`opcode_info::flags`)
    op semantic = op::nop;             ///< cached from the opcode table
    bool starts_line = false;          ///< first instruction of its source line

    std::string_view name() const noexcept { return opcode_traits<A>::name(opcode); }
    /// How the argument is read; `none` for an opcode the table does not have.
    arg_kind kind() const noexcept {
        using traits = opcode_traits<A>;
        return traits::is_valid(opcode) ? traits::info(opcode).arg : arg_kind::none;
    }
    bool is_jump() const noexcept { return opcode_traits<A>::is_jump(opcode); }
    bool in_handler_range() const noexcept { return handler != no_index; }
    /// Whether a flag bit meaning `f` is set.
    bool has_flag(arg_flag f) const noexcept { return opcode_traits<A>::has_flag(opcode, flags, f); }
};

/// The name an instruction's argument refers to in `fields` (a local, cell, free
/// variable, global or attribute name), or nullptr when its argument is not a name.
template <class A, class Value>
const std::string* arg_name(const indexed_instruction<A>& inst, const code_fields<Value>& fields) noexcept {
    const auto i = static_cast<std::size_t>(inst.arg);
    switch (inst.kind()) {
    case arg_kind::local: return &fields.varnames[i];
    case arg_kind::name: return &fields.names[i];
    case arg_kind::cell:
        return i < fields.cellvars.size() ? &fields.cellvars[i] : &fields.freevars[i - fields.cellvars.size()];
    default: return nullptr;
    }
}

/// The constant an instruction's argument refers to in `fields`, or nullptr when its
/// argument is not a constant.
template <class A, class Value>
const Value* arg_constant(const indexed_instruction<A>& inst, const code_fields<Value>& fields) noexcept {
    if (inst.kind() != arg_kind::constant) return nullptr;
    return &fields.constants[static_cast<std::size_t>(inst.arg)];
}

} // namespace lasso::bytecode
