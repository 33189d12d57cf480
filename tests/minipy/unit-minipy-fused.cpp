// The fusing backend (minipy/fused_backend.hpp) on graphs built by hand: which nodes it
// groups, which results it keeps as tensors, and that a fused call computes what the
// eager graph computes, bit for bit, errors included.
#include <doctest/doctest.h>

#include <lasso/runtime/backends.hpp>

#include <limits>
#include <span>
#include <sstream>
#include <string>
#include <variant>
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

/// What `compiled` gives for `inputs`: its outputs, or the message of what it raised.
std::variant<std::vector<value>, std::string> outcome(const lasso::compiled_graph<value>& compiled,
                                                      const std::vector<value>& inputs) {
  try {
    return compiled(inputs);
  } catch (const py_error& e) { return std::string(e.what()); }
}

/// `fused` and `eager` give the same outputs for `inputs`, or raise the same error.
void check_same_outcome(const lasso::compiled_graph<value>& fused, const lasso::compiled_graph<value>& eager,
                        const std::vector<value>& inputs) {
  const auto got = outcome(fused, inputs), want = outcome(eager, inputs);
  REQUIRE(got.index() == want.index());
  if (const auto* message = std::get_if<std::string>(&want)) {
    CHECK(std::get<std::string>(got) == *message);
    return;
  }
  const auto& g = std::get<0>(got);
  const auto& w = std::get<0>(want);
  REQUIRE(g.size() == w.size());
  for (std::size_t i = 0; i < g.size(); ++i) CHECK(A::same_result(g[i], w[i]));
}

/// Runs `g` fused and eagerly on `inputs`: the same outputs.
void check_same(const graph_t& g, const std::vector<value>& inputs) {
  check_same_outcome(fused_backend{}(g, inputs), lasso::eager_backend<A>{}(g, inputs), inputs);
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

TEST_CASE("an input the graph adds in the middle of a chain does not split the chain") {
  running r;
  graph_t g;
  const auto f5 = meta(dtype_t::float64, {5});
  const auto x = g.add_placeholder("L['x']", f5);
  const auto a = g.add_call_function("mul", {x, 1.5}, {}, f5);
  const auto y = g.add_placeholder("L['y']", f5);  // first read here, as capture records it
  const auto b = g.add_call_function("add", {a, y}, {}, f5);
  const auto c = g.add_call_method("relu", {b}, {}, f5);
  const auto d = g.add_call_function("sub", {c, 0.25}, {}, f5);
  g.set_output({d});
  const fusion_summary summary = summarize_fusion(g);
  CHECK(summary.groups == 1);
  CHECK(summary.fused_nodes == 4);
  check_same(g, {floats({5}, {1, -2, 3, -4, 5}), floats({5}, {0.5, 0.5, -9, 1, 2})});
}

TEST_CASE("float64 operations run in pairs give the eager bits over several blocks, errors included") {
  running r;
  graph_t g;
  constexpr std::int64_t n = 1000;  // several of the backend's blocks, the last one partial
  const auto fn = meta(dtype_t::float64, {n});
  const auto f1 = meta(dtype_t::float64, {1});
  const auto x = g.add_placeholder("L['x']", fn);
  const auto w = g.add_placeholder("L['w']", f1);  // one element, repeated along the loop
  const auto a = g.add_call_function("sub", {x, 0.1}, {}, fn);
  const auto b = g.add_call_function("truediv", {2.0, a}, {}, fn);  // the first result on the right
  const auto c = g.add_call_method("relu", {b}, {}, fn);
  const auto d = g.add_call_function("mul", {c, w}, {}, fn);
  const auto e = g.add_call_method("abs", {d}, {}, fn);
  const auto f = g.add_call_function("neg", {e}, {}, fn);
  g.set_output({f});
  CHECK(summarize_fusion(g).groups == 1);
  std::vector<double> xs;
  for (std::int64_t i = 0; i < n; ++i) xs.push_back(static_cast<double>(i % 37) * 0.37 - 5.0 + 1e-3 * i);
  xs[3] = -0.0;
  xs[10] = 1e308;
  xs[11] = -1e-308;
  check_same(g, {floats({n}, xs), floats({1}, {-0.75})});
  // 0.1 - 0.1 is 0: the division of the pair (sub, truediv) raises as the eager node.
  xs[700] = 0.1;
  const std::vector<value> failing{floats({n}, xs), floats({1}, {-0.75})};
  auto fused = fused_backend{}(g, failing);
  CHECK_THROWS_WITH_AS(fused(failing), "float division by zero", py_error);
}

TEST_CASE("float64 chains of three and four operations give the eager bits, also when a repeated number changes") {
  running r;
  graph_t g;
  constexpr std::int64_t n = 700;  // several blocks, the last one partial
  const auto fn = meta(dtype_t::float64, {n});
  const auto f1 = meta(dtype_t::float64, {1});
  const auto x = g.add_placeholder("L['x']", fn);
  const auto y = g.add_placeholder("L['y']", fn);
  const auto w = g.add_placeholder("L['w']", f1);  // one element, repeated along the loop
  // A chain of four: sub of two blocks, then mul with the running value on the right,
  // relu, and a subtraction from a number.
  const auto a = g.add_call_function("sub", {x, y}, {}, fn);
  const auto b = g.add_call_function("mul", {w, a}, {}, fn);
  const auto c = g.add_call_method("relu", {b}, {}, fn);
  const auto d = g.add_call_function("sub", {0.5, c}, {}, fn);  // an output: the chain ends here
  // A chain of three (a sum follows): add, sub of a block, add with the value on the right.
  const auto e = g.add_call_function("add", {d, y}, {}, fn);
  const auto f = g.add_call_function("sub", {e, x}, {}, fn);
  const auto h = g.add_call_function("add", {1.25, f}, {}, fn);
  const auto s = g.add_call_method("sum", {h}, {}, meta(dtype_t::float64, {}));
  g.set_output({s, d});
  CHECK(summarize_fusion(g).groups == 1);
  std::vector<double> xs, ys;
  for (std::int64_t i = 0; i < n; ++i) {
    xs.push_back(static_cast<double>(i % 29) * 0.31 - 4.0 + 1e-3 * i);
    ys.push_back(static_cast<double>(i % 13) * -0.17 + 1.0);
  }
  xs[1] = std::numeric_limits<double>::quiet_NaN();
  xs[2] = std::numeric_limits<double>::infinity();
  ys[2] = std::numeric_limits<double>::infinity();  // inf - inf
  xs[5] = -0.0;
  ys[5] = 0.0;
  xs[9] = 1e308;
  ys[9] = -1e308;
  const std::vector<value> first{floats({n}, xs), floats({n}, ys), floats({1}, {-1.5})};
  const std::vector<value> second{floats({n}, xs), floats({n}, ys), floats({1}, {0.25})};
  auto fused = fused_backend{}(g, first);
  auto eager = lasso::eager_backend<A>{}(g, first);
  for (const auto* inputs : {&first, &second, &first}) {  // the block of w's number is filled again
    const auto got = fused(*inputs), want = eager(*inputs);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < got.size(); ++i) CHECK(A::same_result(got[i], want[i]));
  }
  // int64 operands: the same group runs member by member, with the same results.
  std::vector<std::int64_t> is(n, 3);
  check_same(g, {ints({n}, is), ints({n}, is), floats({1}, {2.0})});
}

TEST_CASE("a + - * / node outside the groups runs compiled for its shapes, and eagerly for other operands") {
  running r;
  graph_t g;
  const auto f23 = meta(dtype_t::float64, {2, 3});
  const auto i2 = meta(dtype_t::int64, {2});
  const auto x = g.add_placeholder("L['x']", f23);
  const auto y = g.add_placeholder("L['y']", meta(dtype_t::int64, {3}));
  const auto a = g.add_call_function("add", {x, y}, {}, f23);  // y broadcast along x's rows
  const auto t = g.add_call_method("reshape", {a, 3, 2}, {}, meta(dtype_t::float64, {3, 2}));  // not fused
  const auto d = g.add_call_function("truediv", {true, t}, {}, meta(dtype_t::float64, {3, 2}));
  const auto n = g.add_placeholder("L['n']", i2);
  const auto m = g.add_call_function("mul", {n, n}, {}, i2);
  g.set_output({d, m});
  const fusion_summary summary = summarize_fusion(g);
  CHECK(summary.groups == 0);
  CHECK(summary.single_kernels == 3);  // add, truediv (a bool constant is the number 1), mul
  const std::vector<value> inputs{floats({2, 3}, {1.5, -2, 0.1, 4, -5e300, 6}), ints({3}, {1, -2, 3}),
                                  ints({2}, {3, -4})};
  auto fused = fused_backend{}(g, inputs);
  auto eager = lasso::eager_backend<A>{}(g, inputs);
  check_same_outcome(fused, eager, inputs);
  // Errors as the eager nodes raise them: 1 / 0.0, and an int64 product that overflows.
  check_same_outcome(fused, eager,
                     {floats({2, 3}, {1.5, -2, 0.1, 4, -5e300, 6}), ints({3}, {-1, 2, 3}), ints({2}, {3, -4})});
  check_same_outcome(fused, eager, {inputs[0], inputs[1], ints({2}, {3, std::int64_t{1} << 40})});
  // Operands of other dtypes or shapes than the graph's: the eager operation, whose
  // broadcast differs (a float y; an x of one row; a number n).
  check_same_outcome(fused, eager, {inputs[0], floats({3}, {0.5, 0.25, 2}), inputs[2]});
  check_same_outcome(fused, eager, {floats({1, 3}, {1, 2, 3}), inputs[1], inputs[2]});
  check_same_outcome(fused, eager, {inputs[0], inputs[1], value::integer(7)});
  check_same_outcome(fused, eager, inputs);
}

TEST_CASE("a group plans again when its operands' dtypes or shapes change between calls") {
  running r;
  graph_t g;
  const auto f4 = meta(dtype_t::float64, {4});
  const auto x = g.add_placeholder("L['x']", f4);
  const auto y = g.add_placeholder("L['y']", f4);
  const auto a = g.add_call_function("sub", {x, y}, {}, f4);
  const auto b = g.add_call_method("relu", {a}, {}, f4);
  const auto c = g.add_call_function("mul", {b, 2}, {}, f4);
  g.set_output({c});
  CHECK(summarize_fusion(g).groups == 1);
  const std::vector<value> first{floats({4}, {1, -2, 3, -4}), floats({4}, {0.5, 0.5, 0.5, 0.5})};
  auto fused = fused_backend{}(g, first);
  auto eager = lasso::eager_backend<A>{}(g, first);
  const std::vector<std::vector<value>> calls{
      first,
      {floats({2, 2}, {1, -2, 3, -4}), floats({2}, {0.5, -0.5})},  // a broadcast of y
      {ints({4}, {1, -2, 3, -4}), ints({4}, {1, 1, 1, 1})},        // int64 operands
      {floats({4}, {1, -2, 3, -4}), value::floating(0.25)},        // a number y
      {floats({3}, {1, -2, 3}), floats({4}, {1, 1, 1, 1})},        // shapes that do not broadcast
      {ints({2}, {std::int64_t{1} << 62, 0}), ints({2}, {-(std::int64_t{1} << 62), 0})},  // overflow of the product
      first,
  };
  for (const auto& inputs : calls) check_same_outcome(fused, eager, inputs);
}
