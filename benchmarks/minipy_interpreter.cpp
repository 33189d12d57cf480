// minipy interpreter benchmarks: a loop-heavy and a tensor-heavy script (in
// benchmarks/scripts/) run through the eval loop. Besides the time per run, each
// benchmark reports the number of bytecode instructions one run executes (counted once,
// with the interpreter's counting eval loop) and the time per executed instruction.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "minipy/compiler.hpp"
#include "minipy/interpreter.hpp"

namespace {

std::string read_script(const std::string& name) {
    std::ifstream f(std::string(MINIPY_BENCH_SCRIPTS) + "/" + name, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

void run_script(benchmark::State& state, const std::string& name) {
    const std::string source = read_script(name);
    if (source.empty()) {
        state.SkipWithError(("cannot read " + name).c_str());
        return;
    }
    std::ostringstream out, err;
    minipy::interpreter in(out, err);
    minipy::ref<minipy::code_object> code = minipy::compile_source(source, name);
    auto run_once = [&] {
        minipy::ref<minipy::dict_object> globals = in.new_globals();
        in.run_code(*code, *globals, globals.get());
        globals->clear(); // break the module's cycles
    };

    // Count the instructions of one run with the counting eval loop.
    in.count_instructions = true;
    in.instructions_executed = 0;
    run_once();
    in.count_instructions = false;
    const double instructions = static_cast<double>(in.instructions_executed);

    for (auto _ : state) {
        run_once();
        out.str("");
    }
    state.counters["instructions"] = instructions;
    state.counters["time_per_instruction"] =
        benchmark::Counter(instructions, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_minipy_loop_script(benchmark::State& state) { run_script(state, "loop.py"); }
void BM_minipy_tensor_script(benchmark::State& state) { run_script(state, "tensor.py"); }

} // namespace

BENCHMARK(BM_minipy_loop_script)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_minipy_tensor_script)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
