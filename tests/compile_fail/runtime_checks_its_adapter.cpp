// The runtime checks its adapter itself: a `lasso::runtime` of an adapter without the
// eager operator implementation fails with the message naming `run_op`, without the
// user calling `check_interpreter_adapter` first. Without LASSO_COMPILE_FAIL the
// adapter is complete (the self-check).
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

int main() {
    lasso::runtime<incomplete> rt;
    (void)rt;
}
