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
#include <lasso/translator/raising.hpp>
#include <lasso/translator/user_context_managers.hpp>
#include <lasso/translator/step.hpp>

namespace lasso::handlers {

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
        const tracker_ref manager = t.peek();
        if (t.template as<trackers::context_manager>(manager)) enter_with(t, inst);
        else enter_user_with(t, inst, manager);
        return next{};
    } else if constexpr (O == op::with_except_start) {
        give_up(reasons::exception_handling, "with_except_start: the exceptional exit of a with block is not captured");
    } else {
        give_up(reasons::exception_handling, bytecode::name_of(O),
                ": exception handling (try/except/finally) is not supported yet");
    }
}

} // namespace lasso::handlers
