// The cache-hit fast path on minipy frames: graph inputs that are the frame's own
// arguments reach the compiled graph in place, other inputs are copied, a graph that
// calls back into the same function leaves the outer call's values alone, and hits
// leave no references behind; with the eager backend itself, the runner hands over
// the returned output alone, whatever the size of the graph.
#include <doctest/doctest.h>

#include <lasso/runtime/eval_frame.hpp>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "minipy/capture.hpp"
#include "minipy/interpreter.hpp"

using namespace minipy;
using A = capture_adapter;

namespace {

const char* const script = R"(
w = tensor([10.0, 20.0, 30.0])

@capture(backend="probe")
def add(x, y):
    return x + y

@capture(backend="probe")
def swapped(x, y):
    return y - x

@capture(backend="probe")
def scaled(x):
    return x * w, x

@capture
def plain_add(x, y):
    return x + y

@capture
def plain_swapped(x, y):
    return y - x

@capture
def twice(x, y):
    s = x + y
    return s, s

@capture
def chain(x, y):
    h = x + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    h = h * 0.5 + y
    return h
)";

/// An interpreter running the script, with a runtime whose "probe" backend wraps the
/// eager one: each call of a compiled graph records where its inputs were, and may call
/// a function of the script again before running (as a graph calling back into the
/// interpreter would).
struct fixture {
  std::ostringstream out, err;
  interpreter in{out, err};
  lasso::runtime<A> rt;  // declared after the interpreter: destroyed first
  ref<dict_object> globals;
  const value* frame_locals = nullptr;  ///< of the frame evaluated last
  const value* graph_inputs = nullptr;
  std::string reenter;  ///< a function the next graph call calls first
  std::vector<value> reentry_args;
  value reentry_result;

  fixture() {
    rt.add_backend("probe", [this](const lasso::graph::graph<A::tensor_meta>& g, std::span<const value> inputs) {
      lasso::compiled_graph<value> eager = lasso::eager_backend<A>{}(g, inputs);
      return lasso::compiled_graph<value>([this, eager](std::span<const value> args) {
        graph_inputs = args.data();
        if (!reenter.empty()) {
          const std::string name = std::move(reenter);
          reenter.clear();
          reentry_result = in.call(get(name), reentry_args.data(), reentry_args.size());
        }
        return eager(args);
      });
    });
    in.frame_evaluator = [this](interpreter&, frame& f) {
      frame_locals = f.fast();
      const auto& options = f.func->capture_options;
      return rt.eval_frame(f, {options.backend, options.fullgraph});
    };
    auto code = in.compile(script, "cache_hit.py");
    globals = in.new_globals();
    in.run_code(*code, *globals, globals.get());
  }
  ~fixture() {
    in.frame_evaluator = nullptr;
    globals->clear();
  }
  value get(std::string_view name) { return *globals->find_str(name); }
};

value vec(std::initializer_list<double> data) {
  std::vector<nested> items(data.begin(), data.end());
  return new_tensor(make_tensor(nested(std::move(items))));
}
nested data_of(const value& v) { return v.as<tensor_object>()->t.tolist(); }

}  // namespace

TEST_CASE("cache hit: a function's arguments reach the graph in place") {
  fixture f;
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6});
  CHECK(data_of(f.in.call(f.get("add"), {a, b})) == nested{5.0, 7.0, 9.0});  // translates
  CHECK(data_of(f.in.call(f.get("add"), {b, b})) == nested{8.0, 10.0, 12.0});
  CHECK(f.graph_inputs == f.frame_locals);
  CHECK(f.rt.report().frames.at(0).cache_hits == 1);
}

TEST_CASE("cache hit: inputs out of frame order or from globals are copied") {
  fixture f;
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6});
  for (int i = 0; i < 3; ++i) {
    CHECK(data_of(f.in.call(f.get("swapped"), {a, b})) == nested{3.0, 3.0, 3.0});
    CHECK(f.graph_inputs != f.frame_locals);
    const value result = f.in.call(f.get("scaled"), {a});
    CHECK(f.graph_inputs != f.frame_locals);
    const auto& items = result.as<tuple_object>()->items;
    REQUIRE(items.size() == 2);
    CHECK(data_of(items[0]) == nested{10.0, 40.0, 90.0});
    CHECK(items[1].same(a));  // the argument itself
  }
  for (const auto& frame : f.rt.report().frames) CHECK(frame.cache_hits == 2);
}

TEST_CASE("cache hit: a graph that calls its own function again leaves the outer call intact") {
  fixture f;
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6}), c = vec({7, 8, 9});
  for (const char* name : {"add", "swapped", "scaled"}) {
    INFO(name);
    const bool one_argument = std::string_view(name) == "scaled";
    auto call = [&](const value& x, const value& y) {
      return one_argument ? f.in.call(f.get(name), {x}) : f.in.call(f.get(name), {x, y});
    };
    const value first = call(a, b);  // translates
    // The hit's graph calls the function with other arguments (a hit as well) first.
    f.reenter = name;
    f.reentry_args = one_argument ? std::vector<value>{c} : std::vector<value>{c, c};
    const value outer = call(a, b);
    const value inner = f.reentry_result;
    const value expected_inner = call(c, c);
    if (one_argument) {
      CHECK(data_of(outer.as<tuple_object>()->items[0]) == data_of(first.as<tuple_object>()->items[0]));
      CHECK(outer.as<tuple_object>()->items[1].same(a));
      CHECK(data_of(inner.as<tuple_object>()->items[0]) == data_of(expected_inner.as<tuple_object>()->items[0]));
      CHECK(inner.as<tuple_object>()->items[1].same(c));
    } else {
      CHECK(data_of(outer) == data_of(first));
      CHECK(data_of(inner) == data_of(expected_inner));
    }
    f.reentry_result = value();
    f.reentry_args.clear();
  }
}

TEST_CASE("cache hit: hits leave no references behind") {
  fixture f;
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6});
  const value args[] = {a, b};
  auto call_each = [&] {
    for (const char* name : {"add", "swapped", "scaled"})
      f.in.call(f.get(name), args, std::string_view(name) == "scaled" ? 1 : 2);
  };
  call_each();  // translates
  const std::size_t live = f.in.live_objects();
  for (int i = 0; i < 100; ++i) call_each();
  CHECK(f.in.live_objects() == live);
}

TEST_CASE("cache hit: the eager runner returns one output alone, from small graphs and large") {
  fixture f;
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6});
  // chain: h = a + b, then ten times h = h * 0.5 + b (21 results, more than the
  // runner keeps on the stack).
  std::vector<nested> expected;
  for (int i = 0; i < 3; ++i) {
    const double x = i + 1.0, y = i + 4.0;
    double h = x + y;
    for (int k = 0; k < 10; ++k) h = h * 0.5 + y;
    expected.push_back(nested(h));
  }
  const value args[] = {a, b};
  auto call = [&](const char* name) { return f.in.call(f.get(name), args, 2); };
  auto call_each = [&] {
    CHECK(data_of(call("plain_add")) == nested{5.0, 7.0, 9.0});      // inputs in place
    CHECK(data_of(call("plain_swapped")) == nested{3.0, 3.0, 3.0});  // inputs copied
    const value pair = call("twice");                                // one result returned twice: the same object
    const auto& items = pair.as<tuple_object>()->items;
    REQUIRE(items.size() == 2);
    CHECK(items[0].same(items[1]));
    CHECK(data_of(items[0]) == nested{5.0, 7.0, 9.0});
    CHECK(data_of(call("chain")) == nested(expected));
  };
  call_each();  // translates
  const std::size_t live = f.in.live_objects();
  for (int i = 0; i < 50; ++i) call_each();
  CHECK(f.in.live_objects() == live);
  for (const auto& frame : f.rt.report().frames) CHECK(frame.cache_hits == 50);
}

// ------------------------------------------------- break code run by lasso itself

namespace {

const char* const breaks_script = R"(
def fail(v):
    raise ValueError("no")

fail = disable(fail)

@capture
def one_break(x, y):
    a = x + y
    graph_break()
    return a * y

@capture
def breaks_into_fail(x):
    a = x * 2.0
    fail(a)
    return a

def handling(x):
    try:
        raise KeyError("k")
    except KeyError:
        return breaks_into_fail(x)
)";

/// An interpreter running `breaks_script`, whose runtime runs the code at graph breaks
/// itself or not (`runtime_options::native_break_code`).
struct break_fixture {
  std::ostringstream out, err;
  interpreter in{out, err};
  lasso::runtime<A> rt;
  ref<dict_object> globals;

  static lasso::runtime_options options_with(bool native) {
    lasso::runtime_options o;
    o.native_break_code = native;
    return o;
  }
  explicit break_fixture(bool native) : rt(options_with(native)) {
    in.frame_evaluator = [this](interpreter&, frame& f) {
      const auto& options = f.func->capture_options;
      return rt.eval_frame(f, {options.backend, options.fullgraph});
    };
    in.capture_disabler = [this](function_object& fn) { rt.disable(A::code(fn.code)); };
    auto code = in.compile(breaks_script, "breaks.py");
    globals = in.new_globals();
    in.run_code(*code, *globals, globals.get());
  }
  ~break_fixture() {
    in.frame_evaluator = nullptr;
    in.capture_disabler = nullptr;
    globals->clear();
  }
  value get(std::string_view name) { return *globals->find_str(name); }
  /// The bytecode instructions `run` executes.
  template <class Run> std::uint64_t instructions_of(Run run) {
    in.count_instructions = true;
    in.instructions_executed = 0;
    run();
    in.count_instructions = false;
    return in.instructions_executed;
  }
  /// What the interpreter prints for the exception `name(args)` raises.
  std::string traceback_of(const char* name, std::initializer_list<value> args) {
    try {
      in.call(get(name), args);
    } catch (const py_exception& e) {
      err.str("");
      in.print_exception(e.exc);
      return err.str();
    }
    return "(no exception)";
  }
};

}  // namespace

TEST_CASE("native break code: a hit runs no bytecode, and enters the resume function's entry") {
  const value a = vec({1, 2, 3}), b = vec({4, 5, 6});
  for (const bool native : {true, false}) {
    INFO("native: " << native);
    break_fixture f(native);
    auto call = [&](const value& y) { return f.in.call(f.get("one_break"), {a, y}); };
    CHECK(data_of(call(b)) == nested{20.0, 35.0, 54.0});  // translates both functions
    // A hit: the generated code of one_break is 19 instructions (RESUME; the graph's
    // call: PUSH_NULL, LOAD_CONST, two LOAD_FAST, CALL, STORE_FAST; the break: PUSH_NULL,
    // LOAD_GLOBAL, LOAD_FAST, STORE_FAST a, CALL, POP_TOP (graph_break's result, which
    // the resume point pops unread); the resume call: PUSH_NULL, LOAD_CONST, two
    // LOAD_FAST (y, a), CALL; RETURN_VALUE); the resume function's entry returns
    // directly (none).
    value got;
    CHECK(f.instructions_of([&] { got = call(b); }) == (native ? 0 : 19));
    CHECK(data_of(got) == nested{20.0, 35.0, 54.0});
    // A float y: both functions translate again; the next hit enters the newer entry.
    // Its graph takes x alone (y is the constant 2.0): one LOAD_FAST fewer, 18.
    CHECK(data_of(call(value::floating(2.0))) == nested{6.0, 8.0, 10.0});
    CHECK(f.instructions_of([&] { got = call(value::floating(2.0)); }) == (native ? 0 : 18));
    CHECK(data_of(got) == nested{6.0, 8.0, 10.0});
    CHECK(data_of(call(b)) == nested{20.0, 35.0, 54.0});  // the older entries
    // Counted as the interpreter's calls are: 5 calls of each, 3 hits, 2 entries.
    for (const auto& frame : f.rt.report().frames) {
      INFO(frame.function);
      CHECK(frame.calls == 5);
      CHECK(frame.cache_hits == 3);
      CHECK(frame.cache_entries == 2);
    }
  }
}

TEST_CASE("native break code: an exception from the breaking call has the interpreter's traceback") {
  const value a = vec({1, 2, 3});
  // Called directly: breaks_into_fail's line 16 (the call of fail), then fail's line 3;
  // called from `handling` (line 23) while it handles KeyError (raised at line 21),
  // with that exception as its context. No source lines: the script is no main file.
  const std::string direct =
      "Traceback (most recent call last):\n"
      "  File \"breaks.py\", line 16, in breaks_into_fail\n"
      "  File \"breaks.py\", line 3, in fail\n"
      "ValueError: no\n";
  const std::string handled =
      "Traceback (most recent call last):\n"
      "  File \"breaks.py\", line 21, in handling\n"
      "KeyError: 'k'\n"
      "\nDuring handling of the above exception, another exception occurred:\n\n"
      "Traceback (most recent call last):\n"
      "  File \"breaks.py\", line 23, in handling\n"
      "  File \"breaks.py\", line 16, in breaks_into_fail\n"
      "  File \"breaks.py\", line 3, in fail\n"
      "ValueError: no\n";
  for (const bool native : {true, false}) {
    INFO("native: " << native);
    break_fixture f(native);
    for (int i = 0; i < 3; ++i) {  // translates, then hits
      CHECK(f.traceback_of("breaks_into_fail", {a}) == direct);
      CHECK(f.traceback_of("handling", {a}) == handled);
    }
    CHECK(f.rt.report().frames.at(0).cache_hits == 5);
  }
}
