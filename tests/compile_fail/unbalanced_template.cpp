// A template that leaves a value on the stack must not compile.
#include <lasso/lasso.hpp>

using namespace lasso::bytecode::tpl;
using lasso::bytecode::op;

constexpr lasso::bytecode::bytecode_template balanced{{
    ins(op::load_fast, "x"),
    ins(op::pop_top),
    hole(),
}};

#ifdef LASSO_COMPILE_FAIL
constexpr lasso::bytecode::bytecode_template unbalanced{{
    ins(op::load_fast, "x"),
    hole(),
}};
#endif

int main() { return balanced.hole_depth(); }
