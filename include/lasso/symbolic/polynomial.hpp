// lasso/symbolic/polynomial.hpp
//
// The canonical form of a symbolic size: a polynomial with integer coefficients over
// atoms. An atom is a symbol (a tensor dimension) or an operation the polynomial cannot
// absorb (`(s0 + 1)//2`, `s0 % 3`); the shape environment numbers atoms and keeps what
// each one is. Two sizes are equal as expressions exactly when their polynomials are
// equal, so `s0 + s0 - s0` and `s0` are the same size and `s0 == s0` needs no guard.
//
// Shape code multiplies, adds and subtracts sizes and divides them by constants; a
// polynomial holds the first three exactly. Arithmetic checks for int64 overflow and
// gives up (a graph break) rather than wrap.
#pragma once

#include <lasso/unsupported.hpp>

#include <algorithm>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace lasso::symbolic {

/// An atom's number in its shape environment.
using atom_id = std::uint32_t;

/// `coefficient * factors[0] * factors[1] * ...`; the factors are sorted, an atom
/// appears once per power (`s0*s0`), and the coefficient is never 0.
struct term {
    std::int64_t coefficient = 1;
    std::vector<atom_id> factors;
    friend bool operator==(const term&, const term&) = default;
};

namespace detail {

[[noreturn, gnu::cold]] inline void overflows() { give_up(reasons::symbolic_size, "size arithmetic overflows int64"); }

inline std::int64_t checked_add(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) overflows();
    return r;
}
inline std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) overflows();
    return r;
}
inline std::int64_t checked_neg(std::int64_t a) {
    if (a == INT64_MIN) overflows();
    return -a;
}

/// Terms in canonical order: higher degree first, then by their factors.
inline bool term_before(const term& a, const term& b) {
    if (a.factors.size() != b.factors.size()) return a.factors.size() > b.factors.size();
    return a.factors < b.factors;
}

} // namespace detail

/// `constant + terms[0] + terms[1] + ...`, terms in canonical order with distinct
/// factors. The default value is the constant 0.
class polynomial {
public:
    polynomial() = default;
    /*implicit*/ polynomial(std::int64_t constant) : constant_(constant) {}
    /// The atom itself.
    static polynomial atom(atom_id a) {
        polynomial p;
        p.terms_.push_back(term{1, {a}});
        return p;
    }

    /// One term alone.
    static polynomial of(term t) {
        polynomial p;
        p.terms_.push_back(std::move(t));
        return p;
    }
    /// The terms, each coefficient divided by `g` (which divides them all), and `constant`.
    polynomial terms_divided(std::int64_t g, std::int64_t constant) const {
        polynomial r;
        r.constant_ = constant;
        r.terms_ = terms_;
        for (term& t : r.terms_) t.coefficient /= g;
        return r;
    }

    std::int64_t constant() const noexcept { return constant_; }
    const std::vector<term>& terms() const noexcept { return terms_; }
    bool is_constant() const noexcept { return terms_.empty(); }
    /// The atom when the polynomial is exactly one atom (`s0`, not `2*s0` or `s0 + 1`).
    std::optional<atom_id> as_atom() const noexcept {
        if (constant_ != 0 || terms_.size() != 1) return std::nullopt;
        const term& t = terms_[0];
        if (t.coefficient != 1 || t.factors.size() != 1) return std::nullopt;
        return t.factors[0];
    }

    friend polynomial operator+(const polynomial& a, const polynomial& b) {
        polynomial r;
        r.constant_ = detail::checked_add(a.constant_, b.constant_);
        r.terms_.reserve(a.terms_.size() + b.terms_.size());
        auto i = a.terms_.begin(), j = b.terms_.begin();
        while (i != a.terms_.end() || j != b.terms_.end()) {
            if (j == b.terms_.end() || (i != a.terms_.end() && detail::term_before(*i, *j))) r.terms_.push_back(*i++);
            else if (i == a.terms_.end() || detail::term_before(*j, *i)) r.terms_.push_back(*j++);
            else {
                const std::int64_t c = detail::checked_add(i->coefficient, j->coefficient);
                if (c != 0) r.terms_.push_back(term{c, i->factors});
                ++i, ++j;
            }
        }
        return r;
    }
    friend polynomial operator-(const polynomial& p) { return p.scaled(-1); }
    friend polynomial operator-(const polynomial& a, const polynomial& b) { return a + b.scaled(-1); }
    friend polynomial operator*(const polynomial& a, const polynomial& b) {
        if (a.is_constant()) return b.scaled(a.constant_);
        if (b.is_constant()) return a.scaled(b.constant_);
        polynomial b_terms = b;
        b_terms.constant_ = 0;
        polynomial r = a.scaled(b.constant_) + b_terms.scaled(a.constant_);
        polynomial products;
        products.terms_.reserve(a.terms_.size() * b.terms_.size());
        for (const term& x : a.terms_)
            for (const term& y : b.terms_) {
                term t{detail::checked_mul(x.coefficient, y.coefficient), {}};
                t.factors.reserve(x.factors.size() + y.factors.size());
                std::merge(x.factors.begin(), x.factors.end(), y.factors.begin(), y.factors.end(),
                           std::back_inserter(t.factors));
                products.terms_.push_back(std::move(t));
            }
        products.combine_like_terms();
        return r + products;
    }

    /// Every coefficient and the constant times `k`.
    polynomial scaled(std::int64_t k) const {
        if (k == 0) return {};
        polynomial r;
        r.constant_ = detail::checked_mul(constant_, k);
        r.terms_ = terms_;
        for (term& t : r.terms_) t.coefficient = detail::checked_mul(t.coefficient, k);
        return r;
    }

    /// `*this / t` when `t` divides every term and the constant exactly (each term holds
    /// `t`'s factors and a multiple of its coefficient); nothing otherwise.
    std::optional<polynomial> divided_by(const term& t) const {
        if (t.coefficient == 0) return std::nullopt;
        polynomial r;
        if (t.factors.empty()) {
            if (constant_ % t.coefficient != 0) return std::nullopt;
            r.constant_ = constant_ / t.coefficient;
        } else if (constant_ != 0) {
            return std::nullopt;
        }
        for (const term& x : terms_) {
            if (x.coefficient % t.coefficient != 0) return std::nullopt;
            term q{x.coefficient / t.coefficient, {}};
            // x.factors minus t.factors (both sorted, with repetition).
            auto i = x.factors.begin();
            for (atom_id a : t.factors) {
                while (i != x.factors.end() && *i < a) q.factors.push_back(*i++);
                if (i == x.factors.end() || *i != a) return std::nullopt;
                ++i;
            }
            q.factors.insert(q.factors.end(), i, x.factors.end());
            if (q.factors.empty()) r.constant_ = detail::checked_add(r.constant_, q.coefficient);
            else r.terms_.push_back(std::move(q));
        }
        r.combine_like_terms();
        return r;
    }

    /// The greatest common divisor of the term coefficients (0 for a constant).
    std::int64_t coefficient_gcd() const noexcept {
        std::int64_t g = 0;
        for (const term& t : terms_) g = std::gcd(g, t.coefficient);
        return g;
    }

    /// The polynomial's value with each atom's value from `value_of(atom_id)`.
    template <class ValueOf> std::int64_t evaluate(ValueOf&& value_of) const {
        std::int64_t sum = constant_;
        for (const term& t : terms_) {
            std::int64_t product = t.coefficient;
            for (atom_id a : t.factors) product = detail::checked_mul(product, value_of(a));
            sum = detail::checked_add(sum, product);
        }
        return sum;
    }

    /// Text such as `2*s0*s1 + s0 - 3`, each atom written by `name_of(atom_id, out, alone)`;
    /// `alone` is false when the atom is multiplied by something (an atom that is an
    /// operation then needs parentheses).
    template <class NameOf> void print(std::string& out, NameOf&& name_of) const {
        bool first = true;
        for (const term& t : terms_) {
            std::int64_t c = t.coefficient;
            if (!first) out += c < 0 ? " - " : " + ";
            else if (c < 0) out += '-';
            if (c < 0 && c != INT64_MIN) c = -c;
            if (c != 1) {
                out += std::to_string(c);
                out += '*';
            }
            // A leading minus binds tighter than `//`: `-(s0//2)` needs its parentheses.
            const bool alone = c == 1 && t.factors.size() == 1 && !(first && t.coefficient < 0);
            for (std::size_t k = 0; k < t.factors.size(); ++k) {
                if (k) out += '*';
                name_of(t.factors[k], out, alone);
            }
            first = false;
        }
        if (first) out += std::to_string(constant_);
        else if (constant_ != 0) {
            out += constant_ < 0 ? " - " : " + ";
            out += constant_ < 0 && constant_ != INT64_MIN ? std::to_string(-constant_) : std::to_string(constant_);
        }
    }

    /// A hash consistent with `==`, for interning.
    std::size_t hash() const noexcept {
        std::size_t h = std::hash<std::int64_t>{}(constant_);
        auto mix = [&h](std::size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
        for (const term& t : terms_) {
            mix(std::hash<std::int64_t>{}(t.coefficient));
            for (atom_id a : t.factors) mix(a);
            mix(0xfeedu);
        }
        return h;
    }

    friend bool operator==(const polynomial&, const polynomial&) = default;

private:
    /// Sorts the terms and adds those with the same factors (dropping zeros).
    void combine_like_terms() {
        std::stable_sort(terms_.begin(), terms_.end(), detail::term_before);
        std::vector<term> combined;
        combined.reserve(terms_.size());
        for (term& t : terms_) {
            if (!combined.empty() && combined.back().factors == t.factors)
                combined.back().coefficient = detail::checked_add(combined.back().coefficient, t.coefficient);
            else combined.push_back(std::move(t));
            if (combined.back().coefficient == 0) combined.pop_back();
        }
        terms_ = std::move(combined);
    }

    std::int64_t constant_ = 0;
    std::vector<term> terms_;
};

} // namespace lasso::symbolic
