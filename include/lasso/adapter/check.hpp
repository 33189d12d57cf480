// lasso/adapter/check.hpp
//
// One readable error per mistake in an adapter, at the entry point the user named:
// `lasso::translator<A>` and `lasso::runtime<A>` check their adapter themselves, and
// `check_bytecode_adapter`, `check_translator_adapter` and `check_interpreter_adapter`
// do the same checks for a `static_assert` of the user's. Every row of the requirement
// table (lasso/adapter/requirements.hpp) that the entry point or a declared feature
// needs becomes one `static_assert` whose message names the member with its signature;
// then every feature is checked for what it needs and for members defined without the
// feature being declared.
//
// Why at class scope: a failed `static_assert` in the class itself is what stops a
// compiler from going on to instantiate the class's members with an adapter that lacks
// what they use (g++ stops after the first error in the class; clang marks the class
// invalid), so one mistake gives one message rather than a page. A `static_assert` in a
// function the class calls would not.
#pragma once

#include <lasso/adapter/concepts.hpp>
#include <lasso/adapter/features.hpp>
#include <lasso/adapter/requirements.hpp>

#include <concepts>
#include <cstddef>

namespace lasso::detail::adapter_table {

/// The entry points, and the groups each needs. `capture`: the features of graph capture
/// are checked there too (the bytecode entry checks only the bytecode layer's).
struct bytecode_entry {
    static constexpr group_set groups{opcodes, code_objects};
    static constexpr bool capture = false;
};
struct translator_entry {
    static constexpr group_set groups{opcodes, code_objects, guards, translator};
    static constexpr bool capture = true;
};
struct runtime_entry {
    static constexpr group_set groups{opcodes, code_objects, guards, translator, eager, running};
    static constexpr bool capture = true;
};

template <class Entry> constexpr bool checks_feature(feature f) noexcept {
    return Entry::capture || feature_in_bytecode_layer(f);
}

template <class A> consteval bool features_well_typed() {
    if constexpr (requires { A::features; }) return requires {
            { A::features } -> std::convertible_to<feature_set>;
        };
    else return true;
}

/// The groups whose rows are checked for `A` at `Entry`: the entry's own, the declared
/// features, and the required groups those need (the eager operators, for higher_order).
template <class A, class Entry> consteval group_set checked_groups() {
    group_set out = Entry::groups;
    const feature_set declared = features_of<A>();
    for (std::size_t i = 0; i < feature_count; ++i) {
        const auto f = static_cast<feature>(i);
        if (declared.has(f) && checks_feature<Entry>(f)) out = out | group_set(group_of(f)) | feature_needs(f).required();
    }
    return out;
}

/// Whether the types the checked rows name exist: members are checked only then, so
/// that a missing `frame` is one message, not one per member that takes a frame.
#define LASSO_DETAIL_TYPE_PRESENT(groups, name, params, requirements, signature, note)                                      \
    if (row_groups_##name.meets(checked) && !LASSO_DETAIL_ROW_HOLDS(A, name)) return false;
#define LASSO_DETAIL_IGNORE_ROW(groups, name, params, requirements, signature, note)
template <class A, class Entry> consteval bool types_present() {
    constexpr group_set checked = checked_groups<A, Entry>();
    LASSO_ADAPTER_TABLE(LASSO_DETAIL_TYPE_PRESENT, LASSO_DETAIL_IGNORE_ROW)
    return true;
}
#undef LASSO_DETAIL_TYPE_PRESENT

template <class A, class Entry> consteval bool type_row_ok(group_set groups, bool holds) {
    return holds || !groups.meets(checked_groups<A, Entry>());
}
template <class A, class Entry> consteval bool member_row_ok(group_set groups, bool holds) {
    return holds || !groups.meets(checked_groups<A, Entry>()) || !types_present<A, Entry>();
}
/// A declared feature's needed features are declared.
template <class A, class Entry> consteval bool feature_needs_declared(feature f) {
    const feature_set declared = features_of<A>();
    return !declared.has(f) || !checks_feature<Entry>(f) || declared.contains(feature_needs(f).features());
}
/// A feature whose own members `A` defines is declared.
template <class A, class Entry> consteval bool feature_declared_if_present(feature f) {
    return features_of<A>().has(f) || !checks_feature<Entry>(f) || !present_rows<A>.has(group_of(f)) ||
           !types_present<A, Entry>();
}
template <class Entry> consteval bool retired_member_ok(bool present) { return !Entry::capture || !present; }

} // namespace lasso::detail::adapter_table

namespace lasso::detail::adapter_table {

// One variable per row and per feature, `ok_<name><A, Entry>`, so that a failed check
// reads as the row's name in a compiler's message.
#define LASSO_DETAIL_DEFINE_TYPE_OK(groups, name, params, requirements, signature, note)                                    \
    template <class A, class Entry>                                                                                         \
    inline constexpr bool ok_##name = type_row_ok<A, Entry>(row_groups_##name, LASSO_DETAIL_ROW_HOLDS(A, name));
#define LASSO_DETAIL_DEFINE_MEMBER_OK(groups, name, params, requirements, signature, note)                                  \
    template <class A, class Entry>                                                                                         \
    inline constexpr bool ok_##name = member_row_ok<A, Entry>(row_groups_##name, LASSO_DETAIL_ROW_HOLDS(A, name));
LASSO_ADAPTER_TABLE(LASSO_DETAIL_DEFINE_TYPE_OK, LASSO_DETAIL_DEFINE_MEMBER_OK)
#undef LASSO_DETAIL_DEFINE_TYPE_OK
#undef LASSO_DETAIL_DEFINE_MEMBER_OK

#define LASSO_DETAIL_DEFINE_FEATURE_OK(name, layer, needs, summary)                                                         \
    template <class A, class Entry>                                                                                         \
    inline constexpr bool needs_of_##name##_declared = feature_needs_declared<A, Entry>(feature::name);                     \
    template <class A, class Entry>                                                                                         \
    inline constexpr bool name##_declared_if_present = feature_declared_if_present<A, Entry>(feature::name);
LASSO_ADAPTER_FEATURES(LASSO_DETAIL_DEFINE_FEATURE_OK)
#undef LASSO_DETAIL_DEFINE_FEATURE_OK

} // namespace lasso::detail::adapter_table

// Each check on one line: g++ quotes the line of a failed static_assert.
#define LASSO_DETAIL_CHECK_ROW(groups, name, params, requirements, signature, note)                                         \
    static_assert(::lasso::detail::adapter_table::ok_##name<lasso_detail_checked_adapter, lasso_detail_check_entry>,        \
                  "lasso adapter: missing `" signature "`" note ", needed by " #groups);
#define LASSO_DETAIL_CHECK_FEATURE(name, layer, needs, summary)                                                             \
    static_assert(                                                                                                          \
        ::lasso::detail::adapter_table::needs_of_##name##_declared<lasso_detail_checked_adapter, lasso_detail_check_entry>, \
        "lasso adapter: feature `" #name "` needs the features " #needs ": declare them too");                              \
    static_assert(                                                                                                          \
        ::lasso::detail::adapter_table::name##_declared_if_present<lasso_detail_checked_adapter, lasso_detail_check_entry>, \
        "lasso adapter: defines the members of feature `" #name "` without declaring it: add lasso::feature::" #name        \
        " to `static constexpr lasso::feature_set features`");
#define LASSO_DETAIL_CHECK_RETIRED(name)                                                                                    \
    static_assert(::lasso::detail::adapter_table::retired_member_ok<lasso_detail_check_entry>(                              \
                      requires { lasso_detail_checked_adapter::name; }),                                                    \
                  "lasso adapter: `" #name "` is not a member any more: declare lasso::feature::" #name                     \
                  " in `static constexpr lasso::feature_set features` instead");

/// Checks adapter `Adapter` at entry point `Entry` (`lasso::detail::adapter_table::
/// translator_entry`, ...), one `static_assert` per requirement; used at class scope by
/// `lasso::translator` and `lasso::runtime` and in the check functions below. It
/// declares the aliases `lasso_detail_checked_adapter` and `lasso_detail_check_entry`.
#define LASSO_DETAIL_CHECK_ADAPTER(Adapter, Entry)                                                                          \
    using lasso_detail_checked_adapter = Adapter;                                                                           \
    using lasso_detail_check_entry = Entry;                                                                                 \
    static_assert(                                                                                                          \
        ::lasso::detail::adapter_table::features_well_typed<lasso_detail_checked_adapter>(),                                \
        "lasso adapter: `features` must be a `static constexpr lasso::feature_set` (`{lasso::feature::inlining, ...}`)");   \
    LASSO_ADAPTER_TABLE(LASSO_DETAIL_CHECK_ROW, LASSO_DETAIL_CHECK_ROW)                                                     \
    LASSO_ADAPTER_FEATURES(LASSO_DETAIL_CHECK_FEATURE)                                                                      \
    LASSO_ADAPTER_RETIRED_MEMBERS(LASSO_DETAIL_CHECK_RETIRED)

namespace lasso {

/// Checks an adapter for the bytecode layer (decode, assemble, transform, disassemble,
/// templates), one readable message per missing piece: the rows of groups `opcodes` and
/// `code_objects`, and `make_constant` when it declares `feature::template_constants`.
/// Use it as `static_assert(lasso::check_bytecode_adapter<my_adapter>());`.
template <class A> consteval bool check_bytecode_adapter() {
    LASSO_DETAIL_CHECK_ADAPTER(A, detail::adapter_table::bytecode_entry)
    return true;
}

/// Checks what the translator needs (`lasso::translator` checks it itself): the bytecode
/// rows, the types `frame` and `tensor_meta`, the rows of groups `guards` and
/// `translator`, and the members of every declared feature.
template <class A> consteval bool check_translator_adapter() {
    LASSO_DETAIL_CHECK_ADAPTER(A, detail::adapter_table::translator_entry)
    return true;
}

/// Checks an adapter for graph capture (`lasso::runtime` checks it itself): as
/// `check_translator_adapter`, and the eager operators and running code. Use it as
/// `static_assert(lasso::check_interpreter_adapter<my_adapter>());`.
template <class A> consteval bool check_interpreter_adapter() {
    LASSO_DETAIL_CHECK_ADAPTER(A, detail::adapter_table::runtime_entry)
    return true;
}

} // namespace lasso
