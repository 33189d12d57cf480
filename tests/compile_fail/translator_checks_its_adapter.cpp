// The translator checks its adapter itself: naming `lasso::translator` with an adapter
// that lacks a member the translator needs fails with the one message naming that
// member, without the user calling `check_translator_adapter` first. Without
// LASSO_COMPILE_FAIL the adapter is complete (the self-check).
#include "tiny_runtime.hpp"

namespace tiny = lasso_test::tiny;

struct incomplete : tiny::adapter {
#ifdef LASSO_COMPILE_FAIL
    static void infer_meta() = delete;
#endif
};

auto translate(const incomplete::code& code, const incomplete::frame& frame) {
    return lasso::translator<incomplete>(code, frame).run();
}

int main() {}
