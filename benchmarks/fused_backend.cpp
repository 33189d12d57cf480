// The fusing backend against the eager backend on elementwise chains of 4 and 8
// operations over 10^2 to 10^6 float64 elements: the compiled graph called directly
// (no interpreter call around it), so the figures are the backends' own.
//
//   chain4(x, y) = (x * 1.5 + y).relu() - 0.25
//   chain8(x, y) = abs(-((x * 1.5 + y).relu() - 0.25)) * 0.5 + x
//
// Each benchmark reports `peak_bytes`: the most heap memory a call held at once beyond
// what it started with (counted by this program's operator new and delete), so the
// fused call's single result compares with the eager call's intermediates.
#include <benchmark/benchmark.h>

#include <lasso/runtime/backends.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <span>
#include <sstream>
#include <vector>

#include "minipy/capture.hpp"
#include "minipy/fused_backend.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/object.hpp"

// ---------------------------------------------------------------- heap counting
namespace {
std::atomic<std::size_t> heap_now{0}, heap_peak{0};
void* counted(std::size_t n) {
    auto* p = static_cast<std::size_t*>(std::malloc(n + sizeof(std::max_align_t)));
    if (!p) throw std::bad_alloc();
    *p = n;
    const std::size_t now = heap_now += n;
    std::size_t peak = heap_peak.load();
    while (now > peak && !heap_peak.compare_exchange_weak(peak, now)) {}
    return reinterpret_cast<char*>(p) + sizeof(std::max_align_t);
}
void uncounted(void* q) noexcept {
    if (!q) return;
    auto* p = reinterpret_cast<std::size_t*>(static_cast<char*>(q) - sizeof(std::max_align_t));
    heap_now -= *p;
    std::free(p);
}
} // namespace
void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void operator delete(void* p) noexcept { uncounted(p); }
void operator delete[](void* p) noexcept { uncounted(p); }
void operator delete(void* p, std::size_t) noexcept { uncounted(p); }
void operator delete[](void* p, std::size_t) noexcept { uncounted(p); }

namespace {

using A = minipy::capture_adapter;
using graph_t = lasso::graph::graph<minipy::tensor_meta>;

graph_t chain(std::int64_t n, int ops) {
    graph_t g;
    const minipy::tensor_meta m{minipy::dtype_t::float64, minipy::to_sym_shape({n})};
    const auto x = g.add_placeholder("L['x']", m);
    const auto y = g.add_placeholder("L['y']", m);
    auto t = g.add_call_function("mul", {x, 1.5}, {}, m);
    t = g.add_call_function("add", {t, y}, {}, m);
    t = g.add_call_method("relu", {t}, {}, m);
    t = g.add_call_function("sub", {t, 0.25}, {}, m);
    if (ops == 8) {
        t = g.add_call_function("neg", {t}, {}, m);
        t = g.add_call_method("abs", {t}, {}, m);
        t = g.add_call_function("mul", {t, 0.5}, {}, m);
        t = g.add_call_function("add", {t, x}, {}, m);
    }
    g.set_output({t});
    return g;
}

template <class Backend> void run_chain(benchmark::State& state, int ops) {
    std::ostringstream out, err;
    minipy::interpreter in(out, err);
    const std::int64_t n = state.range(0);
    std::vector<double> xs(static_cast<std::size_t>(n)), ys(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) {
        xs[static_cast<std::size_t>(i)] = static_cast<double>(i % 17) - 8.0;
        ys[static_cast<std::size_t>(i)] = static_cast<double>(i % 5) * 0.5;
    }
    const std::vector<minipy::value> inputs{minipy::new_tensor(minipy::tensor::from_floats({n}, std::move(xs))),
                                            minipy::new_tensor(minipy::tensor::from_floats({n}, std::move(ys)))};
    const graph_t g = chain(n, ops);
    auto compiled = Backend{}(g, inputs);
    std::size_t peak = 0;
    for (auto _ : state) {
        const std::size_t before = heap_now.load();
        heap_peak = before;
        benchmark::DoNotOptimize(compiled(inputs));
        peak = std::max(peak, heap_peak.load() - before);
    }
    state.counters["peak_bytes"] = static_cast<double>(peak);
    state.SetItemsProcessed(state.iterations() * n);
}

void eager_chain4(benchmark::State& s) { run_chain<lasso::eager_backend<A>>(s, 4); }
void fused_chain4(benchmark::State& s) { run_chain<minipy::fused_backend>(s, 4); }
void eager_chain8(benchmark::State& s) { run_chain<lasso::eager_backend<A>>(s, 8); }
void fused_chain8(benchmark::State& s) { run_chain<minipy::fused_backend>(s, 8); }
BENCHMARK(eager_chain4)->RangeMultiplier(10)->Range(100, 1'000'000);
BENCHMARK(fused_chain4)->RangeMultiplier(10)->Range(100, 1'000'000);
BENCHMARK(eager_chain8)->RangeMultiplier(10)->Range(100, 1'000'000);
BENCHMARK(fused_chain8)->RangeMultiplier(10)->Range(100, 1'000'000);

} // namespace

BENCHMARK_MAIN();
