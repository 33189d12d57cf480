// lasso_cpython/opcodes.hpp
//
// CPython 3.11's instruction set described to lasso as data: every opcode the 3.11
// compiler writes into `co_code`, with its real number, its inline CACHE units, its
// argument and how relative jumps count. It needs no Python headers, so that tests can
// decode 3.11 bytecode without an interpreter.
//
// Opcodes lasso has a meaning for map to its semantic ops; the rest (pattern matching,
// imports, async, f-strings, sets, ...) are `op::custom` with their stack effect, which
// the translator treats as a graph break until a handler for them exists. Specialised
// (quickened) opcodes are not listed: `co_code` never shows them, CPython reports the
// generic opcode in their place.
#pragma once

#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>

#include <array>
#include <cstdint>

namespace lasso_cpython {

/// The numbers of CPython 3.11's opcodes (`opcode.opmap`).
namespace opnum {
inline constexpr std::uint16_t CACHE = 0, POP_TOP = 1, PUSH_NULL = 2, NOP = 9, UNARY_POSITIVE = 10, UNARY_NEGATIVE = 11,
                               UNARY_NOT = 12, UNARY_INVERT = 15, BINARY_SUBSCR = 25, GET_LEN = 30, MATCH_MAPPING = 31,
                               MATCH_SEQUENCE = 32, MATCH_KEYS = 33, PUSH_EXC_INFO = 35, CHECK_EXC_MATCH = 36,
                               CHECK_EG_MATCH = 37, WITH_EXCEPT_START = 49, GET_AITER = 50, GET_ANEXT = 51,
                               BEFORE_ASYNC_WITH = 52, BEFORE_WITH = 53, END_ASYNC_FOR = 54, STORE_SUBSCR = 60,
                               DELETE_SUBSCR = 61, GET_ITER = 68, GET_YIELD_FROM_ITER = 69, PRINT_EXPR = 70,
                               LOAD_BUILD_CLASS = 71, LOAD_ASSERTION_ERROR = 74, RETURN_GENERATOR = 75, LIST_TO_TUPLE = 82,
                               RETURN_VALUE = 83, IMPORT_STAR = 84, SETUP_ANNOTATIONS = 85, YIELD_VALUE = 86,
                               ASYNC_GEN_WRAP = 87, PREP_RERAISE_STAR = 88, POP_EXCEPT = 89;
// Opcodes from 90 (HAVE_ARGUMENT) on take an argument.
inline constexpr std::uint16_t STORE_NAME = 90, DELETE_NAME = 91, UNPACK_SEQUENCE = 92, FOR_ITER = 93, UNPACK_EX = 94,
                               STORE_ATTR = 95, DELETE_ATTR = 96, STORE_GLOBAL = 97, DELETE_GLOBAL = 98, SWAP = 99,
                               LOAD_CONST = 100, LOAD_NAME = 101, BUILD_TUPLE = 102, BUILD_LIST = 103, BUILD_SET = 104,
                               BUILD_MAP = 105, LOAD_ATTR = 106, COMPARE_OP = 107, IMPORT_NAME = 108, IMPORT_FROM = 109,
                               JUMP_FORWARD = 110, JUMP_IF_FALSE_OR_POP = 111, JUMP_IF_TRUE_OR_POP = 112,
                               POP_JUMP_FORWARD_IF_FALSE = 114, POP_JUMP_FORWARD_IF_TRUE = 115, LOAD_GLOBAL = 116,
                               IS_OP = 117, CONTAINS_OP = 118, RERAISE = 119, COPY = 120, BINARY_OP = 122, SEND = 123,
                               LOAD_FAST = 124, STORE_FAST = 125, DELETE_FAST = 126, POP_JUMP_FORWARD_IF_NOT_NONE = 128,
                               POP_JUMP_FORWARD_IF_NONE = 129, RAISE_VARARGS = 130, GET_AWAITABLE = 131, MAKE_FUNCTION = 132,
                               BUILD_SLICE = 133, JUMP_BACKWARD_NO_INTERRUPT = 134, MAKE_CELL = 135, LOAD_CLOSURE = 136,
                               LOAD_DEREF = 137, STORE_DEREF = 138, DELETE_DEREF = 139, JUMP_BACKWARD = 140,
                               CALL_FUNCTION_EX = 142, EXTENDED_ARG = 144, LIST_APPEND = 145, SET_ADD = 146, MAP_ADD = 147,
                               LOAD_CLASSDEREF = 148, COPY_FREE_VARS = 149, RESUME = 151, MATCH_CLASS = 152,
                               FORMAT_VALUE = 155, BUILD_CONST_KEY_MAP = 156, BUILD_STRING = 157, LOAD_METHOD = 160,
                               LIST_EXTEND = 162, SET_UPDATE = 163, DICT_MERGE = 164, DICT_UPDATE = 165, PRECALL = 166,
                               CALL = 171, KW_NAMES = 172, POP_JUMP_BACKWARD_IF_NOT_NONE = 173,
                               POP_JUMP_BACKWARD_IF_NONE = 174, POP_JUMP_BACKWARD_IF_FALSE = 175,
                               POP_JUMP_BACKWARD_IF_TRUE = 176;
} // namespace opnum

namespace detail {
using lasso::bytecode::stack_effect;
/// An argument used as a count, bounded so that malformed bytecode cannot overflow a sum.
constexpr int count(std::int64_t arg) noexcept { return arg < 0 ? 0 : arg > 0xffff ? 0xffff : static_cast<int>(arg); }

// Effects of the custom opcodes whose counts come from the argument.
constexpr stack_effect build_n(std::int64_t arg, bool) noexcept { return {count(arg), 1}; }
constexpr stack_effect update_n(std::int64_t arg, bool) noexcept { return {count(arg) + 1, count(arg)}; }
constexpr stack_effect map_add(std::int64_t arg, bool) noexcept { return {count(arg) + 2, count(arg)}; }
constexpr stack_effect const_key_map(std::int64_t arg, bool) noexcept { return {count(arg) + 1, 1}; }
/// The argument is (values after the starred target << 8) | values before it.
constexpr stack_effect unpack_ex(std::int64_t arg, bool) noexcept {
    return {1, count(arg & 0xff) + count((arg >> 8) & 0xff) + 1};
}
/// Bit 2 of the argument says a format spec is on the stack too.
constexpr stack_effect format_value(std::int64_t arg, bool) noexcept { return {(arg & 4) != 0 ? 2 : 1, 1}; }
} // namespace detail

/// CPython 3.11's instruction set: two-byte code units, EXTENDED_ARG prefixes, jumps
/// counted in code units from the next instruction, one zero unit per inline cache
/// entry, cells numbered in localsplus, a NULL never popped by POP_TOP, the locals that
/// pass values to a resume function deleted once their values are on the stack. Adapters derive from it and add their value type.
struct instruction_set {
    static constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::fixed_width,
                                                                 opnum::EXTENDED_ARG,
                                                                 2,
                                                                 lasso::bytecode::cache_unit{},
                                                                 lasso::bytecode::cell_numbering::localsplus,
                                                                 false,
                                                                 true};

    // Codegen picks the first opcode of a semantic op (and jump direction), so the plain
    // forms come first: NOP before PRECALL, JUMP_BACKWARD before
    // JUMP_BACKWARD_NO_INTERRUPT.
    static constexpr auto opcodes = [] {
        using namespace opnum;
        using lasso::bytecode::op;
        using lasso::bytecode::stack;
        using lasso::bytecode::stack_branching;
        using lasso::bytecode::stack_computed;
        using info = lasso::bytecode::opcode_info;
        using ak = lasso::bytecode::arg_kind;
        using jk = lasso::bytecode::jump_kind;
        constexpr lasso::bytecode::stack_effect_rule own{}; // the semantic op's effect
        constexpr jk fwd = jk::relative_forward;
        constexpr jk back = jk::relative_backward;
        constexpr lasso::bytecode::arg_flags null_bit{lasso::bytecode::arg_flag::push_null};
        // clang-format off
        return std::array{
            // name                          number                         semantic                 argument       jump      stack effect                 width caches flags
            info{"CACHE",                      CACHE,                         op::custom,              ak::none,      jk::none, stack(0, 0)},
            info{"POP_TOP",                    POP_TOP,                       op::pop_top},
            info{"PUSH_NULL",                  PUSH_NULL,                     op::push_null},
            info{"NOP",                        NOP,                           op::nop},
            info{"UNARY_POSITIVE",             UNARY_POSITIVE,                op::unary_positive},
            info{"UNARY_NEGATIVE",             UNARY_NEGATIVE,                op::unary_negative},
            info{"UNARY_NOT",                  UNARY_NOT,                     op::unary_not},
            info{"UNARY_INVERT",               UNARY_INVERT,                  op::unary_invert},
            info{"BINARY_SUBSCR",              BINARY_SUBSCR,                 op::binary_subscr,       ak::none,      jk::none, own,                         0, 4},
            info{"GET_LEN",                    GET_LEN,                       op::custom,              ak::none,      jk::none, stack(1, 2)},
            info{"MATCH_MAPPING",              MATCH_MAPPING,                 op::custom,              ak::none,      jk::none, stack(1, 2)},
            info{"MATCH_SEQUENCE",             MATCH_SEQUENCE,                op::custom,              ak::none,      jk::none, stack(1, 2)},
            info{"MATCH_KEYS",                 MATCH_KEYS,                    op::custom,              ak::none,      jk::none, stack(2, 3)},
            info{"PUSH_EXC_INFO",              PUSH_EXC_INFO,                 op::push_exc_info},
            info{"CHECK_EXC_MATCH",            CHECK_EXC_MATCH,               op::check_exc_match},
            info{"CHECK_EG_MATCH",             CHECK_EG_MATCH,                op::custom,              ak::none,      jk::none, stack(2, 2)},
            info{"WITH_EXCEPT_START",          WITH_EXCEPT_START,             op::with_except_start},
            info{"GET_AITER",                  GET_AITER,                     op::custom,              ak::none,      jk::none, stack(1, 1)},
            info{"GET_ANEXT",                  GET_ANEXT,                     op::custom,              ak::none,      jk::none, stack(1, 2)},
            info{"BEFORE_ASYNC_WITH",          BEFORE_ASYNC_WITH,             op::custom,              ak::none,      jk::none, stack(1, 2)},
            info{"BEFORE_WITH",                BEFORE_WITH,                   op::before_with},
            info{"END_ASYNC_FOR",              END_ASYNC_FOR,                 op::custom,              ak::none,      jk::none, stack(2, 0)},
            info{"STORE_SUBSCR",               STORE_SUBSCR,                  op::store_subscr,        ak::none,      jk::none, own,                         0, 1},
            info{"DELETE_SUBSCR",              DELETE_SUBSCR,                 op::delete_subscr},
            info{"GET_ITER",                   GET_ITER,                      op::get_iter},
            info{"GET_YIELD_FROM_ITER",        GET_YIELD_FROM_ITER,           op::custom,              ak::none,      jk::none, stack(1, 1)},
            info{"PRINT_EXPR",                 PRINT_EXPR,                    op::custom,              ak::none,      jk::none, stack(1, 0)},
            info{"LOAD_BUILD_CLASS",           LOAD_BUILD_CLASS,              op::custom,              ak::none,      jk::none, stack(0, 1)},
            info{"LOAD_ASSERTION_ERROR",       LOAD_ASSERTION_ERROR,          op::load_assertion_error},
            // Resumed, a generator's frame finds the sent value (None) on its stack; the
            // POP_TOP after this opcode removes it.
            info{"RETURN_GENERATOR",           RETURN_GENERATOR,              op::custom,              ak::none,      jk::none, stack(0, 1)},
            info{"LIST_TO_TUPLE",              LIST_TO_TUPLE,                 op::list_to_tuple},
            info{"RETURN_VALUE",               RETURN_VALUE,                  op::return_value},
            info{"IMPORT_STAR",                IMPORT_STAR,                   op::custom,              ak::none,      jk::none, stack(1, 0)},
            info{"SETUP_ANNOTATIONS",          SETUP_ANNOTATIONS,             op::custom,              ak::none,      jk::none, stack(0, 0)},
            info{"YIELD_VALUE",                YIELD_VALUE,                   op::custom,              ak::none,      jk::none, stack(1, 1)},
            info{"ASYNC_GEN_WRAP",             ASYNC_GEN_WRAP,                op::custom,              ak::none,      jk::none, stack(1, 1)},
            info{"PREP_RERAISE_STAR",          PREP_RERAISE_STAR,             op::custom,              ak::none,      jk::none, stack(2, 1)},
            info{"POP_EXCEPT",                 POP_EXCEPT,                    op::pop_except},
            info{"STORE_NAME",                 STORE_NAME,                    op::store_name,          ak::name},
            info{"DELETE_NAME",                DELETE_NAME,                   op::delete_name,         ak::name},
            info{"UNPACK_SEQUENCE",            UNPACK_SEQUENCE,               op::unpack_sequence,     ak::immediate, jk::none, own,                         0, 1},
            info{"FOR_ITER",                   FOR_ITER,                      op::for_iter,            ak::jump,      fwd},
            info{"UNPACK_EX",                  UNPACK_EX,                     op::custom,              ak::immediate, jk::none, stack_computed(detail::unpack_ex)},
            info{"STORE_ATTR",                 STORE_ATTR,                    op::store_attr,          ak::name,      jk::none, own,                         0, 4},
            info{"DELETE_ATTR",                DELETE_ATTR,                   op::delete_attr,         ak::name},
            info{"STORE_GLOBAL",               STORE_GLOBAL,                  op::store_global,        ak::name},
            info{"DELETE_GLOBAL",              DELETE_GLOBAL,                 op::delete_global,       ak::name},
            info{"SWAP",                       SWAP,                          op::swap,                ak::immediate},
            info{"LOAD_CONST",                 LOAD_CONST,                    op::load_const,          ak::constant},
            info{"LOAD_NAME",                  LOAD_NAME,                     op::load_name,           ak::name},
            info{"BUILD_TUPLE",                BUILD_TUPLE,                   op::build_tuple,         ak::immediate},
            info{"BUILD_LIST",                 BUILD_LIST,                    op::build_list,          ak::immediate},
            info{"BUILD_SET",                  BUILD_SET,                     op::custom,              ak::immediate, jk::none, stack_computed(detail::build_n)},
            info{"BUILD_MAP",                  BUILD_MAP,                     op::build_map,           ak::immediate},
            info{"LOAD_ATTR",                  LOAD_ATTR,                     op::load_attr,           ak::name,      jk::none, own,                         0, 4},
            info{"COMPARE_OP",                 COMPARE_OP,                    op::compare_op,          ak::immediate, jk::none, own,                         0, 2},
            info{"IMPORT_NAME",                IMPORT_NAME,                   op::custom,              ak::name,      jk::none, stack(2, 1)},
            info{"IMPORT_FROM",                IMPORT_FROM,                   op::custom,              ak::name,      jk::none, stack(1, 2)},
            info{"JUMP_FORWARD",               JUMP_FORWARD,                  op::jump,                ak::jump,      fwd},
            info{"JUMP_BACKWARD",              JUMP_BACKWARD,                 op::jump,                ak::jump,      back},
            info{"JUMP_IF_FALSE_OR_POP",       JUMP_IF_FALSE_OR_POP,          op::jump_if_false_or_pop, ak::jump,     fwd},
            info{"JUMP_IF_TRUE_OR_POP",        JUMP_IF_TRUE_OR_POP,           op::jump_if_true_or_pop, ak::jump,      fwd},
            info{"POP_JUMP_FORWARD_IF_FALSE",  POP_JUMP_FORWARD_IF_FALSE,     op::pop_jump_if_false,   ak::jump,      fwd},
            info{"POP_JUMP_FORWARD_IF_TRUE",   POP_JUMP_FORWARD_IF_TRUE,      op::pop_jump_if_true,    ak::jump,      fwd},
            info{"LOAD_GLOBAL",                LOAD_GLOBAL,                   op::load_global,         ak::name,      jk::none, own,                         0, 5, null_bit},
            info{"IS_OP",                      IS_OP,                         op::is_op,               ak::immediate},
            info{"CONTAINS_OP",                CONTAINS_OP,                   op::contains_op,         ak::immediate},
            info{"RERAISE",                    RERAISE,                       op::reraise,             ak::immediate},
            info{"COPY",                       COPY,                          op::copy,                ak::immediate},
            info{"BINARY_OP",                  BINARY_OP,                     op::binary_op,           ak::immediate, jk::none, own,                         0, 1},
            // Falls through with the receiver and the value it yielded; jumps with the
            // value it returned alone.
            info{"SEND",                       SEND,                          op::custom,              ak::jump,      fwd,      stack_branching({2, 2}, {2, 1})},
            info{"LOAD_FAST",                  LOAD_FAST,                     op::load_fast,           ak::local},
            info{"STORE_FAST",                 STORE_FAST,                    op::store_fast,          ak::local},
            info{"DELETE_FAST",                DELETE_FAST,                   op::delete_fast,         ak::local},
            info{"POP_JUMP_FORWARD_IF_NOT_NONE", POP_JUMP_FORWARD_IF_NOT_NONE, op::pop_jump_if_not_none, ak::jump,    fwd},
            info{"POP_JUMP_FORWARD_IF_NONE",   POP_JUMP_FORWARD_IF_NONE,      op::pop_jump_if_none,    ak::jump,      fwd},
            info{"RAISE_VARARGS",              RAISE_VARARGS,                 op::raise_varargs,       ak::immediate},
            info{"GET_AWAITABLE",              GET_AWAITABLE,                 op::custom,              ak::immediate, jk::none, stack(1, 1)},
            info{"MAKE_FUNCTION",              MAKE_FUNCTION,                 op::make_function,       ak::immediate},
            info{"BUILD_SLICE",                BUILD_SLICE,                   op::build_slice,         ak::immediate},
            info{"JUMP_BACKWARD_NO_INTERRUPT", JUMP_BACKWARD_NO_INTERRUPT,    op::jump,                ak::jump,      back},
            info{"MAKE_CELL",                  MAKE_CELL,                     op::make_cell,           ak::cell},
            info{"LOAD_CLOSURE",               LOAD_CLOSURE,                  op::load_closure,        ak::cell},
            info{"LOAD_DEREF",                 LOAD_DEREF,                    op::load_deref,          ak::cell},
            info{"STORE_DEREF",                STORE_DEREF,                   op::store_deref,         ak::cell},
            info{"DELETE_DEREF",               DELETE_DEREF,                  op::delete_deref,        ak::cell},
            info{"CALL_FUNCTION_EX",           CALL_FUNCTION_EX,              op::call_function_ex,    ak::immediate},
            info{"EXTENDED_ARG",               EXTENDED_ARG,                  op::extended_arg,        ak::immediate},
            info{"LIST_APPEND",                LIST_APPEND,                   op::list_append,         ak::immediate},
            info{"SET_ADD",                    SET_ADD,                       op::custom,              ak::immediate, jk::none, stack_computed(detail::update_n)},
            info{"MAP_ADD",                    MAP_ADD,                       op::custom,              ak::immediate, jk::none, stack_computed(detail::map_add)},
            info{"LOAD_CLASSDEREF",            LOAD_CLASSDEREF,               op::custom,              ak::cell,      jk::none, stack(0, 1)},
            info{"COPY_FREE_VARS",             COPY_FREE_VARS,                op::copy_free_vars,      ak::immediate},
            info{"RESUME",                     RESUME,                        op::resume,              ak::immediate},
            info{"MATCH_CLASS",                MATCH_CLASS,                   op::custom,              ak::immediate, jk::none, stack(3, 1)},
            info{"FORMAT_VALUE",               FORMAT_VALUE,                  op::custom,              ak::immediate, jk::none, stack_computed(detail::format_value)},
            info{"BUILD_CONST_KEY_MAP",        BUILD_CONST_KEY_MAP,           op::custom,              ak::immediate, jk::none, stack_computed(detail::const_key_map)},
            info{"BUILD_STRING",               BUILD_STRING,                  op::custom,              ak::immediate, jk::none, stack_computed(detail::build_n)},
            info{"LOAD_METHOD",                LOAD_METHOD,                   op::load_method,         ak::name,      jk::none, own,                         0, 10},
            info{"LIST_EXTEND",                LIST_EXTEND,                   op::list_extend,         ak::immediate},
            info{"SET_UPDATE",                 SET_UPDATE,                    op::custom,              ak::immediate, jk::none, stack_computed(detail::update_n)},
            info{"DICT_MERGE",                 DICT_MERGE,                    op::custom,              ak::immediate, jk::none, stack_computed(detail::update_n)},
            info{"DICT_UPDATE",                DICT_UPDATE,                   op::custom,              ak::immediate, jk::none, stack_computed(detail::update_n)},
            // lasso's `call` is PRECALL and CALL together (docs/bytecode.md), so PRECALL
            // is a no-op that keeps its argument; CALL pops the callable pair and the arguments.
            info{"PRECALL",                    PRECALL,                       op::nop,                 ak::immediate, jk::none, own,                         0, 1},
            info{"CALL",                       CALL,                          op::call,                ak::immediate, jk::none, own,                         0, 4},
            info{"KW_NAMES",                   KW_NAMES,                      op::kw_names,            ak::constant},
            info{"POP_JUMP_BACKWARD_IF_NOT_NONE", POP_JUMP_BACKWARD_IF_NOT_NONE, op::pop_jump_if_not_none, ak::jump, back},
            info{"POP_JUMP_BACKWARD_IF_NONE",  POP_JUMP_BACKWARD_IF_NONE,     op::pop_jump_if_none,    ak::jump,      back},
            info{"POP_JUMP_BACKWARD_IF_FALSE", POP_JUMP_BACKWARD_IF_FALSE,    op::pop_jump_if_false,   ak::jump,      back},
            info{"POP_JUMP_BACKWARD_IF_TRUE",  POP_JUMP_BACKWARD_IF_TRUE,     op::pop_jump_if_true,    ak::jump,      back},
        };
        // clang-format on
    }();
};

static_assert(lasso::bytecode::check_opcode_table(instruction_set::opcodes, instruction_set::bytecode_encoding).ok(),
              "lasso_cpython: the 3.11 opcode table is inconsistent");
/// CPython 3.11 has 110 opcodes besides the specialised ones (`len(dis.opmap)`).
static_assert(instruction_set::opcodes.size() == 110, "lasso_cpython: every 3.11 opcode has a row");

} // namespace lasso_cpython
