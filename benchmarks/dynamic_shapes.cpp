// Dynamic shapes, measured on minipy with one function, `f(x)`: a reshape by a size the
// function computes, arithmetic with that size and a constructor of it (4 ops).
//  * `hit_static` against `hit_dynamic`: a cache hit of the entry traced with static
//    sizes (`dynamic=False`) and of the entry with a symbolic batch size
//    (`dynamic=True`), on the same input: what the size guard and the sizes the
//    compiled graph computes cost. Goal: at most 1.3x.
//  * `capture_static` against `capture_dynamic`: the first call with a fresh runtime,
//    one translation each way. Goal: at most 1.3x.
//  * `batch_sizes_static` against `batch_sizes_auto`: a fresh runtime, then f called once
//    with each of 100 batch sizes: with static sizes every size is a translation until
//    the cache limit (8), then the calls run eagerly; with automatic dynamic shapes the
//    second size makes the symbolic entry that serves the rest.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "minipy_fixture.hpp"

namespace {

constexpr const char* script = R"(
def body(x):
    n = x.shape[0]
    return x.reshape(n, 1) * n + zeros(n, 1)

@capture(dynamic=False)
def f_static(x):
    return body(x)

@capture(dynamic=True)
def f_dynamic(x):
    return body(x)

@capture
def f_auto(x):
    return body(x)

batches = [arange(n + 2) for n in range(100)]
x = arange(16)
)";

minipy_fixture& shared() {
    static minipy_fixture fx(script);
    return fx;
}

void hit(benchmark::State& state, const char* name) {
    auto& fx = shared();
    const minipy::value fn = fx.get(name), x = fx.get("x");
    fx.in.call(fn, {x}); // the entry
    for (auto _ : state) benchmark::DoNotOptimize(fx.in.call(fn, {x}));
}
void hit_static(benchmark::State& state) { hit(state, "f_static"); }
void hit_dynamic(benchmark::State& state) { hit(state, "f_dynamic"); }

void capture(benchmark::State& state, const char* name) {
    auto& fx = shared();
    const minipy::value fn = fx.get(name), x = fx.get("x");
    for (auto _ : state) {
        fx.fresh_runtime();
        benchmark::DoNotOptimize(fx.in.call(fn, {x}));
    }
}
void capture_static(benchmark::State& state) { capture(state, "f_static"); }
void capture_dynamic(benchmark::State& state) { capture(state, "f_dynamic"); }

void batch_sizes(benchmark::State& state, const char* name) {
    auto& fx = shared();
    const minipy::value fn = fx.get(name);
    const auto* batches = fx.get("batches").as<minipy::list_object>();
    for (auto _ : state) {
        fx.fresh_runtime();
        for (const minipy::value& b : batches->items) benchmark::DoNotOptimize(fx.in.call(fn, {b}));
    }
}
void batch_sizes_static(benchmark::State& state) { batch_sizes(state, "f_static"); }
void batch_sizes_auto(benchmark::State& state) { batch_sizes(state, "f_auto"); }

} // namespace

BENCHMARK(hit_static);
BENCHMARK(hit_dynamic);
BENCHMARK(capture_static);
BENCHMARK(capture_dynamic);
BENCHMARK(batch_sizes_static)->Unit(benchmark::kMillisecond);
BENCHMARK(batch_sizes_auto)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
