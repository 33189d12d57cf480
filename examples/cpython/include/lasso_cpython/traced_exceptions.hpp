// lasso_cpython/traced_exceptions.hpp
//
// Exceptions raised and caught in the trace (lasso::feature::traced_exceptions): which
// exception classes lasso may make an exception of without running Python code, and
// `except` matching as CPython's CHECK_EXC_MATCH does it (PyErr_GivenExceptionMatches:
// a subclass test on the MRO, no `__subclasscheck__`).
//
// Exception classes whose metaclass is `type` are classes to lasso (`type`, guarded by
// identity; a heap class's identity changes with its version tag, so a class given an
// `__init__` or new bases later fails the guard). Any other class in an `except` clause
// is not answered (a graph break: its guard would be on its type alone).
//
// What CPython keeps in a raised exception and lasso does not model stays out of the
// trace: the core never builds an exception the trace raised again (escape.hpp makes it
// in the interpreter, where the raise records `__traceback__` and `__context__`), every
// attribute of an exception but `__class__` is unanswered (reading `e.args` or calling
// `str(e)` in a handler is a break, which lasso moves to the raise: generated code
// raises the real exception), and `sys.exc_info()` is a call of a builtin, a break too.
#pragma once

#include <lasso_cpython/object.hpp>
#include <lasso_cpython/user_objects.hpp>

#include <lasso/adapter.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace lasso_cpython::exceptions {

/// A subclass of BaseException whose metaclass is exactly `type` (guarded by identity):
/// a builtin one, or a heap class with a version tag (without one, a change to it would
/// not change its identity).
inline bool exception_class(PyObject* o) {
    if (!PyExceptionClass_Check(o) || Py_TYPE(o) != &PyType_Type) return false;
    auto* tp = reinterpret_cast<PyTypeObject*>(o);
    return !(tp->tp_flags & Py_TPFLAGS_HEAPTYPE) || user_objects::class_identity(tp) != reinterpret_cast<std::uintptr_t>(tp);
}

/// Calling `cls(*args)` runs BaseException's own `__new__` and `__init__` (which store
/// `args`) and nothing else: ValueError, KeyError, ... and their subclasses written in
/// Python without `__new__` or `__init__`. Classes with their own (OSError, StopIteration,
/// SystemExit, ImportError, AttributeError, NameError) are not plain, nor a class with a
/// `__del__` (an exception that lives only in the trace is never made, so it would never
/// run).
inline bool plain_class(PyObject* o) {
    if (!exception_class(o)) return false;
    auto* tp = reinterpret_cast<PyTypeObject*>(o);
    auto* base = reinterpret_cast<PyTypeObject*>(PyExc_BaseException);
    return tp->tp_new == base->tp_new && tp->tp_init == base->tp_init && tp->tp_finalize == base->tp_finalize &&
           tp->tp_del == base->tp_del;
}

/// Whether `except spec` catches an exception of class `cls`: `spec` an exception class
/// (exception_class) or a tuple of them, nested tuples too, as CPython accepts; nothing
/// for anything else (CPython raises TypeError, or the class is not guarded).
inline std::optional<bool> matches(PyObject* cls, PyObject* spec) {
    if (!PyType_Check(cls)) return std::nullopt;
    if (PyTuple_CheckExact(spec)) {
        bool any = false;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(spec); ++i) {
            const auto one = matches(cls, PyTuple_GET_ITEM(spec, i));
            if (!one) return std::nullopt;
            any = any || *one;
        }
        return any;
    }
    if (!exception_class(spec)) return std::nullopt;
    return PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), reinterpret_cast<PyTypeObject*>(spec)) != 0;
}

/// `e.__class__` of an exception instance, for the `except` clauses of a handler that
/// starts with an exception raised outside the trace. Only when the class compares as
/// `object` does (no `__eq__` of its own: lasso takes `==` of such an instance for
/// identity) and is an exception class lasso guards by identity.
inline std::optional<object> instance_class(PyObject* o, std::string_view name) {
    if (name != "__class__" || !PyExceptionInstance_Check(o)) return std::nullopt;
    PyTypeObject* tp = Py_TYPE(o);
    if (!exception_class(reinterpret_cast<PyObject*>(tp)) || tp->tp_richcompare != PyBaseObject_Type.tp_richcompare)
        return std::nullopt;
    return object::borrow(reinterpret_cast<PyObject*>(tp));
}

} // namespace lasso_cpython::exceptions

namespace lasso_cpython {

/// The capture adapter's members for exceptions raised and caught in the trace
/// (lasso::feature::traced_exceptions), a base of `capture_adapter`.
struct exception_members {
    static constexpr lasso::feature_set features{lasso::feature::traced_exceptions};

    static bool plain_exception_class(const object& cls) { return exceptions::plain_class(cls.get()); }
    static std::optional<bool> exception_matches(const object& cls, const object& spec) {
        return exceptions::matches(cls.get(), spec.get());
    }
};

} // namespace lasso_cpython
