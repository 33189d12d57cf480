// A custom opcode has no default stack effect: leaving it out must be rejected.
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
        opcode_info{"BROKEN_CUSTOM", 1, op::custom},
#else
        opcode_info{"BROKEN_CUSTOM", 1, op::custom, arg_kind::none, jump_kind::none, lasso::bytecode::stack(1, 1)},
#endif
    };
};

int main() { return lasso::bytecode::opcode_traits<adapter>::size == 2 ? 0 : 1; }
