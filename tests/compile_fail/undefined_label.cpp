// A jump to a label that does not exist must not compile.
#include <lasso/lasso.hpp>

using namespace lasso::bytecode::tpl;
using lasso::bytecode::op;

constexpr lasso::bytecode::bytecode_template good{{
    hole(),
    ins(op::jump, "end"),
    label("end"),
}};

#ifdef LASSO_COMPILE_FAIL
constexpr lasso::bytecode::bytecode_template bad{{
    hole(),
    ins(op::jump, "nowhere"),
    label("end"),
}};
#endif

int main() { return good.hole_depth(); }
