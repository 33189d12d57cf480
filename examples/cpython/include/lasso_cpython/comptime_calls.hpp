// lasso_cpython/comptime_calls.hpp
//
// `lasso.comptime(fn)` on CPython: while lasso translates a frame that calls it, `fn`
// runs with a `lasso.ComptimeContext` (lasso/_operators.py) over lasso's
// comptime_context (lasso/comptime.hpp). The context's methods are host functions that
// call the translation's context while the callback runs, and raise RuntimeError once
// it has returned. What they print goes to stderr, so a program's stdout is the same
// captured and plain. The frame evaluator is off while the callback runs: a captured
// function it calls runs as plain Python (the translation is not reentrant).
#pragma once

#include <lasso_cpython/adapter_state.hpp>
#include <lasso_cpython/numpy_tensors.hpp>
#include <lasso_cpython/object.hpp>

#include <lasso/comptime.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lasso_cpython {

namespace detail {

/// A comptime constant as a Python value (tuples and lists of constants too).
template <class Adapter> object comptime_constant_value(const lasso::comptime_constant& c) {
    using kind = lasso::comptime_constant::container;
    if (c.kind == kind::none) return Adapter::value_of_constant(c.scalar);
    object out = object::checked(c.kind == kind::tuple ? PyTuple_New(static_cast<Py_ssize_t>(c.items.size()))
                                                       : PyList_New(static_cast<Py_ssize_t>(c.items.size())));
    for (std::size_t i = 0; i < c.items.size(); ++i) {
        PyObject* item = comptime_constant_value<Adapter>(c.items[i]).release();
        if (c.kind == kind::tuple) PyTuple_SET_ITEM(out.get(), static_cast<Py_ssize_t>(i), item);
        else PyList_SET_ITEM(out.get(), static_cast<Py_ssize_t>(i), item);
    }
    return out;
}

/// A stacklevel argument: a non-negative int (absent: 0).
inline std::size_t comptime_stacklevel(std::span<const object> args, std::size_t at) {
    if (args.size() <= at || args[at].get() == Py_None) return 0;
    const long long n = PyLong_Check(args[at].get()) ? PyLong_AsLongLong(args[at].get()) : -1;
    if (n < 0) {
        PyErr_Clear();
        PyErr_SetString(PyExc_TypeError, "stacklevel must be a non-negative int");
        throw python_error();
    }
    return static_cast<std::size_t>(n);
}

} // namespace detail

/// `run_comptime` of the capture adapter `Adapter`, which forwards to `run`.
template <class Adapter> struct comptime_calls {
    using context = lasso::comptime_context<Adapter>;

    static std::optional<std::string> run(const lasso::comptime_callback<Adapter>& callback, const frame& f, context& ctx) {
        object fn = callback.function;
        // A lambda or nested def made during tracing: a function of its code constant.
        if (callback.is_code) fn = object::steal(PyFunction_New(fn.get(), f.f->f_globals));
        auto live = std::make_shared<context*>(&ctx);
        PyInterpreterState* interp = PyInterpreterState_Get();
        const _PyFrameEvalFunction hook = _PyInterpreterState_GetEvalFrameFunc(interp);
        _PyInterpreterState_SetEvalFrameFunc(interp, _PyEval_EvalFrameDefault);
        std::optional<std::string> error;
        try {
            if (!fn) throw python_error();
            object make = object::checked(PyImport_ImportModule("lasso._operators"));
            object maker = object::checked(PyObject_GetAttrString(make.get(), "_make_context"));
            object methods = methods_of(live);
            object ctx_object = object::checked(PyObject_CallOneArg(maker.get(), methods.get()));
            object(object::checked(PyObject_CallOneArg(fn.get(), ctx_object.get())));
        } catch (const python_error&) { error = current_error(); } catch (const std::exception& e) {
            error = e.what();
        }
        _PyInterpreterState_SetEvalFrameFunc(interp, hook);
        *live = nullptr;
        return error;
    }

private:
    /// "ValueError: message" of the exception set (cleared).
    static std::string current_error() {
        if (!PyErr_Occurred()) return "an error without a Python exception";
        PyObject *type, *exc, *tb;
        PyErr_Fetch(&type, &exc, &tb);
        PyErr_NormalizeException(&type, &exc, &tb);
        object t = object::steal(type), e = object::steal(exc), trace = object::steal(tb);
        std::string text = reinterpret_cast<PyTypeObject*>(t.get())->tp_name;
        object s = object::steal(e ? PyObject_Str(e.get()) : nullptr);
        if (s && PyUnicode_Check(s.get())) text += ": " + to_utf8(s.get());
        PyErr_Clear();
        return text;
    }

    static context& alive(const std::shared_ptr<context*>& live, const char* method) {
        if (!*live) {
            PyErr_Format(PyExc_RuntimeError, "%s(): the comptime context is used after its callback returned", method);
            throw python_error();
        }
        return **live;
    }

    /// Runs `print` on a stream and writes what it printed to stderr; lasso's
    /// out_of_range (a stacklevel past the outermost frame) is a ValueError.
    template <class Print> static object printed(const char* method, Print print) {
        std::ostringstream out;
        try {
            print(out);
        } catch (const std::out_of_range& e) {
            PyErr_Format(PyExc_ValueError, "%s(): %s", method, e.what());
            throw python_error();
        }
        std::cerr << out.str() << std::flush;
        return object::borrow(Py_None);
    }

    /// get_local's view: (description, python_type, object or None, constant or None,
    /// known, (shape, dtype) or None).
    static object view_tuple(const lasso::comptime_value<object, tensor_meta>& v) {
        std::vector<object> items{to_str(v.description),
                                  to_str(v.python_type),
                                  v.object ? *v.object : object::borrow(Py_None),
                                  v.constant ? detail::comptime_constant_value<Adapter>(*v.constant)
                                             : object::borrow(Py_None),
                                  object::borrow(v.constant ? Py_True : Py_False),
                                  object::borrow(Py_None)};
        if (v.fake) {
            std::vector<object> sizes;
            for (const lasso::sym_int& s : v.fake->shape) sizes.push_back(object::checked(PyLong_FromLongLong(s.hint())));
            items[5] = Adapter::make_tuple({Adapter::make_tuple(std::move(sizes)), v.fake->dtype});
        }
        return Adapter::make_tuple(std::move(items));
    }

    /// The host functions the Python context calls, by name.
    static object methods_of(const std::shared_ptr<context*>& live) {
        object methods = object::checked(PyDict_New());
        auto add = [&](const char* name, lasso::host_function<object> fn) {
            object f = Adapter::make_host_function(name, std::move(fn));
            if (PyDict_SetItemString(methods.get(), name, f.get()) < 0) throw python_error();
        };
        add("get_local", [live](std::span<const object> a) -> object {
            context& c = alive(live, "get_local");
            if (a.empty() || !PyUnicode_Check(a[0].get())) {
                PyErr_SetString(PyExc_TypeError, "get_local(): name must be a str");
                throw python_error();
            }
            const std::string name = to_utf8(a[0].get());
            std::optional<lasso::comptime_value<object, tensor_meta>> v;
            try {
                v = c.get_local(name, detail::comptime_stacklevel(a, 1));
            } catch (const std::out_of_range& e) {
                PyErr_Format(PyExc_ValueError, "get_local(): %s", e.what());
                throw python_error();
            }
            if (!v) {
                PyErr_Format(PyExc_NameError, "get_local(): no local '%s' with a value", name.c_str());
                throw python_error();
            }
            return view_tuple(*v);
        });
        add("graph_break", [live](std::span<const object> a) -> object {
            context& c = alive(live, "graph_break");
            c.graph_break(!a.empty() && PyUnicode_Check(a[0].get()) ? to_utf8(a[0].get()) : "ComptimeContext.graph_break");
            return object::borrow(Py_None);
        });
        add("print_graph", [live](std::span<const object>) {
            context& c = alive(live, "print_graph");
            return printed("print_graph", [&](std::ostream& out) { c.print_graph(out); });
        });
        add("print_guards", [live](std::span<const object>) {
            context& c = alive(live, "print_guards");
            return printed("print_guards", [&](std::ostream& out) { c.print_guards(out); });
        });
        using leveled = void (context::*)(std::ostream&, std::size_t) const;
        const std::pair<const char*, leveled> printers[] = {{"print_disas", &context::print_disas},
                                                            {"print_value_stack", &context::print_value_stack},
                                                            {"print_locals", &context::print_locals},
                                                            {"print_bt", &context::print_bt}};
        for (const auto& entry : printers) {
            const char* name = entry.first;
            const leveled print = entry.second;
            add(name, [live, name, print](std::span<const object> a) {
                context& c = alive(live, name);
                const std::size_t level = detail::comptime_stacklevel(a, 0);
                return printed(name, [&](std::ostream& out) { (c.*print)(out, level); });
            });
        }
        add("frames",
            [live](std::span<const object>) { return object::checked(PyLong_FromSize_t(alive(live, "frames").frames())); });
        return methods;
    }
};

} // namespace lasso_cpython
