// A tour of lasso's bytecode layer with a toy interpreter's instruction set:
// describe the opcodes, decode a code object, rewrite it, and wrap it in a `with`
// block generated from a bytecode template, printing the disassembly at each step.
#include <lasso/lasso.hpp>

#include <array>
#include <iostream>
#include <string>
#include <vector>

namespace {
using lasso::op;
using lasso::bytecode::arg_kind;
using lasso::bytecode::jump_kind;
using lasso::bytecode::opcode_info;

/// The toy interpreter: constants are integers or None (-1 here), code objects are
/// stored as lasso's own `code_fields`.
struct toy_adapter {
    using value = long;
    using code = lasso::bytecode::code_fields<long>;
    /// `instantiate` makes the constants of bytecode templates with `make_constant`.
    static constexpr lasso::feature_set features{lasso::feature::template_constants};

    static constexpr std::array opcodes{
        opcode_info{"NOP", 0, op::nop},
        opcode_info{"POP", 1, op::pop_top},
        opcode_info{"COPY", 2, op::copy, arg_kind::immediate},
        opcode_info{"LOAD", 3, op::load_fast, arg_kind::local},
        opcode_info{"STORE", 4, op::store_fast, arg_kind::local},
        opcode_info{"CONST", 5, op::load_const, arg_kind::constant},
        opcode_info{"GLOBAL", 6, op::load_global, arg_kind::name},
        opcode_info{"METHOD", 7, op::load_method, arg_kind::name},
        opcode_info{"NULL", 8, op::push_null},
        opcode_info{"CALL", 9, op::call, arg_kind::immediate},
        opcode_info{"BINARY", 10, op::binary_op, arg_kind::immediate},
        opcode_info{"LESS", 11, op::compare_op, arg_kind::immediate},
        opcode_info{"JUMP", 12, op::jump, arg_kind::jump, jump_kind::absolute},
        opcode_info{"JUMP_IF_FALSE", 13, op::pop_jump_if_false, arg_kind::jump, jump_kind::absolute},
        opcode_info{"JUMP_IF_TRUE", 14, op::pop_jump_if_true, arg_kind::jump, jump_kind::absolute},
        opcode_info{"RETURN", 15, op::return_value},
        opcode_info{"WITH", 16, op::before_with},
        opcode_info{"WITH_EXC", 17, op::with_except_start},
        opcode_info{"PUSH_EXC", 18, op::push_exc_info},
        opcode_info{"POP_EXC", 19, op::pop_except},
        opcode_info{"RERAISE", 20, op::reraise, arg_kind::immediate},
        opcode_info{"EXTENDED_ARG", 21, op::extended_arg, arg_kind::immediate},
    };
    static constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::fixed_width, 21, 2};

    static code read_code(const code& c) { return c; }
    static code make_code(code c) { return c; }
    static std::string constant_repr(const long& v) { return v == -1 ? "None" : std::to_string(v); }
    static bool same_constant(const long& a, const long& b) { return a == b; }
    static long make_constant(lasso::bytecode::template_constant c) { return c.is_none ? -1 : c.integer; }
};
static_assert(lasso::check_bytecode_adapter<toy_adapter>());
} // namespace

int main() {
    namespace bc = lasso::bytecode;
    using A = toy_adapter;

    // def f(n): total = 0; while total < n: total = total + 3; return total
    A::code f;
    f.name = "f";
    f.argcount = 1;
    f.varnames = {"n", "total"};
    f.constants = {0, 3};
    // clang-format off
    f.bytecode = {5, 0, 4, 1,        // total = 0
                  3, 1, 3, 0, 11, 0, // total < n
                  13, 11,            // if false -> 22
                  3, 1, 5, 1, 10, 0, 4, 1, // total = total + 3
                  12, 2,             // -> 4
                  3, 1, 15, 0};      // return total
    // clang-format on
    f.line_table = {{0, {1, 1, 4, 13}}, {4, {2, 2, 10, 19}}, {12, {3, 3, 8, 25}}, {22, {4, 4, 4, 16}}};

    std::cout << "== original ==\n" << bc::disassemble_code<A>(f);
    std::cout << "max stack depth: " << bc::analyze_stack<A>(bc::decode_code<A>(f)).max_depth << "\n\n";

    // Rewrite: count iterations in a new local, inserted at the top of the loop body.
    auto counted = bc::transform_code<A>(f, [](std::vector<bc::instruction<A>>& instrs, A::code&) {
        const auto body = 6; // the first instruction of the loop body, after the conditional jump
        bc::insert_instructions<A>(instrs, body,
                                   {
                                       bc::create_instruction<A>(op::load_fast, std::string("iterations")),
                                       bc::create_instruction<A>(op::load_const, bc::constant_arg<long>{1}),
                                       bc::create_instruction<A>(op::binary_op, std::int64_t{13}),
                                       bc::create_instruction<A>(op::store_fast, std::string("iterations")),
                                   });
    });
    std::cout << "== with an iteration counter ==\n" << bc::disassemble_code<A>(counted) << "\n";

    // Wrap the loop in `with mgr:` using the library's template: the loop goes into the
    // template's hole, the loop exit is redirected to the template's exit path, and
    // `return total` follows the template.
    auto wrapped = bc::transform_code<A>(f, [](std::vector<bc::instruction<A>>& instrs, A::code&) {
        auto split = bc::instantiate<A>(lasso::resume::templates::reenter_with, {{"ctx", "mgr"}});
        const std::size_t ret = instrs.size() - 2; // LOAD total; RETURN
        const bc::instruction_id old_exit = instrs[ret].id;
        const bc::instruction_id new_exit = split.epilogue.front().id;
        std::vector<bc::instruction<A>> out = std::move(split.prologue);
        for (std::size_t i = 0; i < ret; ++i) {
            auto inst = std::move(instrs[i]);
            if (auto* t = inst.target(); t && t->id == old_exit) inst.argval = bc::jump_target{new_exit};
            inst.exception = out.back().exception; // protected by the with-handler
            out.push_back(std::move(inst));
        }
        for (auto& inst : split.epilogue) out.push_back(std::move(inst));
        for (std::size_t i = ret; i < instrs.size(); ++i) out.push_back(std::move(instrs[i]));
        instrs = std::move(out);
    });
    std::cout << "== inside `with mgr:` ==\n" << bc::disassemble_code<A>(wrapped);
    std::cout << "stack size: " << wrapped.stacksize << "\n\ntour complete\n";
    return 0;
}
