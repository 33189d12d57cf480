// A Config handler whose tag is right but whose other parameters are not (here the
// instruction is missing) is a compile-time error that names the signature, not an
// override silently ignored.
#include "tiny_runtime.hpp"

namespace tiny = lasso_test::tiny;

struct wrong_config : lasso::default_config<tiny::adapter> {
#ifdef LASSO_COMPILE_FAIL
    template <class T>
    static lasso::step handle(lasso::opcode<lasso_test::compact_adapter::SQUARE>, T& t){
#else
    template <class T>
    static lasso::step handle(lasso::opcode<lasso_test::compact_adapter::SQUARE>, T& t, const typename T::instruction&) {
#endif
        t.push(t.pop());
    return lasso::next{};
}
}
;

lasso::translation<tiny::adapter, wrong_config> translate(const tiny::adapter::code& code, const tiny::frame& f) {
    return lasso::translator<tiny::adapter, wrong_config>(code, f).run();
}

int main() {}
