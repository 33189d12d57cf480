// Captured against uncaptured, on the functions the performance goal names: the README's
// `x + y`, an MLP of 4 and of 16 layer objects, a function with one graph break, the
// demo's two captured functions (examples/minipy/demo.py: `mlp` and `normalize`), and
// a 4-op elementwise chain on 10^4 elements. Each function runs three ways in one
// program: uncaptured (`<name>/plain`), a cache hit with the eager backend
// (`<name>/eager`) and with the fusing backend (`<name>/fused`). Every function object
// comes from a factory, so the three ways use three distinct functions (capture() marks
// the function it is given), and each benchmark starts from an empty code cache.
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "minipy_fixture.hpp"

namespace {

constexpr const char* script = R"(
def make_add():
    def add(x, y):
        return x + y
    return add

class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
    def forward(self, x):
        return relu(x @ self.w + self.b)

def make_mlp():
    def mlp(x, layers):
        h = x
        for layer in layers:
            h = layer.forward(h)
        return h
    return mlp

def make_layers(n):
    return [Linear(tensor([[0.5, -0.25], [0.25, 0.5]]), tensor([0.1, -0.1])) for i in range(n)]

def make_one_break():
    def one_break(x, y):
        a = x + y
        graph_break()
        return a * y
    return one_break

class DemoLinear:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias
    def forward(self, x):
        return x @ self.weight + self.bias

def make_demo_mlp():
    def mlp(x, layer):
        return relu(layer.forward(x)).sum()
    return mlp

def make_demo_normalize():
    def normalize(t, scale):
        centered = t - t.mean()
        return relu(centered) * scale, t.shape
    return normalize

def make_chain4():
    def chain4(x, y):
        return (x * 1.5 + y).relu() - 0.25
    return chain4

x3 = tensor([1.0, 2.0, 3.0])
y3 = tensor([4.0, 5.0, 6.0])
x12 = tensor([[1.0, 2.0]])
layers4 = make_layers(4)
layers16 = make_layers(16)
demo_layer = DemoLinear(tensor([[1.0, -2.0], [3.0, 4.0]]), tensor([0.5, -0.5]))
demo_x = tensor([[0.5, 1.0], [1.5, 2.0]])
big_x = tensor([float(i % 17) - 8.0 for i in range(10000)])
big_y = tensor([float(i % 5) * 0.5 for i in range(10000)])

cases = {
    "add": (make_add, (x3, y3)),
    "mlp4": (make_mlp, (x12, layers4)),
    "mlp16": (make_mlp, (x12, layers16)),
    "one_break": (make_one_break, (x3, y3)),
    "demo_mlp": (make_demo_mlp, (demo_x, demo_layer)),
    "demo_normalize": (make_demo_normalize, (demo_x, 2)),
    "chain4_10k": (make_chain4, (big_x, big_y)),
}

def function_for(name, way):
    fn = cases[name][0]()
    if way == "plain":
        return fn
    return capture(fn, backend=way)

def arguments_for(name):
    return cases[name][1]
)";

minipy_fixture& fixture() {
    static minipy_fixture fx(script);
    return fx;
}

void call(benchmark::State& state, const char* name, const char* way) {
    auto& fx = fixture();
    // The three ways' functions share their code object, and capture caches per code
    // object: an empty cache, so that this way compiles its own entry.
    fx.fresh_runtime();
    const minipy::value fn = fx.in.call(fx.get("function_for"), {minipy::new_str(name), minipy::new_str(way)});
    const minipy::value args = fx.in.call(fx.get("arguments_for"), {minipy::new_str(name)});
    const std::vector<minipy::value> argv = args.as<minipy::tuple_object>()->items;
    benchmark::DoNotOptimize(fx.in.call(fn, argv.data(), argv.size())); // the capture
    const auto before = fx.rt->report().totals();
    for (auto _ : state) benchmark::DoNotOptimize(fx.in.call(fn, argv.data(), argv.size()));
    const auto after = fx.rt->report().totals();
    if (after.graphs != before.graphs || after.recompiles != before.recompiles)
        state.SkipWithError("a call was not a cache hit");
}

#define LASSO_BENCH_THREE_WAYS(name)                                                                                        \
    BENCHMARK_CAPTURE(call, name##_plain, #name, "plain");                                                                  \
    BENCHMARK_CAPTURE(call, name##_eager, #name, "eager");                                                                  \
    BENCHMARK_CAPTURE(call, name##_fused, #name, "fused")

LASSO_BENCH_THREE_WAYS(add);
LASSO_BENCH_THREE_WAYS(mlp4);
LASSO_BENCH_THREE_WAYS(mlp16);
LASSO_BENCH_THREE_WAYS(one_break);
LASSO_BENCH_THREE_WAYS(demo_mlp);
LASSO_BENCH_THREE_WAYS(demo_normalize);
LASSO_BENCH_THREE_WAYS(chain4_10k);

} // namespace

BENCHMARK_MAIN();
