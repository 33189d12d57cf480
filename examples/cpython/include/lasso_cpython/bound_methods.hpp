// lasso_cpython/bound_methods.hpp
//
// Bound methods of Python functions read from a frame (`types.MethodType`), as lasso
// reads them: `__func__` and `__self__`, which CPython keeps in the method object and
// returns without running code. A call of such a method is then the call of its
// function on its object, inlined like any other (lasso's call_bound_method).
//
// The case that needs it is a `with` block left open across a graph break: the block's
// bound `__exit__` sits on the stack at the break and reaches the resume function as
// an argument, which calls it at the block's end (lasso/translator/
// user_context_managers.hpp). A method object whose function is no Python function
// (`types.MethodType(callable_object, o)`) and a builtin's bound method (a C method
// object, another type) stay opaque objects, their calls graph breaks.
#pragma once

#include <lasso_cpython/object.hpp>

#include <optional>
#include <string_view>

namespace lasso_cpython::bound_methods {

/// `__func__` or `__self__` of `o` when it is a bound method (PyMethod_Check is exact)
/// of a Python function; nothing for any other object or name.
inline std::optional<object> method_attribute(PyObject* o, std::string_view name) {
    if (!PyMethod_Check(o) || !PyFunction_Check(PyMethod_GET_FUNCTION(o))) return std::nullopt;
    if (name == "__func__") return object::borrow(PyMethod_GET_FUNCTION(o));
    if (name == "__self__") return object::borrow(PyMethod_GET_SELF(o));
    return std::nullopt;
}

} // namespace lasso_cpython::bound_methods
