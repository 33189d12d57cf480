// lasso/output/subgraph.hpp
//
// Subgraphs of higher-order operators. The translator traces a branch or a loop body
// into the frame's own graph, after placeholders for the operator's operands; this
// header takes that region out into a graph of its own:
//
//   - the region is every call node made since the region started (its creation
//     index, `graph::checkpoint()`);
//     placeholders made since then are graph inputs the branch read first (a global
//     tensor), which stay in the frame's graph;
//   - a node of the region that reads a node from outside it (an input of the frame,
//     a value computed before the operator, or an input made during the region) reads
//     a placeholder of the subgraph instead: the outer node is *lifted*, and the
//     operator's node passes it as an argument. An operator inside the region (a
//     `cond` in a `map_rows` body) was already made into one node whose arguments are
//     lifted the same way, so a value of the outermost frame reaches the innermost
//     subgraph through every graph in between;
//   - several subgraphs of one operator take the same inputs: the operands, then the
//     union of what each lifts (`lifted_reads`, then `extract_subgraph` with the union).
//
// `erase_region` then removes the region from the frame's graph.
#pragma once

#include <lasso/graph.hpp>
#include <lasso/symbolic/sym_int.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace lasso::output {

/// A traced region of the frame's graph: the creation indexes of its nodes (from
/// `first`, a `graph::checkpoint()`, up to `end`), the placeholders made for its
/// operands (the subgraph's first inputs, in order) and the nodes it returns.
struct graph_region {
    std::uint32_t first = 0;
    std::uint32_t end = UINT32_MAX;
    std::vector<lasso::graph::node> operands;
    std::vector<lasso::graph::node> results;
};

namespace detail {
template <class Meta> bool in_region(const lasso::graph::graph<Meta>& g, const graph_region& region, lasso::graph::node n) {
    const auto created = g.creation_index(n);
    return created >= region.first && created < region.end && g.kind(n) != lasso::graph::node_kind::placeholder;
}
} // namespace detail

/// The nodes outside `region` that it reads (its lifted inputs), in the order it first
/// reads them: what its call nodes take, and results that are outer nodes themselves.
template <class Meta>
std::vector<lasso::graph::node> lifted_reads(const lasso::graph::graph<Meta>& g, const graph_region& region) {
    std::vector<lasso::graph::node> lifted;
    auto note = [&](lasso::graph::node n) {
        if (detail::in_region(g, region, n)) return;
        if (std::find(region.operands.begin(), region.operands.end(), n) != region.operands.end()) return;
        if (std::find(lifted.begin(), lifted.end(), n) == lifted.end()) lifted.push_back(n);
    };
    for (const lasso::graph::node n : g.nodes()) {
        if (!detail::in_region(g, region, n)) continue;
        for (const lasso::graph::node input : g.inputs(n)) note(input);
    }
    for (const lasso::graph::node r : region.results) note(r);
    return lifted;
}

/// `extract_subgraph`'s default for size arguments: the size, unchanged.
inline constexpr auto keep_size = [](const auto&, const symbolic::sym_int& s) { return lasso::graph::argument(s); };

/// The subgraph of `region`: placeholders for its operands, then for the nodes of
/// `lifted` (a superset of what it reads from outside, in the order the operator passes
/// them), its call nodes copied with their metadata and subgraphs, and an output of its
/// results; nodes nothing returned depends on are left out. A size argument is what
/// `size_argument(sub, size)` makes of it (by default, itself).
template <class Meta, class SizeArgument = std::remove_cvref_t<decltype(keep_size)>>
lasso::graph::graph<Meta> extract_subgraph(const lasso::graph::graph<Meta>& g, const graph_region& region,
                                           std::span<const lasso::graph::node> lifted,
                                           const SizeArgument& size_argument = keep_size) {
    using lasso::graph::argument;
    using lasso::graph::node;
    lasso::graph::graph<Meta> sub;
    std::unordered_map<std::uint32_t, node> copy_of; // slot in g -> node of sub
    for (std::size_t i = 0; i < region.operands.size(); ++i)
        copy_of.emplace(region.operands[i].index(),
                        sub.add_placeholder("arg" + std::to_string(i), g.meta(region.operands[i])));
    for (const node n : lifted) {
        if (copy_of.contains(n.index())) continue; // an operand passed as a lifted value too
        copy_of.emplace(n.index(), sub.add_placeholder(g.name(n), g.meta(n)));
    }
    auto remap = [&](const argument& a, auto& self) -> argument {
        if (const auto* n = a.get_if<node>()) {
            const auto found = copy_of.find(n->index());
            if (found == copy_of.end())
                throw lasso::graph::graph_error("subgraph extraction: node '" + g.name(*n) + "' is read but not lifted");
            return found->second;
        }
        if (const auto* size = a.get_if<lasso::graph::size_argument>()) return size_argument(sub, size->value);
        if (const auto* s = a.get_if<lasso::graph::sequence>()) {
            lasso::graph::sequence copy{s->is_list, {}};
            for (const auto& item : s->items) copy.items.push_back(self(item, self));
            return copy;
        }
        return a;
    };
    for (const node n : g.nodes()) {
        if (!detail::in_region(g, region, n)) continue;
        std::vector<argument> args;
        for (const auto& a : g.args(n)) args.push_back(remap(a, remap));
        std::vector<lasso::graph::keyword> kwargs;
        for (const auto& k : g.kwargs(n)) kwargs.push_back({k.name, remap(k.value, remap)});
        const bool method = g.kind(n) == lasso::graph::node_kind::call_method;
        const node copied = method ? sub.add_call_method(g.target(n), args, kwargs, g.meta(n))
                                   : sub.add_call_function(g.target(n), args, kwargs, g.meta(n));
        const auto owned = g.subgraphs(n);
        if (!owned.empty()) sub.attach_subgraphs(copied, std::vector<lasso::graph::graph<Meta>>(owned.begin(), owned.end()));
        copy_of.emplace(n.index(), copied);
    }
    std::vector<argument> results;
    for (const node r : region.results) results.push_back(remap(argument(r), remap));
    sub.set_output(results);
    // What the function computed but does not return (an unused item of a nested
    // operator's results) goes: a function of a higher-order operator has no effects.
    sub.eliminate_dead_code();
    return sub;
}

/// Removes `region`'s call nodes and operand placeholders from the frame's graph,
/// newest first; the inputs made during it stay.
template <class Meta> void erase_region(lasso::graph::graph<Meta>& g, const graph_region& region) {
    std::vector<lasso::graph::node> doomed;
    for (const lasso::graph::node n : g.nodes())
        if (detail::in_region(g, region, n)) doomed.push_back(n);
    for (auto n = doomed.rbegin(); n != doomed.rend(); ++n) g.erase_node(*n);
    for (auto n = region.operands.rbegin(); n != region.operands.rend(); ++n) g.erase_node(*n);
}

} // namespace lasso::output
