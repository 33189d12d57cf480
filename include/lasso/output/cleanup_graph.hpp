// lasso/output/cleanup_graph.hpp
//
// The graph nodes that set global state (lasso/global_state.hpp), after tracing:
// `cleanup_graph` removes those that change nothing, so a `with no_grad():` around
// code without tensor operations costs the graph nothing; `sets_global_state` tells
// whether any is left (the runtime then restores the state when the graph raises).
#pragma once

#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>

#include <cstddef>
#include <optional>
#include <vector>

namespace lasso::output {

/// The variable node `n` sets and the value it sets it to, if it is a setter node.
template <class A, class Meta>
std::optional<std::pair<std::size_t, bool>> state_setting(const lasso::graph::graph<Meta>& g, lasso::graph::node n) {
    if (g.kind(n) != lasso::graph::node_kind::call_function) return std::nullopt;
    const long variable = global_state_of_setter<A>(g.target(n));
    if (variable < 0) return std::nullopt;
    const std::vector<lasso::graph::argument> args = g.args(n);
    const bool* on = args.size() == 1 ? args[0].template get_if<bool>() : nullptr;
    if (!on) return std::nullopt;
    return std::pair<std::size_t, bool>{static_cast<std::size_t>(variable), *on};
}

/// Removes the setter nodes that change nothing, starting from the state `entry` the
/// graph runs in (a variable without a value there is not guarded: the graph may start
/// in either state): a node that sets a variable to the value it already has, and two
/// nodes with no operation between them where the second puts back what the first
/// changed (as Dynamo's `cleanup_graph` does for grad mode). Returns how many it removed.
template <class A, class Meta>
std::size_t cleanup_graph(lasso::graph::graph<Meta>& g, std::vector<std::optional<bool>> entry) {
    std::vector<lasso::graph::node> calls;
    for (lasso::graph::node n : g.nodes())
        if (lasso::graph::is_call(g.kind(n))) calls.push_back(n);
    std::size_t removed = 0;
    // The setter just before, with no operation since, and the value it replaced.
    std::optional<lasso::graph::node> pending;
    std::optional<bool> replaced;
    for (lasso::graph::node n : calls) {
        const auto setting = state_setting<A>(g, n);
        if (!setting || setting->first >= entry.size()) {
            pending.reset();
            continue;
        }
        const auto [variable, on] = *setting;
        if (entry[variable] == on) {
            g.erase_node(n); // sets what is already set
            ++removed;
            continue;
        }
        if (pending && state_setting<A>(g, *pending)->first == variable && replaced == on) {
            g.erase_node(*pending); // changed and put back with nothing in between
            g.erase_node(n);
            removed += 2;
            entry[variable] = on;
            pending.reset();
            continue;
        }
        pending = n;
        replaced = entry[variable];
        entry[variable] = on;
    }
    return removed;
}

/// Whether graph `g` has a node that sets global state.
template <class A, class Meta> bool sets_global_state(const lasso::graph::graph<Meta>& g) {
    for (lasso::graph::node n : g.nodes())
        if (state_setting<A>(g, n)) return true;
    return false;
}

} // namespace lasso::output
