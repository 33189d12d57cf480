// Compile-time benchmark (scripts/measure-compile-time): the same instantiations as
// minipy_capture_tu.cpp, from the single header (single_include/lasso/lasso.hpp) with
// the tiny test runtime (tests/adapters/tiny_runtime.hpp) as the interpreter. The
// members the frame entry point needs are stubs: the unit is compiled, never run.
#include <lasso/lasso.hpp>

#include "tiny_runtime.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tiny = lasso_test::tiny;

namespace {
struct runnable_adapter : tiny::adapter {
    static code frame_code(const frame&) { return {}; }
    static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(&c); }
    static value call_code(const frame&, const code&) { return tiny::none(); }
    static value run_eagerly(frame&) { return tiny::none(); }
    static value make_host_function(std::string name, lasso::host_function<value>) {
        return tiny::make(tiny::builtin_fn{std::move(name)});
    }
    static value make_tuple(std::vector<value> items) { return tiny::make(tiny::tuple{std::move(items)}); }
};
} // namespace

lasso::translation<runnable_adapter, lasso::default_config<runnable_adapter>>
lasso_compile_time_translate(const runnable_adapter::code& code, const runnable_adapter::frame& f) {
    return lasso::translator<runnable_adapter>(code, f).run();
}

static_assert(lasso::InterpreterAdapter<runnable_adapter>);
template class lasso::runtime<runnable_adapter>;

runnable_adapter::value lasso_compile_time_eval(lasso::runtime<runnable_adapter>& rt, runnable_adapter::frame& f) {
    return rt.eval_frame(f);
}

int main() {}
