// `unsupported{text}` without a registry entry (lasso/reasons.hpp) does not compile.
#include <lasso/unsupported.hpp>

lasso::unsupported make() {
#ifdef LASSO_COMPILE_FAIL
    return lasso::unsupported{"no tensor operation 'frobnicate'"};
#else
    return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "no tensor operation 'frobnicate'"};
#endif
}

int main() { (void)make(); }
