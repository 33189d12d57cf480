// A graph-capture adapter that forgets its eager operator implementation gets one
// message naming it. The tiny test runtime's adapter supplies the bytecode, guard,
// translator and eager members; the members the frame entry point needs are added
// here, so that without LASSO_COMPILE_FAIL the adapter is complete (the self-check).
#include "tiny_runtime.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tiny = lasso_test::tiny;

struct incomplete : tiny::adapter {
    static code frame_code(const frame&) { return {}; }
    static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(&c); }
    static value call_code(const frame&, const code&) { return tiny::none(); }
    static value run_eagerly(frame&) { return tiny::none(); }
    static value make_host_function(std::string name, lasso::host_function<value>) {
        return tiny::make(tiny::builtin_fn{std::move(name)});
    }
    static value make_tuple(std::vector<value> items) { return tiny::make(tiny::tuple{std::move(items)}); }
#ifdef LASSO_COMPILE_FAIL
    static void run_op() = delete;
#endif
};

static_assert(lasso::check_interpreter_adapter<incomplete>());
#ifndef LASSO_COMPILE_FAIL
static_assert(lasso::InterpreterAdapter<incomplete>);
#endif

int main() {}
