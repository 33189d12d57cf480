// lasso_cpython/numpy_joins.hpp
//
// The shape rule of `np.concatenate(arrays, axis=0)` and `np.stack(arrays, axis=0)`: a
// tuple or list of arrays (lasso::feature::tensor_sequences hands them over as one
// sequence operand), then the axis, positionally or as `axis=`. Other arguments (`out=`,
// `dtype=`, `casting=`) are refused by name.
//
// Shapes are checked as numpy checks them (the same number of dimensions, equal sizes
// off the axis, for stack equal shapes; the axis in range), and what numpy rejects is
// refused with its reason, so that numpy raises its own error. The dtype is numpy's:
// the call runs once on arrays of ones of the operands' dtypes and dimensions. No operand
// is 0-d where numpy compares dtypes (stack makes every operand 1-d first), so numpy's
// value-based casting does not apply.
#pragma once

#include <lasso_cpython/numpy_tensors.hpp>

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso_cpython::numpy {

/// The dtype numpy gives join `op` of arrays of these dtypes and dimensions along
/// `axis` (nullopt: None), asked by running it on arrays of ones.
inline std::variant<object, lasso::unsupported> join_dtype(const module_functions& np, std::string_view op,
                                                           std::span<const operand> arrays,
                                                           std::optional<std::int64_t> axis) {
    object items = object::checked(PyTuple_New(static_cast<Py_ssize_t>(arrays.size())));
    object one = object::checked(PyLong_FromLong(1));
    for (std::size_t i = 0; i < arrays.size(); ++i) {
        object d = dummy(np, arrays[i].tensor->dtype, arrays[i].tensor->shape.size(), one.get());
        PyTuple_SET_ITEM(items.get(), static_cast<Py_ssize_t>(i), d.release());
    }
    object axis_value = axis ? object::checked(PyLong_FromLongLong(*axis)) : object::borrow(Py_None);
    const object call[] = {items, axis_value};
    auto made = run_at_trace_time(np, op, call, "these dtypes");
    if (auto* u = std::get_if<lasso::unsupported>(&made)) return std::move(*u);
    return tensor_dtype(std::get<object>(made).get());
}

/// The shape rule of `numpy.concatenate` and `numpy.stack`; the last `keywords.size()`
/// of `args` are keyword arguments.
inline meta_result join_rule(const module_functions& np, std::string_view op, std::span<const operand> args,
                             std::span<const std::string> keywords) {
    const bool stack = op == "numpy.stack";
    auto refuse = [&](const std::string& what) {
        return lasso::unsupported{lasso::reasons::call_form_unsupported, std::string(op) + " " + what};
    };
    auto raises = [&](const std::string& what) {
        return lasso::unsupported{lasso::reasons::would_raise, std::string(op) + " " + what};
    };
    const std::size_t positional = args.size() - std::min(keywords.size(), args.size());
    if (positional < 1 || positional > 2) return refuse("with arguments besides the arrays and the axis");
    const operand* axis_operand = positional == 2 ? &args[1] : nullptr;
    for (std::size_t k = 0; k < keywords.size(); ++k) {
        if (keywords[k] != "axis" || axis_operand)
            return refuse("with keyword argument '" + keywords[k] + "' (only axis is captured)");
        axis_operand = &args[positional + k];
    }
    std::optional<std::int64_t> axis = 0;
    if (axis_operand) {
        const lasso::constant* c = axis_operand->value;
        if (c && std::holds_alternative<lasso::none_t>(*c) && !stack) axis = std::nullopt;
        else if (const auto* n = c ? std::get_if<std::int64_t>(c) : nullptr) axis = *n;
        else if (axis_operand->size) axis = axis_operand->size->specialize();
        else return refuse("with an axis that is not an int constant");
    }
    const operand& seq = args[0];
    if (!seq.is_sequence) return refuse("of other than a tuple or list of arrays");
    const std::span<const operand> arrays = seq.sequence();
    if (arrays.empty()) return raises("of no arrays (numpy raises ValueError: need at least one array)");
    for (const operand& a : arrays)
        if (!a.tensor) return refuse("of a sequence holding other than arrays");
    const shape_t& first = arrays[0].tensor->shape;
    const auto nd = static_cast<std::int64_t>(first.size());
    shape_t shape;
    auto differs = [&](const shape_t& s) {
        if (s.size() != first.size()) return true;
        for (std::size_t i = 0; i < s.size(); ++i)
            if (s[i] != first[i]) return true;
        return false;
    };
    if (stack) {
        for (const operand& a : arrays)
            if (differs(a.tensor->shape))
                return raises(
                    "of arrays of different shapes (numpy raises ValueError: all input arrays must have the "
                    "same shape)");
        if (*axis < -(nd + 1) || *axis > nd)
            return raises("along axis " + std::to_string(*axis) + " (numpy raises AxisError)");
        const std::int64_t at = *axis < 0 ? *axis + nd + 1 : *axis;
        shape = first;
        shape.insert(shape.begin() + at, lasso::sym_int(static_cast<std::int64_t>(arrays.size())));
    } else {
        for (const operand& a : arrays) {
            if (a.tensor->shape.empty())
                return raises("of a 0-d array (numpy raises ValueError: zero-dimensional arrays cannot be concatenated)");
            if (static_cast<std::int64_t>(a.tensor->shape.size()) != nd)
                return raises("of arrays of different dimensions (numpy raises ValueError)");
        }
        if (!axis) {
            lasso::sym_int total = 0;
            for (const operand& a : arrays) {
                lasso::sym_int count = 1;
                for (const lasso::sym_int& d : a.tensor->shape) count *= d;
                total += count;
            }
            shape = {total};
        } else {
            if (*axis < -nd || *axis >= nd)
                return raises("along axis " + std::to_string(*axis) + " (numpy raises AxisError)");
            const auto at = static_cast<std::size_t>(*axis < 0 ? *axis + nd : *axis);
            shape = first;
            shape[at] = 0;
            for (const operand& a : arrays) {
                for (std::size_t i = 0; i < first.size(); ++i)
                    if (i != at && a.tensor->shape[i] != first[i])
                        return raises("of arrays whose sizes differ off the axis (numpy raises ValueError)");
                shape[at] += a.tensor->shape[at];
            }
        }
    }
    auto dtype = join_dtype(np, op, arrays, axis);
    if (auto* u = std::get_if<lasso::unsupported>(&dtype)) return std::move(*u);
    return tensor_meta{std::get<object>(std::move(dtype)), std::move(shape)};
}

} // namespace lasso_cpython::numpy
