// The fusing backend (minipy/fused_backend.hpp) on graphs built by hand: which nodes it
// groups, which results it keeps as tensors, and that a fused call computes what the
// eager graph computes, bit for bit, errors included.
#include <doctest/doctest.h>

#include <lasso/runtime/backends.hpp>

#include <span>
#include <sstream>
#include <vector>

#include "minipy/capture.hpp"
#include "minipy/fused_backend.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/object.hpp"

using namespace minipy;
using A = capture_adapter;
using graph_t = lasso::graph::graph<tensor_meta>;

namespace {
tensor_meta meta(dtype_t dt, const shape_t& s) { return {dt, to_sym_shape(s)}; }
value floats(shape_t s, std::vector<double> d) { return new_tensor(tensor::from_floats(std::move(s), std::move(d))); }
value ints(shape_t s, std::vector<std::int64_t> d) { return new_tensor(tensor::from_ints(std::move(s), std::move(d))); }

/// The interpreter the eager operators run on.
struct running {
  std::ostringstream out, err;
  interpreter in{out, err};
};

/// Runs `g` fused and eagerly on `inputs`: the same outputs.
void check_same(const graph_t& g, const std::vector<value>& inputs) {
  auto fused = fused_backend{}(g, inputs);
  auto eager = lasso::eager_backend<A>{}(g, inputs);
  const auto got = fused(inputs), want = eager(inputs);
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) CHECK(A::same_result(got[i], want[i]));
}
}  // namespace

TEST_CASE("a chain of elementwise nodes and its sum run as one group; only escaping results are tensors") {
  running r;
  graph_t g;
  const auto f23 = meta(dtype_t::float64, {2, 3});
  const auto x = g.add_placeholder("L['x']", f23);
  const auto y = g.add_placeholder("L['y']", meta(dtype_t::int64, {3}));
  const auto a = g.add_call_function("add", {x, y}, {}, f23);  // broadcast of y's rows
  const auto b = g.add_call_function("mul", {a, 2.5}, {}, f23);
  const auto c = g.add_call_method("relu", {b}, {}, f23);
  const auto d = g.add_call_function("sub", {c, 1}, {}, f23);  // an output: escapes
  const auto s = g.add_call_method("sum", {d, 1}, {}, meta(dtype_t::float64, {2}));
  g.set_output({d, s});
  const fusion_summary summary = summarize_fusion(g);
  CHECK(summary.groups == 1);
  CHECK(summary.fused_nodes == 5);
  CHECK(summary.unmaterialized == 3);  // a, b, c
  CHECK(summary.reused_buffers == 0);  // d and s are outputs
  check_same(g, {floats({2, 3}, {1.5, -2, 0.1, 4, -5e300, 6}), ints({3}, {1, -2, 3})});
}

TEST_CASE("a result only another group reads is kept in a reused buffer") {
  running r;
  graph_t g;
  const auto i3 = meta(dtype_t::int64, {3});
  const auto f23 = meta(dtype_t::float64, {2, 3});
  const auto x = g.add_placeholder("L['x']", i3);
  const auto z = g.add_placeholder("L['z']", f23);
  const auto a = g.add_call_function("mul", {x, x}, {}, i3);
  const auto b = g.add_call_function("add", {a, 1}, {}, i3);  // read by the next group
  const auto c = g.add_call_function("truediv", {z, b}, {}, f23);
  const auto d = g.add_call_method("exp", {c}, {}, f23);
  const auto m = g.add_call_method("mean", {d}, {}, meta(dtype_t::float64, {}));
  g.set_output({m});
  const fusion_summary summary = summarize_fusion(g);
  CHECK(summary.groups == 2);
  CHECK(summary.reused_buffers == 1);  // b
  const std::vector<value> inputs{ints({3}, {1, 2, 3}), floats({2, 3}, {1, 2, 3, 4, 5, 6})};
  auto fused = fused_backend{}(g, inputs);
  const value first = fused(inputs)[0];
  CHECK(A::same_result(fused(inputs)[0], first));  // the kept buffer gives the same answer
  check_same(g, inputs);
}

TEST_CASE("a fused group raises the error of its first failing node, as the eager nodes do") {
  running r;
  graph_t g;
  const auto i2 = meta(dtype_t::int64, {2});
  const auto x = g.add_placeholder("L['x']", i2);
  const auto a = g.add_call_function("mul", {x, x}, {}, i2);                               // overflows first
  const auto b = g.add_call_function("truediv", {a, 0}, {}, meta(dtype_t::float64, {2}));  // divides by zero
  g.set_output({b});
  CHECK(summarize_fusion(g).groups == 1);
  const std::vector<value> big{ints({2}, {1, std::int64_t{1} << 40})};
  auto fused = fused_backend{}(g, big);
  CHECK_THROWS_WITH_AS(fused(big), "integer overflow", py_error);
  const std::vector<value> small{ints({2}, {1, 2})};
  CHECK_THROWS_WITH_AS(fused(small), "float division by zero", py_error);
}

TEST_CASE("nodes the backend does not know break a chain into groups") {
  graph_t g;
  const auto f4 = meta(dtype_t::float64, {4});
  const auto x = g.add_placeholder("L['x']", f4);
  const auto a = g.add_call_function("add", {x, 1.0}, {}, f4);
  const auto r = g.add_call_method("reshape", {a, 2, 2}, {}, meta(dtype_t::float64, {2, 2}));  // not fused
  const auto b = g.add_call_function("mul", {r, r}, {}, meta(dtype_t::float64, {2, 2}));
  g.set_output({b});
  CHECK(summarize_fusion(g).groups == 0);  // no run of two fusable nodes
}
