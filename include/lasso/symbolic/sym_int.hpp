// lasso/symbolic/sym_int.hpp
//
// `sym_int`: a tensor size that may be symbolic, the type shape rules compute with. A
// constant size is a plain int64; a symbolic one is an interned polynomial of its shape
// environment, with the value it had when traced (its hint). Arithmetic follows Python
// (`//` and `%` floor), stays symbolic, and never records anything. Comparisons give a
// `sym_bool`; using one as a `bool` (an `if`, a shape rule's check) answers with the
// traced sizes and records the relation as a guard, unless the symbols' ranges already
// decide it. Code written for int64 sizes works on `sym_int` unchanged.
//
// Where a concrete int is unavoidable (a loop count, a key, text), `specialize()` guards
// `size == hint` and returns the hint.
#pragma once

#include <lasso/symbolic/shape_env.hpp>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace lasso::symbolic {

class sym_bool;

class sym_int {
public:
    /// A constant size.
    constexpr sym_int(std::int64_t value = 0) noexcept : hint_(value) {} // NOLINT: sizes convert from ints
    /// The size `p` of `env` (a constant when `p` is).
    sym_int(shape_env& env, const polynomial& p) : hint_(env.hint_of(p)) {
        if (!p.is_constant()) expression_ = env.intern(p);
    }
    /// Symbol `a` of `env`.
    static sym_int of_atom(shape_env& env, atom_id a) { return sym_int(env, polynomial::atom(a)); }

    bool is_constant() const noexcept { return expression_ == nullptr; }
    bool is_symbolic() const noexcept { return expression_ != nullptr; }
    /// The value when constant.
    std::optional<std::int64_t> constant() const noexcept {
        return expression_ ? std::nullopt : std::optional<std::int64_t>(hint_);
    }
    /// The value when traced (a constant's value).
    std::int64_t hint() const noexcept { return hint_; }
    /// The environment of a symbolic size (null for a constant).
    shape_env* env() const noexcept { return expression_ ? expression_->env : nullptr; }
    /// The polynomial (a constant's is the constant).
    polynomial poly() const { return expression_ ? expression_->poly : polynomial(hint_); }
    /// The same expression: equal polynomials of the same environment.
    bool same_as(const sym_int& o) const noexcept {
        return expression_ == o.expression_ && (expression_ || hint_ == o.hint_);
    }

    /// The traced value, guarded: the entry holds only for calls where this size is the
    /// same. Use where the trace needs a concrete int.
    std::int64_t specialize() const {
        if (expression_) expression_->env->record(expression_->poly - hint_, relation_kind::eq);
        return hint_;
    }

    /// `s0`, `2*s0 + 1`, or the constant's digits.
    std::string text() const { return expression_ ? expression_->env->text(expression_->poly) : std::to_string(hint_); }
    friend std::ostream& operator<<(std::ostream& os, const sym_int& s) { return os << s.text(); }

    friend sym_int operator+(const sym_int& a, const sym_int& b) {
        if (a.is_constant() && b.is_constant()) return detail::checked_add(a.hint_, b.hint_);
        return sym_int(common_env(a, b), a.poly() + b.poly());
    }
    friend sym_int operator-(const sym_int& a, const sym_int& b) {
        if (a.is_constant() && b.is_constant()) return detail::checked_add(a.hint_, detail::checked_neg(b.hint_));
        return sym_int(common_env(a, b), a.poly() - b.poly());
    }
    friend sym_int operator-(const sym_int& a) { return sym_int(0) - a; }
    friend sym_int operator*(const sym_int& a, const sym_int& b) {
        if (a.is_constant() && b.is_constant()) return detail::checked_mul(a.hint_, b.hint_);
        return sym_int(common_env(a, b), a.poly() * b.poly());
    }
    /// Python's `a // b`; a symbolic divisor is specialized. Gives up on a zero divisor
    /// (the interpreter raises there).
    friend sym_int floor_div(const sym_int& a, const sym_int& b) { return divide(a, b, atom_kind::floor_div); }
    /// Python's `a % b` (the sign of the divisor).
    friend sym_int mod(const sym_int& a, const sym_int& b) { return divide(a, b, atom_kind::mod); }
    /// `a / b` when `b` divides `a` as polynomials (`6*s0*s1 / (2*s0)` is `3*s1`);
    /// otherwise, when `b` divides `a` for the traced sizes, `a // b` (a symbolic `b` is
    /// then specialized); nothing when it does not divide.
    friend std::optional<sym_int> divide_exactly(const sym_int& a, const sym_int& b);
    friend sym_int min(const sym_int& a, const sym_int& b);
    friend sym_int max(const sym_int& a, const sym_int& b);

    sym_int& operator+=(const sym_int& b) { return *this = *this + b; }
    sym_int& operator-=(const sym_int& b) { return *this = *this - b; }
    sym_int& operator*=(const sym_int& b) { return *this = *this * b; }

    friend sym_bool operator==(const sym_int& a, const sym_int& b);
    friend sym_bool operator!=(const sym_int& a, const sym_int& b);
    friend sym_bool operator<(const sym_int& a, const sym_int& b);
    friend sym_bool operator<=(const sym_int& a, const sym_int& b);
    friend sym_bool operator>(const sym_int& a, const sym_int& b);
    friend sym_bool operator>=(const sym_int& a, const sym_int& b);

    /// The environment of two sizes of which at least one is symbolic.
    static shape_env& common_env(const sym_int& a, const sym_int& b) {
        shape_env* env = a.env() ? a.env() : b.env();
        if (a.env() && b.env() && a.env() != b.env())
            give_up(reasons::symbolic_size, "sizes of two different translations meet");
        return *env;
    }

private:
    static sym_int divide(const sym_int& a, const sym_int& b, atom_kind kind) {
        const std::int64_t d = b.specialize();
        if (d == 0)
            give_up(reasons::would_raise,
                    kind == atom_kind::floor_div ? "integer division by zero" : "integer modulo by zero");
        if (a.is_constant()) {
            if (a.hint_ == INT64_MIN && d == -1) detail::overflows();
            return kind == atom_kind::floor_div ? detail::python_floor_div(a.hint_, d) : detail::python_mod(a.hint_, d);
        }
        shape_env& env = *a.env();
        if (d < 0) {
            // a // -c == -((a + c - 1) // c); a % -c == a - (-c) * (a // -c).
            const sym_int q = -floor_div(a + (-d - 1), sym_int(-d));
            return kind == atom_kind::floor_div ? q : a - sym_int(d) * q;
        }
        // Terms with coefficients that `d` divides leave the division exactly; the rest
        // (and the constant) make the atom.
        const polynomial p = a.poly();
        polynomial whole, rest;
        for (const term& t : p.terms()) {
            if (t.coefficient % d == 0) whole = whole + polynomial::of(term{t.coefficient / d, t.factors});
            else rest = rest + polynomial::of(t);
        }
        if (rest.is_constant()) {
            const std::int64_t c = p.constant();
            if (kind == atom_kind::mod) return detail::python_mod(c, d);
            return sym_int(env, whole + detail::python_floor_div(c, d));
        }
        // Fold the constant's multiple of d out: (rest + c) // d == (rest + c % d) // d + c // d.
        const std::int64_t c = p.constant();
        rest = rest + detail::python_mod(c, d);
        if (kind == atom_kind::mod) {
            const value_range r = env.range_of(rest);
            if (r.low >= 0 && r.high < d) return sym_int(env, rest); // already below d
            return of_atom(env, env.operation(atom_kind::mod, rest, d));
        }
        const value_range r = env.range_of(rest);
        const polynomial q = r.low >= 0 && r.high < d ? polynomial(0) // the remainder part floors to 0
                                                      : polynomial::atom(env.operation(atom_kind::floor_div, rest, d));
        return sym_int(env, whole + q + detail::python_floor_div(c, d));
    }

    std::int64_t hint_;
    const expression* expression_ = nullptr;
};

/// A relation between two sizes. As a `bool` it is the answer with the traced sizes,
/// recorded as a guard when the ranges do not already decide it.
class sym_bool {
public:
    constexpr sym_bool(bool value) noexcept : hint_(value) {} // NOLINT: relations convert from bools
    sym_bool(shape_env& env, polynomial p, relation_kind k)
        : env_(&env), p_(std::move(p)), kind_(k), hint_(holds(k, env.hint_of(p_))) {}

    /// The answer, recorded as a guard (once per distinct relation).
    operator bool() const { return env_ ? env_->decide(p_, kind_) : hint_; } // NOLINT: used in conditions
    /// The answer when the ranges decide it, without recording anything.
    std::optional<bool> known() const { return env_ ? env_->known(p_, kind_) : std::optional<bool>(hint_); }
    /// The answer with the traced sizes, without recording anything.
    bool hint() const noexcept { return hint_; }
    /// `s0 > 3`.
    std::string text() const { return env_ ? env_->relation_text_of(p_, kind_) : std::string(hint_ ? "True" : "False"); }

    friend sym_bool operator!(const sym_bool& b) {
        if (!b.env_) return !b.hint_;
        return sym_bool(*b.env_, b.p_, negated(b.kind_));
    }

private:
    shape_env* env_ = nullptr;
    polynomial p_;
    relation_kind kind_ = relation_kind::eq;
    bool hint_;
};

namespace detail {
inline sym_bool compare(const sym_int& a, const sym_int& b, relation_kind k) {
    if (a.is_constant() && b.is_constant()) return holds(k, checked_add(a.hint(), checked_neg(b.hint())));
    shape_env* env = a.env() ? a.env() : b.env();
    if (a.env() && b.env() && a.env() != b.env())
        give_up(reasons::symbolic_size, "sizes of two different translations meet");
    return sym_bool(*env, a.poly() - b.poly(), k);
}
} // namespace detail

inline sym_bool operator==(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::eq); }
inline sym_bool operator!=(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::ne); }
inline sym_bool operator<(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::lt); }
inline sym_bool operator<=(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::le); }
inline sym_bool operator>(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::gt); }
inline sym_bool operator>=(const sym_int& a, const sym_int& b) { return detail::compare(a, b, relation_kind::ge); }

/// The smaller size, chosen by a recorded relation (`a <= b`) when it is not known.
inline sym_int min(const sym_int& a, const sym_int& b) { return (a <= b) ? a : b; }
inline sym_int max(const sym_int& a, const sym_int& b) { return (a >= b) ? a : b; }

inline std::optional<sym_int> divide_exactly(const sym_int& a, const sym_int& b) {
    if (b.is_constant() && b.hint_ == 0) return std::nullopt;
    if (a.is_constant() && b.is_constant()) {
        if (a.hint_ % b.hint_ != 0) return std::nullopt;
        return sym_int(a.hint_ / b.hint_);
    }
    const polynomial bp = b.poly();
    if (bp.constant() == 0 && bp.terms().size() == 1) {
        if (auto q = a.poly().divided_by(bp.terms()[0])) return sym_int(sym_int::common_env(a, b), *q);
    } else if (bp.is_constant()) {
        if (auto q = a.poly().divided_by(term{bp.constant(), {}})) return sym_int(sym_int::common_env(a, b), *q);
    }
    if (!static_cast<bool>(mod(a, b) == 0)) return std::nullopt;
    return floor_div(a, b);
}

} // namespace lasso::symbolic

namespace lasso {
using symbolic::sym_bool;
using symbolic::sym_int;
} // namespace lasso
