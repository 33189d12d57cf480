// The minipy interpreter. See interpreter.hpp.
//
// Frames are evaluated by one C++ call each (`eval_loop`): Python recursion is C++
// recursion, bounded by the recursion limit, on a thread whose stack is large enough
// for it. Python exceptions are C++ exceptions (py_exception, or py_error from the
// numeric and tensor helpers); the eval loop catches them, records a traceback line and
// looks the raising instruction up in the code's exception table: with a handler it
// unwinds the value stack to the handler's depth, pushes the offset (if "lasti") and
// the exception and jumps; without one it clears the frame and rethrows to the caller.
#include "minipy/interpreter.hpp"

#include <pthread.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "minipy/adapter.hpp"
#include "minipy/compiler.hpp"
#include "minipy/opcodes.hpp"
#include "minipy/parser.hpp"
#include "minipy/repr.hpp"

namespace minipy {


namespace {
thread_local const builtin_types* g_types = nullptr;
const builtin_types g_no_types{};

[[noreturn]] void unbound_local(interpreter& in, const std::string& name) {
  throw_exception(in, in.types().unbound_local_error,
                  "cannot access local variable '" + name + "' where it is not associated with a value");
}

[[noreturn]] void name_error(interpreter& in, const value& name) {
  throw_exception(in, in.exception_class(exc_kind::NameError),
                  "name '" + name.as<str_object>()->data + "' is not defined");
}
}  // namespace

const builtin_types& current_types() noexcept { return g_types ? *g_types : g_no_types; }

interpreter::interpreter(std::ostream& out, std::ostream& err) : out_(out), err_(err) {
  previous_heap_ = current_heap();
  current_heap() = &heap_;
  previous_interpreter_ = current_;
  current_ = this;
  previous_types_ = g_types;
  g_types = &types_;
  builtins_ = make<dict_object>();
  install_builtins(*this);
}

interpreter::~interpreter() {
  try {
    flush();
  } catch (...) {}
  // Values held here must go before the heap frees every object.
  frame_evaluator = nullptr;
  handled_exception.reset();
  builtins_.reset();
  owned_types_.clear();
  interned_.clear();
  init_name_.reset();
  arena_.clear();
  heap_.teardown();
  g_types = previous_types_;
  current_ = previous_interpreter_;
  current_heap() = previous_heap_;
}

// ================================================================ services

value interpreter::intern(std::string_view s) {
  auto it = interned_.find(std::string(s));
  if (it != interned_.end()) return it->second;
  value v = new_str(std::string(s));
  interned_.emplace(std::string(s), v);
  return v;
}

void interpreter::write(std::string_view text) {
  out_buffer_.append(text);
  if (out_buffer_.size() > (1u << 16)) flush();
}

void interpreter::flush() {
  if (!out_buffer_.empty()) {
    out_.write(out_buffer_.data(), static_cast<std::streamsize>(out_buffer_.size()));
    out_buffer_.clear();
  }
  out_.flush();
}

value interpreter::make_exception(class_object* cls, std::string message) {
  auto inst = make<instance_object>(ref<class_object>(cls));
  if (message.empty())
    inst->args = new_tuple({});
  else
    inst->args = new_tuple({new_str(std::move(message))});
  return value(inst);
}

value interpreter::make_exception(exc_kind kind, std::string message) {
  return make_exception(exception_class(kind), std::move(message));
}

value interpreter::current_exception_value() {
  try {
    throw;
  } catch (py_exception& e) { return std::move(e.exc); } catch (py_error& e) {
    return make_exception(e.kind, std::move(e.message));
  } catch (std::bad_alloc&) { return make_exception(types_.memory_error, ""); } catch (std::length_error&) {
    return make_exception(types_.memory_error, "");
  } catch (syntax_error& e) { return make_exception(exc_kind::SyntaxError, e.message); } catch (std::exception& e) {
    return make_exception(exc_kind::RuntimeError, std::string("internal error: ") + e.what());
  }
}

void interpreter::enter_recursion(const char* where) {
  if (++depth_ > recursion_limit) {
    --depth_;
    throw_exception(*this, exception_class(exc_kind::RecursionError),
                    std::string("maximum recursion depth exceeded") + where);
  }
}

void check_allocation(std::int64_t count, std::size_t element_size) {
  if (count > max_container_size) throw std::bad_alloc();
  if (interpreter* in = interpreter::current(); in && count > 0)
    in->charge_memory(static_cast<std::uint64_t>(count) * element_size);
}

void interpreter::step() {
  if (--steps_left_ == 0) {
    steps_left_ = 1;  // every later step fails too, so programs cannot catch their way out
    throw_exception(*this, exception_class(exc_kind::RuntimeError), "step budget exhausted");
  }
}

void interpreter::add_traceback(const value& exc, code_object& code, int line) {
  if (!exc.is<instance_object>()) return;
  auto* e = exc.as<instance_object>();
  if (e->traceback.size() < 100000) e->traceback.push_back({ref<code_object>(&code), line});
}

void interpreter::note_raised_at(const value& exc, code_object& code, long offset) {
  add_traceback(exc, code, code.line_at(offset));
  if (exc.is<instance_object>() && exc.as<instance_object>()->context.is_null() &&
      handled_exception.is<instance_object>() && !handled_exception.same(exc))
    exc.as<instance_object>()->context = handled_exception;
}

// =================================================================== arena

value* interpreter::alloc_frame(std::size_t n) {
  if (n == 0) n = 1;
  if (!room_for(n)) make_room(n);
  arena_chunk& c = arena_[arena_top_];
  value* p = c.data.get() + c.used;
  c.used += n;
  return p;
}

bool interpreter::room_for(std::size_t n) const noexcept {
  return arena_top_ < arena_.size() && arena_[arena_top_].used + n <= arena_[arena_top_].size;
}

void interpreter::make_room(std::size_t n) {
  while (!room_for(n)) {
    if (arena_top_ < arena_.size()) {
      arena_chunk& c = arena_[arena_top_];
      if (c.used == 0) {  // an empty chunk that is too small: replace it
        c.data = std::make_unique<value[]>(n);
        c.size = n;
      } else {
        ++arena_top_;
      }
      continue;
    }
    arena_chunk c;
    c.size = std::max<std::size_t>(n, 1u << 15);
    c.data = std::make_unique<value[]>(c.size);
    arena_.push_back(std::move(c));
    arena_top_ = arena_.size() - 1;
  }
}

void interpreter::free_frame(value* p, std::size_t n) noexcept {
  if (n == 0) n = 1;
  for (std::size_t i = 0; i < n; ++i) p[i].reset();
  arena_chunk& c = arena_[arena_top_];
  c.used -= n;
  if (c.used == 0 && arena_top_ > 0) leave_empty_chunks();
}

void interpreter::leave_empty_chunks() noexcept {
  while (arena_top_ > 0 && arena_[arena_top_].used == 0) --arena_top_;
}

/// Frame storage from the arena, returned when the call ends (normally or not).
struct frame_storage {
  interpreter& in;
  value* p;
  std::size_t n;
  frame_storage(interpreter& i, value* ptr, std::size_t count) : in(i), p(ptr), n(count) {}
  ~frame_storage() { in.free_frame(p, n); }
  frame_storage(const frame_storage&) = delete;
  frame_storage& operator=(const frame_storage&) = delete;
};

struct frame_guard {
  interpreter& in;
  frame& f;
  frame_guard(interpreter& i, frame& fr) : in(i), f(fr) {
    f.back = in.current_frame_;
    in.current_frame_ = &f;
  }
  ~frame_guard() { in.current_frame_ = f.back; }
  frame_guard(const frame_guard&) = delete;
  frame_guard& operator=(const frame_guard&) = delete;
};

// =================================================================== calls

namespace {
/// `self` followed by the arguments, without a heap allocation for short calls.
class arg_buffer {
 public:
  arg_buffer(const value& self, const value* args, std::size_t nargs) {
    value* p = small_;
    if (nargs + 1 > std::size(small_)) {
      large_.resize(nargs + 1);
      p = large_.data();
    }
    p[0] = self;
    for (std::size_t i = 0; i < nargs; ++i) p[i + 1] = args[i];
    data_ = p;
  }
  arg_buffer(const arg_buffer&) = delete;
  arg_buffer& operator=(const arg_buffer&) = delete;
  value* data() noexcept { return data_; }

 private:
  value small_[8];
  std::vector<value> large_;
  value* data_;
};
}  // namespace

value interpreter::call(const value& callable, std::initializer_list<value> args) {
  return call(callable, args.begin(), args.size(), nullptr);
}

value interpreter::call(const value& callable, const value* args, std::size_t nargs, const tuple_object* kwnames) {
  if (callable.is_object()) {
    switch (callable.kind()) {
      case okind::function: return call_function(*callable.as<function_object>(), args, nargs, kwnames);
      case okind::builtin: {
        auto* b = callable.as<builtin_object>();
        return b->fn(*this, args, nargs, kwnames, b->data);
      }
      case okind::bound_method: {
        auto* m = callable.as<bound_method_object>();
        value func = m->func;
        arg_buffer buf(m->self, args, nargs);
        return call(func, buf.data(), nargs + 1, kwnames);
      }
      case okind::klass: return call_class(*callable.as<class_object>(), args, nargs, kwnames);
      default: break;
    }
  }
  throw_type_error("'" + type_name(callable) + "' object is not callable");
}

namespace {
std::string plural(std::size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }
}  // namespace

void interpreter::bind_arguments(function_object& fn, value* fast, const value* args, std::size_t nargs,
                                 const tuple_object* kwnames) {
  code_object& co = *fn.code;
  const std::size_t argc = static_cast<std::size_t>(co.argcount);
  const std::size_t nkw = kwnames ? kwnames->items.size() : 0;
  const std::size_t npos = nargs - nkw;
  const std::size_t ndefaults = fn.defaults.is<tuple_object>() ? fn.defaults.as<tuple_object>()->items.size() : 0;
  if (npos > argc) {
    std::string sig =
        ndefaults ? "from " + std::to_string(argc - ndefaults) + " to " + std::to_string(argc) : std::to_string(argc);
    const bool many = ndefaults ? true : argc != 1;
    throw_type_error(fn.qualname + "() takes " + sig + " positional argument" + (many ? "s" : "") + " but " +
                     std::to_string(npos) + (npos == 1 ? " was" : " were") + " given");
  }
  for (std::size_t i = 0; i < npos; ++i) fast[i] = args[i];
  for (std::size_t j = 0; j < nkw; ++j) {
    const std::string& name = kwnames->items[j].as<str_object>()->data;
    std::size_t k = argc;
    for (std::size_t i = 0; i < argc; ++i)
      if (co.varnames[i] == name) {
        k = i;
        break;
      }
    if (k == argc) throw_type_error(fn.qualname + "() got an unexpected keyword argument '" + name + "'");
    if (!fast[k].is_null()) throw_type_error(fn.qualname + "() got multiple values for argument '" + name + "'");
    fast[k] = args[npos + j];
  }
  if (npos < argc) {
    const std::size_t first_default = argc - ndefaults;
    std::vector<std::string> missing;
    for (std::size_t i = npos; i < argc; ++i) {
      if (!fast[i].is_null()) continue;
      if (i >= first_default)
        fast[i] = fn.defaults.as<tuple_object>()->items[i - first_default];
      else
        missing.push_back("'" + co.varnames[i] + "'");
    }
    if (!missing.empty()) {
      std::string names;
      for (std::size_t i = 0; i < missing.size(); ++i) {
        if (i) names += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
        names += missing[i];
      }
      throw_type_error(fn.qualname + "() missing " + plural(missing.size(), "required positional argument") + ": " +
                       names);
    }
  }
}

namespace {
struct depth_scope {
  int& depth;
  explicit depth_scope(int& d) : depth(d) { ++depth; }
  ~depth_scope() { --depth; }
  depth_scope(const depth_scope&) = delete;
  depth_scope& operator=(const depth_scope&) = delete;
};
}  // namespace

value interpreter::call_function(function_object& fn, const value* args, std::size_t nargs,
                                 const tuple_object* kwnames) {
  if (step_budget_) step();
  if (depth_ >= recursion_limit)
    throw_exception(*this, exception_class(exc_kind::RecursionError), "maximum recursion depth exceeded");
  ref<function_object> keep(&fn);
  code_object& co = *fn.code;
  frame_storage storage{*this, alloc_frame(co.frame_size), co.frame_size};
  if (!kwnames && nargs == static_cast<std::size_t>(co.argcount)) {
    for (std::size_t i = 0; i < nargs; ++i) storage.p[i] = args[i];  // the common call: nothing to check
  } else {
    bind_arguments(fn, storage.p, args, nargs, kwnames);
  }
  frame f;
  f.code = &co;
  f.func = &fn;
  f.globals = fn.globals.get();
  f.localsplus = storage.p;
  depth_scope ds(depth_);
  if (fn.capture && frame_evaluator) return frame_evaluator(*this, f);
  return eval_frame(f);
}

value interpreter::run_code(code_object& code, dict_object& globals, dict_object* locals, const value& closure) {
  if (depth_ >= recursion_limit)
    throw_exception(*this, exception_class(exc_kind::RecursionError), "maximum recursion depth exceeded");
  ref<code_object> keep(&code);
  ref<dict_object> keep_globals(&globals);
  ref<dict_object> keep_locals(locals);
  value keep_closure = closure;
  frame_storage storage{*this, alloc_frame(code.frame_size), code.frame_size};
  frame f;
  f.code = &code;
  f.globals = &globals;
  f.locals = locals ? locals : &globals;
  f.localsplus = storage.p;
  f.lasti = -1;
  // A class body's closure travels in a throwaway function object.
  ref<function_object> holder;
  if (closure.is<tuple_object>()) {
    holder = make<function_object>();
    holder->closure = closure;
    holder->code = keep;
    holder->globals = keep_globals;
    f.func = holder.get();
  }
  depth_scope ds(depth_);
  return eval_frame(f);
}

value interpreter::call_code(code_object& code, dict_object& globals, const value* args, std::size_t nargs,
                             const value& closure) {
  auto fn = make<function_object>();
  fn->code = ref<code_object>(&code);
  fn->globals = ref<dict_object>(&globals);
  fn->closure = closure;
  fn->name = code.name;
  fn->qualname = code.qualname;
  return call_function(*fn, args, nargs, nullptr);
}

value interpreter::call_code_of_frame(code_object& code, const frame& f, std::size_t nargs) {
  if (step_budget_) step();
  if (depth_ >= recursion_limit)
    throw_exception(*this, exception_class(exc_kind::RecursionError), "maximum recursion depth exceeded");
  if (nargs > code.frame_size) throw std::logic_error("call_code_of_frame: more arguments than the code has locals");
  // `f`'s function, globals and locals outlive this call: `f` is suspended until it returns.
  ref<code_object> keep(&code);
  frame_storage storage{*this, alloc_frame(code.frame_size), code.frame_size};
  for (std::size_t i = 0; i < nargs; ++i) storage.p[i] = f.localsplus[i];
  frame g;
  g.code = &code;
  g.func = f.func;  // read for the closure only
  g.globals = f.globals;
  g.localsplus = storage.p;
  depth_scope ds(depth_);
  return eval_frame(g);
}

value interpreter::call_as_instruction(code_object& code, long offset, const value& fn, const value* args,
                                       std::size_t nargs) {
  value exc;
  try {
    return call(fn, args, nargs, nullptr);
  } catch (...) { exc = current_exception_value(); }
  note_raised_at(exc, code, offset);
  throw py_exception{std::move(exc)};
}

value interpreter::call_class(class_object& cls, const value* args, std::size_t nargs, const tuple_object* kwnames) {
  if (cls.ctor) return cls.ctor(*this, cls, args, nargs, kwnames);
  ref<class_object> keep(&cls);
  auto inst = make<instance_object>(keep);
  value self(inst);
  const std::size_t npos = nargs - (kwnames ? kwnames->items.size() : 0);
  if (cls.is_exception) inst->args = new_tuple(std::vector<value>(args, args + npos));
  if (init_name_.is_null()) init_name_ = intern("__init__");
  if (value* init = cls.lookup(init_name_.as<str_object>())) {
    value f = *init;
    arg_buffer buf(self, args, nargs);
    value r = call(f, buf.data(), nargs + 1, kwnames);
    if (!r.is_none()) throw_type_error("__init__() should return None, not '" + type_name(r) + "'");
  } else if (nargs > 0) {
    throw_type_error(cls.name + "() takes no arguments");
  }
  return self;
}

// =============================================================== eval loop

value interpreter::eval_frame(frame& f) { return count_instructions ? eval_loop<true>(f) : eval_loop<false>(f); }

namespace {
inline bool fast_truth(interpreter& in, const value& v) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int()) return v.as_int() != 0;
  if (v.is_none()) return false;
  return truthy(in, v);
}

value raise_operand(interpreter& in, const value& v) {
  if (v.is<class_object>() && v.as<class_object>()->is_exception) {
    value e = in.call(v, nullptr, 0, nullptr);
    if (!e.is<instance_object>() || !e.as<instance_object>()->cls->is_exception)
      throw_type_error("calling " + repr(in, v) + " should have returned an instance of BaseException, not " +
                       type_name(e));
    return e;
  }
  if (v.is<instance_object>() && v.as<instance_object>()->cls->is_exception) return v;
  throw_type_error("exceptions must derive from BaseException");
}

void check_exception_spec(const value& spec) {
  if (spec.is<class_object>() && spec.as<class_object>()->is_exception) return;
  if (spec.is<tuple_object>()) {
    for (const auto& s : spec.as<tuple_object>()->items)
      if (!(s.is<class_object>() && s.as<class_object>()->is_exception))
        throw_type_error("catching classes that do not inherit from BaseException is not allowed");
    return;
  }
  throw_type_error("catching classes that do not inherit from BaseException is not allowed");
}

bool exception_matches(const value& exc, const value& spec) {
  if (spec.is<class_object>()) return is_instance(exc, spec.as<class_object>());
  for (const auto& s : spec.as<tuple_object>()->items)
    if (is_instance(exc, s.as<class_object>())) return true;
  return false;
}

value make_function(interpreter& in, value code, const value* defaults, const value* closure, dict_object* globals) {
  (void)in;
  if (!code.is<code_object>()) throw_type_error("MAKE_FUNCTION needs a code object");
  auto fn = make<function_object>();
  auto* co = code.as<code_object>();
  fn->code = ref<code_object>(co);
  fn->globals = ref<dict_object>(globals);
  fn->name = co->name;
  fn->qualname = co->qualname;
  if (defaults) fn->defaults = *defaults;
  if (closure) fn->closure = *closure;
  return value(fn);
}
}  // namespace

// ======================================================= the stack invariant

#if MINIPY_CHECK_STACK_INVARIANT
namespace {
std::string_view opcode_name(std::uint8_t number) {
  for (const auto& info : opcode_table)
    if (info.number == number) return info.name;
  return "an unknown opcode";
}

/// Prints what broke the invariant and aborts. `executed` is the instruction that ran
/// last (null: the frame was entered with a dirty stack); `unwound`, that it raised
/// and the frame was unwound to a handler.
[[noreturn]] [[gnu::cold]] void stack_invariant_broken(const frame& f, const value* sp, const std::uint8_t* executed,
                                                       bool unwound, const std::string& problem) {
  const code_object& co = *f.code;
  std::string where = "on entry to " + co.qualname;
  if (executed) {
    const std::uint8_t* const first = co.bytecode.data();
    const std::uint8_t* insn = executed;  // the instruction itself, past EXTENDED_ARG prefixes
    while (insn[0] == static_cast<std::uint8_t>(opcode::EXTENDED_ARG) && insn + 2 < first + co.bytecode.size())
      insn += 2;
    where = "after " + std::string(opcode_name(insn[0])) + " at offset " + std::to_string(insn - first) + " in " +
            co.qualname + " (" + co.filename + ", line " + std::to_string(co.line_at(insn - first)) + ")";
    if (unwound) where += ", which raised and was unwound to its handler";
  }
  std::fprintf(stderr, "minipy: stack invariant broken %s: %s (stack depth %ld of at most %d)\n", where.c_str(),
               problem.c_str(), static_cast<long>(sp - f.stack()), co.stacksize);
  std::fflush(stderr);
  std::abort();
}

/// Checks the stack invariant of `f` with stack pointer `sp`; `before` is the stack
/// pointer of the previous check in this frame (null on entry). Every slot above the
/// stack pointer is checked when there are at most `full_check_slots` of them. Above
/// that (code that pushes forty thousand constants to build one list), a scan of every
/// slot after every push would take time quadratic in the depth, so only the slots an
/// instruction can have touched are checked: up to `reach` past the higher of the two
/// stack pointers (no handler pushes that many temporaries).
void check_stack_invariant(const frame& f, const value* sp, const value* before, const std::uint8_t* executed,
                           bool unwound) {
  constexpr std::ptrdiff_t full_check_slots = 256, reach = 64;
  const value* const base = f.stack();
  if (sp < base || sp > base + f.code->stacksize)
    stack_invariant_broken(f, sp, executed, unwound, "the stack pointer is outside the value stack");
  const value* end = f.localsplus + f.code->frame_size;
  if (before && end - sp > full_check_slots) {
    const value* const top = std::max(sp, before);
    if (end - top > reach) end = top + reach;
  }
  for (const value* p = sp; p < end; ++p)
    if (!p->is_null())
      stack_invariant_broken(f, sp, executed, unwound,
                             "stack slot " + std::to_string(p - base) + ", above the stack pointer, is not null");
}
}  // namespace
#endif

// ================================================================ dispatch

// The eval loop is laid out by hand, short opcodes on one line each.
// clang-format off
// Every opcode the eval loop implements, in one list so that the dispatch table and the
// handler labels cannot drift apart.
#define MINIPY_OPCODE_LIST(X)                                                                          \
  X(NOP) X(POP_TOP) X(COPY) X(SWAP) X(PUSH_NULL) X(LOAD_FAST) X(STORE_FAST) X(DELETE_FAST)             \
  X(LOAD_DEREF) X(STORE_DEREF) X(DELETE_DEREF) X(LOAD_CLOSURE) X(MAKE_CELL) X(COPY_FREE_VARS)          \
  X(LOAD_CONST) X(LOAD_GLOBAL) X(STORE_GLOBAL) X(DELETE_GLOBAL) X(LOAD_NAME) X(STORE_NAME)             \
  X(DELETE_NAME) X(LOAD_ATTR) X(STORE_ATTR) X(DELETE_ATTR) X(LOAD_METHOD) X(BINARY_SUBSCR)             \
  X(STORE_SUBSCR) X(DELETE_SUBSCR) X(BUILD_SLICE) X(BINARY_OP) X(UNARY_NEGATIVE) X(UNARY_POSITIVE)     \
  X(UNARY_NOT) X(UNARY_INVERT) X(COMPARE_OP) X(CONTAINS_OP) X(IS_OP) X(BUILD_TUPLE) X(BUILD_LIST)      \
  X(BUILD_MAP) X(LIST_APPEND) X(LIST_EXTEND) X(LIST_TO_TUPLE) X(UNPACK_SEQUENCE) X(KW_NAMES) X(CALL)    \
  X(CALL_FUNCTION_EX) X(MAKE_FUNCTION) X(JUMP_FORWARD) X(JUMP_BACKWARD) X(POP_JUMP_FORWARD_IF_FALSE)    \
  X(POP_JUMP_BACKWARD_IF_FALSE) X(POP_JUMP_FORWARD_IF_TRUE) X(POP_JUMP_BACKWARD_IF_TRUE)                \
  X(POP_JUMP_FORWARD_IF_NONE) X(POP_JUMP_BACKWARD_IF_NONE) X(POP_JUMP_FORWARD_IF_NOT_NONE)              \
  X(POP_JUMP_BACKWARD_IF_NOT_NONE) X(JUMP_IF_FALSE_OR_POP) X(JUMP_IF_TRUE_OR_POP) X(GET_ITER)           \
  X(FOR_ITER) X(RETURN_VALUE) X(RAISE_VARARGS) X(RERAISE) X(PUSH_EXC_INFO) X(POP_EXCEPT)                \
  X(CHECK_EXC_MATCH) X(BEFORE_WITH) X(WITH_EXCEPT_START) X(LOAD_ASSERTION_ERROR) X(RESUME)              \
  X(LOAD_BUILD_CLASS) X(EXTENDED_ARG)

// Threaded dispatch (one indirect jump at the end of every handler, which the branch
// predictor learns per opcode) where the compiler supports computed gotos; a switch of
// gotos elsewhere.
#if defined(__GNUC__)
#define MINIPY_COMPUTED_GOTO 1
#else
#define MINIPY_COMPUTED_GOTO 0
#endif

namespace {
#define MINIPY_OPCODE_VALUE(name) opcode::name,
constexpr opcode handled_opcodes[] = {MINIPY_OPCODE_LIST(MINIPY_OPCODE_VALUE)};
#undef MINIPY_OPCODE_VALUE
static_assert(std::size(handled_opcodes) == opcode_table.size(), "the eval loop must handle every minipy opcode");

struct dispatch_table {
  const void* targets[256];
};

[[maybe_unused]] dispatch_table make_dispatch_table(const void* const* labels, const void* unknown) {
  dispatch_table t{};
  for (auto& target : t.targets) target = unknown;
  for (std::size_t i = 0; i < std::size(handled_opcodes); ++i)
    t.targets[static_cast<std::uint8_t>(handled_opcodes[i])] = labels[i];
  return t;
}
}  // namespace

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wgnu-label-as-value"
#endif

template <bool Counting> value interpreter::eval_loop(frame& f) {
  code_object& co = *f.code;
  const std::uint8_t* const first = co.bytecode.data();
  const std::uint8_t* ip = first;
  value* const fast = f.localsplus;
  value* const cells = fast + co.nlocals;
  value* const base = cells + co.ncells;
  value* sp = base;
  const value* const consts = co.constants.data();
  const value* const names = co.name_values.data();
  dict_object* const globals = f.globals;
  dict_object& builtins = *builtins_;
  const tuple_object* kwnames = nullptr;
  frame_guard link(*this, f);

  using B = lasso::bytecode::binary_operator;
  constexpr int inplace = static_cast<int>(lasso::bytecode::binary_inplace_offset);

#if MINIPY_COMPUTED_GOTO
#define MINIPY_LABEL_ADDRESS(name) &&L_##name,
  static const void* const labels[] = {MINIPY_OPCODE_LIST(MINIPY_LABEL_ADDRESS)};
#undef MINIPY_LABEL_ADDRESS
  static const dispatch_table table = make_dispatch_table(labels, &&L_UNKNOWN);
#define DISPATCH() goto* table.targets[op]
#else
#define MINIPY_CASE(name) \
  case opcode::name: goto L_##name;
#define DISPATCH()                                 \
  do {                                             \
    switch (static_cast<opcode>(op)) {             \
      MINIPY_OPCODE_LIST(MINIPY_CASE)              \
      default: goto L_UNKNOWN;                     \
    }                                              \
  } while (0)
#endif
// Leaves a handler whose scope holds objects with destructors: a plain goto runs them
// (an indirect jump out of such a scope would not), then dispatches.
#define NEXT_SCOPED() goto next_instruction
#define NEXT()                                        \
  do {                                                \
    if constexpr (Counting) ++instructions_executed;  \
    MINIPY_STACK_CHECK();                             \
    op = ip[0];                                       \
    arg = ip[1];                                      \
    ip += 2;                                          \
    DISPATCH();                                       \
  } while (0)
#if MINIPY_CHECK_STACK_INVARIANT
  // Between instructions: check the stack, then note the instruction about to run.
  const std::uint8_t* executing = nullptr;
  bool unwound = false;
  const value* checked_sp = nullptr;
#define MINIPY_STACK_CHECK()                                          \
  do {                                                                \
    check_stack_invariant(f, sp, checked_sp, executing, unwound);     \
    checked_sp = sp;                                                  \
    executing = ip;                                                   \
    unwound = false;                                                  \
  } while (0)
#else
#define MINIPY_STACK_CHECK() \
  do {                       \
  } while (0)
#endif

  value exc;
  bool add_tb = true;
  for (;;) {
    try {
      {
        unsigned op;
        std::uint32_t arg;
      next_instruction:
        NEXT();
          L_NOP:
          L_RESUME: NEXT();

          L_EXTENDED_ARG:
            op = ip[0];
            arg = (arg << 8) | ip[1];
            ip += 2;
            DISPATCH();

          // ------------------------------------------------------- stack
          L_POP_TOP: (--sp)->reset(); NEXT();
          L_COPY: {
            value v = sp[-static_cast<std::ptrdiff_t>(arg)];
            *sp++ = std::move(v);
            NEXT_SCOPED();
          }
          L_SWAP: sp[-1].swap(sp[-static_cast<std::ptrdiff_t>(arg)]); NEXT();
          L_PUSH_NULL: ++sp; NEXT();

          // ------------------------------------------------------ locals
          L_LOAD_FAST: {
            const value& v = fast[arg];
            if (v.is_null()) unbound_local(*this, co.varnames[arg]);
            *sp++ = v;
            NEXT();
          }
          L_STORE_FAST: --sp; fast[arg] = std::move(*sp); NEXT();
          L_DELETE_FAST:
            if (fast[arg].is_null()) unbound_local(*this, co.varnames[arg]);
            fast[arg].reset();
            NEXT();

          // ------------------------------------------------------- cells
          L_MAKE_CELL: {
            const int a = co.cell2arg[arg];
            value init;
            if (a >= 0) init = fast[a];
            cells[arg] = value(make<cell_object>(std::move(init)));
            NEXT_SCOPED();
          }
          L_COPY_FREE_VARS: {
            if (!f.func || !f.func->closure.is<tuple_object>()) throw std::runtime_error("COPY_FREE_VARS without a closure");
            const auto& items = f.func->closure.as<tuple_object>()->items;
            const std::size_t offset = co.cellvars.size();
            for (std::size_t i = 0; i < arg && i < items.size(); ++i) cells[offset + i] = items[i];
            NEXT();
          }
          L_LOAD_DEREF: {
            auto* c = cells[arg].as<cell_object>();
            if (c->contents.is_null()) {
              if (arg < co.cellvars.size()) unbound_local(*this, co.cellvars[arg]);
              throw_exception(*this, exception_class(exc_kind::NameError),
                              "cannot access free variable '" + co.freevars[arg - co.cellvars.size()] +
                                  "' where it is not associated with a value in enclosing scope");
            }
            *sp++ = c->contents;
            NEXT();
          }
          L_STORE_DEREF: --sp; cells[arg].as<cell_object>()->contents = std::move(*sp); NEXT();
          L_DELETE_DEREF: {
            auto* c = cells[arg].as<cell_object>();
            if (c->contents.is_null())
              unbound_local(*this, arg < co.cellvars.size() ? co.cellvars[arg] : co.freevars[arg - co.cellvars.size()]);
            c->contents.reset();
            NEXT();
          }
          L_LOAD_CLOSURE: *sp++ = cells[arg]; NEXT();

          // --------------------------------------------- constants, names
          L_LOAD_CONST: *sp++ = consts[arg]; NEXT();
          L_LOAD_GLOBAL: {
            // Cached per name: valid while neither namespace changed shape (versions are
            // unique across all dicts, so a match also identifies the dicts).
            code_object::global_cache_entry& c = co.global_cache[arg];
            if (c.globals_version == globals->version() && c.builtins_version == builtins.version()) {
              *sp++ = (c.in_builtins ? builtins : *globals).value_at(c.index);
              NEXT();
            }
            const auto* name = names[arg].as<str_object>();
            std::ptrdiff_t index = globals->index_of_str(name);
            bool in_builtins = false;
            if (index < 0) {
              index = builtins.index_of_str(name);
              in_builtins = true;
            }
            if (index < 0) name_error(*this, names[arg]);
            c = {globals->version(), builtins.version(), index, in_builtins};
            *sp++ = (in_builtins ? builtins : *globals).value_at(index);
            NEXT();
          }
          L_STORE_GLOBAL:
            --sp;
            globals->set_str(names[arg].as<str_object>(), std::move(*sp));
            NEXT();
          L_DELETE_GLOBAL:
            if (!globals->erase(*this, names[arg])) name_error(*this, names[arg]);
            NEXT();
          L_LOAD_NAME: {
            const auto* name = names[arg].as<str_object>();
            dict_object* locals = f.locals ? f.locals : globals;
            value* v = locals->find_str(name);
            if (!v && locals != globals) v = globals->find_str(name);
            if (!v) v = builtins.find_str(name);
            if (!v) name_error(*this, names[arg]);
            *sp++ = *v;
            NEXT();
          }
          L_STORE_NAME: {
            dict_object* locals = f.locals ? f.locals : globals;
            --sp;
            locals->set_str(names[arg].as<str_object>(), std::move(*sp));
            NEXT();
          }
          L_DELETE_NAME: {
            dict_object* locals = f.locals ? f.locals : globals;
            if (!locals->erase(*this, names[arg])) name_error(*this, names[arg]);
            NEXT();
          }

          // ---------------------------------------------------- attributes
          L_LOAD_ATTR: {
            value& obj = sp[-1];
            if (obj.is<instance_object>()) {
              auto* inst = obj.as<instance_object>();
              if (inst->dict)
                if (value* v = inst->dict->find_str(names[arg].as<str_object>())) {
                  value r = *v;
                  obj = std::move(r);
                  NEXT_SCOPED();
                }
            }
            value r = get_attr(*this, obj, names[arg]);
            obj = std::move(r);
            NEXT_SCOPED();
          }
          L_STORE_ATTR:
            set_attr(*this, sp[-1], names[arg], sp[-2]);
            (--sp)->reset();
            (--sp)->reset();
            NEXT();
          L_DELETE_ATTR:
            del_attr(*this, sp[-1], names[arg]);
            (--sp)->reset();
            NEXT();
          L_LOAD_METHOD: {
            value meth, self;
            load_method(*this, sp[-1], names[arg], meth, self);
            sp[-1] = std::move(meth);
            *sp++ = std::move(self);
            NEXT_SCOPED();
          }

          // ---------------------------------------------------- subscripts
          L_BINARY_SUBSCR: {
            value& c = sp[-2];
            value& k = sp[-1];
            if (c.is<list_object>() && k.is_int()) {
              auto& items = c.as<list_object>()->items;
              std::int64_t i = k.as_int();
              if (i < 0) i += static_cast<std::int64_t>(items.size());
              if (i >= 0 && i < static_cast<std::int64_t>(items.size())) {
                value r = items[static_cast<std::size_t>(i)];
                (--sp)->clear_inline();
                c = std::move(r);
                NEXT_SCOPED();
              }
            }
            value r = get_item(*this, c, k);
            (--sp)->reset();
            sp[-1] = std::move(r);
            NEXT_SCOPED();
          }
          L_STORE_SUBSCR: {
            value& c = sp[-2];
            value& k = sp[-1];
            if (c.is<list_object>() && k.is_int()) {
              auto& items = c.as<list_object>()->items;
              std::int64_t i = k.as_int();
              if (i < 0) i += static_cast<std::int64_t>(items.size());
              if (i >= 0 && i < static_cast<std::int64_t>(items.size())) {
                items[static_cast<std::size_t>(i)] = std::move(sp[-3]);  // leaves the value's slot null
                (--sp)->clear_inline();  // the int key
                (--sp)->reset();         // the list
                --sp;                    // the value's slot, already null
                NEXT();
              }
            }
            set_item(*this, c, k, sp[-3]);
            (--sp)->reset();
            (--sp)->reset();
            (--sp)->reset();
            NEXT();
          }
          L_DELETE_SUBSCR:
            del_item(*this, sp[-2], sp[-1]);
            (--sp)->reset();
            (--sp)->reset();
            NEXT();
          L_BUILD_SLICE: {
            value step;
            if (arg == 3) step = std::move(*--sp);
            value stop = std::move(*--sp);
            value start = std::move(*--sp);
            *sp++ = value(make<slice_object>(std::move(start), std::move(stop), std::move(step)));
            NEXT_SCOPED();
          }

          // ----------------------------------------------------- operators
          L_BINARY_OP: {
            value& a = sp[-2];
            value& b = sp[-1];
            const int nb = static_cast<int>(arg) >= inplace ? static_cast<int>(arg) - inplace : static_cast<int>(arg);
            if (a.is_int() && b.is_int()) {
              const std::int64_t x = a.as_int(), y = b.as_int();
              std::int64_t r;
              bool done = true;
              switch (static_cast<B>(nb)) {
                case B::add: done = checked_add(x, y, r); break;
                case B::subtract: done = checked_sub(x, y, r); break;
                case B::multiply: done = checked_mul(x, y, r); break;
                case B::floor_divide:
                  if (y > 0 && x >= 0) r = x / y;
                  else done = false;
                  break;
                case B::remainder:
                  if (y > 0 && x >= 0) r = x % y;
                  else done = false;
                  break;
                default: done = false; break;
              }
              if (done) {
                (--sp)->clear_inline();
                a.set_int_unchecked(r);
                NEXT();
              }
            } else if ((a.is_float() || a.is_int()) && (b.is_float() || b.is_int())) {
              // float op float, or a mix with an int converted exactly as Python does
              // (round to nearest, ties to even).
              const double x = a.is_float() ? a.as_float() : static_cast<double>(a.as_int());
              const double y = b.is_float() ? b.as_float() : static_cast<double>(b.as_int());
              double r;
              bool done = true;
              switch (static_cast<B>(nb)) {
                case B::add: r = x + y; break;
                case B::subtract: r = x - y; break;
                case B::multiply: r = x * y; break;
                case B::true_divide:
                  if (y != 0.0) r = x / y;
                  else done = false;
                  break;
                default: done = false; break;
              }
              if (done) {
                (--sp)->clear_inline();
                a.set_float_unchecked(r);
                NEXT();
              }
            }
            value r = py_binary_op(*this, static_cast<int>(arg), a, b);
            (--sp)->reset();
            sp[-1] = std::move(r);
            NEXT_SCOPED();
          }
          L_UNARY_NEGATIVE: {
            value& v = sp[-1];
            if (v.is_int() && v.as_int() != INT64_MIN) {
              v.set_int_unchecked(-v.as_int());
              NEXT();
            }
            if (v.is_float()) {
              v.set_float_unchecked(-v.as_float());
              NEXT();
            }
            value r = unary_negative(*this, v);
            v = std::move(r);
            NEXT_SCOPED();
          }
          L_UNARY_POSITIVE: {
            value r = unary_positive(*this, sp[-1]);
            sp[-1] = std::move(r);
            NEXT_SCOPED();
          }
          L_UNARY_NOT: {
            const bool t = fast_truth(*this, sp[-1]);
            sp[-1] = value::boolean(!t);
            NEXT();
          }
          L_UNARY_INVERT: {
            value r = unary_invert(*this, sp[-1]);
            sp[-1] = std::move(r);
            NEXT_SCOPED();
          }
          L_COMPARE_OP: {
            value& a = sp[-2];
            value& b = sp[-1];
            bool r;
            if (a.is_int() && b.is_int()) {
              const std::int64_t x = a.as_int(), y = b.as_int();
              switch (arg) {
                case 0: r = x < y; break;
                case 1: r = x <= y; break;
                case 2: r = x == y; break;
                case 3: r = x != y; break;
                case 4: r = x > y; break;
                default: r = x >= y; break;
              }
              (--sp)->clear_inline();
              a.set_bool_unchecked(r);
              goto compare_jump;
            }
            if (a.is_float() && b.is_float()) {
              const double x = a.as_float(), y = b.as_float();
              switch (arg) {
                case 0: r = x < y; break;
                case 1: r = x <= y; break;
                case 2: r = x == y; break;
                case 3: r = x != y; break;
                case 4: r = x > y; break;
                default: r = x >= y; break;
              }
              (--sp)->clear_inline();
              a.set_bool_unchecked(r);
              goto compare_jump;
            }
            r = py_compare(*this, static_cast<int>(arg), a, b);
            (--sp)->reset();
            sp[-1] = value::boolean(r);
            NEXT();
          compare_jump:
            // A comparison is nearly always followed by a conditional jump: take it here
            // and save a dispatch (CPython 3.11's COMPARE_OP_*_JUMP specializations).
            switch (static_cast<opcode>(ip[0])) {
              case opcode::POP_JUMP_FORWARD_IF_FALSE:
              case opcode::POP_JUMP_FORWARD_IF_TRUE: {
                if constexpr (Counting) ++instructions_executed;
                const bool jump = r == (static_cast<opcode>(ip[0]) == opcode::POP_JUMP_FORWARD_IF_TRUE);
                (--sp)->clear_inline();
                const std::size_t distance = jump ? 2 * static_cast<std::size_t>(ip[1]) : 0;
                ip += 2 + distance;
                NEXT();
              }
              case opcode::POP_JUMP_BACKWARD_IF_FALSE:
              case opcode::POP_JUMP_BACKWARD_IF_TRUE: {
                if constexpr (Counting) ++instructions_executed;
                const bool jump = r == (static_cast<opcode>(ip[0]) == opcode::POP_JUMP_BACKWARD_IF_TRUE);
                (--sp)->clear_inline();
                const std::size_t distance = 2 * static_cast<std::size_t>(ip[1]);
                ip += 2;
                if (jump) {
                  ip -= distance;
                  if (step_budget_) step();
                }
                NEXT();
              }
              default: NEXT();
            }
          }
          L_CONTAINS_OP: {
            const bool r = contains(*this, sp[-1], sp[-2]) != (arg == 1);
            (--sp)->reset();
            sp[-1] = value::boolean(r);
            NEXT();
          }
          L_IS_OP: {
            const bool r = sp[-2].same(sp[-1]) != (arg == 1);
            (--sp)->reset();
            sp[-1] = value::boolean(r);
            NEXT();
          }

          // ---------------------------------------------------- containers
          L_BUILD_TUPLE:
          L_BUILD_LIST: {
            std::vector<value> items;
            items.reserve(arg);
            value* from = sp - arg;
            for (std::uint32_t i = 0; i < arg; ++i) items.push_back(std::move(from[i]));
            sp = from;
            *sp++ = static_cast<opcode>(op) == opcode::BUILD_TUPLE ? new_tuple(std::move(items))
                                                                    : new_list(std::move(items));
            NEXT_SCOPED();
          }
          L_BUILD_MAP: {
            auto d = make<dict_object>();
            value* from = sp - 2 * static_cast<std::ptrdiff_t>(arg);
            for (std::uint32_t i = 0; i < arg; ++i) d->set(*this, from[2 * i], from[2 * i + 1]);
            while (sp > from) (--sp)->reset();
            *sp++ = value(d);
            NEXT_SCOPED();
          }
          L_LIST_APPEND: {
            --sp;
            value v = std::move(*sp);
            sp[-static_cast<std::ptrdiff_t>(arg)].as<list_object>()->items.push_back(std::move(v));
            NEXT_SCOPED();
          }
          L_LIST_EXTEND: {
            std::vector<value> extra = to_vector(*this, sp[-1]);
            (--sp)->reset();
            auto& items = sp[-static_cast<std::ptrdiff_t>(arg)].as<list_object>()->items;
            items.insert(items.end(), extra.begin(), extra.end());
            NEXT_SCOPED();
          }
          L_LIST_TO_TUPLE: {
            value t = new_tuple(sp[-1].as<list_object>()->items);
            sp[-1] = std::move(t);
            NEXT_SCOPED();
          }
          L_UNPACK_SEQUENCE: {
            value& seq = sp[-1];
            std::vector<value> items;
            if (seq.is<tuple_object>() || seq.is<list_object>()) {
              items = seq.is<tuple_object>() ? seq.as<tuple_object>()->items : seq.as<list_object>()->items;
            } else {
              if (!seq.is<str_object>() && !seq.is<dict_object>() && !seq.is<range_object>() &&
                  !seq.is<iterator_object>() && !seq.is<dict_view_object>() && !seq.is<tensor_object>() &&
                  user_special(seq, "__iter__").is_null())
                throw_type_error("cannot unpack non-iterable " + type_name(seq) + " object");
              value it = get_iter(*this, seq);
              for (;;) {
                value x = iter_next(*this, *it.as<iterator_object>());
                if (x.is_null()) break;
                items.push_back(std::move(x));
                if (items.size() > arg) break;
              }
            }
            if (items.size() < arg)
              throw py_error(exc_kind::ValueError, "not enough values to unpack (expected " + std::to_string(arg) +
                                                       ", got " + std::to_string(items.size()) + ")");
            if (items.size() > arg)
              throw py_error(exc_kind::ValueError, "too many values to unpack (expected " + std::to_string(arg) + ")");
            (--sp)->reset();
            for (std::size_t i = items.size(); i-- > 0;) *sp++ = std::move(items[i]);
            NEXT_SCOPED();
          }

          // --------------------------------------------------------- calls
          L_KW_NAMES: kwnames = consts[arg].as<tuple_object>(); NEXT();
          L_CALL: {
            value* slot = sp - arg - 2;
            const tuple_object* kw = kwnames;
            kwnames = nullptr;
            if (slot[0].is_null() && slot[1].is<bound_method_object>()) {
              // Unpack bound methods in place, so that self travels with the arguments.
              auto* m = slot[1].as<bound_method_object>();
              value func = m->func;
              value self = m->self;
              slot[0] = std::move(func);
              slot[1] = std::move(self);
            }
            value* callee;
            value* args;
            std::size_t nargs;
            if (slot[0].is_null()) {
              callee = &slot[1];
              args = slot + 2;
              nargs = arg;
            } else {
              callee = &slot[0];
              args = slot + 1;
              nargs = arg + 1;
            }
            value r;
            if (callee->is<function_object>())
              r = call_function(*callee->as<function_object>(), args, nargs, kw);
            else
              r = call(*callee, args, nargs, kw);
            while (sp > slot) (--sp)->reset();
            *sp++ = std::move(r);
            NEXT_SCOPED();
          }
          L_CALL_FUNCTION_EX: {
            value* slot = sp - 3 - (arg & 1);
            std::vector<value> args = to_vector(*this, slot[2]);
            value r;
            if (arg & 1) {
              if (!slot[3].is<dict_object>()) throw_type_error("argument after ** must be a mapping");
              std::vector<value> names;
              for (const auto& e : slot[3].as<dict_object>()->entries()) {
                if (e.key.is_null()) continue;
                names.push_back(e.key);
                args.push_back(e.val);
              }
              value kw = new_tuple(std::move(names));
              r = call(slot[1], args.data(), args.size(), kw.as<tuple_object>());
            } else {
              r = call(slot[1], args.data(), args.size(), nullptr);
            }
            while (sp > slot) (--sp)->reset();
            *sp++ = std::move(r);
            NEXT_SCOPED();
          }
          L_MAKE_FUNCTION: {
            value* code = sp - 1;
            value* p = code;
            const value* closure = (arg & 8) ? --p : nullptr;
            if (arg & 4) --p;
            if (arg & 2) --p;
            const value* defaults = (arg & 1) ? --p : nullptr;
            value fn = make_function(*this, *code, defaults, closure, globals);
            while (sp > p) (--sp)->reset();
            *sp++ = std::move(fn);
            NEXT_SCOPED();
          }

          // --------------------------------------------------------- jumps
          L_JUMP_FORWARD: ip += 2 * static_cast<std::size_t>(arg); NEXT();
          L_JUMP_BACKWARD:
            ip -= 2 * static_cast<std::size_t>(arg);
            if (step_budget_) step();
            NEXT();
          L_POP_JUMP_FORWARD_IF_FALSE: {
            const bool t = fast_truth(*this, sp[-1]);
            (--sp)->reset();
            if (!t) ip += 2 * static_cast<std::size_t>(arg);
            NEXT();
          }
          L_POP_JUMP_FORWARD_IF_TRUE: {
            const bool t = fast_truth(*this, sp[-1]);
            (--sp)->reset();
            if (t) ip += 2 * static_cast<std::size_t>(arg);
            NEXT();
          }
          L_POP_JUMP_BACKWARD_IF_FALSE: {
            const bool t = fast_truth(*this, sp[-1]);
            (--sp)->reset();
            if (!t) {
              ip -= 2 * static_cast<std::size_t>(arg);
              if (step_budget_) step();
            }
            NEXT();
          }
          L_POP_JUMP_BACKWARD_IF_TRUE: {
            const bool t = fast_truth(*this, sp[-1]);
            (--sp)->reset();
            if (t) {
              ip -= 2 * static_cast<std::size_t>(arg);
              if (step_budget_) step();
            }
            NEXT();
          }
          L_POP_JUMP_FORWARD_IF_NONE: {
            const bool t = sp[-1].is_none();
            (--sp)->reset();
            if (t) ip += 2 * static_cast<std::size_t>(arg);
            NEXT();
          }
          L_POP_JUMP_FORWARD_IF_NOT_NONE: {
            const bool t = !sp[-1].is_none();
            (--sp)->reset();
            if (t) ip += 2 * static_cast<std::size_t>(arg);
            NEXT();
          }
          L_POP_JUMP_BACKWARD_IF_NONE: {
            const bool t = sp[-1].is_none();
            (--sp)->reset();
            if (t) {
              ip -= 2 * static_cast<std::size_t>(arg);
              if (step_budget_) step();
            }
            NEXT();
          }
          L_POP_JUMP_BACKWARD_IF_NOT_NONE: {
            const bool t = !sp[-1].is_none();
            (--sp)->reset();
            if (t) {
              ip -= 2 * static_cast<std::size_t>(arg);
              if (step_budget_) step();
            }
            NEXT();
          }
          L_JUMP_IF_FALSE_OR_POP:
            if (!fast_truth(*this, sp[-1]))
              ip += 2 * static_cast<std::size_t>(arg);
            else
              (--sp)->reset();
            NEXT();
          L_JUMP_IF_TRUE_OR_POP:
            if (fast_truth(*this, sp[-1]))
              ip += 2 * static_cast<std::size_t>(arg);
            else
              (--sp)->reset();
            NEXT();

          // ----------------------------------------------------- iteration
          L_GET_ITER: {
            if (sp[-1].is<iterator_object>()) NEXT();
            value it = get_iter(*this, sp[-1]);
            sp[-1] = std::move(it);
            NEXT_SCOPED();
          }
          L_FOR_ITER: {
            if (!sp[-1].is<iterator_object>()) throw_type_error("'" + type_name(sp[-1]) + "' object is not an iterator");
            auto* it = sp[-1].as<iterator_object>();
            if (it->ik() == iter_kind::range) {
              if (it->end > 0) {
                --it->end;
                (sp++)->set_int_unchecked(it->index);
                it->index = static_cast<std::int64_t>(static_cast<std::uint64_t>(it->index) +
                                                      static_cast<std::uint64_t>(it->step));
              } else {
                (--sp)->reset();
                ip += 2 * static_cast<std::size_t>(arg);
              }
              NEXT();
            }
            if (it->ik() == iter_kind::list && !it->source.is_null()) {
              auto& items = it->source.as<list_object>()->items;
              if (it->index < static_cast<std::int64_t>(items.size())) {
                *sp++ = items[static_cast<std::size_t>(it->index++)];
                NEXT();
              }
            }
            value v = iter_next(*this, *it);
            if (v.is_null()) {
              (--sp)->reset();
              ip += 2 * static_cast<std::size_t>(arg);
            } else {
              *sp++ = std::move(v);
            }
            NEXT_SCOPED();
          }

          // ---------------------------------------------------- returning
          L_RETURN_VALUE: {
            --sp;
            value r = std::move(*sp);
            while (sp > base) (--sp)->reset();
            return r;
          }

          // --------------------------------------------------- exceptions
          L_RAISE_VARARGS: {
            if (arg == 0) {
              if (handled_exception.is_null() || handled_exception.is_none())
                throw_exception(*this, exception_class(exc_kind::RuntimeError), "No active exception to reraise");
              exc = handled_exception;
              f.lasti = static_cast<long>(ip - first) - 2;
              add_tb = false;
              goto unwind;
            }
            value e = raise_operand(*this, sp[-static_cast<std::ptrdiff_t>(arg)]);
            while (arg-- > 0) (--sp)->reset();
            exc = std::move(e);
            add_tb = true;
            goto unwind;
          }
          L_RERAISE: {
            --sp;
            value e = std::move(*sp);
            if (arg != 0 && sp[-static_cast<std::ptrdiff_t>(arg)].is_int())
              f.lasti = static_cast<long>(sp[-static_cast<std::ptrdiff_t>(arg)].as_int());
            else
              f.lasti = static_cast<long>(ip - first) - 2;
            exc = std::move(e);
            add_tb = false;
            goto unwind;
          }
          L_PUSH_EXC_INFO: {
            value e = std::move(sp[-1]);
            sp[-1] = handled_exception.is_null() ? value::none() : handled_exception;
            handled_exception = e;
            *sp++ = std::move(e);
            NEXT_SCOPED();
          }
          L_POP_EXCEPT:
            --sp;
            handled_exception = std::move(*sp);
            NEXT();
          L_CHECK_EXC_MATCH: {
            check_exception_spec(sp[-1]);
            const bool m = exception_matches(sp[-2], sp[-1]);
            sp[-1] = value::boolean(m);
            NEXT();
          }
          L_BEFORE_WITH: {
            value& mgr = sp[-1];
            value enter = lookup_special(mgr, "__enter__");
            if (enter.is_null())
              throw_type_error("'" + type_name(mgr) + "' object does not support the context manager protocol");
            value exit = lookup_special(mgr, "__exit__");
            if (exit.is_null())
              throw_type_error("'" + type_name(mgr) +
                               "' object does not support the context manager protocol (missed __exit__ method)");
            value bound_exit = value(make<bound_method_object>(mgr, exit));
            value res = call(enter, &mgr, 1, nullptr);
            sp[-1] = std::move(bound_exit);
            *sp++ = std::move(res);
            NEXT_SCOPED();
          }
          L_WITH_EXCEPT_START: {
            const value& e = sp[-1];
            value args[3] = {value(static_cast<object*>(type_of(e))), e, value::none()};
            value r = call(sp[-4], args, 3, nullptr);
            *sp++ = std::move(r);
            NEXT_SCOPED();
          }
          L_LOAD_ASSERTION_ERROR:
            *sp++ = value(static_cast<object*>(exception_class(exc_kind::AssertionError)));
            NEXT();
          L_LOAD_BUILD_CLASS: {
            value* v = builtins.find_str(std::string_view("__build_class__"));
            if (!v) throw_exception(*this, exception_class(exc_kind::NameError), "__build_class__ not found");
            *sp++ = *v;
            NEXT();
          }

        L_UNKNOWN:
            throw std::runtime_error("unknown opcode " + std::to_string(op) + " at offset " +
                                     std::to_string(ip - first - 2));

      }
    } catch (...) {
      exc = current_exception_value();
      add_tb = true;
    }
  unwind: {
    const long offset = static_cast<long>(ip - first) - 2;
    kwnames = nullptr;
    if (add_tb) {
      f.lasti = offset;
      note_raised_at(exc, co, offset);
    }
    const lasso::bytecode::exception_entry* h = co.handler_at(offset);
    if (!h) {
      while (sp > base) (--sp)->reset();
      throw py_exception{std::move(exc)};
    }
    value* target = base + h->depth;
    while (sp > target) (--sp)->reset();
    while (sp < target) ++sp;  // only for malformed code: the slots are null
    if (h->lasti) *sp++ = value::integer(f.lasti);
    *sp++ = std::move(exc);
    ip = first + h->target;
    add_tb = true;
#if MINIPY_CHECK_STACK_INVARIANT
    unwound = true;
#endif
  }
  }
}

#undef NEXT
#undef NEXT_SCOPED
#undef MINIPY_STACK_CHECK
#undef DISPATCH
#undef MINIPY_CASE
// clang-format on
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

template value interpreter::eval_loop<true>(frame&);
template value interpreter::eval_loop<false>(frame&);

// ================================================================ programs

ref<code_object> interpreter::compile(std::string_view source, std::string_view filename) {
  return compile_source(source, filename);
}

ref<dict_object> interpreter::new_globals() {
  auto g = make<dict_object>();
  g->set_str(intern("__name__").as<str_object>(), new_str("__main__"));
  return g;
}

namespace {
std::string source_line(const std::string& source, int line) {
  if (line <= 0) return {};
  std::size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = source.find('\n', pos);
    if (pos == std::string::npos) return {};
    ++pos;
  }
  std::size_t end = source.find('\n', pos);
  std::string text = source.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
  const auto b = text.find_first_not_of(" \t\r\f\v");
  if (b == std::string::npos) return {};
  const auto e = text.find_last_not_of(" \t\r\f\v");
  return text.substr(b, e - b + 1);
}
}  // namespace

void interpreter::print_exception(const value& exc) {
  std::string out;
  std::vector<const object*> seen;
  // The chain of implicit contexts, oldest first (as CPython prints them).
  std::vector<value> chain;
  for (value e = exc; e.is<instance_object>();) {
    if (std::find(seen.begin(), seen.end(), e.obj()) != seen.end()) break;
    seen.push_back(e.obj());
    chain.push_back(e);
    value next = e.as<instance_object>()->context;
    e = next;
  }
  std::reverse(chain.begin(), chain.end());
  for (std::size_t c = 0; c < chain.size(); ++c) {
    const value& e = chain[c];
    auto* inst = e.as<instance_object>();
    if (c > 0) out += "\nDuring handling of the above exception, another exception occurred:\n\n";
    if (!inst->traceback.empty()) {
      out += "Traceback (most recent call last):\n";
      std::string last;
      int repeats = 0;
      auto flush_repeats = [&] {
        if (repeats > 3)
          out += "  [Previous line repeated " + std::to_string(repeats - 3) + " more time" +
                 (repeats - 3 == 1 ? "" : "s") + "]\n";
        repeats = 0;
      };
      for (std::size_t i = inst->traceback.size(); i-- > 0;) {
        const tb_entry& t = inst->traceback[i];
        std::string entry =
            "  File \"" + t.code->filename + "\", line " + std::to_string(t.line) + ", in " + t.code->name + "\n";
        if (t.code->filename == source_file_) {
          const std::string text = source_line(source_, t.line);
          if (!text.empty()) entry += "    " + text + "\n";
        }
        if (entry == last) {
          ++repeats;
          if (repeats > 3) continue;
        } else {
          flush_repeats();
          last = entry;
          repeats = 1;
        }
        out += entry;
      }
      flush_repeats();
    }
    std::string message;
    try {
      message = to_str(*this, e);
    } catch (...) { message = "<exception str() failed>"; }
    const std::string& type = inst->cls->is_builtin ? inst->cls->name : inst->cls->qualname;
    out += message.empty() ? type + "\n" : type + ": " + message + "\n";
  }
  err_ << out;
  err_.flush();
}

int interpreter::run_main(std::string_view source, std::string_view filename) {
  source_ = std::string(source);
  source_file_ = std::string(filename);
  ref<code_object> code;
  try {
    code = compile_source(source, filename);
  } catch (const syntax_error& e) {
    flush();
    err_ << e.what() << "\nSyntaxError: " << e.message << "\n";
    err_.flush();
    return 1;
  } catch (const std::bad_alloc&) {
    flush();
    err_ << filename << ": program too large\nMemoryError\n";
    err_.flush();
    return 1;
  } catch (const std::exception& e) {
    flush();
    err_ << filename << ": internal compiler error: " << e.what() << "\nSystemError: " << e.what() << "\n";
    err_.flush();
    return 1;
  }
  ref<dict_object> globals = new_globals();
  int status = 0;
  try {
    run_code(*code, *globals, globals.get());
  } catch (...) {
    value exc = current_exception_value();
    try {
      flush();
    } catch (...) {}
    print_exception(exc);
    status = 1;
  }
  handled_exception.reset();
  flush();
  // Break the module's reference cycles now (functions refer to their globals).
  globals->clear();
  return status;
}

// ============================================================= big stacks

namespace {
struct thread_job {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

extern "C" void* minipy_thread_main(void* p) {
  auto* job = static_cast<thread_job*>(p);
  try {
    (*job->fn)();
  } catch (...) { job->error = std::current_exception(); }
  return nullptr;
}
}  // namespace

void run_with_large_stack(const std::function<void()>& fn, std::size_t stack_bytes) {
  thread_job job{&fn, nullptr};
  pthread_attr_t attr;
  bool started = false;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0) {
    if (pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
        pthread_create(&thread, &attr, &minipy_thread_main, &job) == 0)
      started = true;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    fn();  // no thread available: run here, with the stack we have
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

int run_source(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err,
               const run_options& options) {
  int status = 1;
  run_with_large_stack([&] {
    interpreter in(out, err);
    in.set_options(options);
    status = in.run_main(source, filename);
  });
  return status;
}

int run_source(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err) {
  return run_source(source, filename, out, err, run_options{});
}

}  // namespace minipy
