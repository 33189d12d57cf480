// Consumer check: decode, edit and re-assemble a tiny code with a user-defined adapter,
// and print its disassembly. Exits non-zero if anything is off.
#include <lasso/lasso.hpp>

#include <array>
#include <iostream>
#include <string>
#include <vector>

namespace {
using lasso::bytecode::arg_kind;
using lasso::bytecode::jump_kind;
using lasso::bytecode::op;
using lasso::bytecode::opcode_info;

struct tiny {
    using value = long;
    using code = lasso::bytecode::code_fields<long>;
    static constexpr std::array opcodes{
        opcode_info{"LOAD", 1, op::load_fast, arg_kind::local},
        opcode_info{"CONST", 2, op::load_const, arg_kind::constant},
        opcode_info{"ADD", 3, op::binary_op, arg_kind::immediate},
        opcode_info{"RET", 4, op::return_value},
    };
    static constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::fixed_width, -1, 2};
    static code read_code(const code& c) { return c; }
    static code make_code(code c) { return c; }
    static std::string constant_repr(const long& v) { return std::to_string(v); }
    static bool same_constant(const long& a, const long& b) { return a == b; }
};
} // namespace

int main() {
    static_assert(lasso::check_bytecode_adapter<tiny>());
    tiny::code code;
    code.varnames = {"x"};
    code.constants = {1};
    code.bytecode = {1, 0, 2, 0, 3, 0, 4, 0}; // x + 1
    auto result = lasso::bytecode::transform_code<tiny>(code, [](auto& instrs, auto&) {
        // x + 1 + 41
        instrs.insert(instrs.begin() + 3,
                      lasso::bytecode::create_instruction<tiny>(op::load_const, lasso::bytecode::constant_arg<long>{41}));
        instrs.insert(instrs.begin() + 4, lasso::bytecode::create_instruction<tiny>(op::binary_op, std::int64_t{0}));
    });
    std::cout << lasso::bytecode::disassemble_code<tiny>(result);
    const std::vector<std::uint8_t> expected{1, 0, 2, 0, 3, 0, 2, 1, 3, 0, 4, 0};
    if (result.bytecode != expected || result.stacksize != 2 || result.constants.size() != 2) {
        std::cerr << "consumer: unexpected result\n";
        return 1;
    }
    std::cout << "consumer ok (lasso " << lasso::version_major << "." << lasso::version_minor << ")\n";
    return 0;
}
