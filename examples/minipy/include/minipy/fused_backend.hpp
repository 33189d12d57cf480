// minipy's fusing backend (`--backend fused`, `capture(backend="fused")`).
//
// A graph's elementwise operations (+ - * / between tensors and numbers, broadcasts
// included; neg, relu, abs, exp, tanh, sqrt, sigmoid, float()) that follow each other
// in the graph and have the same shape run as one loop, a *group*, with no tensor for
// the values only the group reads; a sum(), sum(dim) or mean() reading the group is
// accumulated in the same loop. A + - * / node outside the groups whose operands have
// static shapes runs as binary() compiled for those shapes: the result's shape and the
// broadcast are worked out once, not on every call. Everything else runs as the eager
// backend runs it (lasso::lowered_graph), and so does a group or kernel whose operands
// at run time are not what it was compiled for.
//
// minipy promises bit-identical arithmetic, so a group computes each element with the
// same operations in the same order as tensor.cpp's kernels, and accumulates a
// reduction in the same order. A group raises what the eager nodes raise: the error of
// the first node (in graph order) that fails, after charging the memory budget the
// eager nodes before it charge. Anything a group cannot reproduce exactly (an empty
// loop, a shape error, a memory limit) is left to the eager nodes.
//
// Loops: a group runs block by block (256 elements), each member a loop over the block;
// two float64 members in a row, the second reading the first's result, run as one loop
// that keeps that result in a register (fused_pair_kernels.hpp). On x86-64 the loops
// are also compiled for AVX2 and chosen when the processor has it (same IEEE results;
// no FMA).
//
// Buffers: the loop works block by block in scratch registers planned once per cache
// entry; a group's result that only other groups read is written into a buffer kept
// by the compiled graph and reused on the next call when nothing else holds it. A
// result that escapes (a graph output, or read by an eager node that may alias it) is
// a new tensor on every call.
#pragma once

#include <optional>
#include <span>

#include <lasso/runtime/backends.hpp>

#include "minipy/tensor.hpp"
#include "minipy/value.hpp"

namespace minipy {

struct fused_backend {
  lasso::compiled_graph<value> operator()(const lasso::graph::graph<tensor_meta>& g,
                                          std::span<const value> example_inputs) const;
};

/// How the fused backend compiles a graph, for tests and benchmarks: how many groups,
/// how many nodes they hold, how many of those leave no tensor behind, how many
/// results are written into a buffer kept for the next call, and how many nodes outside
/// the groups run as kernels compiled for their shapes.
struct fusion_summary {
  std::size_t groups = 0;
  std::size_t fused_nodes = 0;
  std::size_t unmaterialized = 0;
  std::size_t reused_buffers = 0;
  std::size_t single_kernels = 0;
};
fusion_summary summarize_fusion(const lasso::graph::graph<tensor_meta>& g);

namespace detail {
/// Node `n`, operator `op` between two operands (nodes or number constants, one a
/// tensor; the fused backend's classification), when the operands' dtypes and shapes
/// are known when the graph is compiled (tensors of static shapes, number constants):
/// a kernel that computes it as binary() with the broadcast worked out once
/// (binary_kernel), and runs the eager operation for operands of other dtypes or
/// shapes. Nothing when a shape is symbolic or the shapes do not broadcast.
std::optional<lasso::node_lowering<value>> single_binary_kernel(const lasso::graph::graph<tensor_meta>& g,
                                                                lasso::graph::node n, binop op);
}  // namespace detail

}  // namespace minipy
