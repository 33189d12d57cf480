// Graph breaks, measured on minipy:
//  * `capture_with_breaks/n`: the first call of a function with n breaks in sequence
//    (`x = x + 1; graph_break()` n times, then `return x + 1`), with a fresh runtime
//    each time: n + 1 translations (the function and its n resume functions), n
//    restarts to the break, n graphs compiled and n resume codes made. Linear in n is
//    the goal; the counter `per_break` is the time divided by n.
//  * the cache hit of a function with one break (graph, `graph_break()`, the resume
//    function's graph), against the same function without the break captured whole
//    (`no_break_hit`) and against both run without capture (`*_eager`).
//
// minipy is driven from C++ as in cache_hit.cpp: the script defines the functions, a
// `lasso::runtime` is the interpreter's frame evaluator, and functions are called with
// `interpreter::call`.
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>

#include "minipy_fixture.hpp"

namespace {

using fixture = minipy_fixture;

std::string breaks_script(long n) {
    std::string src = "@capture\ndef f(x):\n";
    for (long k = 0; k < n; ++k) src += "    x = x + 1\n    graph_break()\n";
    src += "    return x + 1\nx = tensor([1.0, 2.0, 3.0])\n";
    return src;
}

void capture_with_breaks(benchmark::State& state) {
    const long n = state.range(0);
    fixture fx(breaks_script(n));
    const minipy::value f = fx.get("f"), x = fx.get("x");
    for (auto _ : state) {
        state.PauseTiming();
        fx.fresh_runtime();
        state.ResumeTiming();
        benchmark::DoNotOptimize(fx.in.call(f, {x}));
    }
    const auto totals = fx.rt->report().totals();
    if (totals.graph_breaks != static_cast<std::size_t>(n) || totals.graphs != static_cast<std::size_t>(n) + 1)
        state.SkipWithError("the function did not break n times");
    state.counters["per_break"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate |
                                                                                 benchmark::Counter::kInvert);
}
BENCHMARK(capture_with_breaks)->RangeMultiplier(2)->Range(1, 64)->Unit(benchmark::kMicrosecond);

constexpr const char* hit_script = R"(
x = tensor([1.0, 2.0, 3.0])
y = tensor([4.0, 5.0, 6.0])

@capture
def one_break(x, y):
    a = x + y
    graph_break()
    return a * y

@capture
def no_break(x, y):
    a = x + y
    return a * y

def one_break_plain(x, y):
    a = x + y
    graph_break()
    return a * y

def no_break_plain(x, y):
    a = x + y
    return a * y
)";

fixture& hits() {
    static fixture fx(hit_script);
    static const bool warmed = [] {
        fx.in.call(fx.get("one_break"), {fx.get("x"), fx.get("y")});
        fx.in.call(fx.get("no_break"), {fx.get("x"), fx.get("y")});
        const auto totals = fx.rt->report().totals();
        if (totals.graph_breaks != 1 || totals.graphs != 3)
            throw std::runtime_error("expected one break and three graphs:\n" + fx.rt->report().text());
        return true;
    }();
    (void)warmed;
    return fx;
}

void call_of(benchmark::State& state, const char* name) {
    auto& fx = hits();
    const minipy::value f = fx.get(name), x = fx.get("x"), y = fx.get("y");
    const auto before = fx.rt->report().totals();
    for (auto _ : state) benchmark::DoNotOptimize(fx.in.call(f, {x, y}));
    const auto after = fx.rt->report().totals();
    if (after.graphs != before.graphs || after.recompiles != before.recompiles)
        state.SkipWithError("a call was not a cache hit");
}

void one_break_hit(benchmark::State& state) { call_of(state, "one_break"); }
void no_break_hit(benchmark::State& state) { call_of(state, "no_break"); }
void one_break_eager(benchmark::State& state) { call_of(state, "one_break_plain"); }
void no_break_eager(benchmark::State& state) { call_of(state, "no_break_plain"); }
BENCHMARK(one_break_hit);
BENCHMARK(no_break_hit);
BENCHMARK(one_break_eager);
BENCHMARK(no_break_eager);

} // namespace

BENCHMARK_MAIN();
