// lasso_cpython/numpy_indexing.hpp
//
// Reading arrays by index and slice (`x[i]`, `x[i, j]`, `x[a:b:c]`, `x[:, None]`,
// `x[..., 0]`: numpy's basic indexing, which returns a view), the attribute `size`,
// `astype(dtype)`, and the `dtype=` keyword of the constructors and of `sum` and `mean`
// (the constructors' dtype also positionally: `np.zeros(3, np.int64)`).
//
// lasso hands a subscript over as the node `getitem(x, index)` whose index is always a
// tuple, a slice in it the list `[start, stop, step]` and Ellipsis the empty list
// (lasso::feature::tensor_slicing); the eager backend passes those lists as tuples, which
// `index_key` turns back into slices and Ellipsis. An int index and slice bounds may be
// symbolic sizes: the rule works on sizes, and a comparison it needs (is `n // 2` within
// the dimension?) is decided once and guarded. An index out of range is refused as numpy
// raises IndexError (the guard keeps it so for the calls the graph serves). Advanced
// indexing (lists, arrays, bools) and indexing a 0-d operand (numpy scalars and 0-d
// arrays answer differently) stay graph breaks.
//
// A dtype argument is a string constant such as "float64", or a numpy scalar type
// (`np.float64`), a `numpy.dtype`, `float`, `int` or `bool`, which the adapter guards by
// identity and passes by its name (lasso::feature::named_operands); numpy's own
// `np.dtype(...)` reads it at trace time; a numeric dtype only (a result must be a tensor).
#pragma once

#include <lasso_cpython/numpy_rules.hpp>
#include <lasso_cpython/numpy_tensors.hpp>

#include <lasso/adapter/vocabulary.hpp>
#include <lasso/reasons.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso_cpython::numpy {

namespace detail {
inline lasso::unsupported index_error(const std::string& what) {
    return lasso::unsupported{lasso::reasons::would_raise, what + " (numpy raises IndexError)"};
}
inline lasso::unsupported index_refused(const std::string& what) {
    return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "indexing an array with " + what + " is not captured"};
}
inline bool is_none(const operand& o) { return o.value && std::holds_alternative<lasso::none_t>(*o.value); }

/// An int or a size (a bool is numpy's boolean indexing: not one).
inline std::optional<lasso::sym_int> index_int(const operand& o) {
    if (o.size) return *o.size;
    if (o.value)
        if (const auto* i = std::get_if<std::int64_t>(o.value)) return lasso::sym_int(*i);
    return std::nullopt;
}

/// The length of `dim[start:stop:step]`, as Python adjusts slice bounds
/// (PySlice_AdjustIndices), on sizes; each comparison with a symbol is guarded.
inline std::variant<lasso::sym_int, lasso::unsupported> slice_length(const lasso::sym_int& dim,
                                                                     std::span<const operand> bounds) {
    std::optional<lasso::sym_int> b[3];
    for (std::size_t k = 0; k < 3; ++k) {
        if (is_none(bounds[k])) continue;
        b[k] = index_int(bounds[k]);
        if (!b[k]) return index_error("a slice bound that is not an int or None");
    }
    std::int64_t step = 1;
    if (b[2]) {
        auto c = b[2]->constant();
        if (!c) return index_refused("a slice whose step is a symbolic size");
        if (*c == 0)
            return lasso::unsupported{lasso::reasons::would_raise, "slice step cannot be zero (numpy raises ValueError)"};
        step = *c;
    }
    const lasso::sym_int lower(step < 0 ? -1 : 0);
    const lasso::sym_int upper = step < 0 ? dim - lasso::sym_int(1) : dim;
    auto adjust = [&](const std::optional<lasso::sym_int>& bound, const lasso::sym_int& missing) {
        if (!bound) return missing;
        lasso::sym_int x = *bound;
        if (x < lasso::sym_int(0)) {
            x = x + dim;
            if (x < lower) x = lower;
        } else if (x > upper) {
            x = upper;
        }
        return x;
    };
    const lasso::sym_int start = adjust(b[0], step < 0 ? upper : lower);
    const lasso::sym_int stop = adjust(b[1], step < 0 ? lower : upper);
    if (step < 0) {
        if (stop < start) return floor_div(start - stop - lasso::sym_int(1), lasso::sym_int(-step)) + lasso::sym_int(1);
        return lasso::sym_int(0);
    }
    if (start < stop) return floor_div(stop - start - lasso::sym_int(1), lasso::sym_int(step)) + lasso::sym_int(1);
    return lasso::sym_int(0);
}
} // namespace detail

/// The rule of `x[index]`: `index` is the tuple lasso passes (tensor_slicing).
inline meta_result getitem_rule(const tensor_meta& x, const operand& index) {
    if (!index.is_sequence) return detail::index_refused("an index lasso does not pass as a tuple");
    if (x.shape.empty())
        return detail::index_refused("any index on a 0-d array or numpy scalar (the two answer differently)");
    const auto items = index.sequence();
    std::size_t consuming = 0, ellipses = 0;
    for (const operand& item : items) {
        if (item.is_sequence) {
            if (item.element_count == 0) ++ellipses;
            else ++consuming;
        } else if (item.tensor) {
            return detail::index_refused("an array (advanced indexing)");
        } else if (!detail::is_none(item)) {
            if (item.value && std::holds_alternative<bool>(*item.value))
                return detail::index_refused("a bool (numpy's boolean indexing)");
            if (!detail::index_int(item))
                return detail::index_error("only integers, slices, ellipsis and None are valid indices");
            ++consuming;
        }
    }
    const std::size_t ndim = x.shape.size();
    if (ellipses > 1) return detail::index_error("an index can only have a single ellipsis ('...')");
    if (consuming > ndim)
        return detail::index_error("too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                                   std::to_string(consuming) + " were indexed");
    shape_t shape;
    std::size_t d = 0;
    for (const operand& item : items) {
        if (detail::is_none(item)) {
            shape.emplace_back(1);
        } else if (item.is_sequence && item.element_count == 0) {
            for (std::size_t k = 0; k < ndim - consuming; ++k) shape.push_back(x.shape[d++]);
        } else if (item.is_sequence) {
            if (item.element_count != 3) return detail::index_refused("a slice lasso does not pass as three bounds");
            auto length = detail::slice_length(x.shape[d++], item.sequence());
            if (auto* u = std::get_if<lasso::unsupported>(&length)) return std::move(*u);
            shape.push_back(std::get<lasso::sym_int>(length));
        } else {
            const lasso::sym_int i = *detail::index_int(item);
            const lasso::sym_int& dim = x.shape[d++];
            if (!(i < dim) || !(i >= lasso::sym_int(0) - dim))
                return detail::index_error("index " + i.text() + " is out of bounds for axis " + std::to_string(d - 1) +
                                           " with size " + dim.text());
        }
    }
    while (d < ndim) shape.push_back(x.shape[d++]);
    return tensor_meta{x.dtype, std::move(shape)};
}

/// The Python index of an encoded one (a tuple whose tuples are slices, three bounds,
/// or Ellipsis, none): a new reference.
inline object index_key(PyObject* encoded) {
    if (!PyTuple_CheckExact(encoded)) return object::borrow(encoded);
    const Py_ssize_t n = PyTuple_GET_SIZE(encoded);
    object key = object::checked(PyTuple_New(n));
    for (Py_ssize_t k = 0; k < n; ++k) {
        PyObject* item = PyTuple_GET_ITEM(encoded, k);
        object made;
        if (PyTuple_CheckExact(item) && PyTuple_GET_SIZE(item) == 0) made = object::borrow(Py_Ellipsis);
        else if (PyTuple_CheckExact(item) && PyTuple_GET_SIZE(item) == 3)
            made = object::checked(
                PySlice_New(PyTuple_GET_ITEM(item, 0), PyTuple_GET_ITEM(item, 1), PyTuple_GET_ITEM(item, 2)));
        else made = object::borrow(item);
        PyTuple_SET_ITEM(key.get(), k, made.release());
    }
    return key;
}

/// numpy's dtype of a dtype argument (a constant), when it is a numeric one.
inline std::variant<object, lasso::unsupported> dtype_argument(const operand& o, std::string_view op) {
    const std::string* name = o.value ? std::get_if<std::string>(o.value) : nullptr;
    if (!name)
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  std::string(op) +
                                      " with a dtype other than a string, a numpy dtype or type, float, int or bool"};
    object text = to_str(*name);
    PyArray_Descr* descr = nullptr;
    if (!PyArray_DescrConverter(text.get(), &descr)) {
        PyErr_Clear();
        return lasso::unsupported{lasso::reasons::would_raise,
                                  std::string(op) + " with dtype '" + *name + "', which numpy does not know (TypeError)"};
    }
    object d = object::steal(reinterpret_cast<PyObject*>(descr));
    if (!numeric(descr))
        return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                  std::string(op) + " with dtype '" + *name + "' (not numeric: no tensor)"};
    return d;
}

/// The rule of the operations this header adds, or nothing for other operations: `getitem`,
/// `astype`, and a constructor, `zeros_like`/`ones_like`, `sum` or `mean` with `dtype=`
/// or a constructor with a positional dtype (the rule without it, then the dtype numpy
/// makes of the argument).
inline std::optional<meta_result> indexing_infer(const module_functions& np, std::string_view op,
                                                 std::span<const operand> args, bool is_method,
                                                 std::span<const std::string> keywords) {
    if (op == "getitem" && !is_method) {
        if (args.size() != 2 || !args[0].tensor || !keywords.empty())
            return meta_result{lasso::unsupported{lasso::reasons::call_form_unsupported, "getitem of no array"}};
        return getitem_rule(*args[0].tensor, args[1]);
    }
    if (op == "astype" && is_method) {
        if (args.size() != 2 || !args[0].tensor || !keywords.empty())
            return meta_result{lasso::unsupported{lasso::reasons::call_form_unsupported,
                                                  "astype with other than one dtype argument (copy=, casting=, order= "
                                                  "are not captured)"}};
        auto d = dtype_argument(args[1], op);
        if (auto* u = std::get_if<lasso::unsupported>(&d)) return meta_result{std::move(*u)};
        return meta_result{tensor_meta{std::get<object>(std::move(d)), args[0].tensor->shape}};
    }
    const auto named = std::find(keywords.begin(), keywords.end(), "dtype");
    const rule r = rule_of(op);
    const std::size_t positional = args.size() - keywords.size();
    // A constructor's dtype given positionally, after its other positional parameters:
    // zeros(shape, dtype), ones(shape, dtype), full(shape, fill, dtype),
    // arange(start, stop, step, dtype).
    const std::size_t dtype_position = op == "numpy.arange" ? 3 : op == "numpy.full" ? 2 : 1;
    const bool dtype_positional = r == rule::construct && named == keywords.end() && positional == dtype_position + 1;
    if (named == keywords.end() && !dtype_positional) return std::nullopt;
    const bool accumulates = op == "numpy.sum" || op == "numpy.mean" || op == "sum" || op == "mean";
    if (r != rule::construct && r != rule::like && !accumulates) return std::nullopt;
    const std::size_t at =
        dtype_positional ? dtype_position : positional + static_cast<std::size_t>(named - keywords.begin());
    auto d = dtype_argument(args[at], std::string(op) + "()");
    if (auto* u = std::get_if<lasso::unsupported>(&d)) return meta_result{std::move(*u)};
    std::vector<operand> other_args(args.begin(), args.end());
    other_args.erase(other_args.begin() + static_cast<std::ptrdiff_t>(at));
    std::vector<std::string> other_keywords(keywords.begin(), keywords.end());
    if (!dtype_positional) other_keywords.erase(other_keywords.begin() + (named - keywords.begin()));
    meta_result without = infer(np, op, other_args, is_method, other_keywords);
    if (auto* m = std::get_if<tensor_meta>(&without)) m->dtype = std::get<object>(std::move(d));
    return without;
}

/// Runs the operations of `indexing_infer` that `run` does not know: `getitem` (the
/// subscript, as BINARY_SUBSCR runs it) and the method `astype`; nothing for others.
inline std::optional<object> indexing_run(std::string_view op, std::span<const object> args, bool is_method,
                                          std::span<const std::string> keywords) {
    if (op == "getitem" && !is_method && args.size() == 2 && keywords.empty()) {
        object key = index_key(args[1].get());
        return object::checked(PyObject_GetItem(args[0].get(), key.get()));
    }
    if (op == "astype" && is_method && args.size() == 2 && keywords.empty())
        return object::checked(PyObject_CallMethod(args[0].get(), "astype", "O", args[1].get()));
    return std::nullopt;
}

/// `x.size`: the product of its sizes (a size when one of them is a symbol).
inline lasso::static_attribute size_attribute(const tensor_meta& m) {
    lasso::sym_int n(1);
    for (const lasso::sym_int& s : m.shape) n = n * s;
    if (auto c = n.constant()) return lasso::constant{*c};
    return n;
}

} // namespace lasso_cpython::numpy

namespace lasso_cpython {

namespace numpy {
/// A numpy scalar type (`np.float64`) or a `numpy.dtype`: builtins to the adapter
/// (guarded by identity), which tensor operations take by their dtype's name.
inline bool dtype_value(PyObject* v) {
    if (PyArray_DescrCheck(v)) return true;
    return PyType_Check(v) && PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(v), &PyGenericArrType_Type);
}
} // namespace numpy

/// The adapter's members for subscripts of arrays (lasso::feature::tensor_slicing) and
/// dtypes as operands (lasso::feature::named_operands).
struct indexing_members {
    static constexpr lasso::feature_set features{lasso::feature::tensor_slicing, lasso::feature::named_operands};
    static bool is_ellipsis(const object& v) { return v.get() == Py_Ellipsis; }
    /// The name numpy gives the dtype of `np.float64`, `np.dtype(">f8")`, `float`, `int`
    /// or `bool` ("float64", ">f8", ...), which numpy reads back as the same dtype.
    static std::optional<std::string> operand_name(const object& v) {
        PyObject* o = v.get();
        const bool python_type = o == reinterpret_cast<PyObject*>(&PyFloat_Type) ||
                                 o == reinterpret_cast<PyObject*>(&PyLong_Type) ||
                                 o == reinterpret_cast<PyObject*>(&PyBool_Type);
        if (!python_type && !numpy::dtype_value(o)) return std::nullopt;
        PyArray_Descr* descr = nullptr;
        if (!PyArray_DescrConverter(o, &descr)) {
            PyErr_Clear();
            return std::nullopt;
        }
        object d = object::steal(reinterpret_cast<PyObject*>(descr));
        if (!numpy::numeric(descr)) return std::nullopt;
        object text = object::steal(PyObject_Str(d.get()));
        if (!text) {
            PyErr_Clear();
            return std::nullopt;
        }
        return to_utf8(text.get());
    }
};

} // namespace lasso_cpython
