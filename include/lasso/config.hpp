// lasso/config.hpp
//
// What a `Config` (the second template argument of `lasso::translator` and
// `lasso::runtime`) must and may hold, written once as a table: the `CaptureConfig`
// concept and the messages `lasso::translator` and `lasso::runtime` give for a wrong
// Config both come from it, one `static_assert` per row at class scope (for the reason
// lasso/adapter/check.hpp gives), so a Config whose tracker list leaves out the
// default trackers is one message instead of a hundred errors from the arena.
//
// A row is `X(name, kind, message)`: the static member `Config::name` must satisfy
// `kind` (lasso::detail::config_table), or the entry point says `message`.
#pragma once

#include <lasso/adapter/requirements.hpp>
#include <lasso/trackers/defaults.hpp>

#include <boost/hana/all_of.hpp>
#include <boost/hana/core/is_a.hpp>
#include <boost/hana/is_subset.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include <concepts>
#include <type_traits>

// clang-format off
#define LASSO_CONFIG_TABLE(X)                                                                                          \
    X(trackers, tracker_list,                                                                                          \
      "missing `static constexpr auto trackers`, a boost::hana::tuple_t of tracker types: "                            \
      "lasso::trackers::default_trackers<value, tensor_meta>, or that list with yours appended by "                    \
      "lasso::extend_trackers(...)")                                                                                   \
    X(trackers, includes_default_trackers,                                                                             \
      "`trackers` leaves out default trackers: start from lasso::trackers::default_trackers<value, tensor_meta> "      \
      "and append your own with lasso::extend_trackers(...)")                                                          \
    X(max_unrolled_instructions, optional_integer,                                                                     \
      "`max_unrolled_instructions` must be an integer constant: `static constexpr std::size_t "                        \
      "max_unrolled_instructions = N;` (instructions loops may add to a frame's evaluation)")                          \
    X(max_traced_sequence_items, optional_integer,                                                                     \
      "`max_traced_sequence_items` must be an integer constant: `static constexpr std::size_t "                        \
      "max_traced_sequence_items = N;` (list and tuple items one translation may build)")                              \
    X(max_inline_depth, optional_integer,                                                                              \
      "`max_inline_depth` must be an integer constant: `static constexpr std::size_t max_inline_depth = N;` "          \
      "(how many inlined calls deep the translator goes)")
// clang-format on
// Handler overrides (`handle(lasso::semantic<O>, t, inst)`, `handle(lasso::opcode<N>, t,
// inst)`) are not rows: their signature names the translator type, which a Config alone
// does not know, so they are checked where the dispatch table is built
// (translator/dispatch.hpp: a `handle` whose tag matches and whose signature does not,
// and the former `handle_custom`, are one `static_assert` each). A Config with handlers
// and the default trackers satisfies `CaptureConfig`.

namespace lasso::detail::config_table {

template <class T> consteval bool is_tracker_list() {
    if constexpr (decltype(boost::hana::is_a<boost::hana::tuple_tag, T>)::value)
        return decltype(boost::hana::all_of(T{}, boost::hana::is_a<boost::hana::type_tag>))::value;
    else return false;
}

/// `Config::name` is a Hana list of tracker types (required).
struct tracker_list {
    static constexpr bool when_absent = false;
    template <class T, class A> static consteval bool holds() { return is_tracker_list<T>(); }
};

/// The list holds every default tracker (the translator makes them all).
struct includes_default_trackers {
    static constexpr bool when_absent = true; // reported by the `tracker_list` row
    template <class T, class A> static consteval bool holds() {
        using V = adapter_table::value_t<A>;
        using M = adapter_table::meta_t<A>;
        if constexpr (!is_tracker_list<T>() || std::same_as<V, adapter_table::missing_type> ||
                      std::same_as<M, adapter_table::missing_type>)
            return true; // reported by another row, or by the adapter's checks
        else return decltype(boost::hana::is_subset(lasso::trackers::default_trackers<V, M>, T{}))::value;
    }
};

/// `Config::name`, when present, is an integer (not a bool).
struct optional_integer {
    static constexpr bool when_absent = true;
    template <class T, class A> static consteval bool holds() { return std::integral<T> && !std::same_as<T, bool>; }
};

#define LASSO_DETAIL_DEFINE_CONFIG_ROW(name, kind, message)                                                                 \
    template <class C, class A> consteval bool row_##name##_##kind() {                                                      \
        if constexpr (requires { C::name; }) return kind::template holds<std::remove_cvref_t<decltype(C::name)>, A>();      \
        else return kind::when_absent;                                                                                      \
    }
LASSO_CONFIG_TABLE(LASSO_DETAIL_DEFINE_CONFIG_ROW)
#undef LASSO_DETAIL_DEFINE_CONFIG_ROW

#define LASSO_DETAIL_CONFIG_ROW_HOLDS(name, kind, message) &&row_##name##_##kind<C, A>()
template <class C, class A> consteval bool all_rows_hold() { return true LASSO_CONFIG_TABLE(LASSO_DETAIL_CONFIG_ROW_HOLDS); }
#undef LASSO_DETAIL_CONFIG_ROW_HOLDS

} // namespace lasso::detail::config_table

namespace lasso {

/// A Config for adapter `A`: `trackers` lists the default trackers (and any of the
/// user's), and the optional limits are integers.
template <class Config, class A>
concept CaptureConfig = detail::config_table::all_rows_hold<Config, A>();

} // namespace lasso

// Each check on one line: g++ quotes the line of a failed static_assert.
#define LASSO_DETAIL_CHECK_CONFIG_ROW(name, kind, message)                                                                  \
    static_assert(                                                                                                          \
        ::lasso::detail::config_table::row_##name##_##kind<lasso_detail_checked_config, lasso_detail_config_adapter>(),     \
        "lasso Config: " message);

/// Checks `Config` for adapter `Adapter`, one `static_assert` per row; used at class
/// scope by `lasso::translator` and `lasso::runtime`. It declares the aliases
/// `lasso_detail_checked_config` and `lasso_detail_config_adapter`.
#define LASSO_DETAIL_CHECK_CONFIG(Adapter, Config)                                                                          \
    using lasso_detail_config_adapter = Adapter;                                                                            \
    using lasso_detail_checked_config = Config;                                                                             \
    LASSO_CONFIG_TABLE(LASSO_DETAIL_CHECK_CONFIG_ROW)
