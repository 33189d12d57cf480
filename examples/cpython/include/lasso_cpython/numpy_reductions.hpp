// lasso_cpython/numpy_reductions.hpp
//
// The shape rule of numpy's reductions `sum`, `mean`, `max` and `min`, as functions
// (`np.sum(x, axis=0)`) and as array methods (`x.max(axis=1, keepdims=True)`): the
// array, then an axis given positionally or as `axis=` (None, an int, or a tuple of
// ints), and `keepdims=` (a bool). Other arguments (`dtype=`, `out=`, `initial=`,
// `where=`) are refused with their name, so the call runs as plain numpy.
//
// The reduced axes are dropped (kept as 1 with keepdims); an axis out of range or given
// twice is refused as numpy raises (AxisError, ValueError), and so is `max` or `min`
// over an empty axis (numpy has no identity for them). The dtype does not depend on the
// axes, so it is the whole-array reduction's, asked of numpy as for every rule.
#pragma once

#include <lasso_cpython/numpy_shapes.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso_cpython::numpy {

/// The arguments of a reduction besides the array.
struct reduction_arguments {
    std::optional<std::vector<std::int64_t>> axes; ///< nullopt: every axis (axis=None)
    bool keepdims = false;
};

/// Reads the axis and keepdims of reduction `op` from `rest` (the operands after the
/// array, the last `keywords.size()` of them keyword arguments); the reason otherwise.
inline std::variant<reduction_arguments, lasso::unsupported>
read_reduction_arguments(std::string_view op, std::span<const operand> rest, std::span<const std::string> keywords) {
    auto refuse = [&](const std::string& what) {
        return lasso::unsupported{lasso::reasons::call_form_unsupported, std::string(op) + " " + what};
    };
    const std::size_t positional = rest.size() - keywords.size();
    if (positional > 1) return refuse("with positional arguments besides the array and the axis (dtype, out)");
    reduction_arguments out;
    auto read_axis = [&](const operand& a) -> std::optional<lasso::unsupported> {
        if (a.value && std::holds_alternative<lasso::none_t>(*a.value)) return std::nullopt;
        auto ints = int_arguments(std::span<const operand>(&a, 1));
        if (!ints) return refuse("with an axis that is not None, an int or a tuple of ints");
        out.axes = std::move(*ints);
        return std::nullopt;
    };
    bool axis_seen = false;
    if (positional == 1) {
        axis_seen = true;
        if (auto u = read_axis(rest[0])) return *u;
    }
    for (std::size_t k = 0; k < keywords.size(); ++k) {
        const operand& a = rest[positional + k];
        if (keywords[k] == "axis") {
            // numpy raises TypeError for an axis given twice; the call runs as plain numpy.
            if (axis_seen) return refuse("with the axis given twice");
            axis_seen = true;
            if (auto u = read_axis(a)) return *u;
        } else if (keywords[k] == "keepdims") {
            const bool* b = a.value ? std::get_if<bool>(a.value) : nullptr;
            if (!b) return refuse("with keepdims that is not True or False");
            out.keepdims = *b;
        } else return refuse("with keyword argument '" + keywords[k] + "' (only axis and keepdims are captured)");
    }
    return out;
}

/// The shape rule of reduction `op` on array `in`; `rest` and `keywords` as above.
inline meta_result reduce_rule(const module_functions& np, std::string_view op, const operand& array,
                               std::span<const operand> rest, std::span<const std::string> keywords, bool is_method) {
    auto read = read_reduction_arguments(op, rest, keywords);
    if (auto* u = std::get_if<lasso::unsupported>(&read)) return std::move(*u);
    const reduction_arguments& r = std::get<reduction_arguments>(read);
    const tensor_meta& in = *array.tensor;
    const auto nd = static_cast<std::int64_t>(in.shape.size());
    const bool extremum = op.ends_with("max") || op.ends_with("min");
    std::vector<bool> reduced(in.shape.size(), !r.axes);
    if (r.axes) {
        // A numpy scalar and a 0-d array answer an axis differently (the scalar ignores it).
        if (nd == 0 && !r.axes->empty())
            return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                      std::string(op) + " of a 0-d operand along an axis"};
        for (std::int64_t a : *r.axes) {
            if (a < -nd || a >= nd)
                return lasso::unsupported{lasso::reasons::would_raise, std::string(op) + " along axis " + std::to_string(a) +
                                                                           " of a " + std::to_string(nd) +
                                                                           "-d array (numpy raises AxisError)"};
            const auto k = static_cast<std::size_t>(a < 0 ? a + nd : a);
            if (reduced[k])
                return lasso::unsupported{lasso::reasons::would_raise,
                                          std::string(op) + " along a repeated axis (numpy raises ValueError)"};
            reduced[k] = true;
        }
    }
    shape_t shape;
    bool empty = false;
    for (std::size_t i = 0; i < in.shape.size(); ++i) {
        if (!reduced[i]) shape.push_back(in.shape[i]);
        else {
            if (r.keepdims) shape.push_back(1);
            empty = empty || in.shape[i] == 0;
        }
    }
    // Refused whenever a reduced axis is empty, even where numpy gives an empty result.
    if (extremum && empty)
        return lasso::unsupported{lasso::reasons::would_raise,
                                  std::string(op) + " over an empty axis (numpy raises ValueError: no identity)"};
    auto dtype = result_dtype(np, op, std::span<const operand>(&array, 1), is_method);
    if (auto* u = std::get_if<lasso::unsupported>(&dtype)) return std::move(*u);
    return tensor_meta{std::get<object>(std::move(dtype)), std::move(shape)};
}

} // namespace lasso_cpython::numpy
