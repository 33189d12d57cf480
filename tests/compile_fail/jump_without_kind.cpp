// A jump opcode that does not say how its target is encoded must be rejected.
#include <lasso/lasso.hpp>

#include <array>

using lasso::bytecode::op;
using lasso::bytecode::opcode_info;
using lasso::bytecode::arg_kind;
using lasso::bytecode::jump_kind;

struct adapter {
    using value = int;
    static constexpr lasso::bytecode::encoding bytecode_encoding{};
    static constexpr std::array opcodes{
        opcode_info{"NOP", 0, op::nop},
#ifdef LASSO_COMPILE_FAIL
        opcode_info{"BROKEN_JUMP", 1, op::jump, arg_kind::jump},
#else
        opcode_info{"BROKEN_JUMP", 1, op::jump, arg_kind::jump, jump_kind::absolute},
#endif
    };
};

int main() { return lasso::bytecode::opcode_traits<adapter>::is_jump(1) ? 0 : 1; }
