// lasso_cpython/numpy_rules.hpp
//
// The shape rule of every captured numpy operation, by the rule its graph target
// follows (numpy_tensors.hpp lists the targets and holds the elementwise, matmul,
// reshape, transpose and constructor rules; numpy_reductions.hpp the reductions;
// numpy_joins.hpp concatenate and stack). Keyword arguments reach the reductions and
// the joins; every other operation refuses them by name.
#pragma once

#include <lasso_cpython/numpy_joins.hpp>
#include <lasso_cpython/numpy_reductions.hpp>
#include <lasso_cpython/numpy_shapes.hpp>
#include <lasso_cpython/numpy_tensors.hpp>

#include <algorithm>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso_cpython::numpy {

/// The shape rule of graph target `op`; the last `keywords.size()` of `args` are keyword
/// arguments (only reductions take any: numpy_reductions.hpp).
inline meta_result infer(const module_functions& np, std::string_view op, std::span<const operand> args, bool is_method,
                         std::span<const std::string> keywords = {}) {
    const rule r = rule_of(op);
    if (r == rule::none)
        return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                  "numpy operation '" + std::string(op) + "' is not captured yet"};
    if (is_method && r != rule::reduce && r != rule::reshape && r != rule::transpose)
        return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                  "array method '" + std::string(op) + "' is not captured yet"};
    if (r == rule::reduce) {
        if (args.empty() || !args[0].tensor || keywords.size() >= args.size())
            return lasso::unsupported{lasso::reasons::call_form_unsupported, std::string(op) + " of no array"};
        return reduce_rule(np, op, args[0], args.subspan(1), keywords, is_method);
    }
    if (r == rule::join) return join_rule(np, op, args, keywords);
    if (!keywords.empty()) {
        std::string names;
        for (const std::string& k : keywords) names += (names.empty() ? "'" : ", '") + k + "'";
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  std::string(op) + " with keyword arguments " + names + " (not captured)"};
    }
    if (r == rule::construct) return construct_rule(np, op, args);
    if (r == rule::like) {
        if (args.size() != 1 || !args[0].tensor)
            return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                      std::string(op) +
                                          " of other than one array (a dtype, order or shape argument is "
                                          "not captured)"};
        return tensor_meta{args[0].tensor->dtype, args[0].tensor->shape};
    }
    if (r == rule::reshape || r == rule::transpose) {
        if (args.empty() || !args[0].tensor)
            return lasso::unsupported{lasso::reasons::call_form_unsupported, std::string(op) + " of no array"};
        return r == rule::reshape ? reshape_rule(op, *args[0].tensor, args.subspan(1))
                                  : transpose_rule(op, *args[0].tensor, args.subspan(1));
    }
    std::vector<operand> numbered;
    std::vector<lasso::constant> numbers;
    args = sizes_as_numbers(np, op, args, is_method, numbered, numbers);
    std::vector<const shape_t*> shapes;
    bool any_tensor = false;
    for (const operand& a : args) {
        if (a.tensor) {
            shapes.push_back(&a.tensor->shape);
            any_tensor = true;
            continue;
        }
        const bool number =
            a.value && (std::holds_alternative<bool>(*a.value) || std::holds_alternative<std::int64_t>(*a.value) ||
                        std::holds_alternative<double>(*a.value));
        if (!number)
            return lasso::unsupported{lasso::reasons::unsupported_operator,
                                      std::string(op) + " of an operand that is neither an array nor a number"};
    }
    if (!any_tensor)
        return lasso::unsupported{lasso::reasons::unsupported_operator, std::string(op) + " without an array operand"};
    shape_t shape;
    switch (r) {
    case rule::elementwise:
    case rule::compare: {
        // where(condition, a, b) selects elementwise: three operands broadcast together.
        const std::size_t arity = op == "numpy.where" ? 3 : 2;
        if (args.size() != arity)
            return lasso::unsupported{lasso::reasons::wrong_arguments,
                                      std::string(op) + " with other than " + std::to_string(arity) + " operands"};
        auto b = broadcast(shapes);
        if (!b)
            return lasso::unsupported{lasso::reasons::would_raise,
                                      "operands could not be broadcast together with shapes " + shape_text(*shapes[0]) +
                                          " " + shape_text(*shapes.back()) + " (numpy raises ValueError)"};
        shape = *b;
        break;
    }
    case rule::unary:
        if (args.size() != 1)
            return lasso::unsupported{lasso::reasons::wrong_arguments, std::string(op) + " with other than one operand"};
        shape = *shapes[0];
        break;
    case rule::matmul: {
        if (args.size() != 2 || !args[0].tensor || !args[1].tensor)
            return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "matmul of two arrays only"};
        auto m = matmul_shape(*args[0].tensor, *args[1].tensor, shape);
        if (auto* u = std::get_if<lasso::unsupported>(&m)) return std::move(*u);
        break;
    }
    case rule::reduce:
    case rule::reshape:
    case rule::transpose:
    case rule::construct:
    case rule::like:
    case rule::join:
    case rule::none: break;
    }
    if (op == "pow") {
        // Two 0-d operands: numpy scalars and 0-d arrays get different dtypes, and the
        // metadata does not say which the operands are.
        if (std::all_of(args.begin(), args.end(), [](const operand& a) { return !a.tensor || a.tensor->shape.empty(); }))
            return lasso::unsupported{lasso_cpython::reasons::scalar_arithmetic,
                                      "** of two 0-d operands (numpy scalars and 0-d arrays give different dtypes)"};
    }
    auto dtype = result_dtype(np, op, args, is_method);
    if (auto* u = std::get_if<lasso::unsupported>(&dtype)) return std::move(*u);
    if (op == "pow" && args[1].tensor &&
        PyTypeNum_ISSIGNED(reinterpret_cast<PyArray_Descr*>(args[1].tensor->dtype.get())->type_num) &&
        PyTypeNum_ISINTEGER(reinterpret_cast<PyArray_Descr*>(std::get<object>(dtype).get())->type_num))
        return lasso::unsupported{lasso_cpython::reasons::value_dependent_error,
                                  "integer ** an array of signed integers (numpy raises ValueError for a negative "
                                  "exponent)"};
    return tensor_meta{std::get<object>(std::move(dtype)), std::move(shape)};
}

} // namespace lasso_cpython::numpy
