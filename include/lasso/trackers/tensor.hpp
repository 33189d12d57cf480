// lasso/trackers/tensor.hpp
//
// The tensor family: a tensor of the trace is a node of the graph being built, with its
// metadata (the adapter's `tensor_meta`). A graph input is a placeholder node whose
// tracker has the source it is read from; every other tensor is computed by the graph.
// Its truth and length are data, never known at trace time (a branch on a tensor is a
// graph break); it is never None.
#pragma once

#include <lasso/graph/node.hpp>
#include <lasso/trackers/tracker.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace lasso::trackers {

template <class Meta> struct tensor {
    lasso::graph::node node;
    Meta meta;

    static constexpr std::string_view family = "tensor";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a tensor"; }
    std::optional<bool> none() const { return false; }
};

} // namespace lasso::trackers
