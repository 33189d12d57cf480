// lasso/translator/user_context_managers.hpp
//
// `with` blocks of objects of interpreted classes: `before_with` inlines the class's
// `__enter__` on the object, and the call of the `__exit__` it pushed, at the block's
// normal end, inlines `__exit__(None, None, None)`. Whatever those methods do (tensor
// operations, global-state changes, attribute stores) is traced like any inlined call.
//
// A raise the trace makes inside the block (translator/raising.hpp) leaves it through
// `with_except_start`, with feature traced_with_exits: `__exit__(type(e), e, traceback)`
// is inlined there, the traceback a tracker that answers nothing (the interpreter
// records it at the raise), so an `__exit__` that uses it, or reads more of the
// exception than its class, is a graph break moved to the raise, where the interpreter
// raises for real. A compiled graph that raises inside the block is not traced: the
// trace marks the output (`translation::user_blocks`), the runtime wraps its compiled
// graph, and such a graph makes the frame run again eagerly from its start, so the
// exception passes through the real `__exit__` (runtime/graph_exceptions.hpp).
//
// A graph break inside such a block is made where it is, and the block stays open
// across it (`with_block::interpreted`): nothing enters it again, so `__enter__` runs
// once. The generated code binds the manager's `__exit__` again as a stack value
// (trackers/context_managers.hpp), runs the instruction under the block's handler, and
// passes the bound method to the resume function, which calls it at the block's end.
// What `__enter__` cannot trace (a print, say) ends the trace at `before_with` itself:
// the interpreter then enters the block.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/context_managers.hpp>
#include <lasso/translator/handlers/globals_attributes.hpp>
#include <lasso/translator/inline.hpp>
#include <lasso/unsupported.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lasso::handlers {

/// The interpreted method `name` of the class of the object tracked by `self` (made in
/// the trace, or read from the frame), as a function tracker to inline on `self`;
/// empty when the object is of no such class or the class has no such function.
template <class T> std::optional<tracker_ref> user_method(T& t, tracker_ref self, const std::string& name) {
    return ask::method_to_inline(t, self, name);
}

/// `before_with` on a user object `manager` (on top of the stack): inlines its
/// `__enter__`, opens the block, and pushes the exit tracker and what `__enter__`
/// returned.
template <class T> void enter_user_with(T& t, const typename T::instruction& inst, tracker_ref manager) {
    with_block block = block_opened_at(t, inst);
    const auto enter = user_method(t, manager, "__enter__");
    const auto exit = user_method(t, manager, "__exit__");
    if (!enter || !exit)
        give_up(reasons::unsupported_context_manager, "with block of ", t.describe(manager),
                " (a context manager whose __enter__ and __exit__ are not interpreted functions of its class)");
    const tracker_ref self[] = {manager};
    tracker_ref entered{};
    try {
        entered = inline_call(t, *enter, self, {});
    } catch (unsupported& u) {
        // The interpreter enters the block at a break here; a break inside __enter__
        // would continue after before_with with a stack no call leaves.
        t.output().inline_failure.reset();
        u.reason = "with block of " + t.describe(manager) + ": " + u.reason;
        throw;
    }
    t.pop();
    trackers::context_manager exit_tracker{t.describe(manager), 0, false};
    exit_tracker.entered = true;
    exit_tracker.manager = manager;
    exit_tracker.user_exit = *exit;
    block.exit = t.add_tracker(std::move(exit_tracker));
    block.interpreted = true;
    block.manager = manager;
    t.state().with_blocks.push_back(block);
    ++t.output().user_blocks;
    t.push(block.exit);
    t.push(entered);
}

/// `before_with` at `inst` on the manager on top of the stack: its family enters the
/// block (a context manager that sets global state: `enter_with`); anything else is an
/// object whose class's `__enter__` is inlined (`enter_user_with`).
template <class T> void before_with(T& t, const typename T::instruction& inst) {
    struct entry {
        T& translator;
        const typename T::instruction& at;
        void enter_global_state(const trackers::context_manager& entering) { enter_with(translator, at, entering); }
    } on_entry{t, inst};
    const tracker_ref manager = t.peek();
    const bool entered = trackers::family_answer<bool>(
        t.arena(), manager,
        [&](const auto& x) -> decltype(x.on_before_with(on_entry), true) { return x.on_before_with(on_entry), true; },
        false);
    if (!entered) enter_user_with(t, inst, manager);
}

/// The call of a user block's `__exit__` at its normal end (`__exit__(None, None,
/// None)`): closes the block and inlines the method; returns what it returns.
template <class T>
tracker_ref exit_user_with(T& t, const trackers::context_manager& manager, tracker_ref exit,
                           std::span<const tracker_ref> args) {
    check_block_end(t, exit, args);
    // Inlined with the block still open, so that a failure in it moves the graph
    // break before the block.
    std::vector<tracker_ref> with_self{*manager.manager};
    with_self.insert(with_self.end(), args.begin(), args.end());
    const tracker_ref result = inline_call(t, *manager.user_exit, with_self, {});
    t.state().with_blocks.pop_back();
    return result;
}

/// `with_except_start` (feature traced_with_exits) of `exception`, one the trace raised,
/// of class `exception_class`, leaving the innermost block the trace entered (of an
/// interpreted class: handlers/exceptions.hpp checks that its exit is the one on the
/// stack): closes the block and inlines `__exit__` on the class, the exception and a
/// traceback that answers nothing; returns what it returns.
template <class T> tracker_ref exit_user_with_exception(T& t, tracker_ref exception, tracker_ref exception_class) {
    const trackers::context_manager* manager = t.template as<trackers::context_manager>(t.state().with_blocks.back().exit);
    if (!manager || !manager->user_exit || !manager->manager)
        give_up(reasons::exception_handling, "with_except_start of a with block without an interpreted __exit__");
    const tracker_ref exit = *manager->user_exit;
    const tracker_ref self = *manager->manager;
    const tracker_ref args[] = {self, exception_class, exception, t.add_tracker(trackers::raised_traceback{})};
    tracker_ref result{};
    try {
        result = inline_call(t, exit, args, {});
    } catch (unsupported& u) {
        // Not a call instruction: the break moves to the raise, never inside __exit__.
        t.output().inline_failure.reset();
        u.reason = "__exit__ of " + t.describe(self) + " with an exception: " + u.reason;
        throw;
    }
    t.state().with_blocks.pop_back();
    return result;
}

} // namespace lasso::handlers
