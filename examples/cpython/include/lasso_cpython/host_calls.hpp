// lasso_cpython/host_calls.hpp
//
// Calls between CPython and lasso's host code: the arguments of a frame that has not
// started, re-read as a vectorcall (to run a transformed code with them), and the Python
// callable that wraps a compiled graph (a capsule holding the host function).
#pragma once

#include <lasso_cpython/object.hpp>

#include <internal/pycore_frame.h>

#include <lasso/adapter/vocabulary.hpp>

#include <exception>
#include <string>
#include <vector>

namespace lasso_cpython::detail {

/// The arguments of a frame that has not started, as a vectorcall: positional ones,
/// then the items of *args, then keyword-only ones and the items of **kwargs by name.
struct frame_arguments {
    std::vector<PyObject*> args;
    object kwnames;
    std::size_t positional = 0;
};
inline frame_arguments arguments_of(const _PyInterpreterFrame* f) {
    PyCodeObject* co = f->f_code;
    frame_arguments out;
    const int nargs = co->co_argcount, nkw = co->co_kwonlyargcount;
    for (int i = 0; i < nargs; ++i) out.args.push_back(f->localsplus[i]);
    int next = nargs + nkw;
    if (co->co_flags & CO_VARARGS) {
        PyObject* rest = f->localsplus[next++];
        for (Py_ssize_t i = 0; rest && i < PyTuple_GET_SIZE(rest); ++i) out.args.push_back(PyTuple_GET_ITEM(rest, i));
    }
    out.positional = out.args.size();
    std::vector<PyObject*> names;
    for (int i = 0; i < nkw; ++i) {
        out.args.push_back(f->localsplus[nargs + i]);
        names.push_back(PyTuple_GET_ITEM(co->co_localsplusnames, nargs + i));
    }
    if (co->co_flags & CO_VARKEYWORDS) {
        PyObject* extra = f->localsplus[next];
        Py_ssize_t pos = 0;
        PyObject *k, *v;
        while (extra && PyDict_Next(extra, &pos, &k, &v)) {
            out.args.push_back(v);
            names.push_back(k);
        }
    }
    if (!names.empty()) {
        out.kwnames = object::checked(PyTuple_New(static_cast<Py_ssize_t>(names.size())));
        for (std::size_t i = 0; i < names.size(); ++i) {
            Py_INCREF(names[i]);
            PyTuple_SET_ITEM(out.kwnames.get(), static_cast<Py_ssize_t>(i), names[i]);
        }
    }
    return out;
}

/// Holds a host function for the Python callable that calls it.
struct host_function_box {
    std::string name;
    lasso::host_function<object> fn;
};

inline PyObject* call_host(PyObject* capsule, PyObject* const* args, Py_ssize_t nargs) {
    auto* box = static_cast<host_function_box*>(PyCapsule_GetPointer(capsule, "lasso.host_function"));
    if (!box) return nullptr;
    try {
        std::vector<object> values;
        values.reserve(static_cast<std::size_t>(nargs));
        for (Py_ssize_t i = 0; i < nargs; ++i) values.push_back(object::borrow(args[i]));
        return box->fn(values).release();
    } catch (const python_error&) { return nullptr; } catch (const std::exception& e) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, e.what());
        return nullptr;
    }
}
inline PyMethodDef host_method{"compiled_graph", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&call_host)),
                               METH_FASTCALL, "a graph compiled by lasso"};
} // namespace lasso_cpython::detail
