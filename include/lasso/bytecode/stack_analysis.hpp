// lasso/bytecode/stack_analysis.hpp
//
// Abstract interpretation of stack depth: the depth before every instruction and the
// maximum, following fall-through, jump edges (with their own effects) and exception
// handler edges (the handler starts at the entry's depth, plus the pushed offset if
// "lasti", plus the exception). An instruction's effect includes what its argument's
// flags push (`push_null`). Underflow, a depth that differs between two paths into one
// instruction, and a handler deeper than the stack are errors naming the offset.
#pragma once

#include <lasso/bytecode/instruction.hpp>

#include <string>
#include <unordered_map>
#include <vector>

namespace lasso::bytecode {

struct stack_depths {
    /// Depth before each instruction; -1 for unreachable instructions.
    std::vector<int> before;
    int max_depth = 0;
};

namespace detail {
template <class A> std::string where(const instruction<A>& inst, std::size_t index) {
    std::string s = std::string(inst.name());
    if (inst.offset < 0) s += " (instruction #" + std::to_string(index) + ")";
    return s;
}

/// The control-flow edges leaving an instruction: to the handler of the exception table
/// entry covering it, to its jump target, and to the next one unless its op never falls
/// through. Stack analysis and liveness follow the same edges.
struct control_edges {
    bool handler = false;
    bool jump = false;
    bool next = false;
};
template <class A> constexpr control_edges edges_of(std::uint16_t opcode, bool covered) noexcept {
    using traits = opcode_traits<A>;
    return {covered, traits::is_jump(opcode), !is_terminator(traits::semantic(opcode))};
}
} // namespace detail

/// Computes stack depths for `instrs`, starting at `initial_depth` at the first
/// instruction.
template <class A> stack_depths analyze_stack(const std::vector<instruction<A>>& instrs, int initial_depth = 0) {
    using traits = opcode_traits<A>;
    const std::size_t n = instrs.size();
    stack_depths result;
    result.before.assign(n, -1);
    result.max_depth = initial_depth;
    if (n == 0) return result;

    std::unordered_map<instruction_id, std::size_t> index_of;
    index_of.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i) index_of.emplace(instrs[i].id, i);

    auto fail = [&](std::size_t i, const std::string& why) -> bytecode_error {
        return bytecode_error(detail::where(instrs[i], i) + ": " + why, instrs[i].offset, instrs[i].pos.line);
    };
    auto lookup = [&](std::size_t from, instruction_id id, const char* what) {
        auto it = index_of.find(id);
        if (it == index_of.end()) throw fail(from, std::string(what) + " is not in the instruction list");
        return it->second;
    };

    std::vector<std::size_t> work;
    auto reach = [&](std::size_t from, std::size_t to, int depth) {
        if (to >= n) throw fail(from, "control falls off the end of the code");
        if (result.before[to] < 0) {
            result.before[to] = depth;
            if (depth > result.max_depth) result.max_depth = depth;
            work.push_back(to);
        } else if (result.before[to] != depth) {
            throw fail(to,
                       "inconsistent stack depth: " + std::to_string(result.before[to]) + " on one path, " +
                           std::to_string(depth) + " on another (reached from " + detail::where(instrs[from], from) +
                           (instrs[from].offset >= 0 ? " at offset " + std::to_string(instrs[from].offset) : std::string()) +
                           ")");
        }
    };

    result.before[0] = initial_depth;
    work.push_back(0);
    while (!work.empty()) {
        const std::size_t i = work.back();
        work.pop_back();
        const auto& inst = instrs[i];
        if (!traits::is_valid(inst.opcode)) throw fail(i, "unknown opcode " + std::to_string(inst.opcode));
        const int depth = result.before[i];
        const std::int64_t arg = inst.arg;

        auto edge = [&](bool jump) {
            const stack_effect e = traits::effect(inst.opcode, arg, jump, inst.flags);
            if (e.pops < 0 || e.pushes < 0) throw fail(i, "no stack effect for this opcode");
            if (depth < e.pops)
                throw fail(i,
                           "stack underflow: needs " + std::to_string(e.pops) + " value(s), has " + std::to_string(depth));
            const int after = depth - e.pops + e.pushes;
            if (after > result.max_depth) result.max_depth = after;
            return after;
        };

        const detail::control_edges edges = detail::edges_of<A>(inst.opcode, inst.exception.has_value());
        if (edges.handler) {
            const auto& link = *inst.exception;
            if (static_cast<int>(link.depth) > depth)
                throw fail(i, "exception handler expects depth " + std::to_string(link.depth) + " but the stack has " +
                                  std::to_string(depth));
            reach(i, lookup(i, link.target, "the exception handler"),
                  static_cast<int>(link.depth) + (link.lasti ? 1 : 0) + 1);
        }
        if (edges.jump) {
            const jump_target* t = inst.target();
            if (!t) throw fail(i, "jump without a target");
            reach(i, lookup(i, t->id, "the jump target"), edge(true));
        }
        if (edges.next) {
            const int after = edge(false);
            reach(i, i + 1, after);
        } else if (!edges.jump) {
            (void)edge(false); // still checks underflow of return/raise
        }
    }
    return result;
}

} // namespace lasso::bytecode
