// The minimal adapter's instruction set (docs/writing-an-adapter.md), and the bytecode
// layer's second test adapter, made to differ from CPython's: opcode numbers are
// unrelated to the vocabulary, instructions have 0, 1 or 2 argument bytes (variable
// width), extended-arg prefixes carry one byte each, jumps are counted in bytes, and the
// unconditional jump is absolute while conditional jumps are relative. Nothing in lasso
// may assume otherwise.
#pragma once

#include "constants.hpp"

#include <lasso/lasso.hpp>

#include <array>

namespace lasso_test {

struct compact_adapter {
    using value = constant;
    using code = packed_code;
    /// Bytecode templates make their constants with `make_constant`.
    static constexpr lasso::feature_set features{lasso::feature::template_constants};
    using op = lasso::bytecode::op;
    using ak = lasso::bytecode::arg_kind;
    using jk = lasso::bytecode::jump_kind;
    using info = lasso::bytecode::opcode_info;

    // Numbers chosen to look nothing like the vocabulary.
    enum number : std::uint8_t {
        NOP = 0x01,
        POP = 0x02,
        DUP = 0x03,
        ROT = 0x04,
        PUSHNULL = 0x05,
        LDL = 0x10,
        STL = 0x11,
        DELL = 0x12,
        LDC = 0x13,
        LDG = 0x14,
        STG = 0x15,
        LDA = 0x16,
        STA = 0x17,
        LDM = 0x18,
        LDCELL = 0x19,
        STCELL = 0x1a,
        LDCLOS = 0x1b,
        SUBSCR = 0x20,
        STSUBSCR = 0x21,
        BINOP = 0x22,
        NEG = 0x23,
        NOT = 0x24,
        CMP = 0x25,
        ISOP = 0x26,
        INOP = 0x27,
        TUPLE = 0x28,
        LIST = 0x29,
        MAP = 0x2a,
        UNPACK = 0x2b,
        CALL = 0x30,
        KWNAMES = 0x31,
        MKFUNC = 0x32,
        GOTO = 0x40,
        IFNOT = 0x41,
        IF = 0x42,
        IFNOT_BACK = 0x43,
        IF_BACK = 0x44,
        LOOP = 0x45,
        ITER = 0x46,
        NEXT = 0x47,
        RET = 0x50,
        RAISE = 0x51,
        RERAISE = 0x52,
        PUSHEXC = 0x53,
        POPEXC = 0x54,
        EXCMATCH = 0x55,
        WITH = 0x56,
        WITHEXC = 0x57,
        ASSERTERR = 0x58,
        START = 0x59,
        SQUARE = 0x60,
        EXT = 0xfe,
    };

    // snippet: opcode-table
    static constexpr std::array opcodes{
        info{"NOP", NOP, op::nop},
        info{"POP", POP, op::pop_top},
        info{"DUP", DUP, op::copy, ak::immediate, jk::none, {}, 1},
        info{"ROT", ROT, op::swap, ak::immediate, jk::none, {}, 1},
        info{"PUSHNULL", PUSHNULL, op::push_null},
        info{"LDL", LDL, op::load_fast, ak::local, jk::none, {}, 1},
        info{"STL", STL, op::store_fast, ak::local, jk::none, {}, 1},
        info{"DELL", DELL, op::delete_fast, ak::local, jk::none, {}, 1},
        info{"LDC", LDC, op::load_const, ak::constant, jk::none, {}, 2},
        // snippet: end
        info{"LDG", LDG, op::load_global, ak::name, jk::none, {}, 2},
        info{"STG", STG, op::store_global, ak::name, jk::none, {}, 2},
        info{"LDA", LDA, op::load_attr, ak::name, jk::none, {}, 2},
        info{"STA", STA, op::store_attr, ak::name, jk::none, {}, 2},
        info{"LDM", LDM, op::load_method, ak::name, jk::none, {}, 2},
        info{"LDCELL", LDCELL, op::load_deref, ak::cell, jk::none, {}, 1},
        info{"STCELL", STCELL, op::store_deref, ak::cell, jk::none, {}, 1},
        info{"LDCLOS", LDCLOS, op::load_closure, ak::cell, jk::none, {}, 1},
        info{"SUBSCR", SUBSCR, op::binary_subscr},
        info{"STSUBSCR", STSUBSCR, op::store_subscr},
        info{"BINOP", BINOP, op::binary_op, ak::immediate, jk::none, {}, 1},
        info{"NEG", NEG, op::unary_negative},
        info{"NOT", NOT, op::unary_not},
        info{"CMP", CMP, op::compare_op, ak::immediate, jk::none, {}, 1},
        info{"ISOP", ISOP, op::is_op, ak::immediate, jk::none, {}, 1},
        info{"INOP", INOP, op::contains_op, ak::immediate, jk::none, {}, 1},
        info{"TUPLE", TUPLE, op::build_tuple, ak::immediate, jk::none, {}, 1},
        info{"LIST", LIST, op::build_list, ak::immediate, jk::none, {}, 1},
        info{"MAP", MAP, op::build_map, ak::immediate, jk::none, {}, 1},
        info{"UNPACK", UNPACK, op::unpack_sequence, ak::immediate, jk::none, {}, 1},
        info{"CALL", CALL, op::call, ak::immediate, jk::none, {}, 1},
        info{"KWNAMES", KWNAMES, op::kw_names, ak::constant, jk::none, {}, 2},
        info{"MKFUNC", MKFUNC, op::make_function, ak::immediate, jk::none, {}, 1},
        info{"GOTO", GOTO, op::jump, ak::jump, jk::absolute, {}, 2},
        info{"IFNOT", IFNOT, op::pop_jump_if_false, ak::jump, jk::relative_forward, {}, 1},
        info{"IF", IF, op::pop_jump_if_true, ak::jump, jk::relative_forward, {}, 1},
        info{"IFNOT_BACK", IFNOT_BACK, op::pop_jump_if_false, ak::jump, jk::relative_backward, {}, 1},
        info{"IF_BACK", IF_BACK, op::pop_jump_if_true, ak::jump, jk::relative_backward, {}, 1},
        info{"LOOP", LOOP, op::jump, ak::jump, jk::relative_backward, {}, 1},
        info{"ITER", ITER, op::get_iter},
        info{"NEXT", NEXT, op::for_iter, ak::jump, jk::relative_forward, {}, 1},
        info{"RET", RET, op::return_value},
        info{"RAISE", RAISE, op::raise_varargs, ak::immediate, jk::none, {}, 1},
        info{"RERAISE", RERAISE, op::reraise, ak::immediate, jk::none, {}, 1},
        info{"PUSHEXC", PUSHEXC, op::push_exc_info},
        info{"POPEXC", POPEXC, op::pop_except},
        info{"EXCMATCH", EXCMATCH, op::check_exc_match},
        info{"WITH", WITH, op::before_with},
        info{"WITHEXC", WITHEXC, op::with_except_start},
        info{"ASSERTERR", ASSERTERR, op::load_assertion_error},
        info{"START", START, op::resume, ak::immediate, jk::none, {}, 1},
        // A custom opcode: replaces the top of the stack by its square (pops 1, pushes 1).
        info{"SQUARE", SQUARE, op::custom, ak::none, jk::none, lasso::bytecode::stack(1, 1), 0},
        info{"EXT", EXT, op::extended_arg, ak::immediate, jk::none, {}, 1},
    };
    static constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::variable_width, EXT, 1};

    static lasso::bytecode::code_fields<value> read_code(const code& c) { return code_io<1>::read(c); }
    static code make_code(lasso::bytecode::code_fields<value> f) { return code_io<1>::make(std::move(f)); }
    static std::string constant_repr(const value& v) { return constant_text(v); }
    static bool same_constant(const value& a, const value& b) { return a == b; }
    static value make_constant(lasso::bytecode::template_constant c) {
        return c.is_none ? value{none_t{}} : value{c.integer};
    }
};

} // namespace lasso_test
