// lasso/translator/unread_lists.hpp
//
// Lists read from the frame start unread (`trackers::unread_list`): guarded on their
// type only, their items not built, so that a list a captured function appends to on
// every call (a log, an accumulator) does not change what the trace relied on. The
// list is read (its length guarded and its items built, `builder::read_list`) at the
// first instruction that consumes it, before the instruction's handler runs. Moving a
// value around does not consume it (locals, stack shuffles, `return`), nor does a
// method call on the list itself: `append` and `extend` add to it unread, and any other
// method reads it (the container handlers) or is a graph break. Nor does putting it in
// a new tuple, list or dict, or taking it out of one (unpacking, subscripts, iteration):
// it is read when consumed in turn. Any other instruction that consumes a tuple, list or
// dict reads the lists inside it too, so no handler looks into a container and finds an
// unread list. Which ops move values and which pass items on are flags of their rows in
// `bytecode::semantic_ops` (`op_flags::moves_values`, `op_flags::passes_items`).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/mutations.hpp>

#include <algorithm>
#include <cstddef>
#include <variant>
#include <vector>

namespace lasso::handlers {

/// Reads `r` if it is an unread list, and the unread lists inside it if it is a
/// container (to `depth`; not at all with `shallow`).
template <class T> void read_list_deep(T& t, tracker_ref r, int depth = 0, bool shallow = false) {
    if (depth > 32) return;
    if (trackers::unread(t.arena(), r)) make_builder(t).read_list(r);
    if (shallow) return;
    std::vector<tracker_ref> items; // a copy: reading adds trackers
    trackers::for_each_value(t.arena(), r, [&](tracker_ref item) { items.push_back(item); });
    for (tracker_ref item : items) read_list_deep(t, item, depth + 1);
}

/// Before instruction `inst` (semantic op `O`) runs: reads the unread lists among the
/// stack values it pops, but for the self of a method call.
template <bytecode::op O, class T> void read_consumed_lists(T& t, const typename T::instruction& inst) {
    constexpr const auto& facts = bytecode::facts_of(O);
    if constexpr (!python_container_methods<typename T::adapter>() || facts.has(bytecode::op_flags::moves_values)) {
        (void)t, (void)inst;
    } else {
        if (!t.output().has_unread_lists) return;
        using traits = bytecode::opcode_traits<typename T::adapter>;
        const auto& stack = t.state().stack;
        // The fall-through effect: only for_iter pops more when it jumps (its iterator).
        const auto pops =
            static_cast<std::size_t>(std::max(traits::effect(inst.opcode, inst.arg, false, inst.flags).pops, 0));
        const std::size_t n = std::min(pops, stack.size());
        // `self.method(args)`: the slot under the arguments holds self, and the one under it
        // a method builtin (what load_method pushed for a method lasso does not inline).
        std::size_t self_depth = stack.size();
        if constexpr (O == bytecode::op::call) {
            const auto argc = static_cast<std::size_t>(std::max<std::int64_t>(inst.arg, 0));
            if (stack.size() >= argc + 2) {
                const tracker_ref below = stack[stack.size() - argc - 2];
                const tracker_ref above = stack[stack.size() - argc - 1];
                if (trackers::stack_role_of(t.arena(), below).what == trackers::stack_role::kind::method) self_depth = argc;
                // A call to inline binds its arguments to the callee's locals: the callee
                // reads what it consumes. (If it cannot be inlined, the call is a break.)
                if (trackers::inlines_calls(t.arena(), below) || trackers::inlines_calls(t.arena(), above)) return;
            }
        }
        for (std::size_t k = 0; k < n; ++k)
            if (k != self_depth)
                read_list_deep(t, stack[stack.size() - 1 - k], 0, facts.has(bytecode::op_flags::passes_items));
    }
}

} // namespace lasso::handlers
