// minipy compiler: AST -> CPython 3.11-shaped bytecode through lasso.
//
// Each code object is compiled by one `unit`. Instructions are lasso instructions;
// jumps and exception handlers name *labels* while the unit is built and are resolved to
// instruction ids at the end, then lasso::bytecode::finish_code assembles the bytes,
// the exception and line tables and the stack size (stack analysis checks every code).
//
// The shapes follow CPython 3.11's compiler: the handler regions (SETUP_FINALLY /
// SETUP_CLEANUP / SETUP_WITH and POP_BLOCK are pseudo-instructions there) become a
// stack of active handlers here, and every emitted instruction is tagged with the
// innermost one. Leaving blocks early (return, break, continue) "unwinds" the enclosing
// blocks as CPython's compiler_unwind_fblock does: pop loop iterators, call __exit__,
// inline finally bodies, POP_EXCEPT out of handlers. Code after an unconditional
// transfer is not emitted until a label that something jumps to is placed.
#include "minipy/compiler.hpp"

#include <stdexcept>

#include "minipy/adapter.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/parser.hpp"

namespace minipy {
namespace {

namespace lb = lasso::bytecode;
using lb::op;

// Beyond this many elements, displays are built incrementally (as CPython does) so that
// huge literals do not need a huge value stack.
constexpr std::size_t stack_use_guideline = 30;

enum class fb_kind : std::uint8_t {
  while_loop,
  for_loop,
  try_except,
  finally_try,
  finally_end,
  with,
  handler_cleanup,
  pop_value,
};

struct fblock {
  fb_kind kind;
  int start = -1;  ///< loops: continue target
  int exit = -1;   ///< loops: break target
  const stmt_list* finalbody = nullptr;
  const std::string* name = nullptr;  ///< handler_cleanup: the `as` name, if any
  int depth = 0;                      ///< statement-level stack depth outside the block
  location loc{};
};

struct handler {
  int label;
  int depth;
  bool lasti;
};

lb::position position_of(const location& l) { return lb::position{l.line, l.end_line, l.col, l.end_col}; }

bool is_foldable_constant(const expr& e) {
  return e.is<constant_expr>() && e.as<constant_expr>().value_kind != constant_kind::big_integer;
}

value constant_value(const constant_expr& c) {
  switch (c.value_kind) {
    case constant_kind::none: return value::none();
    case constant_kind::boolean: return value::boolean(c.bool_value);
    case constant_kind::integer: return value::integer(c.int_value);
    case constant_kind::floating: return value::floating(c.float_value);
    case constant_kind::string: return new_str(c.str_value);
    case constant_kind::big_integer: break;
  }
  return value::none();
}

bool constant_truth(const constant_expr& c) {
  switch (c.value_kind) {
    case constant_kind::none: return false;
    case constant_kind::boolean: return c.bool_value;
    case constant_kind::integer: return c.int_value != 0;
    case constant_kind::floating: return c.float_value != 0.0;
    case constant_kind::string: return !c.str_value.empty();
    case constant_kind::big_integer: return true;
  }
  return true;
}

/// A numeric constant, possibly negated (CPython's AST optimizer folds `-1`); false
/// when it cannot be folded (-INT64_MIN must overflow at run time).
bool fold_numeric(const expr& e, value& out) {
  if (e.is<constant_expr>()) {
    const auto& c = e.as<constant_expr>();
    if (c.value_kind == constant_kind::integer) {
      out = value::integer(c.int_value);
      return true;
    }
    if (c.value_kind == constant_kind::floating) {
      out = value::floating(c.float_value);
      return true;
    }
    return false;
  }
  if (e.is<unary_expr>()) {
    const auto& u = e.as<unary_expr>();
    if (u.op != unary_op::neg) return false;
    value inner;
    if (!fold_numeric(*u.operand, inner)) return false;
    if (inner.is_int()) {
      if (inner.as_int() == INT64_MIN) return false;
      out = value::integer(-inner.as_int());
      return true;
    }
    out = value::floating(-inner.as_float());
    return true;
  }
  return false;
}

class unit {
 public:
  unit(const scope* sc, std::string name, std::string qualname, unit* parent, std::string filename, int first_line)
      : sc_(sc),
        name_(std::move(name)),
        qualname_(std::move(qualname)),
        parent_(parent),
        filename_(std::move(filename)),
        first_line_(first_line) {
    if (sc_ && sc_->kind != scope_kind::module && sc_->kind != scope_kind::class_body) {
      for (const auto& p : sc_->params) fields_.varnames.push_back(p);
      for (const auto& v : sc_->varnames) {
        const symbol* s = sc_->lookup(v);
        if (s && s->is_param) continue;
        if (s && s->scope == name_scope::cell) continue;
        fields_.varnames.push_back(v);
      }
      fields_.cellvars = sc_->cellvars;
      fields_.argcount = static_cast<int>(sc_->params.size());
      fields_.flags = code_flags::optimized | code_flags::newlocals;
      if (parent_ && parent_->sc_ && parent_->sc_->is_function_like()) fields_.flags |= code_flags::nested;
    }
    if (sc_) fields_.freevars = sc_->freevars;
    fields_.name = name_;
    fields_.filename = filename_;
    fields_.first_line = first_line_;
  }

  // ---------------------------------------------------------------- top levels
  ref<code_object> compile_module(const module& m) {
    pos_ = lb::position{1, 1, 0, 0};
    emit(op::resume, std::int64_t{0});
    body(m.body);
    implicit_return();
    return finish();
  }

  ref<code_object> compile_function(const stmt_list& b, const location& loc) {
    prologue(loc);
    body(b);
    implicit_return();
    return finish();
  }

  ref<code_object> compile_lambda(const lambda_expr& l) {
    prologue(l.loc);
    expr_(*l.body);
    pos_ = position_of(l.body->loc);
    emit(op::return_value);
    return finish();
  }

  ref<code_object> compile_class(const class_def& c) {
    prologue(c.loc);
    name_op("__name__", expr_context::load);
    name_op("__module__", expr_context::store);
    load_const(new_str(qualname_));
    name_op("__qualname__", expr_context::store);
    body(c.body);
    implicit_return();
    return finish();
  }

  ref<code_object> compile_list_comp(const list_comp_expr& lc) {
    prologue(lc.loc);
    pos_ = position_of(lc.loc);
    emit(op::build_list, std::int64_t{0});
    emit(op::load_fast, std::string(".0"));
    comprehension_loop(lc, 0);
    pos_ = position_of(lc.loc);
    emit(op::return_value);
    return finish();
  }

 private:
  // ------------------------------------------------------------- emission
  int new_label() {
    labels_.push_back(-1);
    label_refs_.push_back(0);
    return static_cast<int>(labels_.size() - 1);
  }

  void place(int label) {
    labels_[static_cast<std::size_t>(label)] = static_cast<long>(code_.size());
    if (label_refs_[static_cast<std::size_t>(label)] > 0) reachable_ = true;
  }

  void tag(instr& i) {
    i.pos = pos_;
    if (!handlers_.empty()) {
      const handler& h = handlers_.back();
      i.exception =
          lb::exception_link{static_cast<lb::instruction_id>(h.label), static_cast<std::uint32_t>(h.depth), h.lasti};
      ++label_refs_[static_cast<std::size_t>(h.label)];
    }
  }

  void emit(op o, lb::argument<value> arg = {}) {
    if (!reachable_) return;
    instr i = lb::create_instruction<bytecode_adapter>(o, std::move(arg));
    tag(i);
    code_.push_back(std::move(i));
    if (lb::is_terminator(o)) reachable_ = false;
  }

  void emit_jump(op o, int label) {
    if (!reachable_) return;
    instr i = lb::create_instruction<bytecode_adapter>(o, lb::jump_target{0}, lb::jump_kind::relative_forward);
    tag(i);
    jump_fixups_.emplace_back(code_.size(), label);
    ++label_refs_[static_cast<std::size_t>(label)];
    code_.push_back(std::move(i));
    if (o == op::jump) reachable_ = false;
  }

  void load_const(value v) { emit(op::load_const, lb::constant_arg<value>{std::move(v)}); }
  void emit_int(op o, std::int64_t n) { emit(o, n); }

  void push_handler(int label, int depth, bool lasti) { handlers_.push_back({label, depth, lasti}); }
  void pop_handler() { handlers_.pop_back(); }

  void implicit_return() {
    if (!reachable_) return;
    load_const(value::none());
    emit(op::return_value);
  }

  ref<code_object> finish() {
    for (auto [index, label] : jump_fixups_) {
      const long at = labels_[static_cast<std::size_t>(label)];
      if (at < 0 || static_cast<std::size_t>(at) >= code_.size())
        throw std::logic_error("minipy compiler: unresolved jump label in " + qualname_);
      code_[index].argval = lb::jump_target{code_[static_cast<std::size_t>(at)].id};
    }
    for (auto& i : code_) {
      if (!i.exception) continue;
      const long at = labels_[i.exception->target];
      if (at < 0 || static_cast<std::size_t>(at) >= code_.size())
        throw std::logic_error("minipy compiler: unresolved handler label in " + qualname_);
      i.exception->target = code_[static_cast<std::size_t>(at)].id;
    }
    lb::finish_code<bytecode_adapter>(code_, fields_);
    ref<code_object> co = bytecode_adapter::make_code(std::move(fields_));
    co->qualname = qualname_;
    return co;
  }

  void prologue(const location& loc) {
    pos_ = lb::position{};
    for (const auto& c : fields_.cellvars) emit(op::make_cell, c);
    if (!fields_.freevars.empty()) emit(op::copy_free_vars, static_cast<std::int64_t>(fields_.freevars.size()));
    pos_ = lb::position{loc.line, loc.line, loc.col, loc.col};
    emit(op::resume, std::int64_t{0});
  }

  // ------------------------------------------------------------ names
  void name_op(const std::string& name, expr_context ctx) {
    const auto pick = [ctx](op load, op store, op del) {
      return ctx == expr_context::load ? load : ctx == expr_context::store ? store : del;
    };
    op o;
    if (!sc_ || sc_->kind == scope_kind::module) {
      o = pick(op::load_name, op::store_name, op::delete_name);
    } else {
      const name_scope s = sc_->scope_of(name);
      if (sc_->kind == scope_kind::class_body) {
        if (s == name_scope::global_explicit)
          o = pick(op::load_global, op::store_global, op::delete_global);
        else if (s == name_scope::free)
          o = pick(op::load_deref, op::store_deref, op::delete_deref);
        else
          o = pick(op::load_name, op::store_name, op::delete_name);
      } else {
        switch (s) {
          case name_scope::local: o = pick(op::load_fast, op::store_fast, op::delete_fast); break;
          case name_scope::cell:
          case name_scope::free: o = pick(op::load_deref, op::store_deref, op::delete_deref); break;
          default: o = pick(op::load_global, op::store_global, op::delete_global); break;
        }
      }
    }
    emit(o, name);
  }

  std::string child_qualname(const std::string& name) const {
    if (!sc_ || sc_->kind == scope_kind::module) return name;
    if (sc_->scope_of(name) == name_scope::global_explicit) return name;
    if (sc_->kind == scope_kind::class_body) return qualname_ + "." + name;
    return qualname_ + ".<locals>." + name;
  }

  /// LOAD_CLOSURE for each free variable of a nested code; returns the MAKE_FUNCTION flag.
  std::int64_t closure_for(const code_object& child) {
    if (child.freevars.empty()) return 0;
    for (const auto& fv : child.freevars) emit(op::load_closure, fv);
    emit_int(op::build_tuple, static_cast<std::int64_t>(child.freevars.size()));
    return lb::make_function_flags::closure;
  }

  // ------------------------------------------------------------ statements
  void body(const stmt_list& stmts) {
    for (const auto& s : stmts) stmt_(*s);
  }

  void stmt_(const stmt& s) {
    pos_ = position_of(s.loc);
    switch (s.kind) {
      case stmt_kind::expr: {
        const auto& e = *s.as<expr_stmt>().value;
        if (is_foldable_constant(e)) {
          emit(op::nop);
        } else {
          expr_(e);
          pos_ = position_of(s.loc);
          emit(op::pop_top);
        }
        return;
      }
      case stmt_kind::assign: assign(s.as<assign_stmt>()); return;
      case stmt_kind::aug_assign: aug_assign(s.as<aug_assign_stmt>()); return;
      case stmt_kind::if_: if_(s.as<if_stmt>()); return;
      case stmt_kind::while_: while_(s.as<while_stmt>()); return;
      case stmt_kind::for_: for_(s.as<for_stmt>()); return;
      case stmt_kind::break_: break_(); return;
      case stmt_kind::continue_: continue_(); return;
      case stmt_kind::pass: emit(op::nop); return;
      case stmt_kind::return_: return_(s.as<return_stmt>()); return;
      case stmt_kind::function_def: function_def_(s.as<function_def>()); return;
      case stmt_kind::class_def: class_def_(s.as<class_def>()); return;
      case stmt_kind::global:
      case stmt_kind::nonlocal: return;
      case stmt_kind::del:
        for (const auto& t : s.as<del_stmt>().targets) delete_target(*t);
        return;
      case stmt_kind::with: with_(s.as<with_stmt>(), 0); return;
      case stmt_kind::try_: try_(s.as<try_stmt>()); return;
      case stmt_kind::raise: {
        const auto& r = s.as<raise_stmt>();
        if (r.exc) {
          expr_(*r.exc);
          pos_ = position_of(s.loc);
          emit_int(op::raise_varargs, 1);
        } else {
          emit_int(op::raise_varargs, 0);
        }
        return;
      }
      case stmt_kind::assert_: assert_(s.as<assert_stmt>()); return;
    }
  }

  void assign(const assign_stmt& a) {
    // `a, b = b, a`: CPython's optimizer turns BUILD_TUPLE + UNPACK_SEQUENCE into SWAP.
    if (a.targets.size() == 1 && a.value->is<tuple_expr>()) {
      const expr& t = *a.targets[0];
      const auto& v = a.value->as<tuple_expr>();
      const std::vector<expr_ptr>* elts = t.is<tuple_expr>()  ? &t.as<tuple_expr>().elts
                                          : t.is<list_expr>() ? &t.as<list_expr>().elts
                                                              : nullptr;
      bool all_const = true;
      for (const auto& e : v.elts) all_const = all_const && is_foldable_constant(*e);
      if (elts && elts->size() == v.elts.size() && elts->size() >= 2 && elts->size() <= 3 && !all_const) {
        for (const auto& e : v.elts) expr_(*e);
        pos_ = position_of(a.loc);
        emit_int(op::swap, static_cast<std::int64_t>(elts->size()));
        for (const auto& e : *elts) store_target(*e);
        return;
      }
    }
    expr_(*a.value);
    for (std::size_t i = 0; i < a.targets.size(); ++i) {
      pos_ = position_of(a.loc);
      if (i + 1 < a.targets.size()) emit_int(op::copy, 1);
      store_target(*a.targets[i]);
    }
  }

  void store_target(const expr& t) {
    const auto saved = pos_;
    pos_ = position_of(t.loc);
    switch (t.kind) {
      case expr_kind::name: name_op(t.as<name_expr>().id, expr_context::store); break;
      case expr_kind::attribute: {
        const auto& a = t.as<attribute_expr>();
        expr_(*a.value);
        pos_ = position_of(t.loc);
        emit(op::store_attr, a.attr);
        break;
      }
      case expr_kind::subscript: {
        const auto& s = t.as<subscript_expr>();
        expr_(*s.value);
        subscript_index(*s.index);
        pos_ = position_of(t.loc);
        emit(op::store_subscr);
        break;
      }
      case expr_kind::tuple:
      case expr_kind::list: {
        const auto& elts = t.is<tuple_expr>() ? t.as<tuple_expr>().elts : t.as<list_expr>().elts;
        emit_int(op::unpack_sequence, static_cast<std::int64_t>(elts.size()));
        for (const auto& e : elts) store_target(*e);
        break;
      }
      default: throw syntax_error(filename_, t.loc.line, t.loc.col + 1, "cannot assign to expression");
    }
    pos_ = saved;
  }

  void delete_target(const expr& t) {
    pos_ = position_of(t.loc);
    switch (t.kind) {
      case expr_kind::name: name_op(t.as<name_expr>().id, expr_context::del); break;
      case expr_kind::attribute: {
        const auto& a = t.as<attribute_expr>();
        expr_(*a.value);
        pos_ = position_of(t.loc);
        emit(op::delete_attr, a.attr);
        break;
      }
      case expr_kind::subscript: {
        const auto& s = t.as<subscript_expr>();
        expr_(*s.value);
        subscript_index(*s.index);
        pos_ = position_of(t.loc);
        emit(op::delete_subscr);
        break;
      }
      case expr_kind::tuple:
      case expr_kind::list: {
        const auto& elts = t.is<tuple_expr>() ? t.as<tuple_expr>().elts : t.as<list_expr>().elts;
        for (const auto& e : elts) delete_target(*e);
        break;
      }
      default: throw syntax_error(filename_, t.loc.line, t.loc.col + 1, "cannot delete expression");
    }
  }

  static std::int64_t nb_of(binary_op o) {
    using B = lb::binary_operator;
    switch (o) {
      case binary_op::add: return static_cast<std::int64_t>(B::add);
      case binary_op::sub: return static_cast<std::int64_t>(B::subtract);
      case binary_op::mul: return static_cast<std::int64_t>(B::multiply);
      case binary_op::div: return static_cast<std::int64_t>(B::true_divide);
      case binary_op::floor_div: return static_cast<std::int64_t>(B::floor_divide);
      case binary_op::mod: return static_cast<std::int64_t>(B::remainder);
      case binary_op::pow: return static_cast<std::int64_t>(B::power);
      case binary_op::matmul: return static_cast<std::int64_t>(B::matrix_multiply);
    }
    return 0;
  }

  void aug_assign(const aug_assign_stmt& a) {
    const expr& t = *a.target;
    const std::int64_t nb = nb_of(a.op) + lb::binary_inplace_offset;
    switch (t.kind) {
      case expr_kind::name: {
        const auto& n = t.as<name_expr>();
        pos_ = position_of(t.loc);
        name_op(n.id, expr_context::load);
        expr_(*a.value);
        pos_ = position_of(a.loc);
        emit_int(op::binary_op, nb);
        pos_ = position_of(t.loc);
        name_op(n.id, expr_context::store);
        return;
      }
      case expr_kind::attribute: {
        const auto& at = t.as<attribute_expr>();
        expr_(*at.value);
        pos_ = position_of(t.loc);
        emit_int(op::copy, 1);
        emit(op::load_attr, at.attr);
        expr_(*a.value);
        pos_ = position_of(a.loc);
        emit_int(op::binary_op, nb);
        pos_ = position_of(t.loc);
        emit_int(op::swap, 2);
        emit(op::store_attr, at.attr);
        return;
      }
      case expr_kind::subscript: {
        const auto& s = t.as<subscript_expr>();
        expr_(*s.value);
        subscript_index(*s.index);
        pos_ = position_of(t.loc);
        emit_int(op::copy, 2);
        emit_int(op::copy, 2);
        emit(op::binary_subscr);
        expr_(*a.value);
        pos_ = position_of(a.loc);
        emit_int(op::binary_op, nb);
        pos_ = position_of(t.loc);
        emit_int(op::swap, 3);
        emit_int(op::swap, 2);
        emit(op::store_subscr);
        return;
      }
      default: throw syntax_error(filename_, t.loc.line, t.loc.col + 1, "illegal expression for augmented assignment");
    }
  }

  void if_(const if_stmt& s) {
    const int end = new_label();
    if (s.orelse.empty()) {
      jump_if(*s.test, false, end);
      body(s.body);
    } else {
      const int other = new_label();
      jump_if(*s.test, false, other);
      body(s.body);
      pos_ = position_of(s.loc);
      emit_jump(op::jump, end);
      place(other);
      body(s.orelse);
    }
    place(end);
  }

  void while_(const while_stmt& s) {
    const int loop = new_label(), body_label = new_label(), exit = new_label();
    place(loop);
    jump_if(*s.test, false, exit);
    place(body_label);
    fblocks_.push_back({fb_kind::while_loop, loop, exit, nullptr, nullptr, depth_, s.loc});
    body(s.body);
    fblocks_.pop_back();
    pos_ = position_of(s.test->loc);
    jump_if(*s.test, true, body_label);
    place(exit);
  }

  void for_(const for_stmt& s) {
    expr_(*s.iter);
    pos_ = position_of(s.loc);
    emit(op::get_iter);
    const int start = new_label(), exit = new_label();
    place(start);
    emit_jump(op::for_iter, exit);
    ++depth_;
    fblocks_.push_back({fb_kind::for_loop, start, exit, nullptr, nullptr, depth_ - 1, s.loc});
    store_target(*s.target);
    body(s.body);
    fblocks_.pop_back();
    pos_ = position_of(s.loc);
    emit_jump(op::jump, start);
    --depth_;
    place(exit);
  }

  // -------------------------------------------------------- unwinding
  struct saved_state {
    std::vector<fblock> fblocks;
    std::vector<handler> handlers;
    int depth;
  };
  saved_state save() const { return {fblocks_, handlers_, depth_}; }
  void restore(saved_state&& s) {
    fblocks_ = std::move(s.fblocks);
    handlers_ = std::move(s.handlers);
    depth_ = s.depth;
  }

  /// Emits the code leaving block `b` (already removed from fblocks_).
  void unwind_block(const fblock& b, bool preserve_tos) {
    switch (b.kind) {
      case fb_kind::while_loop: return;
      case fb_kind::for_loop:
        if (preserve_tos) emit_int(op::swap, 2);
        emit(op::pop_top);
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        return;
      case fb_kind::try_except: pop_handler(); return;
      case fb_kind::finally_try: {
        pop_handler();
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        if (preserve_tos) fblocks_.push_back({fb_kind::pop_value, -1, -1, nullptr, nullptr, b.depth, b.loc});
        const auto saved = pos_;
        body(*b.finalbody);
        pos_ = saved;
        if (preserve_tos) fblocks_.pop_back();
        return;
      }
      case fb_kind::finally_end:
        if (preserve_tos) emit_int(op::swap, 2);
        emit(op::pop_top);
        if (preserve_tos) emit_int(op::swap, 2);
        pop_handler();
        emit(op::pop_except);
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        return;
      case fb_kind::with: {
        pop_handler();
        const auto saved = pos_;
        pos_ = position_of(b.loc);
        if (preserve_tos) emit_int(op::swap, 2);
        call_exit_with_nones();
        emit(op::pop_top);
        pos_ = saved;
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        return;
      }
      case fb_kind::handler_cleanup:
        if (b.name) pop_handler();
        if (preserve_tos) emit_int(op::swap, 2);
        pop_handler();
        emit(op::pop_except);
        if (b.name) {
          load_const(value::none());
          name_op(*b.name, expr_context::store);
          name_op(*b.name, expr_context::del);
        }
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        return;
      case fb_kind::pop_value:
        if (preserve_tos) emit_int(op::swap, 2);
        emit(op::pop_top);
        depth_ = b.depth + (preserve_tos ? 1 : 0);
        return;
    }
  }

  /// Unwinds every block above index `stop`.
  void unwind_to(std::size_t stop, bool preserve_tos) {
    while (fblocks_.size() > stop) {
      fblock b = fblocks_.back();
      fblocks_.pop_back();
      unwind_block(b, preserve_tos);
    }
  }

  std::size_t innermost_loop() const {
    for (std::size_t i = fblocks_.size(); i-- > 0;)
      if (fblocks_[i].kind == fb_kind::while_loop || fblocks_[i].kind == fb_kind::for_loop) return i;
    return static_cast<std::size_t>(-1);
  }

  void return_(const return_stmt& r) {
    if (r.value)
      expr_(*r.value);
    else
      load_const(value::none());
    pos_ = position_of(r.loc);
    auto saved = save();
    unwind_to(0, true);
    pos_ = position_of(r.loc);
    emit(op::return_value);
    restore(std::move(saved));
  }

  void break_() {
    const std::size_t li = innermost_loop();
    if (li == static_cast<std::size_t>(-1))
      throw syntax_error(filename_, pos_.line, pos_.column + 1, "'break' outside loop");
    const auto here = pos_;
    auto saved = save();
    unwind_to(li + 1, false);
    fblock loop = fblocks_[li];
    fblocks_.pop_back();
    unwind_block(loop, false);
    pos_ = here;
    emit_jump(op::jump, loop.exit);
    restore(std::move(saved));
  }

  void continue_() {
    const std::size_t li = innermost_loop();
    if (li == static_cast<std::size_t>(-1))
      throw syntax_error(filename_, pos_.line, pos_.column + 1, "'continue' not properly in loop");
    const auto here = pos_;
    auto saved = save();
    unwind_to(li + 1, false);
    pos_ = here;
    emit_jump(op::jump, fblocks_[li].start);
    restore(std::move(saved));
  }

  void call_exit_with_nones() {
    load_const(value::none());
    load_const(value::none());
    load_const(value::none());
    emit_int(op::call, 2);
  }

  // ------------------------------------------------------ with / try
  void with_(const with_stmt& s, std::size_t item) {
    const with_item& w = s.items[item];
    expr_(*w.context);
    pos_ = position_of(s.loc);
    emit(op::before_with);
    const int handler_label = new_label(), end = new_label();
    const int outer = depth_;
    push_handler(handler_label, outer + 1, true);
    depth_ = outer + 1;
    fblocks_.push_back({fb_kind::with, -1, -1, nullptr, nullptr, outer, s.loc});
    if (w.target)
      store_target(*w.target);
    else
      emit(op::pop_top);
    if (item + 1 < s.items.size())
      with_(s, item + 1);
    else
      body(s.body);
    fblocks_.pop_back();
    pop_handler();
    depth_ = outer;
    pos_ = position_of(s.loc);
    call_exit_with_nones();
    emit(op::pop_top);
    emit_jump(op::jump, end);

    // An exception in the body: call __exit__(type, value, tb); a true result
    // swallows the exception.
    const int cleanup = new_label(), suppress = new_label();
    place(handler_label);
    pos_ = position_of(s.loc);
    push_handler(cleanup, outer + 3, true);
    emit(op::push_exc_info);
    emit(op::with_except_start);
    emit_jump(op::pop_jump_if_true, suppress);
    emit_int(op::reraise, 2);
    pop_handler();
    place(cleanup);
    emit_int(op::copy, 3);
    emit(op::pop_except);
    emit_int(op::reraise, 1);
    place(suppress);
    push_handler(cleanup, outer + 3, true);
    emit(op::pop_top);
    emit(op::pop_except);
    pop_handler();
    emit(op::pop_top);
    emit(op::pop_top);
    place(end);
  }

  void try_(const try_stmt& s) {
    if (!s.finalbody.empty())
      try_finally(s);
    else
      try_except(s, true);
  }

  void try_finally(const try_stmt& s) {
    const int end = new_label(), exit = new_label(), cleanup = new_label();
    const int outer = depth_;
    pos_ = position_of(s.loc);
    emit(op::nop);
    push_handler(exit, outer, false);
    fblocks_.push_back({fb_kind::finally_try, -1, -1, &s.finalbody, nullptr, outer, s.loc});
    if (!s.handlers.empty())
      try_except(s, false);
    else
      body(s.body);
    fblocks_.pop_back();
    pop_handler();
    body(s.finalbody);
    emit_jump(op::jump, end);

    // The exceptional path: the finally body runs with the exception saved, then
    // re-raises it.
    place(exit);
    pos_ = lb::position{};
    push_handler(cleanup, outer + 1, true);
    emit(op::push_exc_info);
    depth_ = outer + 2;
    fblocks_.push_back({fb_kind::finally_end, -1, -1, nullptr, nullptr, outer, s.loc});
    body(s.finalbody);
    fblocks_.pop_back();
    depth_ = outer;
    pos_ = lb::position{};
    emit_int(op::reraise, 0);
    pop_handler();
    place(cleanup);
    emit_int(op::copy, 3);
    emit(op::pop_except);
    emit_int(op::reraise, 1);
    place(end);
  }

  void try_except(const try_stmt& s, bool emit_nop) {
    const int end = new_label(), except = new_label(), cleanup = new_label();
    const int outer = depth_;
    if (emit_nop) {
      pos_ = position_of(s.loc);
      emit(op::nop);
    }
    push_handler(except, outer, false);
    fblocks_.push_back({fb_kind::try_except, -1, -1, nullptr, nullptr, outer, s.loc});
    body(s.body);
    fblocks_.pop_back();
    pop_handler();
    body(s.orelse);
    emit_jump(op::jump, end);

    place(except);
    pos_ = lb::position{};
    push_handler(cleanup, outer + 1, true);
    emit(op::push_exc_info);
    for (const auto& h : s.handlers) {
      pos_ = position_of(h.loc);
      const int next = new_label();
      depth_ = outer + 2;  // previous exception, the exception
      if (h.type) {
        expr_(*h.type);
        pos_ = position_of(h.loc);
        emit(op::check_exc_match);
        emit_jump(op::pop_jump_if_false, next);
      }
      if (!h.name.empty()) {
        name_op(h.name, expr_context::store);
        depth_ = outer + 1;
        const int cleanup_body = new_label();
        push_handler(cleanup_body, outer + 1, true);
        fblocks_.push_back({fb_kind::handler_cleanup, -1, -1, nullptr, &h.name, outer, h.loc});
        body(h.body);
        fblocks_.pop_back();
        pos_ = lb::position{};
        pop_handler();
        pop_handler();
        emit(op::pop_except);
        load_const(value::none());
        name_op(h.name, expr_context::store);
        name_op(h.name, expr_context::del);
        emit_jump(op::jump, end);
        push_handler(cleanup, outer + 1, true);
        place(cleanup_body);
        load_const(value::none());
        name_op(h.name, expr_context::store);
        name_op(h.name, expr_context::del);
        emit_int(op::reraise, 1);
      } else {
        emit(op::pop_top);
        depth_ = outer + 1;
        fblocks_.push_back({fb_kind::handler_cleanup, -1, -1, nullptr, nullptr, outer, h.loc});
        body(h.body);
        fblocks_.pop_back();
        pos_ = lb::position{};
        pop_handler();
        emit(op::pop_except);
        emit_jump(op::jump, end);
        push_handler(cleanup, outer + 1, true);
      }
      place(next);
    }
    depth_ = outer;
    if (!s.handlers.empty() && s.handlers.back().type) {
      pos_ = position_of(s.handlers.back().loc);
      emit_int(op::reraise, 0);
    }
    pop_handler();
    place(cleanup);
    pos_ = lb::position{};
    emit_int(op::copy, 3);
    emit(op::pop_except);
    emit_int(op::reraise, 1);
    place(end);
  }

  void assert_(const assert_stmt& a) {
    const int ok = new_label();
    jump_if(*a.test, true, ok);
    pos_ = position_of(a.loc);
    emit(op::load_assertion_error);
    if (a.msg) {
      expr_(*a.msg);
      pos_ = position_of(a.loc);
      emit_int(op::call, 0);
    }
    emit_int(op::raise_varargs, 1);
    place(ok);
  }

  // ---------------------------------------------------- definitions
  /// Pushes the defaults tuple, if any; returns the MAKE_FUNCTION flag.
  std::int64_t defaults(const std::vector<parameter>& params) {
    std::vector<const expr*> defs;
    for (const auto& p : params)
      if (p.default_value) defs.push_back(p.default_value.get());
    if (defs.empty()) return 0;
    bool all_const = true;
    for (const expr* d : defs) all_const = all_const && is_foldable_constant(*d);
    if (all_const) {
      std::vector<value> items;
      for (const expr* d : defs) items.push_back(constant_value(d->as<constant_expr>()));
      load_const(new_tuple(std::move(items)));
    } else {
      for (const expr* d : defs) expr_(*d);
      emit_int(op::build_tuple, static_cast<std::int64_t>(defs.size()));
    }
    return lb::make_function_flags::defaults;
  }

  void function_def_(const function_def& f) {
    for (const auto& d : f.decorators) expr_(*d);
    pos_ = position_of(f.loc);
    std::int64_t flags = defaults(f.params);
    unit child(f.scope, f.name, child_qualname(f.name), this, filename_, f.loc.line);
    ref<code_object> co = child.compile_function(f.body, f.loc);
    pos_ = position_of(f.loc);
    flags |= closure_for(*co);
    load_const(value(co));
    emit_int(op::make_function, flags);
    for (std::size_t i = f.decorators.size(); i-- > 0;) {
      pos_ = position_of(f.decorators[i]->loc);
      emit_int(op::call, 0);
    }
    pos_ = position_of(f.loc);
    name_op(f.name, expr_context::store);
  }

  void class_def_(const class_def& c) {
    for (const auto& d : c.decorators) expr_(*d);
    pos_ = position_of(c.loc);
    emit(op::push_null);
    emit(op::custom);  // LOAD_BUILD_CLASS, minipy's one opcode of its own
    unit child(c.scope, c.name, child_qualname(c.name), this, filename_, c.loc.line);
    ref<code_object> co = child.compile_class(c);
    pos_ = position_of(c.loc);
    const std::int64_t flags = closure_for(*co);
    load_const(value(co));
    emit_int(op::make_function, flags);
    load_const(new_str(c.name));
    if (c.base) expr_(*c.base);
    pos_ = position_of(c.loc);
    emit_int(op::call, c.base ? 3 : 2);
    for (std::size_t i = c.decorators.size(); i-- > 0;) {
      pos_ = position_of(c.decorators[i]->loc);
      emit_int(op::call, 0);
    }
    pos_ = position_of(c.loc);
    name_op(c.name, expr_context::store);
  }

  // ------------------------------------------------------- expressions
  void expr_(const expr& e) {
    const auto saved = pos_;
    pos_ = position_of(e.loc);
    switch (e.kind) {
      case expr_kind::name: name_op(e.as<name_expr>().id, expr_context::load); break;
      case expr_kind::constant: constant(e.as<constant_expr>()); break;
      case expr_kind::unary: {
        const auto& u = e.as<unary_expr>();
        value folded;
        if (u.op == unary_op::neg && fold_numeric(e, folded)) {
          load_const(std::move(folded));
          break;
        }
        expr_(*u.operand);
        pos_ = position_of(e.loc);
        emit(u.op == unary_op::neg ? op::unary_negative : u.op == unary_op::pos ? op::unary_positive : op::unary_not);
        break;
      }
      case expr_kind::binop: {
        const auto& b = e.as<binop_expr>();
        expr_(*b.left);
        expr_(*b.right);
        pos_ = position_of(e.loc);
        emit_int(op::binary_op, nb_of(b.op));
        break;
      }
      case expr_kind::boolop: {
        const auto& b = e.as<boolop_expr>();
        const int end = new_label();
        for (std::size_t i = 0; i + 1 < b.values.size(); ++i) {
          expr_(*b.values[i]);
          pos_ = position_of(e.loc);
          emit_jump(b.op == bool_op::and_ ? op::jump_if_false_or_pop : op::jump_if_true_or_pop, end);
        }
        expr_(*b.values.back());
        place(end);
        break;
      }
      case expr_kind::compare: compare(e.as<compare_expr>()); break;
      case expr_kind::if_exp: {
        const auto& i = e.as<if_exp_expr>();
        const int other = new_label(), end = new_label();
        jump_if(*i.test, false, other);
        expr_(*i.body);
        pos_ = position_of(e.loc);
        emit_jump(op::jump, end);
        place(other);
        expr_(*i.orelse);
        place(end);
        break;
      }
      case expr_kind::call: call(e.as<call_expr>()); break;
      case expr_kind::attribute: {
        const auto& a = e.as<attribute_expr>();
        expr_(*a.value);
        pos_ = position_of(e.loc);
        emit(op::load_attr, a.attr);
        break;
      }
      case expr_kind::subscript: {
        const auto& s = e.as<subscript_expr>();
        expr_(*s.value);
        subscript_index(*s.index);
        pos_ = position_of(e.loc);
        emit(op::binary_subscr);
        break;
      }
      case expr_kind::slice: {
        // Only reachable for malformed trees; slices are compiled by subscript_index.
        const auto& s = e.as<slice_expr>();
        slice(s);
        break;
      }
      case expr_kind::tuple: sequence(e.as<tuple_expr>().elts, true); break;
      case expr_kind::list: sequence(e.as<list_expr>().elts, false); break;
      case expr_kind::dict: dict(e.as<dict_expr>()); break;
      case expr_kind::list_comp: list_comp(e.as<list_comp_expr>()); break;
      case expr_kind::lambda: lambda(e.as<lambda_expr>()); break;
    }
    pos_ = saved;
  }

  void constant(const constant_expr& c) {
    if (c.value_kind == constant_kind::big_integer) {
      // minipy ints are 64-bit: evaluating a wider literal raises OverflowError. The
      // addition below does exactly that at run time and has a constant's stack effect.
      load_const(value::integer(INT64_MAX));
      load_const(value::integer(1));
      emit_int(op::binary_op, static_cast<std::int64_t>(lb::binary_operator::add));
      return;
    }
    load_const(constant_value(c));
  }

  void subscript_index(const expr& index) {
    if (index.is<slice_expr>())
      slice(index.as<slice_expr>());
    else
      expr_(index);
  }

  void slice(const slice_expr& s) {
    if (s.lower)
      expr_(*s.lower);
    else
      load_const(value::none());
    if (s.upper)
      expr_(*s.upper);
    else
      load_const(value::none());
    pos_ = position_of(s.loc);
    emit_int(op::build_slice, 2);
  }

  void sequence(const std::vector<expr_ptr>& elts, bool is_tuple) {
    bool all_const = !elts.empty();
    for (const auto& e : elts) all_const = all_const && is_foldable_constant(*e);
    if (all_const && (is_tuple || elts.size() > 2)) {
      std::vector<value> items;
      for (const auto& e : elts) items.push_back(constant_value(e->as<constant_expr>()));
      if (is_tuple) {
        load_const(new_tuple(std::move(items)));
      } else {
        emit_int(op::build_list, 0);
        load_const(new_tuple(std::move(items)));
        emit_int(op::list_extend, 1);
      }
      return;
    }
    if (elts.size() > stack_use_guideline) {
      const auto here = pos_;
      emit_int(op::build_list, 0);
      for (const auto& e : elts) {
        expr_(*e);
        pos_ = here;
        emit_int(op::list_append, 1);
      }
      if (is_tuple) emit(op::list_to_tuple);
      return;
    }
    for (const auto& e : elts) expr_(*e);
    emit_int(is_tuple ? op::build_tuple : op::build_list, static_cast<std::int64_t>(elts.size()));
  }

  void dict(const dict_expr& d) {
    const auto here = pos_;
    if (d.keys.size() <= 16) {
      for (std::size_t i = 0; i < d.keys.size(); ++i) {
        expr_(*d.keys[i]);
        expr_(*d.values[i]);
      }
      pos_ = here;
      emit_int(op::build_map, static_cast<std::int64_t>(d.keys.size()));
      return;
    }
    // Large displays: d[k] = v one pair at a time, keys evaluated before values.
    emit_int(op::build_map, 0);
    for (std::size_t i = 0; i < d.keys.size(); ++i) {
      expr_(*d.keys[i]);
      expr_(*d.values[i]);
      pos_ = here;
      emit_int(op::swap, 2);
      emit_int(op::copy, 3);
      emit_int(op::swap, 2);
      emit(op::store_subscr);
    }
  }

  static std::int64_t compare_arg(cmp_op o, op& which) {
    switch (o) {
      case cmp_op::lt: which = op::compare_op; return 0;
      case cmp_op::le: which = op::compare_op; return 1;
      case cmp_op::eq: which = op::compare_op; return 2;
      case cmp_op::ne: which = op::compare_op; return 3;
      case cmp_op::gt: which = op::compare_op; return 4;
      case cmp_op::ge: which = op::compare_op; return 5;
      case cmp_op::is: which = op::is_op; return 0;
      case cmp_op::is_not: which = op::is_op; return 1;
      case cmp_op::in: which = op::contains_op; return 0;
      case cmp_op::not_in: which = op::contains_op; return 1;
    }
    which = op::compare_op;
    return 2;
  }

  void emit_compare(cmp_op o) {
    op which;
    const std::int64_t arg = compare_arg(o, which);
    emit_int(which, arg);
  }

  void compare(const compare_expr& c) {
    const auto here = pos_;
    expr_(*c.left);
    if (c.ops.size() == 1) {
      expr_(*c.comparators[0]);
      pos_ = here;
      emit_compare(c.ops[0]);
      return;
    }
    // a < b < c: each middle operand is evaluated once and kept for the next test.
    const int cleanup = new_label(), end = new_label();
    for (std::size_t i = 0; i + 1 < c.ops.size(); ++i) {
      expr_(*c.comparators[i]);
      pos_ = here;
      emit_int(op::swap, 2);
      emit_int(op::copy, 2);
      emit_compare(c.ops[i]);
      emit_jump(op::jump_if_false_or_pop, cleanup);
    }
    expr_(*c.comparators.back());
    pos_ = here;
    emit_compare(c.ops.back());
    emit_jump(op::jump, end);
    place(cleanup);
    emit_int(op::swap, 2);
    emit(op::pop_top);
    place(end);
  }

  /// Jumps to `label` when bool(e) == cond; falls through otherwise.
  void jump_if(const expr& e, bool cond, int label) {
    const auto saved = pos_;
    pos_ = position_of(e.loc);
    switch (e.kind) {
      case expr_kind::unary:
        if (e.as<unary_expr>().op == unary_op::not_) {
          jump_if(*e.as<unary_expr>().operand, !cond, label);
          pos_ = saved;
          return;
        }
        break;
      case expr_kind::boolop: {
        const auto& b = e.as<boolop_expr>();
        const bool is_or = b.op == bool_op::or_;
        if (is_or == cond) {
          for (const auto& v : b.values) jump_if(*v, cond, label);
        } else {
          const int next = new_label();
          for (std::size_t i = 0; i + 1 < b.values.size(); ++i) jump_if(*b.values[i], !cond, next);
          jump_if(*b.values.back(), cond, label);
          place(next);
        }
        pos_ = saved;
        return;
      }
      case expr_kind::compare: {
        const auto& c = e.as<compare_expr>();
        if (c.ops.size() == 1 && (c.ops[0] == cmp_op::is || c.ops[0] == cmp_op::is_not) &&
            c.comparators[0]->is<constant_expr>() &&
            c.comparators[0]->as<constant_expr>().value_kind == constant_kind::none) {
          expr_(*c.left);
          pos_ = position_of(e.loc);
          const bool jump_on_none = (c.ops[0] == cmp_op::is) == cond;
          emit_jump(jump_on_none ? op::pop_jump_if_none : op::pop_jump_if_not_none, label);
          pos_ = saved;
          return;
        }
        break;
      }
      case expr_kind::constant: {
        const auto& c = e.as<constant_expr>();
        if (c.value_kind == constant_kind::big_integer) break;
        if (constant_truth(c) == cond) emit_jump(op::jump, label);
        pos_ = saved;
        return;
      }
      default: break;
    }
    expr_(e);
    pos_ = position_of(e.loc);
    emit_jump(cond ? op::pop_jump_if_true : op::pop_jump_if_false, label);
    pos_ = saved;
  }

  void call(const call_expr& c) {
    const auto here = pos_;
    const expr& f = *c.func;
    if (f.is<attribute_expr>()) {
      const auto& a = f.as<attribute_expr>();
      expr_(*a.value);
      pos_ = position_of(f.loc);
      emit(op::load_method, a.attr);
    } else {
      emit(op::push_null);
      expr_(f);
    }
    for (const auto& a : c.args) expr_(*a);
    for (const auto& k : c.keywords) expr_(*k.value);
    pos_ = here;
    if (!c.keywords.empty()) {
      std::vector<value> names;
      for (const auto& k : c.keywords) names.push_back(new_str(k.name));
      emit(op::kw_names, lb::constant_arg<value>{new_tuple(std::move(names))});
    }
    emit_int(op::call, static_cast<std::int64_t>(c.args.size() + c.keywords.size()));
  }

  void lambda(const lambda_expr& l) {
    const auto here = pos_;
    std::int64_t flags = defaults(l.params);
    unit child(l.scope, "<lambda>", child_qualname("<lambda>"), this, filename_, l.loc.line);
    ref<code_object> co = child.compile_lambda(l);
    pos_ = here;
    flags |= closure_for(*co);
    load_const(value(co));
    emit_int(op::make_function, flags);
  }

  void list_comp(const list_comp_expr& lc) {
    const auto here = pos_;
    unit child(lc.scope, "<listcomp>", child_qualname("<listcomp>"), this, filename_, lc.loc.line);
    ref<code_object> co = child.compile_list_comp(lc);
    pos_ = here;
    const std::int64_t flags = closure_for(*co);
    load_const(value(co));
    emit_int(op::make_function, flags);
    expr_(*lc.generators.front().iter);
    pos_ = here;
    emit(op::get_iter);
    emit_int(op::call, 0);
  }

  void comprehension_loop(const list_comp_expr& lc, std::size_t i) {
    const comprehension& g = lc.generators[i];
    const auto here = position_of(lc.loc);
    if (i > 0) {
      expr_(*g.iter);
      pos_ = here;
      emit(op::get_iter);
    }
    const int start = new_label(), exit = new_label();
    place(start);
    pos_ = here;
    emit_jump(op::for_iter, exit);
    store_target(*g.target);
    for (const auto& cond : g.ifs) jump_if(*cond, false, start);
    if (i + 1 < lc.generators.size()) {
      comprehension_loop(lc, i + 1);
    } else {
      expr_(*lc.element);
      pos_ = here;
      emit_int(op::list_append, static_cast<std::int64_t>(lc.generators.size() + 1));
    }
    pos_ = here;
    emit_jump(op::jump, start);
    place(exit);
  }

  const scope* sc_;
  std::string name_;
  std::string qualname_;
  unit* parent_;
  std::string filename_;
  int first_line_;

  lb::code_fields<value> fields_;
  std::vector<instr> code_;
  std::vector<std::pair<std::size_t, int>> jump_fixups_;
  std::vector<long> labels_;
  std::vector<int> label_refs_;
  std::vector<handler> handlers_;
  std::vector<fblock> fblocks_;
  int depth_ = 0;
  bool reachable_ = true;
  lb::position pos_;
};

}  // namespace

ref<code_object> compile_module(const module& m) {
  unit u(m.scope, "<module>", "<module>", nullptr, m.filename, 1);
  return u.compile_module(m);
}

ref<code_object> compile_source(std::string_view source, std::string_view filename) {
  module m = parse_module(source, filename);
  symtable st = build_symtable(m);
  return compile_module(m);
}

}  // namespace minipy
