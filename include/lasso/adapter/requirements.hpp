// lasso/adapter/requirements.hpp
//
// Every member lasso reads from an adapter, written once, as data: which groups or
// features need it, the expression that checks it, and the signature that error
// messages and docs/adapter-reference.md show. The concepts (`GuardAdapter`,
// `InlineAdapter`, ...) and the one-message-per-mistake checks at the entry points
// (lasso/adapter/check.hpp) are both generated from these tables, so they cannot drift
// apart.
//
// A row is `X(groups, name, params, requirements, signature, note)`:
//  - `groups`: the required groups (opcodes, code_objects, guards, translator, eager,
//    running) and features (lasso/adapter/features.hpp) that need the member;
//  - `name`: the row's name (the member's, or the member's and what tells overloads apart);
//  - `params`, `requirements`: a requires-expression over the adapter `A`, written with
//    `V`, `Code`, `F` and `M` for its `value`, `code`, `frame` and `tensor_meta`;
//  - `signature`, `note`: what the error message says is missing.
// The tables are split by layer, so that the bytecode layer's concepts can be made from
// its rows before the types the other rows name exist: the opcode table (read by
// lasso/bytecode/opcode_table.hpp), code objects (lasso/bytecode/code.hpp), and capture
// (lasso/adapter/concepts.hpp). `T` rows are the types, which are checked before members
// (without `frame`, every member that takes one would fail too).
//
// This header is a leaf: macros, and the machinery the layers expand them with.
#pragma once

#include <lasso/adapter/features.hpp>

#include <optional>
#include <type_traits>
#include <utility>

namespace lasso::detail {
/// What `frame_global` returns: a `const value*`, or with `feature::globals_by_value` a
/// `std::optional<value>`.
template <class R, class A, class V>
concept global_read = (features_of<A>().has(feature::globals_by_value) ? std::same_as<R, std::optional<V>>
                                                                       : std::convertible_to<R, const V*>);
} // namespace lasso::detail

// clang-format off
// ---- the opcode table (lasso::bytecode::BytecodeAdapter) --------------------------------
#define LASSO_ADAPTER_OPCODE_TABLE(T, X)                                                                                 \
    T((opcodes), value, (), (typename A::value;), "using value = ...;", " (the interpreter's value handle; constants are values)") \
    X((opcodes), opcodes, (), ({ A::opcodes.size() } -> std::convertible_to<std::size_t>;                                \
                              { A::opcodes[0] } -> std::convertible_to<bytecode::opcode_info>;),                         \
      "static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes",                                           \
      " (per opcode: semantic op, argument kind and flag bits, jump kind, stack effect, inline cache units)")           \
    X((opcodes), bytecode_encoding, (), ({ A::bytecode_encoding } -> std::convertible_to<bytecode::encoding>;),         \
      "static constexpr lasso::bytecode::encoding bytecode_encoding",                                                   \
      " (fixed or variable width, extended-arg prefix, jump unit, what an inline cache unit holds)")

// ---- code objects (lasso::bytecode::CodeAdapter, TemplateConstantAdapter) ---------------
#define LASSO_ADAPTER_CODE_TABLE(T, X)                                                                                   \
    T((code_objects), code, (), (typename A::code;), "using code = ...;", " (the interpreter's code object handle)")    \
    X((code_objects), read_code, (const Code& c), ({ A::read_code(c) } -> std::same_as<bytecode::code_fields<V>>;),     \
      "static lasso::bytecode::code_fields<value> read_code(const code&)", "")                                          \
    X((code_objects), make_code, (bytecode::code_fields<V> f), ({ A::make_code(std::move(f)) } -> std::same_as<Code>;), \
      "static code make_code(lasso::bytecode::code_fields<value>)", "")                                                 \
    X((code_objects), constant_repr, (const V& v), ({ A::constant_repr(v) } -> std::convertible_to<std::string>;),      \
      "static std::string constant_repr(const value&)", "")                                                             \
    X((code_objects), same_constant, (const V& v), ({ A::same_constant(v, v) } -> std::convertible_to<bool>;),          \
      "static bool same_constant(const value&, const value&)", "")                                                      \
    X((template_constants), make_constant, (bytecode::template_constant c),                                             \
      ({ A::make_constant(c) } -> std::convertible_to<V>;), "static value make_constant(lasso::bytecode::template_constant)", "")

// ---- graph capture (lasso/adapter/concepts.hpp) -----------------------------------------
#define LASSO_ADAPTER_CAPTURE_TABLE(T, X)                                                                                \
    T((guards), frame, (), (typename A::frame;), "using frame = ...;", " (a view of an executing frame)")               \
    T((guards), tensor_meta, (), (typename A::tensor_meta;), "using tensor_meta = ...;",                                \
      " (what guards and shape rules know of a tensor)")                                                                \
    /* frames and values as guards read them: side-effect free; matches_* must not allocate */                          \
    X((guards), frame_local, (const F& f, std::size_t i), ({ A::frame_local(f, i) } -> std::convertible_to<const V*>;), \
      "static const value* frame_local(const frame&, std::size_t index)", " (nullptr: unbound)")                        \
    X((guards), frame_cell_contents, (const F& f, std::size_t i),                                                       \
      ({ A::frame_cell_contents(f, i) } -> std::convertible_to<const V*>;),                                             \
      "static const value* frame_cell_contents(const frame&, std::size_t cell_number)",                                 \
      " (the number the encoding gives the cell: `encoding::cells`)")                                                   \
    X((guards), frame_global, (const F& f, std::string_view n),                                                         \
      ({ A::frame_global(f, n) } -> ::lasso::detail::global_read<A, V>;),                                              \
      "static const value* frame_global(const frame&, std::string_view name)",                                          \
      " (globals, then builtins; std::optional<value> with globals_by_value)")                                          \
    X((guards), attribute, (const V& v, std::string_view n), ({ A::attribute(v, n) } -> std::convertible_to<std::optional<V>>;), \
      "static std::optional<value> attribute(const value&, std::string_view name)", " (side-effect free)")              \
    X((guards), item_by_index, (const V& v, std::int64_t k), ({ A::item(v, k) } -> std::convertible_to<std::optional<V>>;), \
      "static std::optional<value> item(const value&, std::int64_t index)", " (tuple and list items)")                  \
    X((guards), item_by_key, (const V& v, std::string_view k), ({ A::item(v, k) } -> std::convertible_to<std::optional<V>>;), \
      "static std::optional<value> item(const value&, std::string_view key)", " (dict items with a str key)")           \
    X((guards), type_identity, (const V& v), ({ A::type_identity(v) } -> std::convertible_to<std::uintptr_t>;),         \
      "static std::uintptr_t type_identity(const value&)", "")                                                          \
    X((guards), identity, (const V& v), ({ A::identity(v) } -> std::convertible_to<std::uintptr_t>;),                   \
      "static std::uintptr_t identity(const value&)", "")                                                               \
    X((guards), matches_constant, (const V& v, const constant& c), ({ A::matches_constant(v, c) } -> std::convertible_to<bool>;), \
      "static bool matches_constant(const value&, const lasso::constant&)", "")                                         \
    X((guards), matches_tensor_meta, (const V& v, const M& m),                                                          \
      ({ A::matches_tensor_meta(v, m) } -> std::convertible_to<bool>;),                                                 \
      "static bool matches_tensor_meta(const value&, const tensor_meta&)", "")                                          \
    X((guards), length, (const V& v), ({ A::length(v) } -> std::convertible_to<std::optional<std::size_t>>;),           \
      "static std::optional<std::size_t> length(const value&)", "")                                                     \
    X((guards), grad_enabled, (), ({ A::grad_enabled() } -> std::convertible_to<bool>;), "static bool grad_enabled()",  \
      " (the global grad-mode flag)")                                                                                   \
    X((guards), describe_value, (const V& v), ({ A::describe_value(v) } -> std::convertible_to<std::string>;),          \
      "static std::string describe_value(const value&)", "")                                                            \
    X((guards), describe_meta, (const M& m), ({ A::describe_meta(m) } -> std::convertible_to<std::string>;),            \
      "static std::string describe_meta(const tensor_meta&)", "")                                                       \
    /* values and tensor operators, as the translator reads them */                                                     \
    X((translator), classify, (const V& v), ({ A::classify(v) } -> std::same_as<value_kind>;),                          \
      "static lasso::value_kind classify(const value&)", "")                                                            \
    X((translator), constant_of, (const V& v), ({ A::constant_of(v) } -> std::convertible_to<constant>;),               \
      "static lasso::constant constant_of(const value&)", "")                                                           \
    X((translator), constant_from_value, (const V& v),                                                                  \
      ({ A::constant_from_value(v) } -> std::convertible_to<std::optional<constant>>;),                                 \
      "static std::optional<lasso::constant> constant_from_value(const value&)", "")                                    \
    X((translator), tensor_meta_of, (const V& v), ({ A::tensor_meta_of(v) } -> std::convertible_to<M>;),                \
      "static tensor_meta tensor_meta_of(const value&)", "")                                                            \
    X((translator, higher_order), elements, (const V& v), ({ A::elements(v) } -> std::convertible_to<std::vector<V>>;), \
      "static std::vector<value> elements(const value&)", " (tuple and list items)")                                    \
    X((translator), dict_items, (const V& v),                                                                           \
      ({ A::dict_items(v) } -> std::convertible_to<std::vector<std::pair<std::string, V>>>;),                           \
      "static std::vector<std::pair<std::string, value>> dict_items(const value&)", "")                                 \
    X((translator), type_name, (const V& v), ({ A::type_name(v) } -> std::convertible_to<std::string>;),                \
      "static std::string type_name(const value&)", "")                                                                 \
    X((translator), builtin_name, (const V& v), ({ A::builtin_name(v) } -> std::convertible_to<std::string>;),          \
      "static std::string builtin_name(const value&)", "")                                                              \
    X((translator), builtin_behaviour, (const V& v), ({ A::builtin_behaviour(v) } -> std::convertible_to<builtin_behaviour>;), \
      "static lasso::builtin_behaviour builtin_behaviour(const value&)", "")                                            \
    X((translator), call_pure, (const V& v, std::span<const V> args),                                                   \
      ({ A::call_pure(v, args) } -> std::convertible_to<std::optional<V>>;),                                            \
      "static std::optional<value> call_pure(const value& builtin, std::span<const value> args)", "")                   \
    X((translator), infer_meta, (std::string_view n, std::span<const operand<M>> args),                                 \
      ({ A::infer_meta(n, args) } -> std::convertible_to<meta_or_reason<M>>;),                                          \
      "static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op, std::span<const lasso::operand<tensor_meta>>)", "") \
    X((translator), tensor_attribute, (const M& m, std::string_view n),                                                 \
      ({ A::tensor_attribute(m, n) } -> std::convertible_to<static_attribute>;),                                        \
      "static lasso::static_attribute tensor_attribute(const tensor_meta&, std::string_view name)", "")                 \
    /* eager operators: the eager backend and verification run graphs through them */                                  \
    X((eager), run_op, (std::string_view n, std::span<const V> args), ({ A::run_op(n, args, true) } -> std::convertible_to<V>;), \
      "static value run_op(std::string_view op, std::span<const value> args, bool is_method)", "")                      \
    X((eager), value_of_constant, (const constant& c), ({ A::value_of_constant(c) } -> std::convertible_to<V>;),        \
      "static value value_of_constant(const lasso::constant&)", "")                                                     \
    X((eager), same_result, (const V& v), ({ A::same_result(v, v) } -> std::convertible_to<bool>;),                     \
      "static bool same_result(const value&, const value&)", " (for the verifying backend)")                            \
    /* running code */                                                                                                  \
    X((running, inlining), frame_code, (const F& f), ({ A::frame_code(f) } -> std::convertible_to<Code>;),              \
      "static code frame_code(const frame&)", "")                                                                       \
    X((running, inlining), code_identity, (const Code& c), ({ A::code_identity(c) } -> std::convertible_to<std::uintptr_t>;), \
      "static std::uintptr_t code_identity(const code&)", "")                                                           \
    X((running), call_code, (const F& f, const Code& c), ({ A::call_code(f, c) } -> std::convertible_to<V>;),           \
      "static value call_code(const frame&, const code&)", " (runs a transformed code with the frame's arguments)")     \
    X((running), run_eagerly, (F& f), ({ A::run_eagerly(f) } -> std::convertible_to<V>;), "static value run_eagerly(frame&)", "") \
    X((running), make_host_function, (host_function<V> fn),                                                            \
      ({ A::make_host_function(std::string(), std::move(fn)) } -> std::convertible_to<V>;),                             \
      "static value make_host_function(std::string name, lasso::host_function<value>)", "")                             \
    X((running, higher_order), make_tuple, (std::vector<V> items), ({ A::make_tuple(std::move(items)) } -> std::convertible_to<V>;), \
      "static value make_tuple(std::vector<value>)", "")                                                                \
    /* optional features: required when declared (lasso/adapter/features.hpp says what each gives) */                  \
    X((code_cache_slot), code_cache_slot, (const Code& c), ({ A::code_cache_slot(c) } -> std::same_as<void*&>;),        \
      "static void*& code_cache_slot(const code&)", "")                                                                 \
    X((code_cache_accessors), code_cache_get, (const Code& c), ({ A::code_cache_get(c) } -> std::same_as<void*>;),      \
      "static void* code_cache_get(const code&)", "")                                                                   \
    X((code_cache_accessors), code_cache_set, (const Code& c, void* p), ({ A::code_cache_set(c, p) };),                \
      "static void code_cache_set(const code&, void*)", "")                                                             \
    X((graph_breaks), make_resume_function, (const Code& c, const F& f),                                                \
      ({ A::make_resume_function(c, f) } -> std::convertible_to<V>;),                                                   \
      "static value make_resume_function(const code&, const frame&)", "")                                               \
    X((graph_breaks, inlining), positional_flags, (std::uint32_t flags),                                                \
      ({ A::positional_flags(flags) } -> std::convertible_to<std::uint32_t>;),                                          \
      "static std::uint32_t positional_flags(std::uint32_t flags)", "")                                                 \
    X((closure_resume), with_closure, (const V& fn, const V& cells), ({ A::with_closure(fn, cells) } -> std::convertible_to<V>;), \
      "static value with_closure(const value& fn, const value& cells)", "")                                             \
    X((inlining), function_code, (const V& fn), ({ A::function_code(fn) } -> std::convertible_to<Code>;),               \
      "static code function_code(const value& fn)", "")                                                                 \
    X((inlining), same_globals, (const V& fn, const F& f), ({ A::same_globals(fn, f) } -> std::convertible_to<bool>;),  \
      "static bool same_globals(const value& fn, const frame&)", "")                                                    \
    X((varargs_parameters), varargs_flag, (), ({ A::varargs_flag } -> std::convertible_to<std::uint32_t>;),           \
      "static constexpr std::uint32_t varargs_flag", " (the code flag of a function that takes *args)")                \
    X((code_constants), code_constant, (const V& v), ({ A::code_constant(v) } -> std::convertible_to<std::optional<Code>>;), \
      "static std::optional<code> code_constant(const value&)", "")                                                     \
    X((construction), constructs_instance, (const V& cls), ({ A::constructs_instance(cls) } -> std::convertible_to<bool>;), \
      "static bool constructs_instance(const value& cls)", "")                                                          \
    X((instances), new_instance, (const V& cls), ({ A::new_instance(cls) } -> std::convertible_to<V>;),                 \
      "static value new_instance(const value& cls)", "")                                                                \
    X((closures), function_cell_contents, (const V& fn, std::size_t i),                                                 \
      ({ A::function_cell_contents(fn, i) } -> std::convertible_to<std::optional<V>>;),                                 \
      "static std::optional<value> function_cell_contents(const value& fn, std::size_t i)", "")                         \
    X((cell_identity), frame_cell, (const F& f, std::size_t i), ({ A::frame_cell(f, i) } -> std::convertible_to<const V*>;), \
      "static const value* frame_cell(const frame&, std::size_t cell_number)", "")                                      \
    X((cell_making), new_cell, (), ({ A::new_cell() } -> std::convertible_to<V>;), "static value new_cell()", "")       \
    X((attribute_stores), plain_attribute_store, (const V& obj, std::string_view n),                                    \
      ({ A::plain_attribute_store(obj, n) } -> std::convertible_to<bool>;),                                             \
      "static bool plain_attribute_store(const value& obj, std::string_view name)", "")                                 \
    X((higher_order), truth, (const V& v), ({ A::truth(v) } -> std::convertible_to<bool>;),                             \
      "static bool truth(const value&)", "")                                                                            \
    X((row_mapping), tensor_rows, (const V& v), ({ A::tensor_rows(v) } -> std::convertible_to<std::vector<V>>;),        \
      "static std::vector<value> tensor_rows(const value&)", "")                                                        \
    X((row_mapping), stack_rows, (const std::vector<V>& rows), ({ A::stack_rows(rows) } -> std::convertible_to<V>;),    \
      "static value stack_rows(const std::vector<value>& rows)", "")                                                    \
    X((row_mapping), stacked_meta, (const M& m, std::int64_t n), ({ A::stacked_meta(m, n) } -> std::convertible_to<M>;), \
      "static tensor_meta stacked_meta(const tensor_meta&, std::int64_t n)", "")                                        \
    X((loop_pass), loop_pass, (), (A::loop_pass();), "static void loop_pass()", "")                                     \
    X((constant_methods), call_constant_method, (std::string_view n, std::span<const V> args),                          \
      ({ A::call_constant_method(n, args) } -> std::convertible_to<std::optional<V>>;),                                   \
      "static std::optional<value> call_constant_method(std::string_view name, std::span<const value> args)",            \
      " (args[0] is the constant; nothing when the call is not pure)")                                                    \
    X((constant_methods), make_list, (std::vector<V> items), ({ A::make_list(std::move(items)) } -> std::convertible_to<V>;), \
      "static value make_list(std::vector<value> items)", "")                                                             \
    X((global_states), global_states, (), ({ A::global_states.size() } -> std::convertible_to<std::size_t>;),           \
      "static constexpr std::array<lasso::global_state_variable, N> global_states", "")                                 \
    X((global_states), global_state, (std::size_t i), ({ A::global_state(i) } -> std::convertible_to<bool>;),           \
      "static bool global_state(std::size_t i)", "")                                                                    \
    X((global_state_setter), set_global_state, (std::size_t i, bool on), (A::set_global_state(i, on);),                 \
      "static void set_global_state(std::size_t i, bool on)", "")                                                       \
    X((context_manager_values), context_manager_behaviour, (const V& v),                                                \
      ({ A::context_manager_behaviour(v) } -> std::convertible_to<std::optional<builtin_behaviour>>;),                  \
      "static std::optional<lasso::builtin_behaviour> context_manager_behaviour(const value&)", "")                     \
    X((comptime), run_comptime, (const comptime_callback<A>& callback, const F& f, comptime_context<A>& ctx),           \
      ({ A::run_comptime(callback, f, ctx) } -> std::convertible_to<std::optional<std::string>>;),                      \
      "static std::optional<std::string> run_comptime(const lasso::comptime_callback<A>&, const frame&, "               \
      "lasso::comptime_context<A>&)", "")                                                                               \
    X((symbolic_shapes), meta_sizes, (const M& m), ({ A::meta_sizes(m) } -> std::convertible_to<std::span<const sym_int>>;), \
      "static std::span<const lasso::sym_int> meta_sizes(const tensor_meta&)", "")                                      \
    X((symbolic_shapes), set_meta_size, (M& m, std::size_t d, const sym_int& s), (A::set_meta_size(m, d, s);),          \
      "static void set_meta_size(tensor_meta&, std::size_t dim, const lasso::sym_int&)", "")                            \
    X((symbolic_shapes), tensor_size, (const V& v, std::size_t d), ({ A::tensor_size(v, d) } -> std::convertible_to<std::int64_t>;), \
      "static std::int64_t tensor_size(const value&, std::size_t dim)", " (a call's size; side-effect free)")            \
    X((symbolic_shapes), marked_dynamic, (const V& v), ({ A::marked_dynamic(v) } -> std::convertible_to<std::uint64_t>;), \
      "static std::uint64_t marked_dynamic(const value&)", " (dimensions marked dynamic, bit d for dimension d)")  \
    X((traced_exceptions), plain_exception_class, (const V& cls),                                                      \
      ({ A::plain_exception_class(cls) } -> std::convertible_to<bool>;), "static bool plain_exception_class(const value& cls)", \
      "")                                                                                                               \
    X((traced_exceptions), exception_matches, (const V& cls, const V& spec),                                           \
      ({ A::exception_matches(cls, spec) } -> std::convertible_to<std::optional<bool>>;),                                 \
      "static std::optional<bool> exception_matches(const value& cls, const value& spec)", "")                          \
    X((global_read_caches), frame_global_cached, (const F& f, std::string_view n),                                      \
      (typename A::global_cache; { typename A::global_cache{} };                                                        \
       { A::frame_global(f, n, std::declval<typename A::global_cache&>()) } -> ::lasso::detail::global_read<A, V>;),     \
      "static const value* frame_global(const frame&, std::string_view name, global_cache&)",                           \
      " (global_cache: the adapter's type; gives what frame_global(f, name) gives)")                                   \
    X((object_versions), object_version, (const V& v), ({ A::object_version(v) } -> std::same_as<std::uint64_t>;),    \
      "static std::uint64_t object_version(const value&)", " (0: no tag; a tag is never given twice)")                \
    X((native_break_code), call_at, (const F& f, const Code& c, std::size_t o, const V& fn, std::span<const V> args),   \
      ({ A::call_at(f, c, o, fn, args) } -> std::convertible_to<V>;),                                                    \
      "static value call_at(const frame&, const code&, std::size_t offset, const value& fn, "                           \
      "std::span<const value> args)", " (as the call at offset of generated code c in frame f would)")                 \
    X((prepared_operations), prepare_op, (std::string_view n, bool m), ({ A::prepare_op(n, m) };),                      \
      "static prepared_op prepare_op(std::string_view name, bool is_method)", " (prepared_op: the adapter's type)")     \
    X((prepared_operations), run_prepared, (std::span<const V> args),                                                   \
      ({ A::run_prepared(A::prepare_op(std::string_view(), false), args) } -> std::convertible_to<V>;),                 \
      "static value run_prepared(const prepared_op&, std::span<const value> args)", "")                             \
    X((tensor_keywords), infer_meta_keywords,                                                                           \
      (std::string_view n, std::span<const operand<M>> args, std::span<const std::string> k),                           \
      ({ A::infer_meta(n, args, k) } -> std::convertible_to<meta_or_reason<M>>;),                                        \
      "static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op, "                                      \
      "std::span<const lasso::operand<tensor_meta>>, std::span<const std::string> keywords)",                           \
      " (the last keywords.size() operands are their values)")                                                          \
    X((tensor_keywords), run_op_keywords, (std::string_view n, std::span<const V> args, std::span<const std::string> k), \
      ({ A::run_op(n, args, true, k) } -> std::convertible_to<V>;),                                                      \
      "static value run_op(std::string_view op, std::span<const value> args, bool is_method, "                          \
      "std::span<const std::string> keywords)", " (the last keywords.size() arguments are their values)")  \
    X((tensor_mutation), inplace_writes, (const M& m, std::int64_t which),                                              \
      ({ A::inplace_writes(m, which) } -> std::convertible_to<std::variant<bool, unsupported>>;),                        \
      "static std::variant<bool, lasso::unsupported> inplace_writes(const tensor_meta&, std::int64_t which)",           \
      " (which: a binary_op argument of an in-place form)")                                                              \
    X((tensor_mutation), inplace_fits, (const M& a, const M& b), ({ A::inplace_fits(a, b) } -> std::convertible_to<bool>;), \
      "static bool inplace_fits(const tensor_meta& target, const tensor_meta& result)", "")                             \
    X((tensor_mutation), result_is_fresh, (std::string_view n, bool m),                                                 \
      ({ A::result_is_fresh(n, m) } -> std::convertible_to<bool>;),                                                      \
      "static bool result_is_fresh(std::string_view op, bool is_method)", " (false: it may share memory)")              \
    X((tensor_mutation), tensor_memory, (const V& v),                                                                   \
      ({ A::tensor_memory(v) } -> std::convertible_to<std::pair<std::uintptr_t, std::uintptr_t>>;),                     \
      "static std::pair<std::uintptr_t, std::uintptr_t> tensor_memory(const value&)", " ([begin, end) of its elements)") \
    X((tensor_mutation), tensor_writer, (), ({ A::tensor_writer() } -> std::convertible_to<V>;),                        \
      "static value tensor_writer()", " (a callable f(dst, src) that copies src into dst)")                                                                                                              \
    X((tensor_slicing), is_ellipsis, (const V& v), ({ A::is_ellipsis(v) } -> std::convertible_to<bool>;),             \
      "static bool is_ellipsis(const value&)", "")                                                                    \
    X((named_operands), operand_name, (const V& v),                                                                     \
      ({ A::operand_name(v) } -> std::convertible_to<std::optional<std::string>>;),                                      \
      "static std::optional<std::string> operand_name(const value&)", "")                                              \
    X((properties), is_property, (const V& v), ({ A::is_property(v) } -> std::convertible_to<bool>;),                 \
      "static bool is_property(const value&)", " (its attribute fget is the getter to inline)")

// Members an adapter once had and must not have now: the facts that are features.
#define LASSO_ADAPTER_RETIRED_MEMBERS(R)                                                                               \
    R(tensor_results_are_new) R(tensor_equality_is_identity) R(python_container_methods)

// The whole table, in the order the checks report.
#define LASSO_ADAPTER_TABLE(T, X)                                                                                        \
    LASSO_ADAPTER_OPCODE_TABLE(T, X) LASSO_ADAPTER_CODE_TABLE(T, X) LASSO_ADAPTER_CAPTURE_TABLE(T, X)
// clang-format on

// ---- the machinery the layers expand the tables with ----------------------------------

#define LASSO_DETAIL_UNPAREN(...) __VA_ARGS__

// One concept per row, `row_<name>`, and its groups, `row_groups_<name>`. Expanded in
// namespace lasso::detail::adapter_table, by the header that owns the table.
#define LASSO_DETAIL_DEFINE_ROW(groups, name, params, requirements, signature, note)                                        \
    template <class A, class V, class Code, class F, class M>                                                               \
    concept row_##name = requires params {                                                                                  \
        LASSO_DETAIL_UNPAREN requirements                                                                                   \
    };                                                                                                                      \
    inline constexpr group_set row_groups_##name = group_set groups;

/// Whether row `name` holds for adapter `A` (false, never an error, when a type is missing).
#define LASSO_DETAIL_ROW_HOLDS(A, name)                                                                                     \
    ::lasso::detail::adapter_table::row_##name<                                                                             \
        A, ::lasso::detail::adapter_table::value_t<A>, ::lasso::detail::adapter_table::code_t<A>,                           \
        ::lasso::detail::adapter_table::frame_t<A>, ::lasso::detail::adapter_table::meta_t<A>>

// The groups with a row that fails for `A`, and the single features with a row that
// holds (whose members `A` defines), over one table.
#define LASSO_DETAIL_ROW_FAILING(groups, name, params, requirements, signature, note)                                       \
    if (!LASSO_DETAIL_ROW_HOLDS(A, name)) out = out | row_groups_##name;
#define LASSO_DETAIL_ROW_PRESENT(groups, name, params, requirements, signature, note)                                       \
    if (row_groups_##name.is_one_feature() && LASSO_DETAIL_ROW_HOLDS(A, name)) out = out | row_groups_##name;
#define LASSO_DETAIL_DEFINE_TABLE_SUMMARY(failing, present, TABLE)                                                          \
    template <class A> consteval group_set failing() {                                                                      \
        group_set out;                                                                                                      \
        TABLE(LASSO_DETAIL_ROW_FAILING, LASSO_DETAIL_ROW_FAILING)                                                           \
        return out;                                                                                                         \
    }                                                                                                                       \
    template <class A> consteval group_set present() {                                                                      \
        group_set out;                                                                                                      \
        TABLE(LASSO_DETAIL_ROW_PRESENT, LASSO_DETAIL_ROW_PRESENT)                                                           \
        return out;                                                                                                         \
    }

/// Defines one table's row concepts and its summaries `failing` and `present`; expanded
/// at global scope by the header that owns the table.
#define LASSO_DETAIL_DEFINE_TABLE(TABLE, failing, present)                                                                  \
    namespace lasso::detail::adapter_table {                                                                                \
    TABLE(LASSO_DETAIL_DEFINE_ROW, LASSO_DETAIL_DEFINE_ROW)                                                                 \
    LASSO_DETAIL_DEFINE_TABLE_SUMMARY(failing, present, TABLE)                                                              \
    }

namespace lasso::detail::adapter_table {

/// Stands for a type the adapter lacks, so that rows naming it fail instead of being errors.
struct missing_type {};

#define LASSO_DETAIL_ADAPTER_TYPE(alias, member)                                                                            \
    template <class A> struct alias##_of { using type = missing_type; };                                                    \
    template <class A>                                                                                                      \
        requires requires { typename A::member; }                                                                           \
    struct alias##_of<A> {                                                                                                  \
        using type = typename A::member;                                                                                    \
    };                                                                                                                      \
    template <class A> using alias##_t = typename alias##_of<A>::type;
LASSO_DETAIL_ADAPTER_TYPE(value, value)
LASSO_DETAIL_ADAPTER_TYPE(code, code)
LASSO_DETAIL_ADAPTER_TYPE(frame, frame)
LASSO_DETAIL_ADAPTER_TYPE(meta, tensor_meta)
#undef LASSO_DETAIL_ADAPTER_TYPE

} // namespace lasso::detail::adapter_table
