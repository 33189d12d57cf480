// Inlining, measured on minipy with an MLP of L layer objects whose `forward` method
// does a matmul, an add and a relu:
//  * `capture_mlp/L`: the first call of `mlp(x, layers)` with a fresh runtime each time:
//    one translation that unrolls the loop over the layers and inlines L method calls,
//    one graph of 3L ops, compiled by the eager backend. Counters: `ops_per_second`
//    (ops traced per second of capture), `bytes_per_layer` (bytes allocated during the
//    capture, divided by L). Linear in L is the goal for both.
//  * `mlp_hit/L` against `mlp_eager/L`: a cache hit of the captured MLP (guards on x and
//    on every layer's weights, then the compiled graph) against the same function run
//    without capture.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

#include "minipy_fixture.hpp"

namespace {
std::atomic<std::size_t> allocated_bytes{0};
} // namespace

// Every allocation of the program is counted (bytes requested), to measure what a
// capture allocates. GCC takes the free() of a pointer from this operator new for a
// mismatch, not seeing that both are replaced together.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t size) {
    allocated_bytes.fetch_add(size, std::memory_order_relaxed);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

constexpr const char* mlp_script = R"(
class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b
    def forward(self, x):
        return relu(x @ self.w + self.b)

@capture
def mlp(x, layers):
    h = x
    for layer in layers:
        h = layer.forward(h)
    return h

def mlp_plain(x, layers):
    h = x
    for layer in layers:
        h = layer.forward(h)
    return h

def make_layers(n):
    return [Linear(tensor([[0.5, -0.25], [0.25, 0.5]]), tensor([0.1, -0.1])) for i in range(n)]

x = tensor([[1.0, 2.0]])
)";

void capture_mlp(benchmark::State& state) {
    const long layers = state.range(0);
    minipy_fixture fx(mlp_script);
    const minipy::value mlp = fx.get("mlp"), x = fx.get("x");
    const minipy::value list = fx.in.call(fx.get("make_layers"), {minipy::value::integer(layers)});
    std::size_t bytes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        fx.fresh_runtime();
        const std::size_t before = allocated_bytes.load(std::memory_order_relaxed);
        state.ResumeTiming();
        benchmark::DoNotOptimize(fx.in.call(mlp, {x, list}));
        bytes = allocated_bytes.load(std::memory_order_relaxed) - before;
    }
    const auto totals = fx.rt->report().totals();
    if (totals.graphs != 1 || totals.graph_breaks != 0 || totals.ops != static_cast<std::size_t>(3 * layers))
        state.SkipWithError(("expected one graph of 3L ops:\n" + fx.rt->report().text()).c_str());
    state.counters["ops_per_second"] =
        benchmark::Counter(static_cast<double>(3 * layers), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["bytes_per_layer"] = static_cast<double>(bytes) / static_cast<double>(layers);
}
BENCHMARK(capture_mlp)->RangeMultiplier(4)->Range(1, 256)->Unit(benchmark::kMicrosecond);

void call_mlp(benchmark::State& state, const char* name) {
    static minipy_fixture fx(mlp_script);
    const minipy::value f = fx.get(name), x = fx.get("x");
    const minipy::value list = fx.in.call(fx.get("make_layers"), {minipy::value::integer(state.range(0))});
    benchmark::DoNotOptimize(fx.in.call(f, {x, list})); // the capture, for mlp
    const auto before = fx.rt->report().totals();
    for (auto _ : state) benchmark::DoNotOptimize(fx.in.call(f, {x, list}));
    const auto after = fx.rt->report().totals();
    if (after.graphs != before.graphs || after.recompiles != before.recompiles)
        state.SkipWithError("a call was not a cache hit");
}
void mlp_hit(benchmark::State& state) { call_mlp(state, "mlp"); }
void mlp_eager(benchmark::State& state) { call_mlp(state, "mlp_plain"); }
BENCHMARK(mlp_hit)->Arg(4)->Arg(16);
BENCHMARK(mlp_eager)->Arg(4)->Arg(16);

} // namespace

BENCHMARK_MAIN();
