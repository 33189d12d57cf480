// lasso/graph/meta.hpp
//
// What a graph asks of its tensor metadata type, and how it renders one. The type is the
// adapter's `tensor_meta`: the graph never looks inside it, it only copies it with the
// nodes and shows it in printed graphs. The requirement has its own header so that it
// reads apart from the graph that checks it and the printer that uses it.
#pragma once

#include <concepts>
#include <string>

namespace lasso::graph {

namespace detail {

namespace describe_lookup {
// Poison pill: ordinary lookup stops here, so only argument-dependent lookup can find
// the `describe` of a metadata type.
void describe() = delete;

template <class M>
concept has_describe = requires(const M& m) {
    { describe(m) } -> std::convertible_to<std::string>;
};

template <class M> std::string call(const M& m) { return std::string(describe(m)); }
} // namespace describe_lookup

/// Renders metadata through the `describe` found by argument-dependent lookup.
template <class M> std::string describe_meta(const M& m) { return describe_lookup::call(m); }

} // namespace detail

/// What a graph needs of its tensor metadata type (the adapter's `tensor_meta`): it is
/// copyable (graphs are copied deeply), and a free function `describe(const Meta&)`,
/// found by argument-dependent lookup (so declare it next to `Meta`), renders it for
/// printed graphs, e.g. "f64[3, 4]". A free function keeps `Meta` a plain aggregate.
template <class M>
concept GraphMeta = std::copyable<M> && detail::describe_lookup::has_describe<M>;

} // namespace lasso::graph
