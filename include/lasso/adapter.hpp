// lasso/adapter.hpp
//
// What an interpreter author writes: an adapter type that describes their interpreter
// to lasso. This header gathers the requirements as concepts, from the bytecode layer
// (decode, assemble, disassemble) up to graph capture (frames, values, tensor operators,
// running code). `check_interpreter_adapter<A>()` names each missing member with one
// readable message, so a wrong adapter fails with a sentence instead of a page of
// template errors.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/unsupported.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// The semantic opcode vocabulary adapters map their opcodes onto.
using bytecode::op;

/// How the builder treats a frame value (`A::classify`).
enum class value_kind : std::uint8_t {
    none, boolean, integer, floating, string, ///< constants (`A::constant_of`)
    tuple, list,                              ///< sequences (`A::elements`)
    dict,                                     ///< string-keyed dicts (`A::dict_items`)
    tensor,                                   ///< `A::tensor_meta_of`
    function,                                 ///< an interpreted function
    builtin,                                  ///< `A::builtin_behaviour`
    type,                                     ///< a class
    other,                                    ///< any other object (kept by reference)
};

/// An operand of a tensor operation, for the adapter's shape rules: a tensor, a
/// constant, or a tuple or list whose items are constants or such sequences again
/// (`tensor([[1, 2], [3, 4]])`). A sequence has `elements` (its items as operands,
/// `element_count` of them) and, when every item is a constant, `items` as well (a
/// shape, say).
template <class Meta> struct operand {
    const Meta* tensor = nullptr;                 ///< set for tensors
    const constant* value = nullptr;              ///< set for constants
    const std::vector<constant>* items = nullptr; ///< set for a flat tuple or list of constants
    const operand* elements = nullptr;            ///< set for every tuple or list (when not empty)
    std::size_t element_count = 0;
    bool is_sequence = false; ///< a tuple or list, possibly empty
    bool is_list = false;     ///< a list (the graph argument is a tuple either way)

    /// The items of a sequence operand, as operands.
    std::span<const operand> sequence() const noexcept { return {elements, element_count}; }
};

/// A shape rule's answer: the result's metadata, or why the operation cannot be
/// captured (the eager run then raises the interpreter's own error, if any).
template <class Meta> using meta_or_reason = std::variant<Meta, unsupported>;

/// A tensor attribute known from metadata alone (`t.shape`, `t.ndim`, `t.dtype`,
/// `len(t)` as `__len__`): a constant, a tuple of constants, or unsupported.
using static_attribute = std::variant<constant, std::vector<constant>, unsupported>;

/// What calling a builtin means during capture (`A::builtin_behaviour`).
enum class builtin_kind : std::uint8_t {
    tensor_op,       ///< becomes a graph node `name(args...)` (shape rule: `A::infer_meta(name, ...)`)
    pure,            ///< constant-foldable: run at trace time through `A::call_pure` when every argument is constant
    len,             ///< `len(x)`: the length of a known container, or a tensor's `__len__` attribute
    range,           ///< `range(...)` of constants: a range tracker (loops over it are unrolled)
    enumerate,       ///< `enumerate(iterable[, start])` of an iterable known at trace time
    zip,             ///< `zip(a, b, ...)` of iterables known at trace time
    sum,             ///< `sum(iterable[, start])` of an iterable known at trace time: its `+` one by one
    context_manager, ///< `no_grad()`: a context manager that sets global-state variable `state` to `state_value`
    state_read,      ///< `is_grad_enabled()`: the traced value of global-state variable `state`
    state_set,       ///< `set_grad_enabled(flag)`: sets global-state variable `state` (returns None)
    comptime,        ///< trace-time introspection (lasso/comptime.hpp)
    higher_order,    ///< `cond`, `while_loop`: takes functions; one node with subgraphs (translator/higher_order.hpp)
    graph_break,     ///< cannot be captured (`print`, `graph_break()`, data-dependent calls)
};

struct builtin_behaviour {
    builtin_kind kind = builtin_kind::graph_break;
    std::string name; ///< graph target for tensor_op; the builtin's name otherwise
    /// For context_manager, state_read and state_set: the global-state variable
    /// (lasso/global_state.hpp), by index.
    std::size_t state = 0;
    /// For context_manager: the value it sets on entry.
    bool state_value = false;
    /// For context_manager: it takes one argument, whose truth is the value it sets on
    /// entry (`grad_mode(flag)`; `state_value` is then unused). Generated code makes
    /// such a manager again by the same call, with the same argument. A manager read
    /// from the frame is still guarded on its type alone, so the interpreter must make
    /// managers of different values of different types.
    bool value_from_argument = false;
};

/// Optional facts about the interpreter's tensors, as `static constexpr bool` members
/// of the adapter; each is false when the adapter does not declare it:
///  - `tensor_results_are_new`: every tensor operation returns a new object, never one
///    of its operands, so `r is v` folds to False for a result `r` and any other value;
///  - `tensor_equality_is_identity`: `==` and `!=` with a tensor operand compare
///    identity (Python's default for a class without `__eq__`), as `is` does.
template <class A> constexpr bool tensor_results_are_new() {
    if constexpr (requires { A::tensor_results_are_new; }) return static_cast<bool>(A::tensor_results_are_new);
    else return false;
}
template <class A> constexpr bool tensor_equality_is_identity() {
    if constexpr (requires { A::tensor_equality_is_identity; }) return static_cast<bool>(A::tensor_equality_is_identity);
    else return false;
}

/// Optional fact about the interpreter's lists and dicts (`static constexpr bool
/// python_container_methods`, false when absent): their methods `append`, `extend`,
/// `insert`, `pop` (lists) and `get`, `pop` (dicts) behave as Python's, so the
/// translator models calls of them (on a list or dict from the frame, a mutation it
/// records and replays) instead of breaking the graph there.
template <class A> constexpr bool python_container_methods() {
    if constexpr (requires { A::python_container_methods; }) return static_cast<bool>(A::python_container_methods);
    else return false;
}

/// An adapter that lets the trace store attributes of objects from the frame (the
/// store is recorded and replayed after the graph, `store_attr` in generated code):
/// `plain_attribute_store(obj, name)` is true when `obj.name = v` only sets the
/// object's own attribute, running no user code (no `__setattr__`, no property or
/// other descriptor for `name` on its class), and `attribute(obj, name)` then reads
/// `v` back. Without it such stores are graph breaks.
template <class A>
concept AttributeStoreAdapter = requires(const typename A::value& obj, std::string_view name) {
    { A::plain_attribute_store(obj, name) } -> std::convertible_to<bool>;
};

/// An adapter whose bytecode lasso can decode, transform, assemble and disassemble.
/// Requirements (all static members of the adapter type `A`):
///  - `using value`: the interpreter's value handle (constants are values);
///  - `using code`: its code object handle;
///  - `static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes`;
///  - `static constexpr lasso::bytecode::encoding bytecode_encoding`;
///  - `static lasso::bytecode::code_fields<value> read_code(const code&)` and
///    `static code make_code(lasso::bytecode::code_fields<value>)`;
///  - `static std::string constant_repr(const value&)` and
///    `static bool same_constant(const value&, const value&)`.
template <class A>
concept BytecodeInterpreterAdapter = bytecode::CodeAdapter<A>;

/// Frames and values as guards read them. Every read is side-effect free; the
/// `matches_*` predicates must not allocate.
template <class A>
concept GuardAdapter = requires(const typename A::frame& f, const typename A::value& v, std::size_t i,
                                std::string_view name, std::int64_t k, const constant& c,
                                const typename A::tensor_meta& m) {
    { A::frame_local(f, i) } -> std::convertible_to<const typename A::value*>;
    { A::frame_cell_contents(f, i) } -> std::convertible_to<const typename A::value*>;
    { A::frame_global(f, name) } -> std::convertible_to<const typename A::value*>;
    { A::attribute(v, name) } -> std::convertible_to<std::optional<typename A::value>>;
    { A::item(v, k) } -> std::convertible_to<std::optional<typename A::value>>;
    { A::item(v, name) } -> std::convertible_to<std::optional<typename A::value>>;
    { A::type_identity(v) } -> std::convertible_to<std::uintptr_t>;
    { A::identity(v) } -> std::convertible_to<std::uintptr_t>;
    { A::matches_constant(v, c) } -> std::convertible_to<bool>;
    { A::matches_tensor_meta(v, m) } -> std::convertible_to<bool>;
    { A::length(v) } -> std::convertible_to<std::optional<std::size_t>>;
    { A::grad_enabled() } -> std::convertible_to<bool>;
    { A::describe_value(v) } -> std::convertible_to<std::string>;
    { A::describe_meta(m) } -> std::convertible_to<std::string>;
};

/// What the translator needs of values and tensor operators.
template <class A>
concept TranslatorAdapter =
    bytecode::CodeAdapter<A> && GuardAdapter<A> &&
    requires(const typename A::value& v, std::string_view name, const typename A::tensor_meta& m,
             std::span<const operand<typename A::tensor_meta>> args, std::span<const typename A::value> values) {
        { A::classify(v) } -> std::same_as<value_kind>;
        { A::constant_of(v) } -> std::convertible_to<constant>;
        { A::constant_from_value(v) } -> std::convertible_to<std::optional<constant>>;
        { A::tensor_meta_of(v) } -> std::convertible_to<typename A::tensor_meta>;
        { A::elements(v) } -> std::convertible_to<std::vector<typename A::value>>;
        { A::dict_items(v) } -> std::convertible_to<std::vector<std::pair<std::string, typename A::value>>>;
        { A::type_name(v) } -> std::convertible_to<std::string>;
        { A::builtin_name(v) } -> std::convertible_to<std::string>;
        { A::builtin_behaviour(v) } -> std::convertible_to<builtin_behaviour>;
        { A::call_pure(v, values) } -> std::convertible_to<std::optional<typename A::value>>;
        { A::infer_meta(name, args) } -> std::convertible_to<meta_or_reason<typename A::tensor_meta>>;
        { A::tensor_attribute(m, name) } -> std::convertible_to<static_attribute>;
    };

/// What running graphs eagerly needs: the adapter's own implementation of every
/// operator (the eager backend and verification run graphs through it).
template <class A>
concept EagerAdapter = requires(std::string_view op, std::span<const typename A::value> args, const constant& c,
                                const typename A::value& v) {
    { A::run_op(op, args, true) } -> std::convertible_to<typename A::value>;
    { A::value_of_constant(c) } -> std::convertible_to<typename A::value>;
    { A::same_result(v, v) } -> std::convertible_to<bool>;
};

/// An adapter whose eager backend runs the higher-order operators `cond` and
/// `while_loop` (nodes with subgraphs, translator/higher_order.hpp): the truth of a
/// predicate (a bool or a one-element tensor), and tuples of results.
template <class A>
concept HigherOrderAdapter =
    EagerAdapter<A> && requires(const typename A::value& v, std::vector<typename A::value> items) {
        { A::truth(v) } -> std::convertible_to<bool>;
        { A::make_tuple(std::move(items)) } -> std::convertible_to<typename A::value>;
        { A::elements(v) } -> std::convertible_to<std::vector<typename A::value>>;
    };

/// And `map_rows`: the rows of a tensor along its first dimension, the tensor that
/// stacks rows of one shape and dtype along a new first dimension, and its metadata
/// for `n` rows of metadata `m`.
template <class A>
concept RowMappingAdapter =
    HigherOrderAdapter<A> && requires(const typename A::value& v, const std::vector<typename A::value>& rows,
                                      const typename A::tensor_meta& m, std::int64_t n) {
        { A::tensor_rows(v) } -> std::convertible_to<std::vector<typename A::value>>;
        { A::stack_rows(rows) } -> std::convertible_to<typename A::value>;
        { A::stacked_meta(m, n) } -> std::convertible_to<typename A::tensor_meta>;
    };

/// Optional: an adapter told of each pass of a loop that a graph runs (`while_loop` in
/// the eager backend): `A::loop_pass()` runs before each test of the loop's condition
/// and may throw to end the loop, as the interpreter's step budget or interrupt check
/// would end a loop it ran itself. Without it a graph's loop runs until its condition
/// is false.
template <class A>
concept LoopPassAdapter = requires { A::loop_pass(); };

/// A callable embedded in generated bytecode (a compiled graph).
template <class Value> using host_function = std::function<Value(std::span<const Value>)>;

/// What the frame entry point needs to run code.
template <class A>
concept RuntimeAdapter = requires(typename A::frame& f, const typename A::frame& cf, const typename A::code& code,
                                  host_function<typename A::value> fn, std::vector<typename A::value> values) {
    { A::frame_code(cf) } -> std::convertible_to<typename A::code>;
    { A::code_identity(code) } -> std::convertible_to<std::uintptr_t>;
    { A::call_code(cf, code) } -> std::convertible_to<typename A::value>;
    { A::run_eagerly(f) } -> std::convertible_to<typename A::value>;
    { A::make_host_function(std::string("name"), std::move(fn)) } -> std::convertible_to<typename A::value>;
    { A::make_tuple(std::move(values)) } -> std::convertible_to<typename A::value>;
};

/// Optional: a per-code pointer slot (PEP 523's `co_extra`) that makes the cache lookup
/// one load. Adapters without one get a hash map keyed by `code_identity`.
template <class A>
concept HasCodeCacheSlot = requires(const typename A::code& code) {
    { A::code_cache_slot(code) } -> std::same_as<void*&>;
};

/// Optional: what graph breaks need. Without it, a frame that cannot be captured whole
/// runs eagerly. `make_resume_function(c, f)` makes a function object that runs code
/// `c` (a resume function made from `f`'s code) with the globals and closure of the
/// function running frame `f`, marked for capture with the same settings, so that its
/// calls reach the frame hook in turn; generated bytecode calls it with the stack
/// values and live locals as positional arguments. `positional_flags(flags)` gives the
/// code flags of a code like one with `flags` whose parameters are all plain
/// positional ones (an adapter knows which of its bits mean *args or **kwargs).
template <class A>
concept ResumeAdapter = requires(const typename A::code& c, const typename A::frame& f, std::uint32_t flags) {
    { A::make_resume_function(c, f) } -> std::convertible_to<typename A::value>;
    { A::positional_flags(flags) } -> std::convertible_to<std::uint32_t>;
};

/// Optional, with `ResumeAdapter`: graph breaks in frames with cells (cell variables,
/// or free variables of a closure). The rest of such a frame must see the frame's own
/// cells, which are new on every call, so its resume function is made again on every
/// run of the generated code: `with_closure(fn, cells)` is a function like `fn` (made
/// by `make_resume_function`, marked for capture alike) whose closure is `cells`, a
/// tuple of the interpreter's cell objects (what `load_closure` pushes, collected by
/// `build_tuple`). The resume code's free variables are the frame's cell variables
/// followed by its free variables, and its prologue is one `copy_free_vars`. Without
/// it, such frames run eagerly when they would break.
template <class A>
concept ClosureResumeAdapter = ResumeAdapter<A> && requires(const typename A::value& fn, const typename A::value& cells) {
    { A::with_closure(fn, cells) } -> std::convertible_to<typename A::value>;
};

/// Optional: what inlining calls of interpreted functions needs. Without it, such a
/// call is a graph break. `function_code(fn)` is the function's code object;
/// `same_globals(fn, f)` whether the function's globals are those of the function
/// running frame `f` (only such calls are inlined: their globals are read through the
/// frame); `frame_code`, `code_identity` and `positional_flags` as for the runtime and
/// graph breaks (a code whose flags `positional_flags` changes takes *args or **kwargs,
/// and is not inlined). Optional: `code_constant(v) -> std::optional<code>`, the code of
/// a code constant, for functions made in captured code (`make_function`; a def,
/// lambda or comprehension), which are then inlined too. A function's positional defaults are read, and guarded, as
/// `attribute(fn, "__defaults__")` (a tuple, or None without defaults), and generated
/// code reloads a default the same way (`load_attr __defaults__`).
template <class A>
concept InlineAdapter = requires(const typename A::value& fn, const typename A::frame& f, const typename A::code& c,
                                 std::uint32_t flags) {
    { A::function_code(fn) } -> std::convertible_to<typename A::code>;
    { A::same_globals(fn, f) } -> std::convertible_to<bool>;
    { A::frame_code(f) } -> std::convertible_to<typename A::code>;
    { A::code_identity(c) } -> std::convertible_to<std::uintptr_t>;
    { A::positional_flags(flags) } -> std::convertible_to<std::uint32_t>;
};

/// Optional, with `InlineAdapter`: what inlining object construction needs. Without
/// it, calling a class is a graph break. `constructs_instance(cls)` says whether
/// calling class `cls` makes a new instance with no attributes of its own and then
/// calls the `__init__` found through the class (`attribute(cls, "__init__")`) with
/// the instance and the call's arguments, `__init__` returning None; without an
/// `__init__` such a class takes no arguments. Classes whose construction differs
/// (builtin types, exception classes, a class with its own `__new__`) answer false.
/// Attributes of an instance read through `attribute(obj, name)` are its own ones.
template <class A>
concept ConstructAdapter = InlineAdapter<A> && requires(const typename A::value& cls) {
    { A::constructs_instance(cls) } -> std::convertible_to<bool>;
};

/// Optional, with `ConstructAdapter`: objects made in the trace that outlive it
/// (returned, stored into a value from the frame, live at a graph break) are built by
/// the generated code. `new_instance(cls)` is an instance of class `cls` (one that
/// `constructs_instance` accepts) with no attributes, made without calling `__init__`;
/// generated code then stores the attributes the trace gave the object, in the order
/// they were first stored, with `store_attr`. Without it, such an object moves the
/// graph break to the instruction that made it, and the interpreter makes it.
template <class A>
concept InstanceAdapter = ConstructAdapter<A> && requires(const typename A::value& cls) {
    { A::new_instance(cls) } -> std::convertible_to<typename A::value>;
};

/// An adapter that lets functions with free variables (closures made outside the
/// trace) be inlined: `function_cell_contents(fn, i)` is the contents of the i-th cell of
/// interpreted function `fn`'s closure (nothing when the cell is empty), read without
/// side effects. Guards read cells through it (`G['f'].__closure__[0].cell_contents`),
/// and generated code reloads such a value with `load_attr __closure__`, a subscript and
/// `load_attr cell_contents`, so the interpreter must give functions and cells those
/// attributes.
template <class A>
concept ClosureAdapter = InlineAdapter<A> && requires(const typename A::value& fn, std::size_t i) {
    { A::function_cell_contents(fn, i) } -> std::convertible_to<std::optional<typename A::value>>;
};

/// Optional, with `ClosureAdapter`: cells as objects, so that every path to one cell
/// (the frame's own free variable, the closures of functions the frame was given or
/// reads) is one tracker, and loads and stores through any of them agree.
/// `frame_cell(f, i)` is the frame's i-th cell object itself (cell variables, then free
/// variables, as `frame_cell_contents` counts), nullptr when there is none yet;
/// `attribute(fn, "__closure__")` must give an interpreted function's closure (a tuple
/// of cell objects, None without one). Guards compare cells by identity
/// (`L['peek'].__closure__[0] is cell(L['n'])`), so a call with a closure over another
/// cell recompiles. A store through a closure's cell that is not the frame's is
/// replayed as `fn.__closure__[i].cell_contents = value`, so cells must take that
/// attribute store.
template <class A>
concept CellIdentityAdapter = ClosureAdapter<A> && requires(const typename A::frame& f, std::size_t i) {
    { A::frame_cell(f, i) } -> std::convertible_to<const typename A::value*>;
};

/// Optional, with `ClosureAdapter`: a function made in the trace that closes over a
/// cell an inlined call made (a factory's cell variable) and outlives the trace is made
/// again by the generated code with a new cell: `new_cell()` is an empty cell object,
/// whose contents the generated code sets with `store_attr cell_contents`. Without it,
/// the graph break moves to the instruction that made the cell.
template <class A>
concept CellMakingAdapter = ClosureAdapter<A> && requires {
    { A::new_cell() } -> std::convertible_to<typename A::value>;
};

/// Everything graph capture needs.
template <class A>
concept InterpreterAdapter = BytecodeInterpreterAdapter<A> && GuardAdapter<A> && TranslatorAdapter<A> &&
                             EagerAdapter<A> && RuntimeAdapter<A>;

/// Checks an adapter with one readable message per missing piece. Use it as
/// `static_assert(lasso::check_bytecode_adapter<my_adapter>());`.
template <class A> consteval bool check_bytecode_adapter() {
    static_assert(requires { typename A::value; }, "lasso adapter: missing `using value = ...;` (the interpreter's value type)");
    static_assert(requires { typename A::code; }, "lasso adapter: missing `using code = ...;` (the interpreter's code object type)");
    static_assert(requires { A::opcodes; }, "lasso adapter: missing `static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes`");
    static_assert(requires { { A::bytecode_encoding } -> std::convertible_to<bytecode::encoding>; },
                  "lasso adapter: missing `static constexpr lasso::bytecode::encoding bytecode_encoding`");
    if constexpr (requires { typename A::value; typename A::code; }) {
        static_assert(requires(const typename A::code& c) {
            { A::read_code(c) } -> std::same_as<bytecode::code_fields<typename A::value>>;
        }, "lasso adapter: missing `static lasso::bytecode::code_fields<value> read_code(const code&)`");
        static_assert(requires(bytecode::code_fields<typename A::value> f) {
            { A::make_code(std::move(f)) } -> std::same_as<typename A::code>;
        }, "lasso adapter: missing `static code make_code(lasso::bytecode::code_fields<value>)`");
        static_assert(requires(const typename A::value& v) { { A::constant_repr(v) } -> std::convertible_to<std::string>; },
                      "lasso adapter: missing `static std::string constant_repr(const value&)`");
        static_assert(requires(const typename A::value& v) { { A::same_constant(v, v) } -> std::convertible_to<bool>; },
                      "lasso adapter: missing `static bool same_constant(const value&, const value&)`");
    }
    return true;
}

namespace detail {
// One static_assert per requirement of graph capture, each naming the member. The
// checks are spelled out (not derived from the concepts) so that the message says
// which member is missing rather than which concept failed.
template <class A> consteval bool check_translator_members() {
    using V = typename A::value;
    using M = typename A::tensor_meta;
    using F = typename A::frame;
    // frames and values, as guards read them
    static_assert(requires(const F& f, std::size_t i) { { A::frame_local(f, i) } -> std::convertible_to<const V*>; },
                  "lasso adapter: missing `static const value* frame_local(const frame&, std::size_t index)` (nullptr: unbound)");
    static_assert(requires(const F& f, std::size_t i) { { A::frame_cell_contents(f, i) } -> std::convertible_to<const V*>; },
                  "lasso adapter: missing `static const value* frame_cell_contents(const frame&, std::size_t cell_index)`");
    static_assert(requires(const F& f, std::string_view n) { { A::frame_global(f, n) } -> std::convertible_to<const V*>; },
                  "lasso adapter: missing `static const value* frame_global(const frame&, std::string_view name)` (globals, then builtins)");
    static_assert(requires(const V& v, std::string_view n) { { A::attribute(v, n) } -> std::convertible_to<std::optional<V>>; },
                  "lasso adapter: missing `static std::optional<value> attribute(const value&, std::string_view name)` (side-effect free)");
    static_assert(requires(const V& v, std::int64_t k, std::string_view n) {
        { A::item(v, k) } -> std::convertible_to<std::optional<V>>;
        { A::item(v, n) } -> std::convertible_to<std::optional<V>>;
    }, "lasso adapter: missing `static std::optional<value> item(const value&, std::int64_t)` and `item(const value&, std::string_view)`");
    static_assert(requires(const V& v) {
        { A::type_identity(v) } -> std::convertible_to<std::uintptr_t>;
        { A::identity(v) } -> std::convertible_to<std::uintptr_t>;
    }, "lasso adapter: missing `static std::uintptr_t type_identity(const value&)` and `identity(const value&)`");
    static_assert(requires(const V& v, const constant& c, const M& m) {
        { A::matches_constant(v, c) } -> std::convertible_to<bool>;
        { A::matches_tensor_meta(v, m) } -> std::convertible_to<bool>;
    }, "lasso adapter: missing `static bool matches_constant(const value&, const lasso::constant&)` and `matches_tensor_meta(const value&, const tensor_meta&)`");
    static_assert(requires(const V& v) { { A::length(v) } -> std::convertible_to<std::optional<std::size_t>>; },
                  "lasso adapter: missing `static std::optional<std::size_t> length(const value&)`");
    static_assert(requires { { A::grad_enabled() } -> std::convertible_to<bool>; },
                  "lasso adapter: missing `static bool grad_enabled()` (the global grad-mode flag)");
    static_assert(requires(const V& v, const M& m) {
        { A::describe_value(v) } -> std::convertible_to<std::string>;
        { A::describe_meta(m) } -> std::convertible_to<std::string>;
    }, "lasso adapter: missing `static std::string describe_value(const value&)` and `describe_meta(const tensor_meta&)`");
    // values and operators, as the translator reads them
    static_assert(requires(const V& v) { { A::classify(v) } -> std::same_as<value_kind>; },
                  "lasso adapter: missing `static lasso::value_kind classify(const value&)`");
    static_assert(requires(const V& v) {
        { A::constant_of(v) } -> std::convertible_to<constant>;
        { A::constant_from_value(v) } -> std::convertible_to<std::optional<constant>>;
    }, "lasso adapter: missing `static lasso::constant constant_of(const value&)` and `std::optional<lasso::constant> constant_from_value(const value&)`");
    static_assert(requires(const V& v) { { A::tensor_meta_of(v) } -> std::convertible_to<M>; },
                  "lasso adapter: missing `static tensor_meta tensor_meta_of(const value&)`");
    static_assert(requires(const V& v) { { A::elements(v) } -> std::convertible_to<std::vector<V>>; },
                  "lasso adapter: missing `static std::vector<value> elements(const value&)` (tuple and list items)");
    static_assert(requires(const V& v) { { A::dict_items(v) } -> std::convertible_to<std::vector<std::pair<std::string, V>>>; },
                  "lasso adapter: missing `static std::vector<std::pair<std::string, value>> dict_items(const value&)`");
    static_assert(requires(const V& v) {
        { A::type_name(v) } -> std::convertible_to<std::string>;
        { A::builtin_name(v) } -> std::convertible_to<std::string>;
    }, "lasso adapter: missing `static std::string type_name(const value&)` and `builtin_name(const value&)`");
    static_assert(requires(const V& v) { { A::builtin_behaviour(v) } -> std::convertible_to<builtin_behaviour>; },
                  "lasso adapter: missing `static lasso::builtin_behaviour builtin_behaviour(const value&)`");
    static_assert(requires(const V& v, std::span<const V> args) { { A::call_pure(v, args) } -> std::convertible_to<std::optional<V>>; },
                  "lasso adapter: missing `static std::optional<value> call_pure(const value& builtin, std::span<const value> args)`");
    static_assert(requires(std::string_view n, std::span<const operand<M>> args) {
        { A::infer_meta(n, args) } -> std::convertible_to<meta_or_reason<M>>;
    }, "lasso adapter: missing `static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op, std::span<const lasso::operand<tensor_meta>>)`");
    static_assert(requires(const M& m, std::string_view n) { { A::tensor_attribute(m, n) } -> std::convertible_to<static_attribute>; },
                  "lasso adapter: missing `static lasso::static_attribute tensor_attribute(const tensor_meta&, std::string_view name)`");
    return true;
}

template <class A> consteval bool check_runtime_members() {
    using V = typename A::value;
    using F = typename A::frame;
    using Code = typename A::code;
    // eager operators
    static_assert(requires(std::string_view n, std::span<const V> args) { { A::run_op(n, args, true) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value run_op(std::string_view op, std::span<const value> args, bool is_method)`");
    static_assert(requires(const constant& c) { { A::value_of_constant(c) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value value_of_constant(const lasso::constant&)`");
    static_assert(requires(const V& v) { { A::same_result(v, v) } -> std::convertible_to<bool>; },
                  "lasso adapter: missing `static bool same_result(const value&, const value&)` (for the verifying backend)");
    // running code
    static_assert(requires(const F& f) { { A::frame_code(f) } -> std::convertible_to<Code>; },
                  "lasso adapter: missing `static code frame_code(const frame&)`");
    static_assert(requires(const Code& c) { { A::code_identity(c) } -> std::convertible_to<std::uintptr_t>; },
                  "lasso adapter: missing `static std::uintptr_t code_identity(const code&)`");
    static_assert(requires(const F& f, const Code& c) { { A::call_code(f, c) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value call_code(const frame&, const code&)` (runs a transformed code with the frame's arguments)");
    static_assert(requires(F& f) { { A::run_eagerly(f) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value run_eagerly(frame&)`");
    static_assert(requires(host_function<V> fn) { { A::make_host_function(std::string(), std::move(fn)) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value make_host_function(std::string name, lasso::host_function<value>)`");
    static_assert(requires(std::vector<V> items) { { A::make_tuple(std::move(items)) } -> std::convertible_to<V>; },
                  "lasso adapter: missing `static value make_tuple(std::vector<value>)`");
    return true;
}
} // namespace detail

/// Checks an adapter for graph capture, one readable message per missing piece: the
/// bytecode members, the types `frame` and `tensor_meta`, then every member the guards,
/// the translator, the eager backend and the frame entry point use. Use it as
/// `static_assert(lasso::check_interpreter_adapter<my_adapter>());`.
template <class A> consteval bool check_interpreter_adapter() {
    check_bytecode_adapter<A>();
    static_assert(requires { typename A::frame; }, "lasso adapter: missing `using frame = ...;` (a view of an executing frame)");
    static_assert(requires { typename A::tensor_meta; },
                  "lasso adapter: missing `using tensor_meta = ...;` (what guards and shape rules know of a tensor)");
    if constexpr (requires { typename A::value; typename A::code; typename A::frame; typename A::tensor_meta; }) {
        detail::check_translator_members<A>();
        detail::check_runtime_members<A>();
    }
    return true;
}

/// Checks what the translator alone needs (`lasso::translator` checks it itself): the
/// bytecode members, `frame` and `tensor_meta`, and the members guards and the
/// translator read. The eager operators and running code are not needed to translate.
template <class A> consteval bool check_translator_adapter() {
    check_bytecode_adapter<A>();
    static_assert(requires { typename A::frame; }, "lasso adapter: missing `using frame = ...;` (a view of an executing frame)");
    static_assert(requires { typename A::tensor_meta; },
                  "lasso adapter: missing `using tensor_meta = ...;` (what guards and shape rules know of a tensor)");
    if constexpr (requires { typename A::value; typename A::code; typename A::frame; typename A::tensor_meta; })
        detail::check_translator_members<A>();
    return true;
}

} // namespace lasso
