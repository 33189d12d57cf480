// lasso/translator/handlers/control_flow.hpp
//
// Handlers of control flow: jumps, conditional jumps on values known at trace time
// (only the taken side is followed), iteration over ranges, known containers and
// tensor rows (unrolled), and return.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/step.hpp>

#include <cstddef>
#include <utility>

namespace lasso::handlers {

/// An iterator tracker over `x`: as its family makes one (ranges, tensors, lists and
/// dicts lazily), else over its items.
template <class T> tracker_ref iterate(T& t, tracker_ref x) {
    if (auto it = ask::iterate(t, x)) return *it;
    return t.add_tracker(trackers::iterator{t.items_of(x), 0, {}, 0});
}

template <class T> step for_iter(T& t, const typename T::instruction& inst) {
    const auto it_ref = t.peek();
    const auto item = ask::next_item(t, it_ref);
    // An iterator that came into the frame (a resume function's loop, say) is opaque:
    // what it gives next is not known at trace time.
    if (!item)
        give_up(reasons::value_not_constant, "for_iter on ", t.describe(it_ref),
                " made outside the trace (its items are not known)");
    if (!*item) {
        t.pop();
        return t.jump_target(inst);
    }
    t.push(**item);
    return next{};
}

template <bytecode::op O, class T> step control_flow(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    if constexpr (O == op::jump) {
        return t.jump_target(inst);
    } else if constexpr (O == op::pop_jump_if_false || O == op::pop_jump_if_true) {
        const bool truth = t.truth_of(t.pop(), "branch on a tensor value");
        if ((O == op::pop_jump_if_true) == truth) return t.jump_target(inst);
        return next{};
    } else if constexpr (O == op::pop_jump_if_none || O == op::pop_jump_if_not_none) {
        auto x = t.pop();
        auto none = t.is_none(x);
        if (!none) give_up(reasons::data_dependent_branch, "whether ", t.describe(x), " is None is not known at trace time");
        if ((O == op::pop_jump_if_none) == *none) return t.jump_target(inst);
        return next{};
    } else if constexpr (O == op::jump_if_false_or_pop || O == op::jump_if_true_or_pop) {
        const bool truth = t.truth_of(t.peek(), "branch on a tensor value");
        if ((O == op::jump_if_true_or_pop) == truth) return t.jump_target(inst);
        t.pop();
        return next{};
    } else if constexpr (O == op::get_iter) {
        t.push(iterate(t, t.pop()));
        return next{};
    } else if constexpr (O == op::for_iter) {
        return for_iter(t, inst);
    } else if constexpr (O == op::return_value) {
        t.set_returned(t.pop());
        return next{};
    }
}

} // namespace lasso::handlers
