// An adapter without a member every runtime needs gets one message naming the member
// with its signature, where the user names `lasso::runtime`. The tiny test runtime's
// adapter supplies the bytecode, guard, translator and eager members; the members that
// run code are added here, with `run_eagerly` misnamed. Without LASSO_COMPILE_FAIL the
// adapter is complete (the self-check).
#include "tiny_runtime.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tiny = lasso_test::tiny;

struct interpreter_adapter : tiny::adapter {
    static code frame_code(const frame&) { return {}; }
    static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(&c); }
    static value call_code(const frame&, const code&) { return tiny::none(); }
#ifdef LASSO_COMPILE_FAIL
    static value run_eager(frame&) { return tiny::none(); }
#else
    static value run_eagerly(frame&) { return tiny::none(); }
#endif
    static value make_host_function(std::string name, lasso::host_function<value>) {
        return tiny::make(tiny::builtin_fn{std::move(name)});
    }
    static value make_tuple(std::vector<value> items) { return tiny::make(tiny::tuple{std::move(items)}); }
};

interpreter_adapter::value run(lasso::runtime<interpreter_adapter>& rt, interpreter_adapter::frame& f) {
    return rt.eval_frame(f);
}

int main() {}
