// minipy/opcodes.hpp
//
// minipy's instruction set, described to lasso as data. The opcodes are the semantic
// vocabulary of lasso::bytecode under CPython 3.11-style names, with a fixed two-byte
// encoding ([opcode][argument], EXTENDED_ARG prefixes for wider arguments, jumps counted
// in two-byte units, relative forward/backward variants), plus one opcode of minipy's
// own (LOAD_BUILD_CLASS). The interpreter loop switches on `minipy::opcode`; lasso
// derives its own tables from `opcode_table`.
#pragma once

#include <lasso/lasso.hpp>

#include <array>
#include <cstdint>

namespace minipy {

enum class opcode : std::uint8_t {
  NOP = 1,
  POP_TOP,
  COPY,
  SWAP,
  PUSH_NULL,
  LOAD_FAST,
  STORE_FAST,
  DELETE_FAST,
  LOAD_DEREF,
  STORE_DEREF,
  DELETE_DEREF,
  LOAD_CLOSURE,
  MAKE_CELL,
  COPY_FREE_VARS,
  LOAD_CONST,
  LOAD_GLOBAL,
  STORE_GLOBAL,
  DELETE_GLOBAL,
  LOAD_NAME,
  STORE_NAME,
  DELETE_NAME,
  LOAD_ATTR,
  STORE_ATTR,
  DELETE_ATTR,
  LOAD_METHOD,
  BINARY_SUBSCR,
  STORE_SUBSCR,
  DELETE_SUBSCR,
  BUILD_SLICE,
  BINARY_OP,
  UNARY_NEGATIVE,
  UNARY_POSITIVE,
  UNARY_NOT,
  UNARY_INVERT,
  COMPARE_OP,
  CONTAINS_OP,
  IS_OP,
  BUILD_TUPLE,
  BUILD_LIST,
  BUILD_MAP,
  LIST_APPEND,
  LIST_EXTEND,
  LIST_TO_TUPLE,
  UNPACK_SEQUENCE,
  KW_NAMES,
  CALL,
  CALL_FUNCTION_EX,
  MAKE_FUNCTION,
  JUMP_FORWARD,
  JUMP_BACKWARD,
  POP_JUMP_FORWARD_IF_FALSE,
  POP_JUMP_BACKWARD_IF_FALSE,
  POP_JUMP_FORWARD_IF_TRUE,
  POP_JUMP_BACKWARD_IF_TRUE,
  POP_JUMP_FORWARD_IF_NONE,
  POP_JUMP_BACKWARD_IF_NONE,
  POP_JUMP_FORWARD_IF_NOT_NONE,
  POP_JUMP_BACKWARD_IF_NOT_NONE,
  JUMP_IF_FALSE_OR_POP,
  JUMP_IF_TRUE_OR_POP,
  GET_ITER,
  FOR_ITER,
  RETURN_VALUE,
  RAISE_VARARGS,
  RERAISE,
  PUSH_EXC_INFO,
  POP_EXCEPT,
  CHECK_EXC_MATCH,
  BEFORE_WITH,
  WITH_EXCEPT_START,
  LOAD_ASSERTION_ERROR,
  RESUME,
  LOAD_BUILD_CLASS,  ///< pushes the class-building builtin (minipy's own opcode)
  EXTENDED_ARG = 144,
};

namespace detail {
using lasso::bytecode::arg_kind;
using lasso::bytecode::jump_kind;
using lasso::bytecode::op;
using lasso::bytecode::opcode_info;

constexpr opcode_info entry(std::string_view name, opcode number, op semantic, jump_kind jump = jump_kind::none) {
  opcode_info info;
  info.name = name;
  info.number = static_cast<std::uint16_t>(number);
  info.semantic = semantic;
  info.arg = lasso::bytecode::default_arg_kind(semantic);
  info.jump = jump;
  return info;
}
constexpr auto fwd = jump_kind::relative_forward;
constexpr auto back = jump_kind::relative_backward;
}  // namespace detail

// clang-format off
inline constexpr std::array opcode_table{
    detail::entry("NOP", opcode::NOP, detail::op::nop),
    detail::entry("POP_TOP", opcode::POP_TOP, detail::op::pop_top),
    detail::entry("COPY", opcode::COPY, detail::op::copy),
    detail::entry("SWAP", opcode::SWAP, detail::op::swap),
    detail::entry("PUSH_NULL", opcode::PUSH_NULL, detail::op::push_null),
    detail::entry("LOAD_FAST", opcode::LOAD_FAST, detail::op::load_fast),
    detail::entry("STORE_FAST", opcode::STORE_FAST, detail::op::store_fast),
    detail::entry("DELETE_FAST", opcode::DELETE_FAST, detail::op::delete_fast),
    detail::entry("LOAD_DEREF", opcode::LOAD_DEREF, detail::op::load_deref),
    detail::entry("STORE_DEREF", opcode::STORE_DEREF, detail::op::store_deref),
    detail::entry("DELETE_DEREF", opcode::DELETE_DEREF, detail::op::delete_deref),
    detail::entry("LOAD_CLOSURE", opcode::LOAD_CLOSURE, detail::op::load_closure),
    detail::entry("MAKE_CELL", opcode::MAKE_CELL, detail::op::make_cell),
    detail::entry("COPY_FREE_VARS", opcode::COPY_FREE_VARS, detail::op::copy_free_vars),
    detail::entry("LOAD_CONST", opcode::LOAD_CONST, detail::op::load_const),
    detail::entry("LOAD_GLOBAL", opcode::LOAD_GLOBAL, detail::op::load_global),
    detail::entry("STORE_GLOBAL", opcode::STORE_GLOBAL, detail::op::store_global),
    detail::entry("DELETE_GLOBAL", opcode::DELETE_GLOBAL, detail::op::delete_global),
    detail::entry("LOAD_NAME", opcode::LOAD_NAME, detail::op::load_name),
    detail::entry("STORE_NAME", opcode::STORE_NAME, detail::op::store_name),
    detail::entry("DELETE_NAME", opcode::DELETE_NAME, detail::op::delete_name),
    detail::entry("LOAD_ATTR", opcode::LOAD_ATTR, detail::op::load_attr),
    detail::entry("STORE_ATTR", opcode::STORE_ATTR, detail::op::store_attr),
    detail::entry("DELETE_ATTR", opcode::DELETE_ATTR, detail::op::delete_attr),
    detail::entry("LOAD_METHOD", opcode::LOAD_METHOD, detail::op::load_method),
    detail::entry("BINARY_SUBSCR", opcode::BINARY_SUBSCR, detail::op::binary_subscr),
    detail::entry("STORE_SUBSCR", opcode::STORE_SUBSCR, detail::op::store_subscr),
    detail::entry("DELETE_SUBSCR", opcode::DELETE_SUBSCR, detail::op::delete_subscr),
    detail::entry("BUILD_SLICE", opcode::BUILD_SLICE, detail::op::build_slice),
    detail::entry("BINARY_OP", opcode::BINARY_OP, detail::op::binary_op),
    detail::entry("UNARY_NEGATIVE", opcode::UNARY_NEGATIVE, detail::op::unary_negative),
    detail::entry("UNARY_POSITIVE", opcode::UNARY_POSITIVE, detail::op::unary_positive),
    detail::entry("UNARY_NOT", opcode::UNARY_NOT, detail::op::unary_not),
    detail::entry("UNARY_INVERT", opcode::UNARY_INVERT, detail::op::unary_invert),
    detail::entry("COMPARE_OP", opcode::COMPARE_OP, detail::op::compare_op),
    detail::entry("CONTAINS_OP", opcode::CONTAINS_OP, detail::op::contains_op),
    detail::entry("IS_OP", opcode::IS_OP, detail::op::is_op),
    detail::entry("BUILD_TUPLE", opcode::BUILD_TUPLE, detail::op::build_tuple),
    detail::entry("BUILD_LIST", opcode::BUILD_LIST, detail::op::build_list),
    detail::entry("BUILD_MAP", opcode::BUILD_MAP, detail::op::build_map),
    detail::entry("LIST_APPEND", opcode::LIST_APPEND, detail::op::list_append),
    detail::entry("LIST_EXTEND", opcode::LIST_EXTEND, detail::op::list_extend),
    detail::entry("LIST_TO_TUPLE", opcode::LIST_TO_TUPLE, detail::op::list_to_tuple),
    detail::entry("UNPACK_SEQUENCE", opcode::UNPACK_SEQUENCE, detail::op::unpack_sequence),
    detail::entry("KW_NAMES", opcode::KW_NAMES, detail::op::kw_names),
    detail::entry("CALL", opcode::CALL, detail::op::call),
    detail::entry("CALL_FUNCTION_EX", opcode::CALL_FUNCTION_EX, detail::op::call_function_ex),
    detail::entry("MAKE_FUNCTION", opcode::MAKE_FUNCTION, detail::op::make_function),
    detail::entry("JUMP_FORWARD", opcode::JUMP_FORWARD, detail::op::jump, detail::fwd),
    detail::entry("JUMP_BACKWARD", opcode::JUMP_BACKWARD, detail::op::jump, detail::back),
    detail::entry("POP_JUMP_FORWARD_IF_FALSE", opcode::POP_JUMP_FORWARD_IF_FALSE, detail::op::pop_jump_if_false, detail::fwd),
    detail::entry("POP_JUMP_BACKWARD_IF_FALSE", opcode::POP_JUMP_BACKWARD_IF_FALSE, detail::op::pop_jump_if_false, detail::back),
    detail::entry("POP_JUMP_FORWARD_IF_TRUE", opcode::POP_JUMP_FORWARD_IF_TRUE, detail::op::pop_jump_if_true, detail::fwd),
    detail::entry("POP_JUMP_BACKWARD_IF_TRUE", opcode::POP_JUMP_BACKWARD_IF_TRUE, detail::op::pop_jump_if_true, detail::back),
    detail::entry("POP_JUMP_FORWARD_IF_NONE", opcode::POP_JUMP_FORWARD_IF_NONE, detail::op::pop_jump_if_none, detail::fwd),
    detail::entry("POP_JUMP_BACKWARD_IF_NONE", opcode::POP_JUMP_BACKWARD_IF_NONE, detail::op::pop_jump_if_none, detail::back),
    detail::entry("POP_JUMP_FORWARD_IF_NOT_NONE", opcode::POP_JUMP_FORWARD_IF_NOT_NONE, detail::op::pop_jump_if_not_none, detail::fwd),
    detail::entry("POP_JUMP_BACKWARD_IF_NOT_NONE", opcode::POP_JUMP_BACKWARD_IF_NOT_NONE, detail::op::pop_jump_if_not_none, detail::back),
    detail::entry("JUMP_IF_FALSE_OR_POP", opcode::JUMP_IF_FALSE_OR_POP, detail::op::jump_if_false_or_pop, detail::fwd),
    detail::entry("JUMP_IF_TRUE_OR_POP", opcode::JUMP_IF_TRUE_OR_POP, detail::op::jump_if_true_or_pop, detail::fwd),
    detail::entry("GET_ITER", opcode::GET_ITER, detail::op::get_iter),
    detail::entry("FOR_ITER", opcode::FOR_ITER, detail::op::for_iter, detail::fwd),
    detail::entry("RETURN_VALUE", opcode::RETURN_VALUE, detail::op::return_value),
    detail::entry("RAISE_VARARGS", opcode::RAISE_VARARGS, detail::op::raise_varargs),
    detail::entry("RERAISE", opcode::RERAISE, detail::op::reraise),
    detail::entry("PUSH_EXC_INFO", opcode::PUSH_EXC_INFO, detail::op::push_exc_info),
    detail::entry("POP_EXCEPT", opcode::POP_EXCEPT, detail::op::pop_except),
    detail::entry("CHECK_EXC_MATCH", opcode::CHECK_EXC_MATCH, detail::op::check_exc_match),
    detail::entry("BEFORE_WITH", opcode::BEFORE_WITH, detail::op::before_with),
    detail::entry("WITH_EXCEPT_START", opcode::WITH_EXCEPT_START, detail::op::with_except_start),
    detail::entry("LOAD_ASSERTION_ERROR", opcode::LOAD_ASSERTION_ERROR, detail::op::load_assertion_error),
    detail::entry("RESUME", opcode::RESUME, detail::op::resume),
    [] {
        auto info = detail::entry("LOAD_BUILD_CLASS", opcode::LOAD_BUILD_CLASS, detail::op::custom);
        info.effect = lasso::bytecode::stack(0, 1);
        return info;
    }(),
    detail::entry("EXTENDED_ARG", opcode::EXTENDED_ARG, detail::op::extended_arg),
};
// clang-format on

inline constexpr lasso::bytecode::encoding bytecode_encoding{lasso::bytecode::encoding_kind::fixed_width,
                                                             static_cast<int>(opcode::EXTENDED_ARG), 2};

}  // namespace minipy
