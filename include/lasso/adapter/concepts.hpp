// lasso/adapter/concepts.hpp
//
// The adapter concepts the library tests (`if constexpr (InlineAdapter<A>)`), made from
// the requirement table (lasso/adapter/requirements.hpp) and the features an adapter
// declares (lasso/adapter/features.hpp). A group concept (`GuardAdapter`, ...) holds
// when every row of its group does; a feature concept holds when the adapter declares
// the feature, has its members and has the features it needs. A declared feature whose
// members are missing is therefore off here, and an error where the adapter is checked
// (lasso/adapter/check.hpp), so library code never instantiates with a member that is
// not there and the user sees one message instead of a page.
#pragma once

#include <lasso/adapter/features.hpp>
#include <lasso/adapter/requirements.hpp>
#include <lasso/adapter/vocabulary.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/constant.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

// The parameter types of `run_comptime`, defined in lasso/comptime.hpp (the row that
// checks it only passes them by reference).
template <class A> class comptime_context;
template <class A> struct comptime_callback;

} // namespace lasso

LASSO_DETAIL_DEFINE_TABLE(LASSO_ADAPTER_CAPTURE_TABLE, failing_capture_rows, present_capture_rows)

namespace lasso::detail::adapter_table {

/// The groups and features with a row that `A` fails, over the whole table.
template <class A>
inline constexpr group_set failing_rows = failing_opcode_rows<A>() | failing_code_rows<A>() | failing_capture_rows<A>();

/// The features whose own members `A` defines (declared or not).
template <class A>
inline constexpr group_set present_rows = present_opcode_rows<A>() | present_code_rows<A>() | present_capture_rows<A>();

/// The features that are on for `A`: declared, with every member, and with what they need.
template <class A> consteval feature_set compute_enabled_features() {
    const feature_set declared = features_of<A>();
    const group_set failing = failing_rows<A>;
    feature_set on;
    // A feature's needs come before or after it in the list; as many passes as there
    // are features settle the longest chain.
    for (std::size_t pass = 0; pass < feature_count; ++pass)
        for (std::size_t i = 0; i < feature_count; ++i) {
            const auto f = static_cast<feature>(i);
            const group_set needs = feature_needs(f);
            if (declared.has(f) && !failing.has(group_of(f)) && on.contains(needs.features()) &&
                !failing.meets(needs.required()))
                on = on | f;
        }
    return on;
}
template <class A> inline constexpr feature_set enabled_features = compute_enabled_features<A>();

template <class A, group G> inline constexpr bool group_holds = !failing_rows<A>.has(G);
template <class A, feature F> inline constexpr bool feature_enabled = enabled_features<A>.has(F);

} // namespace lasso::detail::adapter_table

namespace lasso {

// ---- the required groups --------------------------------------------------------------

/// An adapter whose bytecode lasso can decode, transform, assemble and disassemble: the
/// rows of groups `opcodes` and `code_objects`.
template <class A>
concept BytecodeInterpreterAdapter = bytecode::CodeAdapter<A>;

/// Frames and values as guards read them (group `guards`). Every read is side-effect
/// free; the `matches_*` predicates must not allocate.
template <class A>
concept GuardAdapter = detail::adapter_table::group_holds<A, detail::adapter_table::guards>;

/// What the translator needs of values and tensor operators (group `translator`).
template <class A>
concept TranslatorAdapter =
    bytecode::CodeAdapter<A> && GuardAdapter<A> && detail::adapter_table::group_holds<A, detail::adapter_table::translator>;

/// The adapter's own implementation of every operator (group `eager`): the eager
/// backend and verification run graphs through it.
template <class A>
concept EagerAdapter = detail::adapter_table::group_holds<A, detail::adapter_table::eager>;

/// What the frame entry point needs to run code (group `running`).
template <class A>
concept RuntimeAdapter = detail::adapter_table::group_holds<A, detail::adapter_table::running>;

/// Everything graph capture needs.
template <class A>
concept InterpreterAdapter =
    BytecodeInterpreterAdapter<A> && GuardAdapter<A> && TranslatorAdapter<A> && EagerAdapter<A> && RuntimeAdapter<A>;

// ---- the optional features (what each gives: lasso/adapter/features.hpp) ----------------

/// `lasso::feature::code_cache_slot`.
template <class A>
concept HasCodeCacheSlot = detail::adapter_table::feature_enabled<A, feature::code_cache_slot>;

/// Adapters whose per-code slot is reached through `code_cache_get` and `code_cache_set`:
/// `lasso::feature::code_cache_accessors`.
template <class A>
concept HasCodeCacheAccessors = detail::adapter_table::feature_enabled<A, feature::code_cache_accessors>;

/// Adapters whose `frame_global` returns a value, not a place: `lasso::feature::globals_by_value`.
template <class A>
concept GlobalsByValue = features_of<A>()
.has(feature::globals_by_value);
/// `lasso::feature::graph_breaks`.
template <class A>
concept ResumeAdapter = detail::adapter_table::feature_enabled<A, feature::graph_breaks>;
/// `lasso::feature::closure_resume` (with graph_breaks).
template <class A>
concept ClosureResumeAdapter = detail::adapter_table::feature_enabled<A, feature::closure_resume>;
/// `lasso::feature::inlining`.
template <class A>
concept InlineAdapter = detail::adapter_table::feature_enabled<A, feature::inlining>;
/// `lasso::feature::code_constants`.
template <class A>
concept CodeConstantAdapter = detail::adapter_table::feature_enabled<A, feature::code_constants>;
/// `lasso::feature::construction` (with inlining).
template <class A>
concept ConstructAdapter = detail::adapter_table::feature_enabled<A, feature::construction>;
/// `lasso::feature::traced_exceptions` (with construction).
template <class A>
concept TracedExceptionAdapter = detail::adapter_table::feature_enabled<A, feature::traced_exceptions>;
/// `lasso::feature::instances` (with construction).
template <class A>
concept InstanceAdapter = detail::adapter_table::feature_enabled<A, feature::instances>;
/// `lasso::feature::closures` (with inlining).
template <class A>
concept ClosureAdapter = detail::adapter_table::feature_enabled<A, feature::closures>;
/// `lasso::feature::cell_identity` (with closures).
template <class A>
concept CellIdentityAdapter = detail::adapter_table::feature_enabled<A, feature::cell_identity>;
/// `lasso::feature::cell_making` (with closures).
template <class A>
concept CellMakingAdapter = detail::adapter_table::feature_enabled<A, feature::cell_making>;
/// `lasso::feature::attribute_stores`.
template <class A>
concept AttributeStoreAdapter = detail::adapter_table::feature_enabled<A, feature::attribute_stores>;
/// `lasso::feature::higher_order` (with the eager operators).
template <class A>
concept HigherOrderAdapter = detail::adapter_table::feature_enabled<A, feature::higher_order>;
/// `lasso::feature::row_mapping` (with higher_order).
template <class A>
concept RowMappingAdapter = detail::adapter_table::feature_enabled<A, feature::row_mapping>;
/// `lasso::feature::constant_methods` (with the eager operators).
template <class A>
concept ConstantMethodsAdapter = detail::adapter_table::feature_enabled<A, feature::constant_methods>;
/// `lasso::feature::loop_pass`.
template <class A>
concept LoopPassAdapter = detail::adapter_table::feature_enabled<A, feature::loop_pass>;
/// `lasso::feature::global_states` (lasso/global_state.hpp).
template <class A>
concept GlobalStateAdapter = detail::adapter_table::feature_enabled<A, feature::global_states>;
/// `lasso::feature::global_state_setter` (lasso/global_state.hpp).
template <class A>
concept GlobalStateSetterAdapter = detail::adapter_table::feature_enabled<A, feature::global_state_setter>;
/// `lasso::feature::context_manager_values`.
template <class A>
concept ContextManagerAdapter = detail::adapter_table::feature_enabled<A, feature::context_manager_values>;
/// `lasso::feature::comptime` (lasso/comptime.hpp).
template <class A>
concept ComptimeAdapter = detail::adapter_table::feature_enabled<A, feature::comptime>;
/// `lasso::feature::symbolic_shapes` (lasso/symbolic/).
template <class A>
concept SymbolicShapesAdapter = detail::adapter_table::feature_enabled<A, feature::symbolic_shapes>;

// The facts: features without members.

/// `lasso::feature::tensor_results_are_new`: every tensor operation returns a new
/// object, never one of its operands, so `r is v` folds to False for a result `r`.
template <class A> constexpr bool tensor_results_are_new() { return features_of<A>().has(feature::tensor_results_are_new); }
/// `lasso::feature::tensor_equality_is_identity`: `==` and `!=` with a tensor operand
/// compare identity (Python's default for a class without `__eq__`), as `is` does.
template <class A> constexpr bool tensor_equality_is_identity() {
    return features_of<A>().has(feature::tensor_equality_is_identity);
}
/// `lasso::feature::python_container_methods`: list and dict methods behave as
/// Python's, so the translator models calls of them instead of breaking the graph.
template <class A> constexpr bool python_container_methods() {
    return features_of<A>().has(feature::python_container_methods);
}
/// `lasso::feature::identity_equality`: `==` and `!=` of classes, and of objects whose
/// class has no `__eq__` or `__ne__`, compare identity (Python's default).
template <class A> constexpr bool identity_equality() { return features_of<A>().has(feature::identity_equality); }
/// `lasso::feature::object_versions`: values carry a tag of their state, so that guards
/// skip reading from objects that did not change.
template <class A>
concept VersionedObjectsAdapter = detail::adapter_table::feature_enabled<A, feature::object_versions>;
/// `lasso::feature::global_read_caches`: guards read each global through a cache of
/// their own (`frame_global(f, name, cache)`).
template <class A>
concept CachedGlobalsAdapter = detail::adapter_table::feature_enabled<A, feature::global_read_caches>;
/// `lasso::feature::fixed_types_and_shapes`: a value's type, and a tensor's dtype and
/// shape, never change in place, so guards skip checking them again on a value they
/// hold from an unchanged object.
template <class A> constexpr bool fixed_types_and_shapes() { return features_of<A>().has(feature::fixed_types_and_shapes); }
/// `lasso::feature::mutable_function_code`: a function's code can be replaced, so
/// inlined functions are guarded on their code wherever they come from.
template <class A> constexpr bool mutable_function_code() { return features_of<A>().has(feature::mutable_function_code); }
/// `lasso::feature::traced_with_exits`: traced raises go through `with` blocks' `__exit__`.
template <class A> constexpr bool traced_with_exits() { return features_of<A>().has(feature::traced_with_exits); }
/// `lasso::feature::prepared_operations`: the eager backend resolves operations once.
template <class A>
concept PreparedOperationsAdapter = detail::adapter_table::feature_enabled<A, feature::prepared_operations>;
/// `lasso::feature::native_break_code`: straight-line code at graph breaks runs in lasso.
template <class A>
concept NativeBreakCodeAdapter = detail::adapter_table::feature_enabled<A, feature::native_break_code>;
/// `lasso::feature::tensor_sequences`: tensor operations take tuples and lists of tensors.
template <class A> constexpr bool tensor_sequences() { return features_of<A>().has(feature::tensor_sequences); }
/// `lasso::feature::tensor_slicing`: tensor subscripts take slices, None and Ellipsis.
template <class A>
concept TensorSlicingAdapter = detail::adapter_table::feature_enabled<A, feature::tensor_slicing>;
/// `lasso::feature::varargs_parameters`: functions taking *args are inlined.
template <class A>
concept VarargsAdapter = detail::adapter_table::feature_enabled<A, feature::varargs_parameters>;
/// `lasso::feature::properties`: reads of properties inline their getters.
template <class A>
concept PropertyAdapter = detail::adapter_table::feature_enabled<A, feature::properties>;
/// `lasso::feature::callable_instances`: a call of an instance runs its class's `__call__`.
template <class A> constexpr bool callable_instances() { return features_of<A>().has(feature::callable_instances); }
/// `lasso::feature::named_operands`: tensor operations take some builtins by a name.
template <class A>
concept NamedOperandsAdapter = detail::adapter_table::feature_enabled<A, feature::named_operands>;

/// `lasso::feature::operations_may_raise`: a tensor operation whose result nothing uses
/// still runs.
template <class A> constexpr bool operations_may_raise() { return features_of<A>().has(feature::operations_may_raise); }
/// `lasso::feature::tensor_keywords`: tensor operations take keyword arguments.
template <class A>
concept TensorKeywordsAdapter = detail::adapter_table::feature_enabled<A, feature::tensor_keywords>;
/// `lasso::feature::tensor_mutation`: in-place operators write into tensors
/// (lasso/translator/tensor_writes.hpp).
template <class A>
concept TensorMutationAdapter = detail::adapter_table::feature_enabled<A, feature::tensor_mutation>;

} // namespace lasso
