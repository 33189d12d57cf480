// lasso_cpython/higher_order.hpp
//
// lasso's operators that the package `lasso` defines in Python: the higher-order
// operators `lasso.cond`, `lasso.while_loop` and `lasso.map_rows`, and `lasso.comptime`
// with its shortcuts (`lasso.comptime.print_graph`, ...). Each is a plain Python
// function (its run outside capture defines what it does); the module registers them
// here by identity, so that the capture adapter classifies them as builtins of kinds
// `higher_order` and `comptime` instead of inlining their Python code. The members the
// eager backend needs to run the nodes (truth, rows, stacking, a loop's pass) are those
// of `higher_order_members`, which the adapter derives from.
#pragma once

#include <lasso_cpython/adapter_state.hpp>
#include <lasso_cpython/numpy_tensors.hpp>
#include <lasso_cpython/object.hpp>

#include <lasso/adapter/features.hpp>
#include <lasso/adapter/vocabulary.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lasso_cpython {

/// The operators of the package `lasso` the translator knows, with their behaviour
/// (registered once, when the package is imported; kept for the process).
inline std::vector<std::pair<object, lasso::builtin_behaviour>>& lasso_operators() {
    static auto* entries = new std::vector<std::pair<object, lasso::builtin_behaviour>>();
    return *entries;
}

/// The behaviour of `v` when it is one of the registered operators.
inline std::optional<lasso::builtin_behaviour> lasso_operator(PyObject* v) {
    for (const auto& [fn, behaviour] : lasso_operators())
        if (fn.get() == v) return behaviour;
    return std::nullopt;
}

/// Attribute `name` of a registered operator when it is one of the function's own
/// (`lasso.comptime.print_graph`): read from its `__dict__`, as CPython reads a name the
/// function type does not define.
inline std::optional<object> lasso_operator_attribute(PyObject* fn, PyObject* name) {
    if (!lasso_operator(fn) || !PyFunction_Check(fn) || _PyType_Lookup(Py_TYPE(fn), name)) return std::nullopt;
    PyObject* dict = reinterpret_cast<PyFunctionObject*>(fn)->func_dict;
    PyObject* v = dict ? PyDict_GetItemWithError(dict, name) : nullptr;
    if (!v) {
        PyErr_Clear();
        return std::nullopt;
    }
    return object::borrow(v);
}

/// `_lasso._register_operators(cond, while_loop, map_rows, comptime)`: the package's
/// functions; comptime's shortcuts are its attributes named after the context's methods.
inline PyObject* register_operators(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
    using K = lasso::builtin_kind;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "_register_operators(cond, while_loop, map_rows, comptime)");
        return nullptr;
    }
    auto& entries = lasso_operators();
    entries.clear();
    const char* names[] = {"cond", "while_loop", "map_rows"};
    for (int i = 0; i < 3; ++i)
        entries.emplace_back(object::borrow(args[i]), lasso::builtin_behaviour{K::higher_order, names[i]});
    entries.emplace_back(object::borrow(args[3]), lasso::builtin_behaviour{K::comptime, "comptime"});
    const char* shortcuts[] = {
        "graph_break",  "print_graph", "print_disas", "print_value_stack", "print_value_stack_and_return",
        "print_locals", "print_bt",    "print_guards"};
    for (const char* name : shortcuts) {
        PyObject* fn = PyObject_GetAttrString(args[3], name);
        if (!fn) return nullptr;
        entries.emplace_back(object::steal(fn), lasso::builtin_behaviour{K::comptime, name});
    }
    Py_RETURN_NONE;
}

/// What the eager backend needs to run `cond`, `while_loop` and `map_rows` nodes.
struct higher_order_members {
    using value = object;

    static constexpr lasso::feature_set features{lasso::feature::higher_order, lasso::feature::row_mapping,
                                                 lasso::feature::loop_pass};

    /// The truth of a predicate, as `bool(p)` (a one-element array's only element).
    static bool truth(const value& v) {
        const int r = PyObject_IsTrue(v.get());
        if (r < 0) throw python_error();
        return r == 1;
    }
    /// A pass of a compiled while_loop runs Python's signal handlers, so that Ctrl-C
    /// stops a graph's loop as it stops the loop of the plain implementation.
    static void loop_pass() {
        if (PyErr_CheckSignals() < 0) throw python_error();
    }
    /// `xs[0]`, `xs[1]`, ...: the rows the plain map_rows iterates (views).
    static std::vector<value> tensor_rows(const value& v) {
        const Py_ssize_t n = PySequence_Length(v.get());
        if (n < 0) throw python_error();
        std::vector<value> rows;
        rows.reserve(static_cast<std::size_t>(n));
        for (Py_ssize_t i = 0; i < n; ++i) rows.push_back(object::checked(PySequence_GetItem(v.get(), i)));
        return rows;
    }
    /// `numpy.stack(rows)`, as the plain map_rows stacks its results.
    static value stack_rows(const std::vector<value>& rows) {
        object list = object::checked(PyList_New(static_cast<Py_ssize_t>(rows.size())));
        for (std::size_t i = 0; i < rows.size(); ++i)
            PyList_SET_ITEM(list.get(), static_cast<Py_ssize_t>(i), object(rows[i]).release());
        PyObject* stack = state().np.function_of("numpy.stack");
        if (!stack) {
            PyErr_SetString(PyExc_RuntimeError, "lasso: numpy.stack is not available");
            throw python_error();
        }
        return object::checked(PyObject_CallOneArg(stack, list.get()));
    }
    /// The metadata of `n` rows of metadata `m` stacked.
    static tensor_meta stacked_meta(const tensor_meta& m, std::int64_t n) {
        tensor_meta out{m.dtype, {lasso::sym_int(n)}};
        for (const lasso::sym_int& d : m.shape) out.shape.push_back(d);
        return out;
    }
};

} // namespace lasso_cpython
