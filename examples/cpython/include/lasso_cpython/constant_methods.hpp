// lasso_cpython/constant_methods.hpp
//
// Methods of constants run at trace time (lasso::feature::constant_methods):
// `'-'.join(parts)`, `name.upper()`, `line.split(',')` of constants become constants of
// the trace (guards already hold the constants they came from). Only methods of exact
// `str` on arguments that are constants, or tuples and lists of them, are run: those
// are functions of their arguments alone (no effect, no user code: exact str, int,
// float, bool and None run none of the program's methods). Anything else, and a call
// that raises, gives nothing and the graph breaks there, so CPython runs it (and raises
// its own error).
#pragma once

#include <lasso_cpython/object.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso_cpython {

namespace detail {
/// A constant (None, a bool, an exact int, float or str), or an exact tuple or list of
/// such values: what a str method may be given without running the program's code.
inline bool plain_argument(PyObject* v, int depth = 0) {
    if (v == Py_None || PyBool_Check(v) || PyLong_CheckExact(v) || PyFloat_CheckExact(v) || PyUnicode_CheckExact(v))
        return true;
    if (depth > 16) return false;
    const bool tuple = PyTuple_CheckExact(v);
    if (!tuple && !PyList_CheckExact(v)) return false;
    const Py_ssize_t n = tuple ? PyTuple_GET_SIZE(v) : PyList_GET_SIZE(v);
    for (Py_ssize_t i = 0; i < n; ++i)
        if (!plain_argument(tuple ? PyTuple_GET_ITEM(v, i) : PyList_GET_ITEM(v, i), depth + 1)) return false;
    return true;
}
} // namespace detail

/// The capture adapter's members of lasso::feature::constant_methods (a base of
/// capture_adapter).
struct constant_method_members {
    /// The str methods run at trace time: each a pure function of its arguments.
    static constexpr std::array<std::string_view, 22> str_methods{
        "join",       "split", "rsplit",  "splitlines", "upper",      "lower",    "casefold", "title",
        "capitalize", "strip", "lstrip",  "rstrip",     "startswith", "endswith", "replace",  "count",
        "find",       "rfind", "isdigit", "isalpha",    "isspace",    "zfill"};

    /// Method `name` of `args[0]` called on the rest, when `args[0]` is an exact str,
    /// `name` one of `str_methods` and every argument plain; nothing otherwise or when
    /// the call raises.
    static std::optional<object> call_constant_method(std::string_view name, std::span<const object> args) {
        if (args.empty() || !PyUnicode_CheckExact(args[0].get())) return std::nullopt;
        if (std::find(str_methods.begin(), str_methods.end(), name) == str_methods.end()) return std::nullopt;
        std::vector<PyObject*> raw;
        for (const object& a : args) {
            if (!detail::plain_argument(a.get())) return std::nullopt;
            raw.push_back(a.get());
        }
        object method_name = to_str(name);
        object r = object::steal(PyObject_VectorcallMethod(method_name.get(), raw.data(), raw.size(), nullptr));
        if (!r) {
            PyErr_Clear();
            return std::nullopt;
        }
        return r;
    }

    /// A new list of `items` (lists of constants passed to a method).
    static object make_list(std::vector<object> items) {
        object l = object::checked(PyList_New(static_cast<Py_ssize_t>(items.size())));
        for (std::size_t i = 0; i < items.size(); ++i)
            PyList_SET_ITEM(l.get(), static_cast<Py_ssize_t>(i), items[i].release());
        return l;
    }
};

} // namespace lasso_cpython
