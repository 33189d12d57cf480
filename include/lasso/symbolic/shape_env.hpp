// lasso/symbolic/shape_env.hpp
//
// The shape environment of one translation: its symbols (each a tensor dimension of an
// input, with the size it had when traced), the other atoms its sizes are made of
// (`(s0 + 1)//2`, `s0 % 3`), and the relations the trace learned, which become guards
// of the cache entry.
//
// Every symbolic size of a translation points into its environment, so the environment
// lives as long as anything that holds such a size (the graph's metadata, the cache
// entry): it is shared, and it never moves what it hands out.
//
// Each symbol has a range: a dynamic dimension is at least 2 (0 and 1 are specialized),
// and relations narrow it (`s0 > 3` makes it at least 4). A question whose answer the
// ranges already give (`s0 >= 1`) records nothing; any other is answered with the sizes
// at translation and recorded.
#pragma once

#include <lasso/symbolic/relation.hpp>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <iterator>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace lasso::symbolic {

class shape_env;

/// The values a size can take, both ends included.
struct value_range {
    std::int64_t low = std::numeric_limits<std::int64_t>::min();
    std::int64_t high = std::numeric_limits<std::int64_t>::max();
    friend bool operator==(const value_range&, const value_range&) = default;
};

/// The "dimension" that names a value itself: where a symbol is an int input (`L['n']`)
/// rather than a tensor's size.
inline constexpr std::uint32_t whole_value = 0xffffffffu;

/// A symbol: a tensor dimension, or an int input, that may differ between calls.
struct symbol {
    std::string name;   ///< `s0`, `s1`, ... in creation order
    std::string source; ///< where a call's value is read, `L['x'].shape[0]` or `L['n']`
    std::int64_t hint;  ///< its value when traced
    value_range range;  ///< what the recorded relations allow
};

/// What an atom is. A symbol, or floor division or remainder of a polynomial by a
/// positive constant that the polynomial cannot absorb.
enum class atom_kind : std::uint8_t { symbol, floor_div, mod };

struct atom {
    atom_kind kind = atom_kind::symbol;
    std::uint32_t symbol_index = 0; ///< symbols
    polynomial operand;             ///< floor_div, mod: the dividend
    std::int64_t divisor = 1;       ///< floor_div, mod: positive
    friend bool operator==(const atom&, const atom&) = default;
};

/// A size that is not a constant: an interned polynomial of one environment.
struct expression {
    shape_env* env;
    polynomial poly;
};

/// A relation the trace recorded: its canonical form, for evaluation and dedup, and the
/// text it was asked in (already negated when the answer was false).
struct recorded_relation {
    relation canonical;
    std::string text;
};

namespace detail {

/// Interval arithmetic that saturates at the int64 ends (which then mean "unbounded").
__extension__ typedef __int128 wide_int;
inline std::int64_t saturate(wide_int v) noexcept {
    constexpr auto lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
    return v < lo ? lo : v > hi ? hi : static_cast<std::int64_t>(v);
}
inline value_range range_add(value_range a, value_range b) noexcept {
    return {saturate(wide_int(a.low) + b.low), saturate(wide_int(a.high) + b.high)};
}
inline value_range range_mul(value_range a, value_range b) noexcept {
    const wide_int c[] = {wide_int(a.low) * b.low, wide_int(a.low) * b.high, wide_int(a.high) * b.low,
                          wide_int(a.high) * b.high};
    return {saturate(*std::min_element(std::begin(c), std::end(c))),
            saturate(*std::max_element(std::begin(c), std::end(c)))};
}

struct polynomial_hash {
    std::size_t operator()(const polynomial& p) const noexcept { return p.hash(); }
};

} // namespace detail

class shape_env {
public:
    shape_env() = default;
    shape_env(const shape_env&) = delete;
    shape_env& operator=(const shape_env&) = delete;

    // ---- symbols and atoms ---------------------------------------------------------

    /// A new symbol read from `source`, `hint` when traced, with range `range`.
    atom_id add_symbol(std::string source, std::int64_t hint, value_range range = {2, max_size}) {
        const auto index = static_cast<std::uint32_t>(symbols_.size());
        symbols_.push_back(symbol{"s" + std::to_string(index), std::move(source), hint, range});
        atom a;
        a.symbol_index = index;
        return add_atom(std::move(a));
    }

    /// The first symbol whose traced value is `hint` (duck sizing), if any.
    std::optional<atom_id> symbol_with_hint(std::int64_t hint) const {
        for (std::size_t i = 0; i < atoms_.size(); ++i)
            if (atoms_[i].kind == atom_kind::symbol && symbols_[atoms_[i].symbol_index].hint == hint)
                return static_cast<atom_id>(i);
        return std::nullopt;
    }

    /// `operand // divisor` (divisor > 0) or `operand % divisor`, as one atom.
    atom_id operation(atom_kind kind, polynomial operand, std::int64_t divisor) {
        atom a;
        a.kind = kind;
        a.operand = std::move(operand);
        a.divisor = divisor;
        for (std::size_t i = 0; i < atoms_.size(); ++i)
            if (atoms_[i] == a) return static_cast<atom_id>(i);
        return add_atom(std::move(a));
    }

    const std::vector<symbol>& symbols() const noexcept { return symbols_; }
    const atom& atom_of(atom_id a) const { return atoms_.at(a); }
    const symbol& symbol_of(atom_id a) const { return symbols_.at(atoms_.at(a).symbol_index); }
    std::size_t atom_count() const noexcept { return atoms_.size(); }

    /// The interned expression of `p` (which is not a constant): its address is stable
    /// and equal polynomials share it.
    const expression* intern(const polynomial& p) {
        if (auto found = interned_.find(p); found != interned_.end()) return found->second;
        expressions_.push_back(expression{this, p});
        const expression* e = &expressions_.back();
        interned_.emplace(p, e);
        return e;
    }

    // ---- values, ranges --------------------------------------------------------------

    /// `p` with every symbol at its traced value.
    std::int64_t hint_of(const polynomial& p) const {
        return p.evaluate([this](atom_id a) { return hint_of_atom(a); });
    }

    /// `p` with symbol `i` at `symbol_values[i]` (a call's sizes).
    std::int64_t evaluate(const polynomial& p, std::span<const std::int64_t> symbol_values) const {
        return p.evaluate([&](atom_id a) { return value_of_atom(a, symbol_values); });
    }

    /// The values `p` can take under the symbols' ranges.
    value_range range_of(const polynomial& p) const {
        value_range r{p.constant(), p.constant()};
        for (const term& t : p.terms()) {
            value_range product{t.coefficient, t.coefficient};
            for (atom_id a : t.factors) product = detail::range_mul(product, range_of_atom(a));
            r = detail::range_add(r, product);
        }
        return r;
    }

    // ---- relations ---------------------------------------------------------------------

    /// The answer to `p k 0` if the canonical form or the ranges give it, without a guard.
    std::optional<bool> known(const polynomial& p, relation_kind k) const {
        const relation r = relation::canonical(p, k);
        if (auto d = r.decided()) return d;
        const value_range range = range_of(r.p);
        switch (r.kind) {
        case relation_kind::ge:
            if (range.low >= 0) return true;
            if (range.high < 0) return false;
            break;
        case relation_kind::eq:
        case relation_kind::ne:
            if (range.low > 0 || range.high < 0) return r.kind == relation_kind::ne;
            if (range.low == 0 && range.high == 0) return r.kind == relation_kind::eq;
            break;
        default: break;
        }
        for (const recorded_relation& g : guards_)
            if (auto answer = implied(g.canonical, r)) return answer;
        return std::nullopt;
    }

    /// Answers `p k 0` with the traced sizes and, unless `known` gives the answer,
    /// records the relation (or its negation) as a guard.
    bool decide(const polynomial& p, relation_kind k) {
        if (auto answer = known(p, k)) return *answer;
        const bool answer = holds(k, hint_of(p));
        const relation_kind asked = answer ? k : negated(k);
        record(p, asked);
        return answer;
    }

    /// Records `p k 0` as a guard (it holds for the traced sizes) and narrows the ranges
    /// it bounds.
    void record(const polynomial& p, relation_kind k) {
        const relation r = relation::canonical(p, k);
        if (r.decided()) return;
        for (const recorded_relation& g : guards_)
            if (g.canonical == r) return;
        guards_.push_back(recorded_relation{r, relation_text(p, k, printer())});
        narrow(r);
    }

    const std::vector<recorded_relation>& guards() const noexcept { return guards_; }

    /// True when every recorded relation holds for `symbol_values`.
    bool guards_hold(std::span<const std::int64_t> symbol_values) const {
        for (std::size_t i = 0; i < guards_.size(); ++i)
            if (!guard_holds(i, symbol_values)) return false;
        return true;
    }
    /// True when recorded relation `i` holds for `symbol_values`.
    bool guard_holds(std::size_t i, std::span<const std::int64_t> symbol_values) const {
        const relation& r = guards_[i].canonical;
        return holds(r.kind, evaluate(r.p, symbol_values));
    }

    /// Appends the symbols `p` is made of (through divisions too) to `out`, by index.
    void collect_symbols(const polynomial& p, std::vector<std::uint32_t>& out) const {
        for (const term& t : p.terms())
            for (atom_id a : t.factors) {
                const atom& at = atoms_[a];
                if (at.kind == atom_kind::symbol) {
                    if (std::find(out.begin(), out.end(), at.symbol_index) == out.end()) out.push_back(at.symbol_index);
                } else {
                    collect_symbols(at.operand, out);
                }
            }
    }

    /// The symbol `p` is, if it is exactly one (`s0`, not `s0 + 1`).
    std::optional<std::uint32_t> as_symbol(const polynomial& p) const {
        const auto a = p.as_atom();
        if (!a || atoms_[*a].kind != atom_kind::symbol) return std::nullopt;
        return atoms_[*a].symbol_index;
    }

    // ---- text ---------------------------------------------------------------------------

    /// `p k 0` as text: `s0 > 3`, `s0 == s1`.
    std::string relation_text_of(const polynomial& p, relation_kind k) const { return relation_text(p, k, printer()); }

    /// `p` as text: `2*s0 + 1`, `(s0 + 1)//2`.
    std::string text(const polynomial& p) const {
        std::string out;
        p.print(out, printer());
        return out;
    }

    static constexpr std::int64_t max_size = std::numeric_limits<std::int64_t>::max();

private:
    atom_id add_atom(atom a) {
        atoms_.push_back(std::move(a));
        return static_cast<atom_id>(atoms_.size() - 1);
    }

    std::int64_t hint_of_atom(atom_id id) const {
        const atom& a = atoms_[id];
        if (a.kind == atom_kind::symbol) return symbols_[a.symbol_index].hint;
        const std::int64_t v = hint_of(a.operand);
        return a.kind == atom_kind::floor_div ? detail::python_floor_div(v, a.divisor) : detail::python_mod(v, a.divisor);
    }

    std::int64_t value_of_atom(atom_id id, std::span<const std::int64_t> values) const {
        const atom& a = atoms_[id];
        if (a.kind == atom_kind::symbol) return values[a.symbol_index];
        const std::int64_t v = evaluate(a.operand, values);
        return a.kind == atom_kind::floor_div ? detail::python_floor_div(v, a.divisor) : detail::python_mod(v, a.divisor);
    }

    value_range range_of_atom(atom_id id) const {
        const atom& a = atoms_[id];
        if (a.kind == atom_kind::symbol) return symbols_[a.symbol_index].range;
        const value_range r = range_of(a.operand);
        const auto unbounded = std::numeric_limits<std::int64_t>::max();
        if (a.kind == atom_kind::mod) {
            value_range m{0, a.divisor - 1};
            if (r.low >= 0 && r.high < a.divisor) m = r;
            return m;
        }
        auto div = [&](std::int64_t v) {
            return v == unbounded || v == std::numeric_limits<std::int64_t>::min() ? v
                                                                                   : detail::python_floor_div(v, a.divisor);
        };
        return {div(r.low), div(r.high)};
    }

    /// What recorded relation `g` says of `r` when both are about the same terms `q`
    /// (`q + c >= 0`, `q + c == 0`, `q + c != 0`, or `-q + c >= 0`).
    static std::optional<bool> implied(const relation& g, const relation& r) {
        const std::int64_t cg = g.p.constant(), cr = r.p.constant();
        const bool same = g.p.terms() == r.p.terms();
        using k = relation_kind;
        if (same) {
            switch (g.kind) {
            case k::ge: // q >= -cg
                if (r.kind == k::ge && cr >= cg) return true;
                if (r.kind != k::ge && cr > cg) return r.kind == k::ne; // q == -cr is below the bound
                break;
            case k::eq: // q == -cg
                if (r.kind == k::ge) return cr - cg >= 0;
                return (cr == cg) == (r.kind == k::eq);
            case k::ne: // q != -cg
                if (r.kind != k::ge && cr == cg) return r.kind == k::ne;
                break;
            default: break;
            }
            return std::nullopt;
        }
        if (g.kind == k::ge && r.kind == k::ge && (-g.p).terms() == r.p.terms())
            if (cr < -cg) return false; // q >= -cg, asked q <= cr
        return std::nullopt;
    }

    /// `a*s + c >= 0` or `a*s + c == 0` over one symbol bounds it.
    void narrow(const relation& r) {
        if (r.p.terms().size() != 1 || r.p.terms()[0].factors.size() != 1) return;
        const term& t = r.p.terms()[0];
        const atom& a = atoms_[t.factors[0]];
        if (a.kind != atom_kind::symbol) return;
        value_range& range = symbols_[a.symbol_index].range;
        const std::int64_t c = r.p.constant(), k = t.coefficient;
        if (r.kind == relation_kind::eq) {
            if (c % k == 0) range = {-c / k, -c / k};
        } else if (r.kind == relation_kind::ge) {
            // k*s >= -c
            if (k > 0) range.low = std::max(range.low, -detail::python_floor_div(c, k)); // ceil(-c/k)
            else range.high = std::min(range.high, detail::python_floor_div(c, -k));     // s <= c/(-k)
        }
    }

    void print_atom(atom_id id, std::string& out, bool alone) const {
        const atom& a = atoms_[id];
        if (a.kind == atom_kind::symbol) {
            out += symbols_[a.symbol_index].name;
            return;
        }
        const auto operand_atom = a.operand.as_atom();
        const bool bare_operand = operand_atom && atoms_[*operand_atom].kind == atom_kind::symbol;
        if (!alone) out += '(';
        if (!bare_operand) out += '(';
        a.operand.print(out, printer());
        if (!bare_operand) out += ')';
        out += a.kind == atom_kind::floor_div ? "//" : " % ";
        out += std::to_string(a.divisor);
        if (!alone) out += ')';
    }

    struct atom_printer {
        const shape_env* env;
        void operator()(atom_id id, std::string& out, bool alone) const { env->print_atom(id, out, alone); }
    };
    atom_printer printer() const { return atom_printer{this}; }

    std::vector<symbol> symbols_;
    std::vector<atom> atoms_;
    std::deque<expression> expressions_;
    std::unordered_map<polynomial, const expression*, detail::polynomial_hash> interned_;
    std::vector<recorded_relation> guards_;
};

} // namespace lasso::symbolic
