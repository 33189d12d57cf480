// An encoding that numbers cells in localsplus must have make_cell and copy_free_vars
// opcodes (the frame makes no cells itself); a table without make_cell is rejected,
// naming its first opcode with a cell argument.
#include <lasso/lasso.hpp>

#include <array>

using lasso::bytecode::arg_kind;
using lasso::bytecode::op;
using lasso::bytecode::opcode_info;

struct adapter {
    using value = int;
    static constexpr lasso::bytecode::encoding bytecode_encoding{
        lasso::bytecode::encoding_kind::fixed_width, -1, 1, {}, lasso::bytecode::cell_numbering::localsplus};
    static constexpr std::array opcodes{
        opcode_info{"BROKEN_DEREF", 1, op::load_deref, arg_kind::cell},
        opcode_info{"COPY_FREE_VARS", 2, op::copy_free_vars, arg_kind::immediate},
#ifdef LASSO_COMPILE_FAIL
        opcode_info{"NOP", 3, op::nop},
#else
        opcode_info{"MAKE_CELL", 3, op::make_cell, arg_kind::cell},
#endif
    };
};

int main() { return lasso::bytecode::opcode_traits<adapter>::is_valid(1) ? 0 : 1; }
