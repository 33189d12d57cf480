// lasso/output/graph_symbols.hpp
//
// Where a graph's inputs hold its symbols: a tensor placeholder holds one as the size of
// a dimension (its metadata says `f64[s0, 3]`), an int placeholder (`add_size_placeholder`)
// as its own value. Code generation keeps the placeholders a backend reads symbols from,
// and backends read them there on every call (runtime/graph_sizes.hpp): both follow
// this one rule, the first placeholder that holds a symbol is where it is read.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/graph.hpp>
#include <lasso/symbolic/shape_env.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>

namespace lasso::output {

/// Calls `fn(symbol, dim)` for each symbol of `env` that placeholder `p` holds: as the
/// size of dimension `dim`, or as its value (`dim == symbolic::whole_value`).
template <class A, class Meta, class Fn>
void for_each_held_symbol(const lasso::graph::graph<Meta>& g, lasso::graph::node p, const symbolic::shape_env* env,
                          Fn&& fn) {
    if constexpr (SymbolicShapesAdapter<A>) {
        if (!env) return;
        if (const auto& m = g.meta(p)) {
            const auto sizes = A::meta_sizes(*m);
            for (std::size_t d = 0; d < sizes.size(); ++d)
                if (sizes[d].env() == env)
                    if (const auto symbol = env->as_symbol(sizes[d].poly())) fn(*symbol, static_cast<std::uint32_t>(d));
        } else if (const auto size = g.placeholder_size(p); size && size->env() == env) {
            if (const auto symbol = env->as_symbol(size->poly())) fn(*symbol, symbolic::whole_value);
        }
    } else {
        (void)g, (void)p, (void)env, (void)fn;
    }
}

} // namespace lasso::output
