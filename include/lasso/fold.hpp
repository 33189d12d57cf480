// lasso/fold.hpp
//
// Constant folding: Python's arithmetic, comparison and truth on
// `lasso::constant` (None, bool, int, float, str), with Python's semantics where they
// differ from C++ (floor division and modulo round toward negative infinity, bool is an
// int, mixed int/float arithmetic is float). Anything that would raise in Python
// (division by zero, overflow of the 64-bit int, a negative shift), or that has no
// constant result, folds to nothing, and the translator reports it as unsupported: the
// frame then runs eagerly and the interpreter raises its own error.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>

#include <climits>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace lasso::fold {

/// Strings longer than this are not built at trace time (`"ab" * 10**9`).
inline constexpr std::size_t max_folded_string = std::size_t{1} << 20;

/// An int or bool constant as an int (Python's bool is an int).
inline std::optional<std::int64_t> as_int(const constant& c) {
    if (auto* i = std::get_if<std::int64_t>(&c)) return *i;
    if (auto* b = std::get_if<bool>(&c)) return *b ? 1 : 0;
    return std::nullopt;
}

/// An int, bool or float constant as a double (Python's mixed arithmetic and comparison).
inline std::optional<double> as_number(const constant& c) {
    if (auto i = as_int(c)) return static_cast<double>(*i);
    if (auto* d = std::get_if<double>(&c)) return *d;
    return std::nullopt;
}

/// Python's truth value of a constant (defined with `lasso::constant`).
using lasso::truth;

/// Python's `==` on constants: numbers by value across int, bool and float; strings by
/// text; None equals None; values of different kinds are unequal.
inline bool equal(const constant& a, const constant& b) {
    if (auto x = as_int(a), y = as_int(b); x && y) return *x == *y;
    if (auto x = as_number(a), y = as_number(b); x && y) return *x == *y;
    if (auto* s = std::get_if<std::string>(&a)) {
        auto* t = std::get_if<std::string>(&b);
        return t && *s == *t;
    }
    return std::holds_alternative<none_t>(a) && std::holds_alternative<none_t>(b);
}

namespace detail {
inline std::optional<std::int64_t> int_power(std::int64_t base, std::int64_t exponent) {
    std::int64_t result = 1;
    while (exponent > 0) {
        if (exponent & 1)
            if (__builtin_mul_overflow(result, base, &result)) return std::nullopt;
        exponent >>= 1;
        if (exponent > 0 && __builtin_mul_overflow(base, base, &base)) return std::nullopt;
    }
    return result;
}

inline std::optional<constant> repeat(const std::string& s, std::int64_t n) {
    if (n <= 0 || s.empty()) return constant{std::string()};
    if (static_cast<std::uint64_t>(n) > max_folded_string / s.size()) return std::nullopt;
    std::string out;
    out.reserve(s.size() * static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out += s;
    return constant{std::move(out)};
}

inline std::optional<constant> fold_int(bytecode::binary_operator op, std::int64_t a, std::int64_t b) {
    using bytecode::binary_operator;
    std::int64_t r = 0;
    switch (op) {
    case binary_operator::add:
        if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
        return r;
    case binary_operator::subtract:
        if (__builtin_sub_overflow(a, b, &r)) return std::nullopt;
        return r;
    case binary_operator::multiply:
        if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
        return r;
    case binary_operator::true_divide:
        if (b == 0) return std::nullopt;
        return static_cast<double>(a) / static_cast<double>(b);
    case binary_operator::floor_divide: {
        if (b == 0 || (a == INT64_MIN && b == -1)) return std::nullopt;
        std::int64_t q = a / b;
        if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
        return q;
    }
    case binary_operator::remainder: {
        if (b == 0) return std::nullopt;
        if (b == -1) return std::int64_t{0};
        std::int64_t m = a % b;
        if (m != 0 && ((m < 0) != (b < 0))) m += b;
        return m;
    }
    case binary_operator::power:
        if (b < 0) {
            if (a == 0) return std::nullopt; // ZeroDivisionError
            return std::pow(static_cast<double>(a), static_cast<double>(b));
        }
        if (auto p = int_power(a, b)) return *p;
        return std::nullopt;
    case binary_operator::and_: return a & b;
    case binary_operator::or_: return a | b;
    case binary_operator::xor_: return a ^ b;
    case binary_operator::lshift:
        if (b < 0) return std::nullopt;
        if (a == 0) return std::int64_t{0};
        if (b >= 63) return std::nullopt;
        {
            const std::int64_t shifted = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << b);
            if ((shifted >> b) != a) return std::nullopt;
            return shifted;
        }
    case binary_operator::rshift:
        if (b < 0) return std::nullopt;
        return b >= 63 ? (a < 0 ? std::int64_t{-1} : std::int64_t{0}) : a >> b;
    case binary_operator::matrix_multiply: return std::nullopt;
    }
    return std::nullopt;
}

inline std::optional<constant> fold_float(bytecode::binary_operator op, double x, double y) {
    using bytecode::binary_operator;
    switch (op) {
    case binary_operator::add: return x + y;
    case binary_operator::subtract: return x - y;
    case binary_operator::multiply: return x * y;
    case binary_operator::true_divide:
        if (y == 0) return std::nullopt;
        return x / y;
    case binary_operator::floor_divide: {
        // Python floors the exact quotient: (x - x mod y) / y, rounded to the nearest
        // integer (1.0 // 0.1 is 9.0, where floor(1.0 / 0.1) would be 10.0).
        if (y == 0) return std::nullopt;
        const double m = std::fmod(x, y);
        double div = (x - m) / y;
        if (m != 0 && ((y < 0) != (m < 0))) div -= 1.0;
        if (div == 0) return std::copysign(0.0, x / y);
        double floored = std::floor(div);
        if (div - floored > 0.5) floored += 1.0;
        return floored;
    }
    case binary_operator::remainder: {
        // The result takes the divisor's sign, zero included (-3.0 % 3 is 0.0).
        if (y == 0) return std::nullopt;
        double m = std::fmod(x, y);
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        if (m == 0) m = std::copysign(0.0, y);
        return m;
    }
    case binary_operator::power: {
        if (x == 0 && y < 0) return std::nullopt;             // ZeroDivisionError
        if (x < 0 && std::floor(y) != y) return std::nullopt; // a complex result
        const double r = std::pow(x, y);
        if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) return std::nullopt; // OverflowError
        return r;
    }
    default: return std::nullopt;
    }
}
} // namespace detail

/// `a <op> b` for a `binary_op` argument `which` (in-place forms fold as the plain form).
inline std::optional<constant> binary(std::int64_t which, const constant& a, const constant& b) {
    if (which < 0 || which >= 2 * bytecode::binary_inplace_offset) return std::nullopt;
    const auto op = static_cast<bytecode::binary_operator>(which % bytecode::binary_inplace_offset);
    using bytecode::binary_operator;
    if (auto x = as_int(a), y = as_int(b); x && y) {
        // bool & bool, bool | bool, bool ^ bool stay bools
        if (std::holds_alternative<bool>(a) && std::holds_alternative<bool>(b) &&
            (op == binary_operator::and_ || op == binary_operator::or_ || op == binary_operator::xor_)) {
            const bool p = *x != 0, q = *y != 0;
            return op == binary_operator::and_ ? (p && q) : op == binary_operator::or_ ? (p || q) : (p != q);
        }
        return detail::fold_int(op, *x, *y);
    }
    if (auto x = as_number(a), y = as_number(b); x && y) return detail::fold_float(op, *x, *y);
    auto* s = std::get_if<std::string>(&a);
    auto* t = std::get_if<std::string>(&b);
    if (s && t && op == binary_operator::add) {
        if (s->size() + t->size() > max_folded_string) return std::nullopt;
        return constant{*s + *t};
    }
    if (op == binary_operator::multiply) {
        if (auto n = as_int(b); s && n) return detail::repeat(*s, *n);
        if (auto n = as_int(a); t && n) return detail::repeat(*t, *n);
    }
    return std::nullopt;
}

/// `a <cmp> b` for a `compare_op` argument `which` (0..5: < <= == != > >=).
inline std::optional<bool> compare(std::int64_t which, const constant& a, const constant& b) {
    if (which < 0 || which > 5) return std::nullopt;
    if (which == 2) return equal(a, b);
    if (which == 3) return !equal(a, b);
    int order = 0;
    if (auto x = as_int(a), y = as_int(b); x && y) {
        order = *x < *y ? -1 : *x > *y ? 1 : 0;
    } else if (auto p = as_number(a), q = as_number(b); p && q) {
        if (std::isnan(*p) || std::isnan(*q)) return false; // only != holds, handled above
        order = *p < *q ? -1 : *p > *q ? 1 : 0;
    } else if (auto* s = std::get_if<std::string>(&a); s && std::holds_alternative<std::string>(b)) {
        const int c = s->compare(std::get<std::string>(b));
        order = c < 0 ? -1 : c > 0 ? 1 : 0;
    } else {
        return std::nullopt; // e.g. None < 1: TypeError in Python
    }
    switch (which) {
    case 0: return order < 0;
    case 1: return order <= 0;
    case 4: return order > 0;
    case 5: return order >= 0;
    default: return std::nullopt;
    }
}

/// The graph target of a binary operator on tensors, or nullptr.
inline const char* tensor_binary_name(std::int64_t which) {
    if (which < 0 || which >= 2 * bytecode::binary_inplace_offset) return nullptr;
    switch (static_cast<bytecode::binary_operator>(which % bytecode::binary_inplace_offset)) {
    case bytecode::binary_operator::add: return "add";
    case bytecode::binary_operator::subtract: return "sub";
    case bytecode::binary_operator::multiply: return "mul";
    case bytecode::binary_operator::true_divide: return "truediv";
    case bytecode::binary_operator::matrix_multiply: return "matmul";
    case bytecode::binary_operator::floor_divide: return "floordiv";
    case bytecode::binary_operator::remainder: return "mod";
    case bytecode::binary_operator::power: return "pow";
    case bytecode::binary_operator::and_: return "and_";
    case bytecode::binary_operator::or_: return "or_";
    case bytecode::binary_operator::xor_: return "xor";
    case bytecode::binary_operator::lshift: return "lshift";
    case bytecode::binary_operator::rshift: return "rshift";
    }
    return nullptr;
}

/// The graph target of a comparison on tensors, or nullptr.
inline const char* tensor_compare_name(std::int64_t which) {
    constexpr const char* names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
    return which >= 0 && which < 6 ? names[which] : nullptr;
}

/// The text of comparison `which` (`compare_op`'s argument), "?" when it is none.
inline std::string_view compare_symbol(std::int64_t which) {
    return which >= 0 && which < 6 ? bytecode::symbol_of(static_cast<bytecode::compare_operator>(which)) : "?";
}

/// Position `i` of a sequence of `size` items, counting from the end when negative;
/// nothing when it is out of range.
inline std::optional<std::size_t> normalize_index(std::int64_t i, std::size_t size) {
    const auto n = static_cast<std::int64_t>(size);
    const std::int64_t at = i < 0 ? i + n : i;
    if (at < 0 || at >= n) return std::nullopt;
    return static_cast<std::size_t>(at);
}

} // namespace lasso::fold
