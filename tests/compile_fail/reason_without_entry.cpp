// A reason that names no entry of the registry (lasso/reasons.hpp) does not compile:
// every reason a user sees has an id, a type, an explanation and hints.
#include <lasso/unsupported.hpp>

int main() {
#ifdef LASSO_COMPILE_FAIL
    lasso::give_up("call of print()");
#else
    lasso::give_up(lasso::reasons::builtin_call, "call of print()");
#endif
}
