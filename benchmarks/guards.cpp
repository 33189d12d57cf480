// Guard checking, the cost paid on every call of a captured function: a program with
// two tensor guards, a constant guard and the grad-mode guard, checked against a
// matching frame (a cache hit) and a frame whose second tensor has a new shape.
#include "tiny_runtime.hpp"

#include <benchmark/benchmark.h>

namespace tiny = lasso_test::tiny;

namespace {
struct setup {
    lasso::source_table<tiny::value> sources;
    std::vector<lasso::guard<tiny::tensor_meta>> guards;
    tiny::frame frame;
    setup() {
        frame.locals = {tiny::make(tiny::tensor{{"f64", {3, 4}}, {}}), tiny::make(tiny::tensor{{"f64", {4}}, {}}),
                        tiny::make(std::int64_t{2})};
        auto add = [&](lasso::guard_kind kind, const char* name) {
            lasso::guard<tiny::tensor_meta> g;
            g.kind = kind;
            if (name) g.source = sources.local(name);
            return g;
        };
        auto a = add(lasso::guard_kind::tensor_match, "a");
        a.expected_meta = tiny::tensor_meta{"f64", {3, 4}};
        auto b = add(lasso::guard_kind::tensor_match, "b");
        b.expected_meta = tiny::tensor_meta{"f64", {4}};
        auto n = add(lasso::guard_kind::constant_match, "n");
        n.expected_constant = std::int64_t{2};
        auto grad = add(lasso::guard_kind::global_state, nullptr);
        grad.expected_flag = true;
        guards = {a, b, n, grad};
    }
};

void guard_check_hit(benchmark::State& state) {
    setup s;
    auto program = lasso::compile_guards<tiny::adapter>(s.guards, s.sources, {"a", "b", "n"}, {});
    for (auto _ : state) benchmark::DoNotOptimize(program.check(s.frame));
}
BENCHMARK(guard_check_hit);

void guard_check_miss(benchmark::State& state) {
    setup s;
    auto program = lasso::compile_guards<tiny::adapter>(s.guards, s.sources, {"a", "b", "n"}, {});
    s.frame.locals[1] = tiny::make(tiny::tensor{{"f64", {5}}, {}});
    for (auto _ : state) benchmark::DoNotOptimize(program.check(s.frame));
}
BENCHMARK(guard_check_miss);
} // namespace

BENCHMARK_MAIN();
