// minipy's graph-capture adapter: everything lasso needs to capture minipy frames
// (lasso/adapter.hpp's InterpreterAdapter): reading frames and values for guards,
// classifying values and the shape rules of every tensor operation for the translator,
// running operators eagerly through minipy itself, and running (transformed) code.
//
// The shape rules reuse tensor.hpp's meta functions, so an operation that cannot be
// captured reports the exact Python error the eager run raises ("ValueError: shapes
// (2, 3) and (4,) cannot be broadcast"). Eager operators (`run_op`) call the
// interpreter's own protocol functions and builtins, so a graph run eagerly computes
// bit-for-bit what the uncaptured program computes.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <lasso/adapter.hpp>
#include <lasso/comptime.hpp>
#include <lasso/global_state.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/settings.hpp>

#include "minipy/adapter.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/reasons.hpp"
#include "minipy/tensor.hpp"

namespace minipy {

/// Compact text of tensor metadata: "f64[2, 3]", "i64[]".
std::string describe(const tensor_meta& m);

struct capture_adapter : bytecode_adapter {
  using value = minipy::value;
  using code = ref<code_object>;
  using frame = minipy::frame;
  using tensor_meta = minipy::tensor_meta;

  /// minipy's entries in the registry of reasons (minipy/reasons.hpp).
  static constexpr std::span<const lasso::reason_entry> reasons{minipy_reasons};

  /// Every optional feature: grad mode is minipy's one global-state variable
  /// (`global_states`), which graphs set (`global_state_setter`).
  /// Every tensor operation makes a new tensor object (even `t()` of a 1-D tensor
  /// copies), and tensors have no `__eq__`: `==` between tensors is identity. minipy's
  /// list and dict methods are Python's.
  static constexpr lasso::feature_set features{
      lasso::feature::template_constants,
      lasso::feature::code_cache_slot,
      lasso::feature::graph_breaks,
      lasso::feature::closure_resume,
      lasso::feature::inlining,
      lasso::feature::code_constants,
      lasso::feature::construction,
      lasso::feature::traced_exceptions,
      lasso::feature::instances,
      lasso::feature::closures,
      lasso::feature::cell_identity,
      lasso::feature::cell_making,
      lasso::feature::attribute_stores,
      lasso::feature::higher_order,
      lasso::feature::row_mapping,
      lasso::feature::loop_pass,
      lasso::feature::global_state_setter,
      lasso::feature::context_manager_values,
      lasso::feature::comptime,
      lasso::feature::symbolic_shapes,
      lasso::feature::constant_methods,
      lasso::feature::tensor_results_are_new,
      lasso::feature::tensor_equality_is_identity,
      lasso::feature::python_container_methods,
      lasso::feature::identity_equality,
      lasso::feature::object_versions,
      lasso::feature::fixed_types_and_shapes,
      lasso::feature::global_read_caches,
      lasso::feature::prepared_operations,
      lasso::feature::global_states,
      lasso::feature::native_break_code,
  };

  /// Grad mode, minipy's one global-state variable. minipy has no autograd: no tensor
  /// operation depends on it, only `is_grad_enabled()` and the blocks that save it to
  /// put it back do (`explicit_reads_only`), so a translation that does not read it is
  /// not guarded on it.
  static constexpr std::array<lasso::global_state_variable, 1> global_states{
      lasso::global_state_variable{"grad_mode", "grad mode", "set_grad_enabled", true}};
  static bool global_state(std::size_t /*grad mode*/) { return grad_enabled(); }

  // ---------------------------------------------------------------- guards
  // The reads and checks every cache hit makes are defined here, so that they inline
  // into the guard check.
  /// The fast local `i`, or nullptr while unbound.
  static const value* frame_local(const frame& f, std::size_t i) {
    if (i >= f.code->nlocals) return nullptr;
    const value* v = f.fast() + i;
    return v->is_null() ? nullptr : v;
  }
  /// Cell `i` (cellvars, then freevars). Free variables are read from the function's
  /// closure (the frame's slots are filled only when COPY_FREE_VARS runs); a cellvar
  /// whose cell MAKE_CELL has not made yet reads the argument it starts from, if any.
  static const value* frame_cell_contents(const frame& f, std::size_t i);
  /// The cell object itself (lasso::CellIdentityAdapter); nullptr before MAKE_CELL.
  static const value* frame_cell(const frame& f, std::size_t i);
  /// The frame's globals, then the builtins.
  static const value* frame_global(const frame& f, std::string_view name);
  /// Where a guard found a global (lasso::feature::global_read_caches), as LOAD_GLOBAL
  /// caches it: good while neither namespace gained or lost a name (a value replaced
  /// stays in its place). Dict versions are unique across all dicts, so matching them
  /// also says the namespaces are the same dicts.
  struct global_cache {
    std::uint64_t globals_version = 0;
    std::uint64_t builtins_version = 0;
    const value* found = nullptr;  ///< null: nothing cached
  };
  static const value* frame_global(const frame& f, std::string_view name, global_cache& c) {
    interpreter* in = interpreter::current();
    if (!f.globals || !in) return frame_global(f, name);
    const std::uint64_t globals_version = f.globals->version(), builtins_version = in->builtins().version();
    if (c.found && c.globals_version == globals_version && c.builtins_version == builtins_version) return c.found;
    c = {globals_version, builtins_version, frame_global(f, name)};
    return c.found;
  }
  /// Side-effect-free attribute read: instance dict, exception `args`, plain data found
  /// on the class (not functions: reading one binds a new method object); class
  /// attributes of a class; a bound method's `__self__`/`__func__`; a function's
  /// `__defaults__` and `__closure__`.
  static std::optional<value> attribute(const value& v, std::string_view name);
  /// Tuple/list item `k` (0 <= k < len).
  static std::optional<value> item(const value& v, std::int64_t k);
  /// Dict item with a str key.
  static std::optional<value> item(const value& v, std::string_view key);
  static std::uintptr_t type_identity(const value& v);
  static std::uintptr_t identity(const value& v);
  /// Same type (1, True and 1.0 all differ) and same value (floats bit for bit).
  static bool matches_constant(const value& v, const lasso::constant& c);
  /// Same dtype, rank and static sizes; a symbolic size matches any (lasso checks those).
  static bool matches_tensor_meta(const value& v, const tensor_meta& m) {
    if (!v.is<tensor_object>()) return false;
    const tensor& t = v.as<tensor_object>()->t;
    if (t.dtype() != m.dtype || t.shape().size() != m.shape.size()) return false;
    const shape_t& s = t.shape();
    for (std::size_t i = 0; i < s.size(); ++i)
      if (m.shape[i].is_constant() && s[i] != m.shape[i].hint()) return false;
    return true;
  }
  // Symbolic shapes (lasso::feature::symbolic_shapes).
  static std::span<const lasso::sym_int> meta_sizes(const tensor_meta& m) { return m.shape; }
  static void set_meta_size(tensor_meta& m, std::size_t dim, const lasso::sym_int& s) { m.shape.at(dim) = s; }
  static std::int64_t tensor_size(const value& v, std::size_t dim) { return v.as<tensor_object>()->t.shape()[dim]; }
  static std::uint64_t marked_dynamic(const value& v) { return v.as<tensor_object>()->dynamic_dims; }
  static std::optional<std::size_t> length(const value& v);
  /// The state tag of an instance (not of an exception: its `args` lives outside its
  /// dict), a class or a dict (lasso::feature::object_versions): the largest of the
  /// object's creation tag and the contents versions of its dict and of its classes'
  /// dicts. Every change to one of them takes a number larger than any given before, so
  /// the largest changes too. minipy has no `__class__` or `__bases__` assignment.
  static std::uint64_t object_version(const value& v) {
    if (!v.is_object()) return 0;
    std::uint64_t version = 0;
    const class_object* cls = nullptr;
    if (const auto* d = v.get_if<dict_object>()) return d->contents_version();
    if (const auto* inst = v.get_if<instance_object>()) {
      if (inst->cls->is_exception) return 0;
      version = inst->tag;
      if (inst->dict) version = std::max(version, inst->dict->contents_version());
      cls = inst->cls.get();
    } else if (const auto* c = v.get_if<class_object>()) {
      version = c->tag;
      cls = c;
    } else {
      return 0;
    }
    for (; cls; cls = cls->base.get())
      if (cls->dict) version = std::max(version, cls->dict->contents_version());
    return version;
  }
  static bool grad_enabled() {
    const interpreter* in = interpreter::current();
    return in ? in->grad_enabled : true;
  }
  /// Grad mode (lasso::feature::global_state_setter): graph nodes
  /// `set_grad_enabled(flag)` set it.
  static void set_global_state(std::size_t /*grad mode*/, bool on) {
    if (interpreter* in = interpreter::current()) in->grad_enabled = on;
  }
  static std::string describe_value(const value& v);
  static std::string describe_meta(const tensor_meta& m) { return describe(m); }

  // ------------------------------------------------------------ translator
  static lasso::value_kind classify(const value& v);
  static lasso::constant constant_of(const value& v);
  static std::optional<lasso::constant> constant_from_value(const value& v);
  static tensor_meta tensor_meta_of(const value& v);
  static std::vector<value> elements(const value& v);
  static std::vector<std::pair<std::string, value>> dict_items(const value& v);
  static std::string type_name(const value& v);
  /// A builtin function's name (a class's name for classes).
  static std::string builtin_name(const value& v);
  static lasso::builtin_behaviour builtin_behaviour(const value& v);
  /// A `no_grad()` or `enable_grad()` object: what its class does as a builtin.
  static std::optional<lasso::builtin_behaviour> context_manager_behaviour(const value& v);
  /// Runs a pure builtin on constant arguments; nullopt on any error.
  static std::optional<value> call_pure(const value& fn, std::span<const value> args);
  /// Runs str method `name` of `args[0]` on the rest (all constants, or tuples and
  /// lists of them); nullopt for other methods and on any error.
  static std::optional<value> call_constant_method(std::string_view name, std::span<const value> args);
  static value make_list(std::vector<value> items);
  static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op,
                                                       std::span<const lasso::operand<tensor_meta>> args);
  static lasso::static_attribute tensor_attribute(const tensor_meta& m, std::string_view name);

  // ----------------------------------------------------------------- eager
  /// Runs an operator exactly as the interpreter does (throws py_error/py_exception):
  /// prepare_op, then run_prepared.
  static value run_op(std::string_view op, std::span<const value> args, bool is_method);
  /// An operation resolved once per graph (lasso::feature::prepared_operations): an
  /// operator by its number, a builtin by its function object; the rest (methods) by
  /// name, as run_op does.
  struct prepared_op {
    enum class kind : std::uint8_t { binary, neg, getitem, builtin, by_name };
    kind how = kind::by_name;
    int binop = 0;
    value fn;
    std::string name;
    /// A method's name as the interpreter's interned str, made once (load_method takes
    /// one; interning on each call costs a hash lookup); null when prepared with no
    /// interpreter running.
    value interned_name;
    bool is_method = false;
  };
  static prepared_op prepare_op(std::string_view op, bool is_method);
  static value run_prepared(const prepared_op& op, std::span<const value> args);
  static value value_of_constant(const lasso::constant& c);
  /// Tensors: same dtype, shape and elements; tuples/lists item by item; others: same
  /// constant or the same object.
  static bool same_result(const value& a, const value& b);

  // --------------------------------------------------------------- running
  static code frame_code(const frame& f) { return code(f.code); }
  static std::uintptr_t code_identity(const code& c) { return reinterpret_cast<std::uintptr_t>(c.get()); }
  static void*& code_cache_slot(const code& c) { return c->extra; }
  /// Runs `c` (the frame's code transformed) with the frame's arguments and closure.
  static value call_code(const frame& f, const code& c);
  static value run_eagerly(frame& f);
  /// Calls `fn` as the CALL at byte `offset` of generated code `c` would (lasso runs the
  /// code at a graph break itself): an exception gets that line in the traceback.
  static value call_at(const frame& f, const code& c, std::size_t offset, const value& fn, std::span<const value> args);
  /// A builtin function that calls `fn`; C++ exceptions other than Python ones become
  /// RuntimeError. Prints as `<compiled graph NAME>` in disassembly.
  static value make_host_function(std::string name, lasso::host_function<value> fn);
  static value make_tuple(std::vector<value> items);

  // ------------------------------------------------------------ graph breaks
  /// A function running the resume code `c` with the globals and closure of the
  /// function running `f`, marked for capture with its settings.
  static value make_resume_function(const code& c, const frame& f);
  /// A copy of resume function `fn` whose closure is the tuple of cells `cells`
  /// (lasso::ClosureResumeAdapter: breaks in functions with cells).
  static value with_closure(const value& fn, const value& cells);
  /// minipy codes have no *args or **kwargs flags: every parameter is positional.
  static std::uint32_t positional_flags(std::uint32_t flags) { return flags; }

  // ---- inlining (lasso::InlineAdapter) ---------------------------------------
  static code function_code(const value& fn) { return code(fn.as<function_object>()->code); }
  static bool same_globals(const value& fn, const frame& f) {
    return fn.is<function_object>() && fn.as<function_object>()->globals.get() == f.globals;
  }
  /// The code of a code constant (what MAKE_FUNCTION takes).
  static std::optional<code> code_constant(const value& v) {
    if (!v.is<code_object>()) return std::nullopt;
    return code(ref<code_object>(v.as<code_object>()));
  }
  /// A user class that is not an exception class: interpreter::call_class makes an
  /// empty instance and calls the __init__ found through the class (lasso::ConstructAdapter).
  static bool constructs_instance(const value& cls) {
    const class_object* c = cls.get_if<class_object>();
    return c && !c->ctor && !c->is_exception && !c->is_builtin;
  }

  /// An exception class whose call stores its positional arguments as `args` and runs
  /// no interpreted code: no constructor of its own, and the `__init__` it finds is
  /// Exception's builtin one (interpreter::call_class; lasso::TracedExceptionAdapter).
  static bool plain_exception_class(const value& cls) {
    class_object* c = cls.get_if<class_object>();
    if (!c || !c->is_exception || c->ctor) return false;
    const value* init = c->lookup("__init__");
    return !init || init->is<builtin_object>();
  }
  /// Whether `except spec` catches an exception of class `cls`: a subclass of `spec`, or
  /// of a class in the tuple `spec`; nothing when `spec` is neither (eagerly a TypeError).
  static std::optional<bool> exception_matches(const value& cls, const value& spec) {
    const class_object* c = cls.get_if<class_object>();
    if (!c) return std::nullopt;
    const auto catches = [&](const value& s) -> std::optional<bool> {
      const class_object* k = s.get_if<class_object>();
      if (!k || !k->is_exception) return std::nullopt;
      return c->is_subclass_of(k);
    };
    if (!spec.is<tuple_object>()) return catches(spec);
    bool any = false;
    for (const value& s : spec.as<tuple_object>()->items) {
      const auto one = catches(s);
      if (!one) return std::nullopt;
      any = any || *one;
    }
    return any;
  }

  /// An instance of such a class with no attributes, __init__ not called, for
  /// generated code that builds an object made in the trace (lasso::InstanceAdapter).
  static value new_instance(const value& cls);

  /// An empty cell, for generated code that makes a closure over a cell an inlined
  /// call made (lasso::CellMakingAdapter).
  static value new_cell() { return value(make<cell_object>()); }

  /// The contents of cell `i` of a function's closure (lasso::ClosureAdapter).
  static std::optional<value> function_cell_contents(const value& fn, std::size_t i) {
    const function_object* f = fn.get_if<function_object>();
    if (!f || !f->closure.is<tuple_object>()) return std::nullopt;
    const auto& cells = f->closure.as<tuple_object>()->items;
    if (i >= cells.size() || !cells[i].is<cell_object>()) return std::nullopt;
    const value& contents = cells[i].as<cell_object>()->contents;
    if (contents.is_null()) return std::nullopt;
    return contents;
  }

  // ---- higher-order operators ----------------------------------------------------
  /// The truth of a predicate of cond or while_loop (lasso::HigherOrderAdapter).
  static bool truth(const value& v);
  /// A pass of a compiled graph's while_loop (lasso::LoopPassAdapter): a step of the
  /// interpreter's step budget, so a budget ends an endless loop captured or not.
  static void loop_pass();
  /// map_rows (lasso::RowMappingAdapter): a tensor's rows, rows stacked, and the
  /// metadata of n stacked rows.
  static std::vector<value> tensor_rows(const value& v);
  static value stack_rows(const std::vector<value>& rows);
  static tensor_meta stacked_meta(const tensor_meta& m, std::int64_t n);

  // ---- comptime (comptime.cpp) ---------------------------------------------------
  /// Calls a comptime callback with a context object (lasso::ComptimeAdapter), with
  /// capture off; returns the error it raised ("ValueError: ..."), if it raised.
  static std::optional<std::string> run_comptime(const lasso::comptime_callback<capture_adapter>& callback,
                                                 const frame& f, lasso::comptime_context<capture_adapter>& ctx);

  // ---- side effects ------------------------------------------------------------
  /// minipy classes have no __setattr__ and no descriptors: storing an attribute of
  /// an instance of a user class sets its own attribute, except `args` of an
  /// exception and the special `__class__` (lasso::AttributeStoreAdapter).
  static bool plain_attribute_store(const value& obj, std::string_view name) {
    const instance_object* inst = obj.get_if<instance_object>();
    if (!inst || name == "__class__" || name == "__dict__") return false;
    return !(inst->cls->is_exception && name == "args");
  }
};

static_assert(lasso::check_interpreter_adapter<capture_adapter>());
static_assert(lasso::InterpreterAdapter<capture_adapter>);
static_assert(lasso::HasCodeCacheSlot<capture_adapter>);
static_assert(lasso::ResumeAdapter<capture_adapter>);
static_assert(lasso::ClosureResumeAdapter<capture_adapter>);
static_assert(lasso::InlineAdapter<capture_adapter>);
static_assert(lasso::ConstructAdapter<capture_adapter>);
static_assert(lasso::InstanceAdapter<capture_adapter>);
static_assert(lasso::AttributeStoreAdapter<capture_adapter>);
static_assert(lasso::ClosureAdapter<capture_adapter>);
static_assert(lasso::CellIdentityAdapter<capture_adapter>);
static_assert(lasso::CellMakingAdapter<capture_adapter>);
static_assert(lasso::ComptimeAdapter<capture_adapter>);
static_assert(lasso::HigherOrderAdapter<capture_adapter>);
static_assert(lasso::RowMappingAdapter<capture_adapter>);

// ======================================================= `minipy run` with capture

/// How `minipy run` captures the functions marked with `@capture`.
struct capture_run_options {
  /// false (`--no-capture`): marked functions run eagerly; no runtime is created.
  bool capture = true;
  /// `--backend`: overrides every `@capture(backend=...)`; empty: each function's own.
  std::string backend;
  /// `--dynamic auto|true|false`: overrides every `@capture(dynamic=...)`; unset: each
  /// function's own.
  std::optional<lasso::symbolic::dynamic_shapes> dynamic;
  /// `--stance NAME`: the runtime's stance at the start (`set_stance()` changes it).
  lasso::stance stance = lasso::stance::standard;
  /// false (`--interpreted-breaks`): the code at graph breaks runs in the interpreter,
  /// not in lasso (lasso::runtime_options::native_break_code), to compare the two.
  bool native_break_code = true;
  /// `--explain`: the human report, written to the error stream at exit.
  bool explain = false;
  /// `--explain-json FILE`: the report as JSON, written to FILE at exit.
  std::string explain_json;
  /// `--logs LIST`: log artifacts (lasso::parse_log_artifacts), written to the error stream.
  std::string logs;
  /// `--dot DIR`: one DOT file per compiled graph, `DIR/<function>_<n>.dot`.
  std::string dot_dir;
  /// `--report DIR`: the report as a web page, DIR/index.html (lasso/runtime/html_report.hpp),
  /// its graphs drawn by Graphviz's `dot` when it is on the PATH.
  std::string report_dir;
  run_options run;
};

/// Runs a program as `minipy run` does (run_source), with a lasso runtime behind
/// `interpreter::frame_evaluator`: every call of a `@capture` function goes through
/// `runtime::eval_frame` with the function's backend and fullgraph settings (a
/// fullgraph failure raises RuntimeError with lasso's message). At exit, also after
/// an uncaught exception, the runtime is destroyed before the interpreter and the
/// reports are written; `report`, when given, receives the explain report. Throws
/// std::invalid_argument for a bad `logs` list; returns the exit status (0, 1, or 2
/// when a report file cannot be written).
int run_source_with_capture(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err,
                            const capture_run_options& options, lasso::explain_report* report = nullptr);

}  // namespace minipy
