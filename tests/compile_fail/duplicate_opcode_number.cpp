// Two opcodes with one number must be rejected, naming the second one.
#include <lasso/lasso.hpp>

#include <array>

using lasso::bytecode::op;
using lasso::bytecode::opcode_info;
using lasso::bytecode::arg_kind;

struct adapter {
    using value = int;
    static constexpr lasso::bytecode::encoding bytecode_encoding{};
    static constexpr std::array opcodes{
        opcode_info{"LOAD", 1, op::load_fast, arg_kind::local},
#ifdef LASSO_COMPILE_FAIL
        opcode_info{"BROKEN_STORE", 1, op::store_fast, arg_kind::local},
#else
        opcode_info{"BROKEN_STORE", 2, op::store_fast, arg_kind::local},
#endif
    };
};

int main() { return lasso::bytecode::opcode_traits<adapter>::is_valid(1) ? 0 : 1; }
