// lasso/trackers/tensor.hpp
//
// The tensor family: a tensor of the trace is a node of the graph being built, with its
// metadata (the adapter's `tensor_meta`). A graph input is a placeholder node whose
// tracker has the source it is read from; every other tensor is computed by the graph.
// Its truth and length are data, never known at trace time (a branch on a tensor is a
// graph break); it is never None.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
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

    /// A tensor the graph computed is one of its outputs (an input has a source).
    template <class R> void rebuild(R& r, tracker_ref) const { r.push_output(node); }
    /// An iterator over its rows that has given `given`: the tensor iterated again and
    /// advanced past them, so that it reads that tensor as the traced one did (a copy of
    /// the remaining rows would not see later in-place changes). The rows exist, since
    /// the tensor's shape is known; running out early would be a broken invariant.
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        r.emit(self);
        r.push(bytecode::op::get_iter);
        if (given > 0) r.skip_items(given);
    }
};

} // namespace lasso::trackers
