// lasso/translator/instruction_args.hpp
//
// Reading an instruction's argument for a handler: its jump target, its name, its
// constant, or a count. An instruction whose argument is not what its opcode promises
// (a corrupt or hand-made code) is a `bytecode_error` naming the instruction and its
// offset, never an out-of-range read.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/indexed_instruction.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/translator/step.hpp>

#include <cstddef>
#include <string>

namespace lasso::detail {

template <class Instruction> step jump_target_of(const Instruction& inst) {
    if (inst.target == bytecode::no_index)
        throw bytecode::bytecode_error(join({inst.name(), " has no jump target"}), inst.offset);
    return jump_to{inst.target};
}

template <class Instruction, class Fields> const std::string& name_argument(const Instruction& inst, const Fields& fields) {
    const std::string* name = bytecode::arg_name(inst, fields);
    if (!name) throw bytecode::bytecode_error(join({inst.name(), " has no name argument"}), inst.offset);
    return *name;
}

template <class Instruction, class Fields> const auto& constant_argument(const Instruction& inst, const Fields& fields) {
    const auto* v = bytecode::arg_constant(inst, fields);
    if (!v) throw bytecode::bytecode_error(join({inst.name(), " has no constant argument"}), inst.offset);
    return *v;
}

template <class Instruction> std::size_t count_argument(const Instruction& inst) {
    if (inst.arg < 0 || inst.arg > 0xffff)
        throw bytecode::bytecode_error(join({inst.name(), " has a bad count ", decimal(inst.arg)}), inst.offset);
    return static_cast<std::size_t>(inst.arg);
}

} // namespace lasso::detail
