// A custom handler that returns lasso::unsupported, instead of throwing it, gets one
// message saying to throw it.
#include "tiny_runtime.hpp"

namespace tiny = lasso_test::tiny;

struct returning_config : lasso::default_config<tiny::adapter> {
    template <class Translator, class Instruction>
    static typename Translator::step handle(lasso::semantic<lasso::op::custom>, Translator&, const Instruction&) {
#ifdef LASSO_COMPILE_FAIL
        return lasso::unsupported{lasso::reasons::unsupported_bytecode, "not this one"};
#else
        throw lasso::unsupported{lasso::reasons::unsupported_bytecode, "not this one"};
#endif
    }
};

lasso::translation<tiny::adapter, returning_config> translate(const tiny::adapter::code& code, const tiny::frame& f) {
    return lasso::translator<tiny::adapter, returning_config>(code, f).run();
}

int main() {}
