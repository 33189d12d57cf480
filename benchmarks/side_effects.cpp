// Side effects, measured on minipy:
//  * `effects_hit` against `effects_eager`: a captured function that appends to the
//    list it is given and bumps a tensor attribute of an object (`stats.total =
//    stats.total + x`), called with the same list each time (emptied every 1024 calls,
//    outside the measured work's growth): a cache hit (guards,
//    the compiled graph, then the generated code that replays the append and the
//    store), against the same function run without capture. The ratio is the cost of
//    capture on a call with mutations.
//  * `capture_mutations/M`: the first call of a function that records M mutations (an
//    unrolled loop of M list appends and M attribute stores, all of one list and one
//    object from the frame), with a fresh runtime each time: one translation and the
//    generated code that replays them. Linear in M is the goal; the counter
//    `mutations_per_second` is M over the time.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "minipy_fixture.hpp"

namespace {

constexpr const char* effects_script = R"(
class Stats:
    def __init__(self):
        self.total = zeros(2)
        self.last = 0

@capture
def record(x, log, stats):
    log.append(x * 2.0)
    stats.total = stats.total + x
    return x + 1.0

def record_plain(x, log, stats):
    log.append(x * 2.0)
    stats.total = stats.total + x
    return x + 1.0

@capture
def many(log, stats, m):
    for i in range(m):
        log.append(i)
        stats.last = i
    return m

stats = Stats()
x = tensor([1.0, 2.0])
)";

void call_record(benchmark::State& state, const char* name) {
    static minipy_fixture fx(effects_script);
    const minipy::value f = fx.get(name), x = fx.get("x"), stats = fx.get("stats");
    const minipy::value log = minipy::new_list({});
    benchmark::DoNotOptimize(fx.in.call(f, {x, log, stats})); // the capture, for record
    const auto before = fx.rt->report().totals();
    std::size_t calls = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(fx.in.call(f, {x, log, stats}));
        // The list only grows: a captured call must hit however long it is.
        if (++calls % 1024 == 0) log.as<minipy::list_object>()->items.clear();
    }
    const auto after = fx.rt->report().totals();
    if (after.graphs != before.graphs || after.recompiles != before.recompiles)
        state.SkipWithError("a call was not a cache hit");
}
void effects_hit(benchmark::State& state) { call_record(state, "record"); }
void effects_eager(benchmark::State& state) { call_record(state, "record_plain"); }
BENCHMARK(effects_hit);
BENCHMARK(effects_eager);

void capture_mutations(benchmark::State& state) {
    const long m = state.range(0);
    minipy_fixture fx(effects_script);
    const minipy::value f = fx.get("many"), stats = fx.get("stats");
    for (auto _ : state) {
        state.PauseTiming();
        fx.fresh_runtime();
        const minipy::value log = minipy::new_list({});
        state.ResumeTiming();
        benchmark::DoNotOptimize(fx.in.call(f, {log, stats, minipy::value::integer(m)}));
    }
    const auto totals = fx.rt->report().totals();
    if (totals.graph_breaks != 0 || totals.frames_captured != 1)
        state.SkipWithError(("expected one frame captured whole:\n" + fx.rt->report().text()).c_str());
    state.counters["mutations_per_second"] =
        benchmark::Counter(static_cast<double>(2 * m), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(capture_mutations)->RangeMultiplier(10)->Range(1, 1000)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
