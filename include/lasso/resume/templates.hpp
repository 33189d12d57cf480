// lasso/resume/templates.hpp
//
// The bytecode templates (bytecode/templates.hpp) that resuming a frame inside a
// `with` block needs: entering a context manager again around a hole, with its
// `__exit__` on the stack (`reenter_with`) or in a local (`enter_try_finally_exit`, used
// by the code at a graph break inside a block), and putting global state back when
// the hole raises (`restore_on_exception`). Each is checked at compile time.
#pragma once

#include <lasso/bytecode/templates.hpp>

namespace lasso::resume {

/// The templates of resume functions and of the code at a graph break.
namespace templates {
using namespace bytecode::tpl;
using bytecode::bytecode_template;
using bytecode::op;

/// `with ctx: <hole>`, with `ctx` a local holding the context manager. Inside the hole
/// the stack holds the manager's exit callable (depth 1).
inline constexpr bytecode_template reenter_with{{
    ins(op::load_fast, "ctx"),
    ins(op::before_with),
    ins(op::pop_top),
    try_begin("with_handler", 1, true),
    hole(),
    try_end(),
    load_none(),
    load_none(),
    load_none(),
    ins(op::call, 2),
    ins(op::pop_top),
    ins(op::jump, "end"),
    label("with_handler"),
    try_begin("cleanup", 3, true),
    ins(op::push_exc_info),
    ins(op::with_except_start),
    ins(op::pop_jump_if_true, "suppress"),
    ins(op::reraise, 2),
    label("suppress"),
    ins(op::pop_top),
    ins(op::pop_except),
    try_end(),
    ins(op::pop_top),
    ins(op::pop_top),
    ins(op::jump, "end"),
    label("cleanup"),
    ins(op::copy, 3),
    ins(op::pop_except),
    ins(op::reraise, 1),
    label("end"),
}};

/// `ctx.__enter__(); try: <hole> finally: ctx.__exit__(None, None, None)`: re-entry for
/// context managers that must not stay on the stack.
inline constexpr bytecode_template enter_try_finally_exit{{
    ins(op::load_fast, "ctx"),
    ins(op::load_method, "__enter__"),
    ins(op::call, 0),
    ins(op::pop_top),
    try_begin("handler", 0, false),
    hole(),
    try_end(),
    ins(op::load_fast, "ctx"),
    ins(op::load_method, "__exit__"),
    load_none(),
    load_none(),
    load_none(),
    ins(op::call, 3),
    ins(op::pop_top),
    ins(op::jump, "end"),
    label("handler"),
    try_begin("cleanup", 1, true),
    ins(op::push_exc_info),
    ins(op::load_fast, "ctx"),
    ins(op::load_method, "__exit__"),
    load_none(),
    load_none(),
    load_none(),
    ins(op::call, 3),
    ins(op::pop_top),
    ins(op::reraise, 0),
    try_end(),
    label("cleanup"),
    ins(op::copy, 3),
    ins(op::pop_except),
    ins(op::reraise, 1),
    label("end"),
}};

/// `try: <hole> except: restore(saved); raise`: undo global state when the rest of the
/// code raises.
inline constexpr bytecode_template restore_on_exception{{
    try_begin("handler", 0, false),
    hole(),
    try_end(),
    ins(op::jump, "end"),
    label("handler"),
    try_begin("cleanup", 1, true),
    ins(op::push_exc_info),
    ins(op::push_null),
    ins(op::load_global, "restore"),
    ins(op::load_fast, "saved"),
    ins(op::call, 1),
    ins(op::pop_top),
    ins(op::reraise, 0),
    try_end(),
    label("cleanup"),
    ins(op::copy, 3),
    ins(op::pop_except),
    ins(op::reraise, 1),
    label("end"),
}};
} // namespace templates

} // namespace lasso::resume
