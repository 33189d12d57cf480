// Translator throughput on generated straight-line tensor functions:
//   x = x + y; x = x * 2; ... ; return x
// with N instructions (the tiny runtime's compact instruction set). Reports
// instructions per second, bytes allocated per instruction (global operator new is
// counted in this binary) and the bytes per instruction that the per-thread block cache
// of `recycling_allocator` holds for reuse once a translation is freed (those blocks are
// not allocated again).
#include "tiny_runtime.hpp"

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> allocated_bytes{0};
} // namespace

void* operator new(std::size_t n) {
    allocated_bytes.fetch_add(n, std::memory_order_relaxed);
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {
namespace tiny = lasso_test::tiny;
using C = lasso_test::compact_adapter;

tiny::adapter::code make_code(std::size_t instructions) {
    tiny::adapter::code code;
    code.varnames = {"x", "y"};
    code.constants = {tiny::make(std::int64_t{2})};
    // Each step is 4 instructions: load, load, op, store.
    for (std::size_t step = 0; step * 4 + 2 < instructions; ++step) {
        code.bytecode.insert(code.bytecode.end(), {C::LDL, 0});
        if (step % 2 == 0) code.bytecode.insert(code.bytecode.end(), {C::LDL, 1, C::BINOP, 0});
        else code.bytecode.insert(code.bytecode.end(), {C::LDC, 0, 0, C::BINOP, 5});
        code.bytecode.insert(code.bytecode.end(), {C::STL, 0});
    }
    code.bytecode.insert(code.bytecode.end(), {C::LDL, 0, C::RET});
    return code;
}

void translate_straight_line(benchmark::State& state) {
    const auto code = make_code(static_cast<std::size_t>(state.range(0)));
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::tensor{{"f64", {8}}, {}}), tiny::make(tiny::tensor{{"f64", {8}}, {}})};
    std::size_t instructions = 0;
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::size_t before = allocated_bytes.load(std::memory_order_relaxed);
        auto result = lasso::translator<tiny::adapter>(code, frame).run();
        bytes += allocated_bytes.load(std::memory_order_relaxed) - before;
        if (!result.captured()) state.SkipWithError(result.reason().c_str());
        instructions += result.instructions;
        benchmark::DoNotOptimize(result.graph.size());
    }
    state.counters["instructions/s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
    state.counters["bytes/instruction"] = static_cast<double>(bytes) / static_cast<double>(instructions);
    state.counters["cached bytes/instruction"] = static_cast<double>(lasso::detail::thread_block_cache.bytes) /
                                                 static_cast<double>(instructions / state.iterations());
}
BENCHMARK(translate_straight_line)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);

// What a graph break costs the translator: the state before the breaking instruction
// comes from a second translation told to stop there. Here the stop is the last
// instruction, the most a break can cost: two passes over the code.
void translate_then_stop_at_end(benchmark::State& state) {
    const auto code = make_code(static_cast<std::size_t>(state.range(0)));
    tiny::frame frame;
    frame.locals = {tiny::make(tiny::tensor{{"f64", {8}}, {}}), tiny::make(tiny::tensor{{"f64", {8}}, {}})};
    std::size_t instructions = 0;
    for (auto _ : state) {
        auto first = lasso::translator<tiny::adapter>(code, frame).run();
        auto again = lasso::translator<tiny::adapter>(code, frame, lasso::translator_options{first.instructions}).run();
        if (!again.stopped()) state.SkipWithError("the second translation did not stop");
        instructions += first.instructions;
        benchmark::DoNotOptimize(again.graph.size());
    }
    state.counters["instructions/s"] = benchmark::Counter(static_cast<double>(instructions), benchmark::Counter::kIsRate);
}
BENCHMARK(translate_then_stop_at_end)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
} // namespace

BENCHMARK_MAIN();
