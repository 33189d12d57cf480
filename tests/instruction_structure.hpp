// A readable, comparable form of an instruction list for tests: one line per
// instruction, with jump targets and exception handlers as list indexes, so that lists
// with different instruction ids and offsets compare equal when their structure does.
#pragma once

#include <lasso/lasso.hpp>

#include <string>
#include <unordered_map>
#include <vector>

namespace lasso_test {

template <class A> std::vector<std::string> structure(const std::vector<lasso::bytecode::instruction<A>>& instrs) {
    std::unordered_map<lasso::bytecode::instruction_id, std::size_t> index;
    for (std::size_t i = 0; i < instrs.size(); ++i) index.emplace(instrs[i].id, i);
    std::vector<std::string> out;
    for (const auto& inst : instrs) {
        std::string s(lasso::bytecode::name_of(inst.semantic));
        if (auto* t = inst.target()) s += " -> #" + std::to_string(index.at(t->id));
        else if (auto* n = inst.name_arg()) s += " " + *n;
        else if (auto* c = inst.constant()) s += " " + A::constant_repr(*c);
        else if (auto* i = inst.int_arg()) s += " " + std::to_string(*i);
        if (inst.flags != 0) s += " flags " + std::to_string(inst.flags);
        if (inst.exception)
            s += " [handler #" + std::to_string(index.at(inst.exception->target)) + " depth " +
                 std::to_string(inst.exception->depth) + (inst.exception->lasti ? " lasti]" : "]");
        s += " @" + std::to_string(inst.pos.line);
        out.push_back(s);
    }
    return out;
}

} // namespace lasso_test
