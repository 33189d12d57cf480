// lasso/symbolic/relation.hpp
//
// A relation between two sizes, `lhs op rhs`, kept as `p op 0` with `p = lhs - rhs`.
// Relations are what a trace learns about its symbolic sizes: every branch on a size and
// every requirement of a shape rule becomes one, recorded as a guard of the translation.
// The canonical form (only `==`, `!=` and `>=`, signs and common factors divided out)
// makes `s0 > 3`, `3 < s0` and `2*s0 >= 8` the same guard; the text keeps the form the
// question was asked in.
#pragma once

#include <lasso/symbolic/polynomial.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lasso::symbolic {

enum class relation_kind : std::uint8_t { eq, ne, lt, le, gt, ge };

constexpr std::string_view symbol_of(relation_kind k) noexcept {
    switch (k) {
    case relation_kind::eq: return "==";
    case relation_kind::ne: return "!=";
    case relation_kind::lt: return "<";
    case relation_kind::le: return "<=";
    case relation_kind::gt: return ">";
    case relation_kind::ge: return ">=";
    }
    return "?";
}

/// `not (a k b)` is `a negated(k) b`.
constexpr relation_kind negated(relation_kind k) noexcept {
    switch (k) {
    case relation_kind::eq: return relation_kind::ne;
    case relation_kind::ne: return relation_kind::eq;
    case relation_kind::lt: return relation_kind::ge;
    case relation_kind::le: return relation_kind::gt;
    case relation_kind::gt: return relation_kind::le;
    case relation_kind::ge: return relation_kind::lt;
    }
    return k;
}

/// `a k b` is `b mirrored(k) a`.
constexpr relation_kind mirrored(relation_kind k) noexcept {
    switch (k) {
    case relation_kind::lt: return relation_kind::gt;
    case relation_kind::le: return relation_kind::ge;
    case relation_kind::gt: return relation_kind::lt;
    case relation_kind::ge: return relation_kind::le;
    default: return k;
    }
}

/// True when `value k 0`.
constexpr bool holds(relation_kind k, std::int64_t value) noexcept {
    switch (k) {
    case relation_kind::eq: return value == 0;
    case relation_kind::ne: return value != 0;
    case relation_kind::lt: return value < 0;
    case relation_kind::le: return value <= 0;
    case relation_kind::gt: return value > 0;
    case relation_kind::ge: return value >= 0;
    }
    return false;
}

namespace detail {
/// Python's floor division and remainder (`d` not 0): the remainder takes the divisor's
/// sign.
constexpr std::int64_t python_floor_div(std::int64_t a, std::int64_t d) noexcept {
    const std::int64_t q = a / d;
    return (a % d != 0 && ((a < 0) != (d < 0))) ? q - 1 : q;
}
constexpr std::int64_t python_mod(std::int64_t a, std::int64_t d) noexcept {
    const std::int64_t r = a % d;
    return (r != 0 && ((r < 0) != (d < 0))) ? r + d : r;
}
} // namespace detail

/// `p kind 0`, with `kind` one of `eq`, `ne`, `ge`: the first term's coefficient is
/// positive for `eq` and `ne`, and the coefficients share no factor. A relation whose
/// truth the canonical form already decides (`3 >= 0`, `2*s0 == 3`) is a constant
/// polynomial: `decided()` says which.
struct relation {
    polynomial p;
    relation_kind kind = relation_kind::eq;

    /// The canonical form of `p k 0`.
    static relation canonical(polynomial p, relation_kind k) {
        switch (k) {
        case relation_kind::gt: p = p - 1, k = relation_kind::ge; break;
        case relation_kind::lt: p = -p - 1, k = relation_kind::ge; break;
        case relation_kind::le: p = -p, k = relation_kind::ge; break;
        default: break;
        }
        const std::int64_t g = p.coefficient_gcd();
        if (g > 1) {
            // g*q + c >= 0 <=> q + floor(c/g) >= 0 (q is an integer); g*q + c == 0 has no
            // solution unless g divides c.
            if (k == relation_kind::ge) p = p.terms_divided(g, detail::python_floor_div(p.constant(), g));
            else if (p.constant() % g != 0) p = polynomial(1);
            else p = p.terms_divided(g, p.constant() / g);
        }
        if (k != relation_kind::ge && !p.terms().empty() && p.terms().front().coefficient < 0) p = -p;
        return relation{std::move(p), k};
    }

    /// The truth of a relation whose polynomial is a constant.
    std::optional<bool> decided() const noexcept {
        if (!p.is_constant()) return std::nullopt;
        return holds(kind, p.constant());
    }

    friend bool operator==(const relation&, const relation&) = default;
};

/// Text of `p k 0` as a reader writes it: positive terms on the left, negative terms
/// moved to the right (`s0 == s1`, `2*s0 >= s1 + 1`, `s0 > 3`, `s0 < 3`).
template <class NameOf> std::string relation_text(const polynomial& p, relation_kind k, NameOf&& name_of) {
    polynomial left, right;
    for (const term& t : p.terms()) {
        if (t.coefficient > 0) left = left + polynomial::of(t);
        else right = right + polynomial::of(term{detail::checked_neg(t.coefficient), t.factors});
    }
    std::string out;
    if (left.is_constant()) {
        // -N + c k 0  <=>  N mirrored(k) c
        if (right.is_constant()) return std::to_string(p.constant()) + " " + std::string(symbol_of(k)) + " 0";
        right.print(out, name_of);
        out += " ";
        out += symbol_of(mirrored(k));
        out += " ";
        out += std::to_string(p.constant());
        return out;
    }
    // P - N + c k 0  <=>  P k N - c
    right = right - p.constant();
    left.print(out, name_of);
    out += " ";
    out += symbol_of(k);
    out += " ";
    right.print(out, name_of);
    return out;
}

} // namespace lasso::symbolic
