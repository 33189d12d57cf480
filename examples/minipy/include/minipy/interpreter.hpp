// The minipy interpreter: frames, calls, the eval loop over raw bytecode, exception
// handling by the code's exception table (CPython 3.11's model), tracebacks, the
// recursion limit, and the hook graph capture uses to take over frames.
//
// An interpreter owns a heap (value.hpp): every object it creates is freed when it is
// destroyed, so values must not outlive it. It runs on the calling thread; `run_source`
// runs a whole program on a thread with a 512 MB stack so that deep recursion (1000
// Python frames, deeply nested data, sanitizer builds) never overflows the C++ stack.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "minipy/code.hpp"
#include "minipy/object.hpp"

// MINIPY_CHECK_STACK_INVARIANT: when 1, the eval loop checks the stack invariant (see
// `frame` below) after every instruction and aborts where it fails. On where assertions
// are (NDEBUG undefined: Debug and sanitizer builds), off in optimised builds, whose loop
// then pays nothing; define it to 0 or 1 to choose.
#ifndef MINIPY_CHECK_STACK_INVARIANT
#ifdef NDEBUG
#define MINIPY_CHECK_STACK_INVARIANT 0
#else
#define MINIPY_CHECK_STACK_INVARIANT 1
#endif
#endif

namespace minipy {

/// A Python frame. Fast locals, cells and the value stack are one contiguous array of
/// `code->frame_size` values: the fast locals, the cells, then the value stack
/// (`code->stacksize` slots and one spare).
///
/// The stack invariant. Between two instructions of the eval loop, with `sp` its stack
/// pointer, the stack holds the values in [stack(), sp), at most `code->stacksize` of
/// them, and every slot from `sp` to the end of the frame is null. The loop relies on
/// it: PUSH_NULL pushes by moving `sp` alone; CALL tells a plain call (a NULL below the
/// callable) from a method call (the method below its self); the range path of
/// FOR_ITER pushes with `set_int_unchecked`, which would leak an object left in the
/// slot; and unwinding to a handler whose stack depth is above `sp` (only in malformed
/// code) steps over slots it takes for null. So every handler must leave each slot it
/// pops null: reset it, move out of it, or `clear_inline` it when it knows the slot
/// holds an int, float, bool or None. Builds without NDEBUG (Debug, the sanitizer
/// build) check this after every instruction and abort, naming the instruction that
/// broke it (MINIPY_CHECK_STACK_INVARIANT above).
struct frame {
  code_object* code = nullptr;
  function_object* func = nullptr;  ///< null for module and class bodies
  dict_object* globals = nullptr;
  dict_object* locals = nullptr;  ///< the LOAD_NAME namespace (module/class bodies)
  value* localsplus = nullptr;    ///< code->frame_size values
  frame* back = nullptr;
  long lasti = -1;  ///< byte offset of the executing instruction

  value* fast() const noexcept { return localsplus; }
  value* cells() const noexcept { return localsplus + code->nlocals; }
  value* stack() const noexcept { return localsplus + code->nlocals + code->ncells; }
};

/// The builtin classes (types are classes in minipy, as in Python).
struct builtin_types {
  class_object *none = nullptr, *bool_ = nullptr, *int_ = nullptr, *float_ = nullptr, *str = nullptr, *tuple = nullptr,
               *list = nullptr, *dict = nullptr, *function = nullptr, *builtin = nullptr, *method = nullptr,
               *type = nullptr, *code = nullptr, *cell = nullptr, *range = nullptr, *slice = nullptr, *tensor = nullptr,
               *no_grad = nullptr, *enable_grad = nullptr;
  class_object* views[3] = {};        ///< dict_keys, dict_values, dict_items
  class_object* iterators[10] = {};   ///< by iter_kind
  class_object* exceptions[16] = {};  ///< by exc_kind
  class_object* exception = nullptr;
  class_object* unbound_local_error = nullptr;
  class_object* memory_error = nullptr;
};

/// The types of the running interpreter (used by type_of).
const builtin_types& current_types() noexcept;

struct run_options {
  /// Stop a program after this many backward jumps plus calls, and passes of a compiled
  /// graph's while_loop (0: no limit), with `RuntimeError: step budget exhausted`. For
  /// fuzzing with untrusted programs.
  std::uint64_t max_steps = 0;
  /// Stop a program with MemoryError once the containers, strings and tensors it makes
  /// in bulk (check_allocation in numeric.hpp: repetition, concatenation, conversions,
  /// tensor results, repr) add up to more than this many bytes (0: no limit). Freed
  /// memory is not given back: with `max_steps`, this bounds the memory and the work of
  /// an untrusted program. For fuzzing.
  std::uint64_t memory_budget = 0;
};

class interpreter {
 public:
  interpreter(std::ostream& out, std::ostream& err);
  ~interpreter();
  interpreter(const interpreter&) = delete;
  interpreter& operator=(const interpreter&) = delete;

  /// The interpreter of the calling thread (the most recently constructed one).
  /// Inline: graph capture reads the grad-mode flag through it on every cache hit.
  static interpreter* current() noexcept { return current_; }

  // ------------------------------------------------------------ graph capture
  /// Called instead of `eval_frame` for every call of a function whose `capture` flag
  /// is set (see the `capture` builtin), with the frame prepared: arguments bound,
  /// nothing executed yet. The evaluator may run the frame itself (`eval_frame`), run
  /// other code against its locals, or anything else; it returns the call's result.
  /// Empty (the default): captured functions run eagerly like any other.
  using frame_evaluator_fn = std::function<value(interpreter&, frame&)>;
  frame_evaluator_fn frame_evaluator;
  /// Called by `set_stance(name)` with a valid stance name ("default", "force_eager",
  /// "eager_on_recompile", "fail_on_recompile"). Empty: the builtin does nothing.
  std::function<void(std::string_view)> stance_setter;
  /// Called by `disable(fn)` with the function: graph capture must never capture it
  /// nor inline its calls (lasso's `runtime::disable`). Empty: the builtin does nothing.
  std::function<void(function_object&)> capture_disabler;

  /// Evaluates a prepared frame eagerly, from its first instruction.
  value eval_frame(frame& f);

  // -------------------------------------------------------------------- calls
  /// Calls any callable. The last `kwnames->items.size()` arguments are keyword
  /// arguments named by `kwnames` (a tuple of str), as CPython's vectorcall.
  value call(const value& callable, const value* args, std::size_t nargs, const tuple_object* kwnames = nullptr);
  value call(const value& callable, std::initializer_list<value> args);
  /// Calls a Python function: binds the arguments into a new frame and evaluates it
  /// (through `frame_evaluator` when the function is marked for capture).
  value call_function(function_object& fn, const value* args, std::size_t nargs, const tuple_object* kwnames = nullptr);
  /// Runs a code object in a new frame with the given namespaces: module code
  /// (`locals` == `globals`) or a class body (`locals` = the class namespace).
  value run_code(code_object& code, dict_object& globals, dict_object* locals, const value& closure = {});
  /// Calls a code object as a function of `globals` with positional arguments (and the
  /// tuple of cells its free variables need, if any), e.g. a code rewritten by lasso.
  value call_code(code_object& code, dict_object& globals, const value* args, std::size_t nargs,
                  const value& closure = {});
  /// Runs `code`, a rewrite of the code of frame `f` (by lasso, say: the same arguments,
  /// cells and free variables), in a new frame of `f`'s function: its globals and
  /// closure, and `f`'s first `nargs` locals as the arguments. Unlike `call_code` it
  /// makes no function object, and the frame runs here, never through `frame_evaluator`.
  value call_code_of_frame(code_object& code, const frame& f, std::size_t nargs);
  /// Calls `fn` with positional arguments as a CALL at byte `offset` of `code` would: an
  /// exception leaves with that instruction's line added to its traceback, and the
  /// exception being handled as its context. For code run outside the eval loop (lasso
  /// runs the code at a graph break itself).
  value call_as_instruction(code_object& code, long offset, const value& fn, const value* args, std::size_t nargs);

  // ------------------------------------------------------------------ programs
  /// Compiles a module. Throws minipy::syntax_error.
  ref<code_object> compile(std::string_view source, std::string_view filename);
  /// A fresh module namespace (`__name__` = "__main__").
  ref<dict_object> new_globals();
  /// Compiles and runs a program, printing syntax errors and uncaught exceptions to
  /// the error stream. Returns the exit status (0 or 1).
  int run_main(std::string_view source, std::string_view filename);
  /// Prints a Python-style traceback of `exc` to the error stream.
  void print_exception(const value& exc);

  // ------------------------------------------------------- runtime services
  value make_exception(class_object* cls, std::string message);
  value make_exception(exc_kind kind, std::string message);
  /// Converts the C++ exception being handled (py_error, py_exception, bad_alloc, ...)
  /// into a Python exception value. Call only inside a catch block.
  value current_exception_value();
  class_object* exception_class(exc_kind kind) const noexcept { return types_.exceptions[static_cast<int>(kind)]; }
  /// An interned str object: equal names share one object, so attribute and global
  /// lookups usually match by address.
  value intern(std::string_view s);
  void write(std::string_view text);
  void flush();
  const builtin_types& types() const noexcept { return types_; }
  builtin_types& mutable_types() noexcept { return types_; }
  dict_object& builtins() noexcept { return *builtins_; }
  frame* current_frame() const noexcept { return current_frame_; }
  /// Live heap objects of this interpreter (refcounting frees garbage at once, so this
  /// stays flat while a program runs in a loop).
  std::size_t live_objects() const noexcept { return heap_.count(); }
  std::ostream& out() noexcept { return out_; }
  std::ostream& err() noexcept { return err_; }

  /// Enters native recursion (repr of nested containers, comparisons, ...), sharing the
  /// Python recursion limit. Throws RecursionError with CPython's suffix `where`.
  void enter_recursion(const char* where);
  void leave_recursion() noexcept { --depth_; }
  struct recursion_scope {
    interpreter& in;
    recursion_scope(interpreter& i, const char* where) : in(i) { in.enter_recursion(where); }
    ~recursion_scope() { in.leave_recursion(); }
    recursion_scope(const recursion_scope&) = delete;
    recursion_scope& operator=(const recursion_scope&) = delete;
  };

  void set_options(const run_options& o) noexcept {
    steps_left_ = o.max_steps;
    step_budget_ = o.max_steps != 0;
    memory_left_ = o.memory_budget;
    memory_budget_ = o.memory_budget != 0;
  }
  /// Spends a step of the step budget (run_options::max_steps), if there is one: for a
  /// loop the interpreter does not run itself (a compiled graph's while_loop).
  void charge_step() {
    if (step_budget_) step();
  }
  /// Whether `bytes` more fit in what is left of the memory budget (always without one).
  bool memory_allows(std::uint64_t bytes) const noexcept { return !memory_budget_ || bytes <= memory_left_; }
  /// Charges `bytes` to the memory budget (run_options::memory_budget); throws
  /// std::bad_alloc when they exceed what is left.
  void charge_memory(std::uint64_t bytes) {
    if (!memory_budget_) return;
    if (bytes > memory_left_) throw std::bad_alloc();
    memory_left_ -= bytes;
  }

  // ------------------------------------------------------------------- state
  bool grad_enabled = true;    ///< the global grad-mode flag of the capture builtins
  int recursion_limit = 1000;  ///< Python frames (plus native recursion) allowed
  value handled_exception;     ///< the exception being handled (sys.exc_info()), or null
  /// When set, every executed instruction is counted in `instructions_executed`
  /// (an instantiation of the eval loop of its own, so the normal loop pays nothing).
  bool count_instructions = false;
  std::uint64_t instructions_executed = 0;

 private:
  template <bool Counting> value eval_loop(frame& f);
  void bind_arguments(function_object& fn, value* fast, const value* args, std::size_t nargs,
                      const tuple_object* kwnames);
  value call_class(class_object& cls, const value* args, std::size_t nargs, const tuple_object* kwnames);
  void step();
  void add_traceback(const value& exc, code_object& code, int line);
  /// What unwinding does for `exc` raised by the instruction at byte `offset` of `code`:
  /// its traceback line, and the exception being handled as its context.
  void note_raised_at(const value& exc, code_object& code, long offset);

  // Contiguous stack of frame storage, allocated and freed in LIFO order.
  struct arena_chunk {
    std::unique_ptr<value[]> data;
    std::size_t size = 0;
    std::size_t used = 0;
  };
  value* alloc_frame(std::size_t n);
  bool room_for(std::size_t n) const noexcept;  ///< the top chunk has room for n more values
  void make_room(std::size_t n);                ///< makes the top chunk one that has
  void free_frame(value* p, std::size_t n) noexcept;
  void leave_empty_chunks() noexcept;

  static inline thread_local interpreter* current_ = nullptr;
  heap heap_;
  heap* previous_heap_ = nullptr;
  interpreter* previous_interpreter_ = nullptr;
  const builtin_types* previous_types_ = nullptr;
  std::ostream& out_;
  std::ostream& err_;
  std::string out_buffer_;
  builtin_types types_;
  std::vector<ref<class_object>> owned_types_;
  ref<dict_object> builtins_;
  std::unordered_map<std::string, value> interned_;
  value init_name_;  ///< "__init__", interned (its hash is cached)
  std::vector<arena_chunk> arena_;
  std::size_t arena_top_ = 0;
  frame* current_frame_ = nullptr;
  int depth_ = 0;
  std::uint64_t steps_left_ = 0;
  bool step_budget_ = false;
  std::uint64_t memory_left_ = 0;
  bool memory_budget_ = false;
  std::string source_;  ///< the main program's text (for source lines in tracebacks)
  std::string source_file_;

  friend void install_builtins(interpreter& in);
  friend struct frame_guard;
  friend struct frame_storage;
};

/// Creates the builtin classes, functions and methods (builtins.cpp).
void install_builtins(interpreter& in);

/// Runs a whole program on a thread with a 512 MB stack; prints its output to `out`,
/// syntax errors and uncaught exceptions to `err`; returns the exit status.
int run_source(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err);
int run_source(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err,
               const run_options& options);

/// Runs `fn` on a new thread with a stack of `stack_bytes` and waits for it.
void run_with_large_stack(const std::function<void()>& fn, std::size_t stack_bytes = std::size_t{512} << 20);

}  // namespace minipy
