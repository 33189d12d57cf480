// lasso/trackers/behaviour.hpp
//
// What the translator asks of any tracker, answered per tracker family with
// `std::visit`: whether its truth value, length, None-ness or items are known at trace
// time, and a description for messages ("a tensor", "the constant 3", "function 'f'").
// Each question answers `std::nullopt` (or nullptr) where the answer is not known
// while tracing; the translator turns that into a graph break with a reason of its own
// ("branch on a tensor value"), because only it knows which construct asked. A
// family not named here (a user's tracker) answers "not known".
#pragma once

#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace lasso::trackers {

namespace detail {
template <class T> inline constexpr bool is_tensor = false;
template <class Meta> inline constexpr bool is_tensor<tensor<Meta>> = true;
/// Functions, builtins and classes: always true, never None.
template <class T> inline constexpr bool is_callable = false;
template <class V> inline constexpr bool is_callable<function<V>> = true;
template <class V> inline constexpr bool is_callable<builtin<V>> = true;
template <class V> inline constexpr bool is_callable<type<V>> = true;
template <class V> inline constexpr bool is_callable<made_function<V>> = true;
template <class T> inline constexpr bool is_object = false;
template <class V> inline constexpr bool is_object<object<V>> = true;
template <class T> inline constexpr bool is_made_function = false;
template <class V> inline constexpr bool is_made_function<made_function<V>> = true;
template <class T> inline constexpr bool is_unread_list = false;
template <class V> inline constexpr bool is_unread_list<unread_list<V>> = true;
template <class T> inline constexpr bool is_new_object = false;
template <class V> inline constexpr bool is_new_object<new_object<V>> = true;
} // namespace detail

/// The items of a tuple or list tracker; nullptr for anything else.
template <class Arena> const std::vector<tracker_ref>* sequence_items(const Arena& arena, tracker_ref r) {
    if (auto* t = arena.template get_if<tuple>(r)) return &t->items;
    if (auto* l = arena.template get_if<list>(r)) return &l->items;
    return nullptr;
}

/// The number of items, when known at trace time: tuples, lists, dicts, ranges, strings.
template <class Arena> std::optional<std::size_t> known_length(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<std::size_t> {
            using T = std::decay_t<decltype(t)>;
            if constexpr (std::is_same_v<T, tuple> || std::is_same_v<T, list> || std::is_same_v<T, dict>)
                return t.items.size();
            else if constexpr (std::is_same_v<T, range>) return t.length();
            else if constexpr (std::is_same_v<T, constant_value>) {
                if (auto* s = std::get_if<std::string>(&t.value)) return character_count(*s);
                return std::nullopt;
            } else return std::nullopt;
        },
        arena[r].data);
}

/// Python's truth value, when known at trace time. Never known for a tensor (its value
/// is data) nor for an opaque object (its `__bool__` may run code).
template <class Arena> std::optional<bool> known_truth(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<bool> {
            using T = std::decay_t<decltype(t)>;
            if constexpr (std::is_same_v<T, constant_value>) return truth(t.value);
            else if constexpr (std::is_same_v<T, tuple> || std::is_same_v<T, list> || std::is_same_v<T, dict>)
                return !t.items.empty();
            else if constexpr (std::is_same_v<T, range>) return t.length() != 0;
            else if constexpr (detail::is_callable<T> || std::is_same_v<T, iterator>) return true;
            else return std::nullopt;
        },
        arena[r].data);
}

/// Whether the value is None, when known: constants say; NULL markers and cells are
/// never values a program compares; every other standard family is never None.
template <class Arena> std::optional<bool> known_none(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<bool> {
            using T = std::decay_t<decltype(t)>;
            if constexpr (std::is_same_v<T, constant_value>) return std::holds_alternative<none_t>(t.value);
            else if constexpr (std::is_same_v<T, null> || std::is_same_v<T, cell>) return std::nullopt;
            else return false;
        },
        arena[r].data);
}

/// "a tensor", "the constant 3", "a tuple", "function 'f'", "a 'Model' object", ...
/// `type_name(value)` names an object's type; `name_of(r)` names a function or class
/// from its source.
template <class Arena, class TypeName, class NameOf>
[[gnu::cold]] std::string describe(const Arena& arena, tracker_ref r, TypeName&& type_name, NameOf&& name_of) {
    using lasso::detail::join;
    return std::visit(
        [&](const auto& t) -> std::string {
            using T = std::decay_t<decltype(t)>;
            if constexpr (detail::is_tensor<T>) return "a tensor";
            else if constexpr (std::is_same_v<T, constant_value>) return join({"the constant ", brief_repr(t.value)});
            else if constexpr (std::is_same_v<T, tuple>) return "a tuple";
            else if constexpr (std::is_same_v<T, list> || detail::is_unread_list<T>) return "a list";
            else if constexpr (std::is_same_v<T, dict>) return "a dict";
            else if constexpr (std::is_same_v<T, slice>) return "a slice";
            else if constexpr (std::is_same_v<T, range>) return "a range";
            else if constexpr (std::is_same_v<T, iterator>) return "an iterator";
            else if constexpr (std::is_same_v<T, null>) return "NULL";
            else if constexpr (std::is_same_v<T, cell>) return "a cell";
            else if constexpr (std::is_same_v<T, context_manager>) return "a context manager";
            else if constexpr (detail::is_object<T>) return join({"a '", type_name(t.obj), "' object"});
            else if constexpr (detail::is_made_function<T>)
                return "a function made during tracing";
            else if constexpr (detail::is_new_object<T>)
                return join({"a '", name_of(t.class_tracker), "' object made during tracing"});
            else if constexpr (requires { t.cls; }) return join({"class '", name_of(r), "'"});
            else if constexpr (requires { t.method; }) return join({"builtin '", t.name, "'"});
            else if constexpr (requires { t.closure; }) return join({"function '", name_of(r), "'"});
            else return "a value of a custom tracker type";
        },
        arena[r].data);
}

} // namespace lasso::trackers
