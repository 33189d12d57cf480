// lasso/trackers/behaviour.hpp
//
// How the translator and output/ ask a tracker about itself. Each family answers for
// its own trackers with members of its type (in its header under trackers/), and a
// question is asked through `std::visit` on the tracker's variant:
//
//   family                      a name for messages ("tensor", "list", ...)
//   describe(names, self)       "a tensor", "the constant 3", "function 'f'", ...
//   truth()                     Python's truth value, when known at trace time
//   length()                    the number of items, when known at trace time
//   none()                      whether the value is None, when known
//   sequence()                  the items of a tuple or list, in order
//
// A family without a member does not know the answer (`std::nullopt`, `nullptr`); the
// asker turns that into a graph break with a reason of its own ("branch on a tensor
// value"), since only it knows which construct asked. A user's tracker type (from a
// `Config`'s list) answers the same questions by having the same members.
#pragma once

#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::trackers {

/// The items of a tuple or list tracker; nullptr for anything else.
template <class Arena> const std::vector<tracker_ref>* sequence_items(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> const std::vector<tracker_ref>* {
            if constexpr (requires { t.sequence(); }) return t.sequence();
            else return nullptr;
        },
        arena[r].data);
}

/// The number of items, when known at trace time: tuples, lists, dicts, ranges, strings.
template <class Arena> std::optional<std::size_t> known_length(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<std::size_t> {
            if constexpr (requires { t.length(); }) return t.length();
            else return std::nullopt;
        },
        arena[r].data);
}

/// Python's truth value, when known at trace time. Never known for a tensor (its value
/// is data) nor for an opaque object (its `__bool__` may run code).
template <class Arena> std::optional<bool> known_truth(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<bool> {
            if constexpr (requires { t.truth(); }) return t.truth();
            else return std::nullopt;
        },
        arena[r].data);
}

/// Whether the value is None, when known: constants say; NULL markers and cells are
/// never values a program compares; every other standard family is never None.
template <class Arena> std::optional<bool> known_none(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<bool> {
            if constexpr (requires { t.none(); }) return t.none();
            else return std::nullopt;
        },
        arena[r].data);
}

/// "a tensor", "the constant 3", "a tuple", "function 'f'", "a 'Model' object", ...
/// `type_name(value)` names an object's type; `name_of(r)` names a function or class
/// from its source.
template <class Arena, class TypeName, class NameOf>
[[gnu::cold]] std::string describe(const Arena& arena, tracker_ref r, TypeName&& type_name, NameOf&& name_of) {
    struct names_t {
        TypeName& type_name;
        NameOf& name_of;
    } names{type_name, name_of};
    return std::visit(
        [&](const auto& t) -> std::string {
            if constexpr (requires { t.describe(names, r); }) return t.describe(names, r);
            else return "a value of a custom tracker type";
        },
        arena[r].data);
}

} // namespace lasso::trackers
