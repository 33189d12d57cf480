// lasso/runtime/graph_sizes.hpp
//
// The symbolic sizes of a graph, computed on each call of its compiled form: the
// arguments of its nodes and outputs that are sizes (`reshape(x, s0//2, 2)`,
// `return (2*s0,)`) or tuples holding sizes (`full((s0, 2), 1.5)`). Each symbol is read
// from the first graph input that holds it (`A::tensor_size` of a tensor's dimension, or
// an int input's value), once per call, and every such argument is then evaluated into
// the slot the runner reads it from.
// What a backend other than lasso's needs to do the same is in `bind` and `compute`.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/fold.hpp>
#include <lasso/graph.hpp>
#include <lasso/output/graph_symbols.hpp>
#include <lasso/symbolic/shape_env.hpp>
#include <lasso/symbolic/sym_int.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace lasso::detail {

/// The value of a graph argument that is a constant scalar (None, a bool, an int, a
/// float or a str), as the adapter makes it; nothing for anything else.
template <class A> std::optional<typename A::value> scalar_constant_value(const lasso::graph::argument& a) {
    const auto& v = a.value();
    if (std::holds_alternative<lasso::graph::none_t>(v)) return A::value_of_constant(none_t{});
    if (auto* b = std::get_if<bool>(&v)) return A::value_of_constant(*b);
    if (auto* i = std::get_if<std::int64_t>(&v)) return A::value_of_constant(*i);
    if (auto* d = std::get_if<double>(&v)) return A::value_of_constant(*d);
    if (auto* s = std::get_if<std::string>(&v)) return A::value_of_constant(*s);
    return std::nullopt;
}

template <class A, class Meta> class graph_sizes {
public:
    using value = typename A::value;

    /// Whether argument `a` holds a size (computed per call, not a constant).
    static bool holds_size(const lasso::graph::argument& a) {
        if (a.is_size()) return true;
        if (const auto* s = a.get_if<lasso::graph::sequence>())
            return std::any_of(s->items.begin(), s->items.end(), [](const auto& item) { return holds_size(item); });
        return false;
    }

    /// Computes argument `a` (which holds a size) into `slot` on every call.
    template <class Error>
    void add(const lasso::graph::graph<Meta>& g, const lasso::graph::argument& a, std::uint32_t slot) {
        if constexpr (!SymbolicShapesAdapter<A>) {
            (void)g, (void)a, (void)slot;
            throw Error("a symbolic size in a graph of an adapter without symbolic_shapes");
        } else {
            slots_.push_back({build<Error>(g, a), slot});
        }
    }

    bool empty() const noexcept { return slots_.empty(); }

    /// Reads the symbols from `inputs` (in placeholder order) and writes every computed
    /// argument into `env` (indexed by the slots given to `add`).
    void compute(std::span<const value> inputs, value* env) const {
        if constexpr (SymbolicShapesAdapter<A>) {
            std::vector<std::int64_t> symbols(env_->symbols().size(), 0);
            for (const binding& b : bindings_)
                symbols[b.symbol] =
                    b.dim == symbolic::whole_value ? int_value(inputs[b.input]) : A::tensor_size(inputs[b.input], b.dim);
            for (const computed_slot& s : slots_) env[s.slot] = evaluate(s.arg, symbols);
        } else {
            (void)inputs, (void)env;
        }
    }

private:
    /// A computed argument: a size, a constant, or a tuple or list of these.
    struct computed {
        enum class kind : std::uint8_t { size, constant, sequence } what = kind::size;
        symbolic::polynomial size;
        std::optional<value> constant;
        std::vector<computed> items;
    };
    struct computed_slot {
        computed arg;
        std::uint32_t slot;
    };
    struct binding {
        std::uint32_t symbol, input, dim;
    };

    /// Binds the symbols of `g`'s inputs (once): each from the first placeholder that
    /// holds it (output/graph_symbols.hpp).
    void bind(const lasso::graph::graph<Meta>& g, const symbolic::shape_env* env) {
        env_ = env;
        std::uint32_t input = 0;
        for (lasso::graph::node p : g.placeholders()) {
            output::for_each_held_symbol<A>(g, p, env_, [&](std::uint32_t symbol, std::uint32_t dim) {
                if (!bound(symbol)) bindings_.push_back({symbol, input, dim});
            });
            ++input;
        }
    }
    bool bound(std::uint32_t symbol) const {
        return std::any_of(bindings_.begin(), bindings_.end(), [&](const binding& b) { return b.symbol == symbol; });
    }

    template <class Error> computed build(const lasso::graph::graph<Meta>& g, const lasso::graph::argument& a) {
        computed out;
        if (const auto* s = a.get_if<lasso::graph::size_argument>()) {
            if (!env_) bind(g, s->value.env());
            if (s->value.env() != env_) throw Error("a graph with sizes of two translations");
            std::vector<std::uint32_t> used;
            env_->collect_symbols(s->value.poly(), used);
            for (std::uint32_t symbol : used)
                if (!bound(symbol))
                    throw Error("size " + s->value.text() + " uses " + env_->symbols()[symbol].name +
                                ", which no graph input has as a size");
            out.size = s->value.poly();
            return out;
        }
        if (const auto* seq = a.get_if<lasso::graph::sequence>()) {
            out.what = computed::kind::sequence;
            for (const auto& item : seq->items) out.items.push_back(build<Error>(g, item));
            return out;
        }
        if (a.is_node()) throw Error("a tuple argument holds a node and a size");
        out.what = computed::kind::constant;
        out.constant = scalar_constant_value<A>(a);
        if (!out.constant) throw Error("a tuple argument holds a size and a value that is not a constant");
        return out;
    }

    /// An int input's value (its placeholder was made for an int, and its guard checked
    /// the type).
    static std::int64_t int_value(const value& v) {
        const auto i = fold::as_int(A::constant_of(v));
        if (!i) throw std::logic_error("an int input of a graph is not an int");
        return *i;
    }

    value evaluate(const computed& c, const std::vector<std::int64_t>& symbols) const {
        switch (c.what) {
        case computed::kind::size: return A::value_of_constant(env_->evaluate(c.size, symbols));
        case computed::kind::constant: return *c.constant;
        case computed::kind::sequence: break;
        }
        std::vector<value> items;
        items.reserve(c.items.size());
        for (const computed& item : c.items) items.push_back(evaluate(item, symbols));
        if constexpr (requires(std::vector<value> v) { A::make_tuple(std::move(v)); })
            return A::make_tuple(std::move(items));
        else throw std::logic_error("tuple arguments need the adapter's make_tuple");
    }

    const symbolic::shape_env* env_ = nullptr;
    std::vector<binding> bindings_;
    std::vector<computed_slot> slots_;
};

} // namespace lasso::detail
