// lasso/translator/handlers/exceptions.hpp
//
// Handlers of raising, exception handling and `with` blocks. Entering a `with` block
// of a context manager that sets global state (translator/context_managers.hpp) or of
// an object of an interpreted class (translator/user_context_managers.hpp) is
// modelled, and so are raises that a handler of the same code catches
// (translator/raising.hpp); the rest stops the translation with a reason naming the
// construct.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/translator/context_managers.hpp>
#include <lasso/translator/handlers/calls.hpp>
#include <lasso/translator/raising.hpp>
#include <lasso/translator/user_context_managers.hpp>
#include <lasso/translator/step.hpp>

namespace lasso::handlers {

/// `with_except_start` with feature traced_with_exits, for an exception the trace raised
/// (on top of the stack; below it the exception handled before, the raise's offset
/// where the handler's entry pushes it, and the block's exit): the exit of a block the
/// trace entered is inlined with its class (user_context_managers.hpp); the exit of a
/// block entered before a graph break, a value of the frame (the bound `__exit__` the
/// resume function was given), is called as `exit(type(e), e, traceback)` like any call,
/// which inlines a bound method of an interpreted function. Pushes the result; anything
/// else is no traced exit.
template <class T> void with_except_start(T& t) {
    const char* not_traced = "with_except_start: the exceptional exit of a with block is not captured";
    if constexpr (!traced_with_exits<typename T::adapter>()) {
        give_up(reasons::exception_handling, not_traced);
    } else {
        const tracker_ref exception = t.peek();
        const auto made_class = exception_class_tracker_of(t, exception);
        if (!made_class) give_up(reasons::exception_handling, not_traced);
        const tracker_ref exception_class = *made_class;
        const auto& blocks = t.state().with_blocks;
        const auto& stack = t.state().stack;
        const std::size_t below = blocks.empty() || blocks.back().lasti ? 4 : 3;
        if (stack.size() < below) give_up(reasons::internal_error, "with_except_start on a stack without a block's exit");
        const tracker_ref exit = stack[stack.size() - below];
        if (!blocks.empty() && blocks.back().exit == exit) {
            if (!blocks.back().interpreted) give_up(reasons::exception_handling, not_traced);
            t.push(exit_user_with_exception(t, exception, exception_class));
            return;
        }
        if (!t.record(exit).source) give_up(reasons::exception_handling, not_traced, " (an exit of no block)");
        const tracker_ref args[] = {exception_class, exception, t.add_tracker(trackers::raised_traceback{})};
        const std::vector<std::string> no_keywords;
        call_site<T> site(t, exit, args, no_keywords);
        const auto result = ask::on_call(t, site);
        if (!result) give_up(reasons::exception_handling, not_traced, " (", t.describe(exit), " is not inlined)");
        t.push(*result);
    }
}

template <bytecode::op O, class T>
step exceptions([[maybe_unused]] T& t, [[maybe_unused]] const typename T::instruction& inst) {
    using bytecode::op;
    if constexpr (O == op::raise_varargs) {
        return raise_operand(t, inst);
    } else if constexpr (O == op::reraise) {
        return reraise(t, inst);
    } else if constexpr (O == op::push_exc_info) {
        push_exception_info(t);
        return next{};
    } else if constexpr (O == op::pop_except) {
        pop_exception_info(t);
        return next{};
    } else if constexpr (O == op::check_exc_match) {
        check_exception_match(t);
        return next{};
    } else if constexpr (O == op::load_assertion_error) {
        give_up(reasons::would_raise, "assert statement whose assertion fails (raising AssertionError is not captured)");
    } else if constexpr (O == op::before_with) {
        before_with(t, inst);
        return next{};
    } else if constexpr (O == op::with_except_start) {
        with_except_start(t);
        return next{};
    } else {
        give_up(reasons::exception_handling, bytecode::name_of(O),
                ": exception handling (try/except/finally) is not supported yet");
    }
}

} // namespace lasso::handlers
