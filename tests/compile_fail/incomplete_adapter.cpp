// An adapter that forgets a member gets one message naming it.
#include "semantic_adapter.hpp"

struct incomplete : lasso_test::semantic_adapter {
#ifdef LASSO_COMPILE_FAIL
    static void constant_repr() = delete;
#endif
};

static_assert(lasso::check_bytecode_adapter<incomplete>());

int main() {}
