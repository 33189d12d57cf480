// lasso_cpython/numpy_shapes.hpp
//
// The rules of the operations that take sizes: `reshape`, `transpose` (axes), the
// constructors `zeros`, `ones`, `full` and `arange`, and Python ints next to arrays
// (`x / x.shape[0]`). Under symbolic shapes a size may be a symbol (`s0`, `s0 // 2`):
// reshape computes the inferred `-1` with symbolic arithmetic, a constructor's shape
// holds the sizes it was given, and where a rule needs a concrete int (an axis, a bound
// of `arange(start, stop)`) the size is specialized, which guards it equal to its traced
// value. Shapes of constants follow the integer rules exactly as before, overflow checks
// included (tests/cpython/shape_rules_check.py holds them against numpy).
#pragma once

#include <lasso_cpython/numpy_tensors.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso_cpython::numpy {

/// The sizes of `args` (each an int or a size, or one tuple or list of them: how
/// `reshape` and the constructors take a shape); nullopt for anything else (a bool, a
/// float, a nested sequence).
inline std::optional<shape_t> size_arguments(std::span<const operand> args) {
    if (args.size() == 1 && args[0].is_sequence) return lasso::sizes_of(args[0]);
    shape_t out;
    for (const operand& a : args) {
        auto n = lasso::size_of(a);
        if (!n) return std::nullopt;
        out.push_back(*n);
    }
    return out;
}

/// The ints of `args` as `size_arguments` reads them (axes): a symbolic size is
/// specialized to its traced value.
inline std::optional<std::vector<std::int64_t>> int_arguments(std::span<const operand> args) {
    auto sizes = size_arguments(args);
    if (!sizes) return std::nullopt;
    std::vector<std::int64_t> out;
    for (const lasso::sym_int& s : *sizes) out.push_back(s.specialize());
    return out;
}

inline bool all_constant(const shape_t& s) {
    return std::all_of(s.begin(), s.end(), [](const lasso::sym_int& d) { return d.is_constant(); });
}

namespace detail {
inline lasso::unsupported bad_reshape(const shape_t& dims) {
    return {lasso::reasons::would_raise, "reshape to " + shape_text(dims) + " (numpy raises ValueError)"};
}

/// reshape's rule on constant sizes, with overflow checks.
inline meta_result reshape_constant(const tensor_meta& in, const shape_t& dims) {
    std::int64_t count = 1;
    for (const lasso::sym_int& d : in.shape)
        if (__builtin_mul_overflow(count, d.hint(), &count))
            return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "reshape of an array too large"};
    std::int64_t known = 1;
    std::optional<std::size_t> unknown;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        const std::int64_t d = dims[i].hint();
        if (d == -1 && !unknown) {
            unknown = i;
            continue;
        }
        if (d < 0 || __builtin_mul_overflow(known, d, &known)) return bad_reshape(dims);
    }
    shape_t shape = dims;
    if (unknown) {
        if (known == 0 || count % known != 0) return bad_reshape(dims);
        shape[*unknown] = count / known;
    } else if (known != count)
        return lasso::unsupported{lasso::reasons::would_raise, "reshape of " + std::to_string(count) + " elements to " +
                                                                   shape_text(dims) + " (numpy raises ValueError)"};
    return tensor_meta{in.dtype, std::move(shape)};
}

/// reshape's rule where a size is a symbol: the element counts must be equal (a guarded
/// relation unless they are the same polynomial), and a `-1` is the count divided by the
/// product of the others.
inline meta_result reshape_symbolic(const tensor_meta& in, const shape_t& dims) {
    lasso::sym_int count = 1, known = 1;
    for (const lasso::sym_int& d : in.shape) count = count * d;
    std::optional<std::size_t> unknown;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        const lasso::sym_int& d = dims[i];
        if (d.is_constant() && d.hint() == -1 && !unknown) {
            unknown = i;
            continue;
        }
        if (d < 0) return bad_reshape(dims);
        known = known * d;
    }
    shape_t shape = dims;
    if (unknown) {
        if (known == 0) return bad_reshape(dims);
        auto rest = divide_exactly(count, known);
        if (!rest) return bad_reshape(dims);
        shape[*unknown] = *rest;
    } else if (known != count)
        return lasso::unsupported{lasso::reasons::would_raise, "reshape of " + count.text() + " elements to " +
                                                                   shape_text(dims) + " (numpy raises ValueError)"};
    return tensor_meta{in.dtype, std::move(shape)};
}
} // namespace detail

/// reshape's rule: the new shape holds as many elements as the array; one -1 stands for
/// what the others leave. The dtype is the array's.
inline meta_result reshape_rule(std::string_view op, const tensor_meta& in, std::span<const operand> rest) {
    if (rest.empty()) return lasso::unsupported{lasso::reasons::wrong_arguments, std::string(op) + " without a shape"};
    if (op == "numpy.reshape" && rest.size() != 1)
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  "numpy.reshape with arguments besides the array and the shape"};
    auto dims = size_arguments(rest);
    if (!dims)
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  std::string(op) + " of a shape that is not ints or one tuple or list of ints"};
    if (all_constant(in.shape) && all_constant(*dims)) return detail::reshape_constant(in, *dims);
    return detail::reshape_symbolic(in, *dims);
}

/// transpose's rule: the axes reversed, or permuted by the given axes (each once,
/// negative ones counted from the end). The dtype is the array's.
inline meta_result transpose_rule(std::string_view op, const tensor_meta& in, std::span<const operand> rest) {
    const auto nd = static_cast<std::int64_t>(in.shape.size());
    if (rest.empty()) return tensor_meta{in.dtype, shape_t(in.shape.rbegin(), in.shape.rend())};
    if (op == "numpy.transpose" && rest.size() != 1)
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  "numpy.transpose with arguments besides the array and the axes"};
    // `x.transpose(None)` and `np.transpose(x, None)` reverse the axes too.
    if (rest.size() == 1 && rest[0].value && std::holds_alternative<lasso::none_t>(*rest[0].value))
        return tensor_meta{in.dtype, shape_t(in.shape.rbegin(), in.shape.rend())};
    auto axes = int_arguments(rest);
    if (!axes)
        return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                  std::string(op) + " of axes that are not ints or one tuple or list of ints"};
    if (static_cast<std::int64_t>(axes->size()) != nd)
        return lasso::unsupported{lasso::reasons::would_raise,
                                  "transpose axes " + shape_text(*axes) + " do not match the array (numpy raises)"};
    std::vector<bool> seen(in.shape.size(), false);
    shape_t shape;
    for (std::int64_t a : *axes) {
        if (a < -nd || a >= nd)
            return lasso::unsupported{lasso::reasons::would_raise,
                                      "transpose axis " + std::to_string(a) + " out of range (numpy raises)"};
        const auto k = static_cast<std::size_t>(a < 0 ? a + nd : a);
        if (seen[k])
            return lasso::unsupported{lasso::reasons::would_raise, "transpose axis repeated (numpy raises ValueError)"};
        seen[k] = true;
        shape.push_back(in.shape[k]);
    }
    return tensor_meta{in.dtype, std::move(shape)};
}

/// The rule of `zeros(shape)`, `ones(shape)`, `full(shape, fill)` and `arange(...)` of
/// constants and sizes: the arguments are checked and the array's size bounded, then
/// numpy makes it once at trace time, with the traced sizes, and its dtype and shape are
/// the rule's answer (numpy's own, for these very constants, which guards hold). A
/// constructor's shape keeps the sizes it was given, symbols included, and so does the
/// length of `arange(n)` of a size n; other bounds of `arange` and a fill value that is
/// a size are specialized.
inline meta_result construct_rule(const module_functions& np, std::string_view op, std::span<const operand> args) {
    std::vector<object> values;
    std::optional<shape_t> symbolic_shape;
    if (op == "numpy.arange") {
        if (args.empty() || args.size() > 3)
            return lasso::unsupported{lasso::reasons::call_form_unsupported, "numpy.arange with other than 1 to 3 numbers"};
        // arange(n) of a size n >= 0 (a guarded relation for an expression such as s0 - 5;
        // a plain symbol is at least 2) has n elements.
        if (args.size() == 1 && args[0].size && *args[0].size >= 0) symbolic_shape = shape_t{*args[0].size};
        std::array<double, 3> b{0, 0, 1};
        for (std::size_t i = 0; i < args.size(); ++i) {
            const lasso::constant* c = args[i].value;
            const bool number = c && (std::holds_alternative<std::int64_t>(*c) || std::holds_alternative<double>(*c));
            if (!number && !args[i].size)
                return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                          "numpy.arange of an argument that is not an int or a float constant"};
            double v = 0;
            if (args[i].size) {
                const std::int64_t n = symbolic_shape ? args[i].size->hint() : args[i].size->specialize();
                v = static_cast<double>(n);
                values.push_back(object::checked(PyLong_FromLongLong(n)));
            } else {
                v = std::holds_alternative<double>(*c) ? std::get<double>(*c)
                                                       : static_cast<double>(std::get<std::int64_t>(*c));
                values.push_back(number_object(args[i]));
            }
            b[args.size() == 1 ? 1 : i] = v;
        }
        const double n = (b[1] - b[0]) / b[2];
        if (b[2] == 0 || !(n <= static_cast<double>(max_constructed)))
            return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                      "numpy.arange of a zero step, a non-finite bound or over 2**20 elements"};
    } else {
        const std::size_t arity = op == "numpy.full" ? 2 : 1;
        if (args.size() != arity)
            return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                      std::string(op) + " with other than " +
                                          (arity == 2 ? "a shape and a fill value" : "a shape") +
                                          " (a dtype or order argument is not captured)"};
        auto dims = size_arguments(args.first(1));
        if (!dims)
            return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                      std::string(op) + " of a shape that is not an int or a tuple or list of ints"};
        std::int64_t count = 1;
        for (const lasso::sym_int& d : *dims)
            if (d.hint() < 0 || __builtin_mul_overflow(count, d.hint(), &count) || count > max_constructed)
                return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                          std::string(op) + " of shape " + shape_text(*dims) +
                                              " (a negative size, which numpy rejects, or over 2**20 elements)"};
        // A symbolic size must stay non-negative for the entry (numpy raises for a
        // negative one; an expression such as s0 - 5 is guarded).
        for (const lasso::sym_int& d : *dims)
            if (d.is_symbolic() && d < 0)
                return lasso::unsupported{lasso::reasons::would_raise, std::string(op) + " of shape " + shape_text(*dims) +
                                                                           " (a negative size: numpy raises ValueError)"};
        if (!all_constant(*dims)) symbolic_shape = *dims;
        if (args[0].is_sequence) {
            object t = object::checked(PyTuple_New(static_cast<Py_ssize_t>(dims->size())));
            for (std::size_t i = 0; i < dims->size(); ++i)
                PyTuple_SET_ITEM(t.get(), static_cast<Py_ssize_t>(i), PyLong_FromLongLong((*dims)[i].hint()));
            values.push_back(std::move(t));
        } else values.push_back(object::checked(PyLong_FromLongLong((*dims)[0].hint())));
        if (arity == 2) {
            object fill =
                args[1].size ? object::checked(PyLong_FromLongLong(args[1].size->specialize())) : number_object(args[1]);
            if (!fill)
                return lasso::unsupported{lasso::reasons::call_form_unsupported,
                                          "numpy.full with a fill value that is not a number constant"};
            values.push_back(std::move(fill));
        }
    }
    auto made = run_at_trace_time(np, op, values, "these arguments");
    if (auto* u = std::get_if<lasso::unsupported>(&made)) return std::move(*u);
    tensor_meta m = meta_of(std::get<object>(made).get());
    if (symbolic_shape) m.shape = std::move(*symbolic_shape);
    return m;
}

/// `args` with every size operand (a Python int whose value varies: `x / x.shape[0]`)
/// given as a number for the dtype rule. numpy 1.x picks the dtype from the value of a
/// Python int next to arrays, so the dtype is asked for the traced sizes and for the
/// smallest (2) and largest size a symbol can take: when the three agree the sizes stay
/// symbols, else they are specialized. `out` and `numbers` hold what the result points to.
inline std::span<const operand> sizes_as_numbers(const module_functions& np, std::string_view op,
                                                 std::span<const operand> args, bool is_method, std::vector<operand>& out,
                                                 std::vector<lasso::constant>& numbers) {
    if (std::none_of(args.begin(), args.end(), [](const operand& a) { return a.size != nullptr; })) return args;
    out.assign(args.begin(), args.end());
    numbers.reserve(args.size()); // pointers into it stay valid
    auto with = [&](auto number_of) {
        numbers.clear();
        for (std::size_t i = 0; i < args.size(); ++i)
            if (args[i].size) {
                out[i].size = nullptr;
                out[i].value = &numbers.emplace_back(number_of(*args[i].size));
            }
    };
    auto dtype_now = [&]() -> object {
        auto d = result_dtype(np, op, out, is_method);
        return std::holds_alternative<object>(d) ? std::get<object>(std::move(d)) : object();
    };
    auto same = [](const object& a, const object& b) {
        return a && b &&
               PyArray_EquivTypes(reinterpret_cast<PyArray_Descr*>(a.get()), reinterpret_cast<PyArray_Descr*>(b.get()));
    };
    with([](const lasso::sym_int&) { return std::int64_t{2}; });
    const object low = dtype_now();
    with([](const lasso::sym_int&) { return std::numeric_limits<std::int64_t>::max(); });
    const object high = dtype_now();
    with([](const lasso::sym_int& s) { return s.hint(); });
    const object traced = dtype_now();
    if (!same(traced, low) || !same(traced, high)) with([](const lasso::sym_int& s) { return s.specialize(); });
    return out;
}

} // namespace lasso_cpython::numpy
