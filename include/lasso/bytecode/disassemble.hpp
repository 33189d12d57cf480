// lasso/bytecode/disassemble.hpp
//
// A listing in the spirit of Python's `dis`: line numbers where a line starts, `>>` on
// jump targets, offsets, opcode names, raw arguments (flag bits included) with their
// meaning in parentheses (names, constants via the adapter's `constant_repr`, operators,
// "to <offset>" for jumps, "NULL + " first for a set `push_null` flag), then the
// exception table. `>>` marks jump targets and exception handlers. Instructions not yet
// assembled show their index in place of the offset.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/instruction.hpp>

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lasso::bytecode {

struct disassemble_options {
    /// Offset to mark with "-->" (the instruction being executed), or -1.
    long current_offset = -1;
    /// Print the exception table after the instructions.
    bool exception_table = true;
};

namespace detail {
inline void pad_right(std::string& s, std::size_t width) {
    if (s.size() < width) s.append(width - s.size(), ' ');
}
inline std::string pad_left(std::string s, std::size_t width) {
    if (s.size() < width) s.insert(0, width - s.size(), ' ');
    return s;
}
} // namespace detail

template <class A>
std::string disassemble(const std::vector<instruction<A>>& instrs, const disassemble_options& options = {}) {
    using traits = opcode_traits<A>;
    std::unordered_map<instruction_id, long> where;
    for (std::size_t i = 0; i < instrs.size(); ++i)
        where.emplace(instrs[i].id, instrs[i].offset >= 0 ? instrs[i].offset : static_cast<long>(i));
    std::unordered_set<instruction_id> targets;
    for (const auto& inst : instrs) {
        if (auto* t = inst.target()) targets.insert(t->id);
        if (inst.exception) targets.insert(inst.exception->target);
    }
    auto place = [&](instruction_id id) {
        auto it = where.find(id);
        return it == where.end() ? std::string("?") : std::to_string(it->second);
    };

    std::string out;
    for (std::size_t i = 0; i < instrs.size(); ++i) {
        const auto& inst = instrs[i];
        const long at = inst.offset >= 0 ? inst.offset : static_cast<long>(i);
        std::string line;
        if (inst.starts_line && i > 0) out += '\n';
        line += detail::pad_left(inst.starts_line ? std::to_string(inst.pos.line) : std::string(), 4);
        line += ' ';
        line += at == options.current_offset ? "-->" : "   ";
        line += ' ';
        line += targets.contains(inst.id) ? ">>" : "  ";
        line += detail::pad_left(std::to_string(at), 6);
        line += ' ';
        std::string name(traits::name(inst.opcode));
        detail::pad_right(name, 24);
        line += name;
        if (traits::has_argument(inst.opcode)) {
            line += detail::pad_left(std::to_string(traits::join_argument(inst.opcode, inst.arg, inst.flags)), 5);
            std::string meaning;
            const op semantic = traits::semantic(inst.opcode);
            if (auto* s = inst.name_arg()) meaning = *s;
            else if (auto* c = inst.constant()) meaning = A::constant_repr(*c);
            else if (auto* t = inst.target()) meaning = "to " + place(t->id);
            else if (semantic == op::binary_op) meaning = std::string(binary_op_text(inst.arg));
            else if (semantic == op::compare_op && inst.arg >= 0 && inst.arg < 6)
                meaning = std::string(symbol_of(static_cast<compare_operator>(inst.arg)));
            else if ((semantic == op::is_op || semantic == op::contains_op) && inst.arg == 1)
                meaning = semantic == op::is_op ? "is not" : "not in";
            for (int k = traits::pushed_nulls(inst.opcode, inst.flags); k > 0; --k) meaning.insert(0, "NULL + ");
            if (!meaning.empty()) line += " (" + meaning + ")";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line;
        out += '\n';
    }

    if (options.exception_table) {
        bool header = false;
        for (const auto& [first, last] : detail::handler_runs(instrs)) {
            const exception_link link = *instrs[first].exception;
            if (!header) {
                out += "ExceptionTable:\n";
                header = true;
            }
            const auto from = instrs[first].offset >= 0 ? instrs[first].offset : static_cast<long>(first);
            const auto to = instrs[last - 1].offset >= 0 ? instrs[last - 1].offset : static_cast<long>(last - 1);
            out += "  " + std::to_string(from) + " to " + std::to_string(to) + " -> " + place(link.target) + " [" +
                   std::to_string(link.depth) + "]" + (link.lasti ? " lasti" : "") + "\n";
        }
    }
    return out;
}

/// Decodes and disassembles an adapter code object.
template <CodeAdapter A>
std::string disassemble_code(const typename A::code& code, const disassemble_options& options = {}) {
    return disassemble<A>(decode<A>(A::read_code(code)), options);
}

} // namespace lasso::bytecode
