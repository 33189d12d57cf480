// A minipy interpreter for benchmarks: a script run in it, and a lasso runtime as its
// frame evaluator that can be replaced, so that each capture starts from an empty cache;
// the runtime knows the fusing backend as "fused", as minipy's command line does.
// minipy is driven from C++ as in cache_hit.cpp: functions are called with
// `interpreter::call`.
#pragma once

#include <lasso/runtime/eval_frame.hpp>

#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "minipy/capture.hpp"
#include "minipy/fused_backend.hpp"
#include "minipy/interpreter.hpp"

/// An interpreter whose frame evaluator is a runtime that can be replaced (so each
/// capture starts from an empty cache), with a script run in it.
struct minipy_fixture {
    std::ostringstream out, err;
    minipy::interpreter in{out, err};
    // Declared after the interpreter: destroyed first, as the runtime requires.
    std::optional<lasso::runtime<minipy::capture_adapter>> rt;
    minipy::ref<minipy::dict_object> globals;

    explicit minipy_fixture(const std::string& script) {
        fresh_runtime();
        auto code = in.compile(script, "benchmark.py");
        globals = in.new_globals();
        in.run_code(*code, *globals, globals.get());
    }
    ~minipy_fixture() {
        rt.reset();
        if (globals) globals->clear(); // break the module's cycles
    }
    void fresh_runtime() {
        rt.reset();
        rt.emplace();
        rt->add_backend("fused", minipy::fused_backend{});
        in.frame_evaluator = [this](minipy::interpreter&, minipy::frame& f) {
            const auto& options = f.func->capture_options;
            return rt->eval_frame(f, {options.backend, options.fullgraph, options.dynamic});
        };
    }
    minipy::value get(const char* name) const {
        const minipy::value* v = globals->find_str(name);
        if (!v) throw std::runtime_error(std::string("the benchmark script defines no '") + name + "'");
        return *v;
    }
};
