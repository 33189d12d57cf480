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
//   for_each_part(f)            the trackers it holds that generated code rebuilds
//                               with it, in the order it builds them
//   built_once()                generated code builds it once and shares it wherever
//                               it is used (an object whose identity matters)
//   built_from_parts            (a constant) built in one expression from its parts,
//                               so no part can hold it (a tuple, list or dict)
//   made_then_filled()          made first and given its parts after (an object or a
//                               cell the trace made), so a part may hold it
//   stack_role()                what it is on the stack at a graph break: a value, the
//                               NULL before a call, or a load_method pair's first half
//   rebuild(r, self)            pushes it in generated code (output/reconstruct.hpp)
//   rebuild_iterator(r, self, given, length)
//                               pushes an iterator over it that has given `given` items
//   memory_span()               the address range of a frame tensor's elements
//   note_may_alias(out, self)   it may now share memory with another value of the trace
//   unbuilt_origin<A>(arena)    where the trace made it, when generated code cannot
//                               build it with adapter A (output/escape.hpp)
//   unbuilt_reason<A>(what)     why, when it outlives the trace
//
// A family without a member does not know the answer (`std::nullopt`, `nullptr`); the
// asker turns that into a graph break with a reason of its own ("branch on a tensor
// value"), since only it knows which construct asked. A user's tracker type (from a
// `Config`'s list) answers the same questions by having the same members.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/symbolic/sym_int.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <string>
#include <utility>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso::trackers {

/// The items of a tuple or list tracker; nullptr for anything else.
template <class Arena> const std::vector<tracker_ref>* sequence_items(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> const std::vector<tracker_ref>* {
            if constexpr (requires { t.sequence_items(); }) return t.sequence_items();
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

/// Which container a family is (`container`): the cache-hit path builds these itself.
enum class container_kind : std::uint8_t { tuple, list, dict };

/// Which container `r` is, if it is one.
template <class Arena> std::optional<container_kind> container_kind_of(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> std::optional<container_kind> {
            using T = std::decay_t<decltype(t)>;
            if constexpr (requires { T::container; }) return T::container;
            else return std::nullopt;
        },
        arena[r].data);
}

/// The answer of the family of `r` to `question`, a generic callable that names the
/// member it asks for in its return type (so a family without it does not match), or
/// `none` when the family does not answer.
template <class R, class Arena, class Q> R family_answer(const Arena& arena, tracker_ref r, Q&& question, R none) {
    return std::visit(
        [&](const auto& t) -> R {
            if constexpr (std::is_invocable_v<Q&, decltype(t)>) return R(question(t));
            else return none;
        },
        arena[r].data);
}

/// A flag a family declares (`static constexpr bool`), read by `flag`; false for a
/// family that does not declare it.
template <class Arena, class Flag> bool family_flag(const Arena& arena, tracker_ref r, Flag flag) {
    return family_answer<bool>(arena, r, flag, false);
}

/// Whether calling `r` inlines interpreted code (a function, or a class's `__init__`):
/// the callee reads the arguments it consumes.
template <class Arena> bool inlines_calls(const Arena& arena, tracker_ref r) {
    return family_flag(arena, r, [](const auto& t) -> decltype(bool(t.inlines_calls)) { return t.inlines_calls; });
}

/// Whether the interpreter's iterator over `r` reads it as it advances (a list, a dict,
/// a dict view), so that it sees changes made during the iteration.
template <class Arena> bool iterated_live(const Arena& arena, tracker_ref r) {
    return family_flag(arena, r, [](const auto& t) -> decltype(bool(t.iterated_live)) { return t.iterated_live; });
}

/// Whether `r` is a list the trace has not read yet (containers.hpp: unread_list).
template <class Arena> bool unread(const Arena& arena, tracker_ref r) {
    return family_flag(arena, r, [](const auto& t) -> decltype(bool(t.unread)) { return t.unread; });
}

/// What a frame value that can be mutated and reached by two paths is ("list",
/// "dict", "object"): two such values of one kind could be one object.
template <class Arena> std::optional<std::string_view> alias_kind(const Arena& arena, tracker_ref r) {
    return family_answer<std::optional<std::string_view>>(
        arena, r, [](const auto& t) -> decltype(t.alias_kind()) { return t.alias_kind(); }, std::nullopt);
}

/// The value in the graph that `r` is, when its family lives there (a tensor's node, a
/// symbolic size): what generated code reads from the graph's outputs.
template <class Arena> std::optional<lasso::graph::argument> graph_value_of(const Arena& arena, tracker_ref r) {
    return family_answer<std::optional<lasso::graph::argument>>(
        arena, r, [](const auto& t) -> decltype(t.graph_value()) { return t.graph_value(); }, std::nullopt);
}

/// The address range the elements of `r` span, when its family knows it (a tensor read
/// from the frame, with `tensor_mutation`); nothing for a value that is no tensor.
template <class Arena>
std::optional<std::pair<std::uintptr_t, std::uintptr_t>> memory_span_of(const Arena& arena, tracker_ref r) {
    return family_answer<std::optional<std::pair<std::uintptr_t, std::uintptr_t>>>(
        arena, r, [](const auto& t) -> decltype(t.memory_span()) { return t.memory_span(); }, std::nullopt);
}

/// Tells the family of `r` that it may now share memory with another value of the
/// trace (a view, or what a higher-order operator was given or returned): a tensor
/// notes it in its tracker, through `out.edit`; other families hold no memory.
template <class Out> void note_may_alias(Out& out, tracker_ref r) {
    std::visit(
        [&](const auto& t) {
            if constexpr (requires { t.note_may_alias(out, r); }) t.note_may_alias(out, r);
        },
        out.trackers[r].data);
}

/// The symbolic int `r` is (a size), or nullptr.
template <class Arena> const sym_int* size_value_of(const Arena& arena, tracker_ref r) {
    return family_answer<const sym_int*>(
        arena, r, [](const auto& t) -> decltype(t.size_value()) { return t.size_value(); }, nullptr);
}

/// Calls `f(item)` for each value a tuple, list or dict holds (not a dict's keys).
template <class Arena, class F> void for_each_value(const Arena& arena, tracker_ref r, F&& f) {
    std::visit(
        [&](const auto& t) {
            if constexpr (requires { t.for_each_value(f); }) t.for_each_value(f);
        },
        arena[r].data);
}

template <class Arena> bool value_is_data(const Arena& arena, tracker_ref r) {
    return family_flag(arena, r, [](const auto& t) -> decltype(bool(t.value_is_data)) { return t.value_is_data; });
}

/// Whether `r`, read off a class through an instance, would bind to the instance (a
/// function or builtin: a bound method).
template <class Arena> bool binds_to_object(const Arena& arena, tracker_ref r) {
    return family_flag(arena, r, [](const auto& t) -> decltype(bool(t.binds_to_object)) { return t.binds_to_object; });
}

/// Whether `==` with `r` may run user code (an object whose class has `__eq__` or
/// `__ne__`, or whose class is not known), which the comparison must then inline;
/// asked of translator `t`, which guards what the answer depends on.
template <class T> bool user_equality(T& t, tracker_ref r) {
    return family_answer<bool>(
        t.arena(), r, [&](const auto& x) -> decltype(x.user_equality(t, r)) { return x.user_equality(t, r); }, false);
}

/// The constant `r` is, when it is one.
template <class Arena> const constant* known_constant_of(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> const constant* {
            if constexpr (requires { t.known_constant(); }) return t.known_constant();
            else return nullptr;
        },
        arena[r].data);
}

/// The positions a slice `r` takes from a sequence of `n` items; nothing when `r` is
/// not a slice.
template <class Arena>
std::optional<std::vector<std::size_t>> slice_positions(const Arena& arena, tracker_ref r, std::size_t n) {
    return std::visit(
        [&](const auto& t) -> std::optional<std::vector<std::size_t>> {
            if constexpr (requires { t.positions(n); }) return t.positions(n);
            else return std::nullopt;
        },
        arena[r].data);
}

/// What a tracker on the stack at a graph break is to the code at the break and the
/// resume function (output/break_plan.hpp): a value (passed on), the NULL before a call
/// (pushed again), or the first half of a `load_method` pair (its self is the next slot:
/// the interpreter looks the method up again by `method`).
struct stack_role {
    enum class kind : std::uint8_t { value, null, method } what = kind::value;
    std::string method = {};
};

template <class Arena> stack_role stack_role_of(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> stack_role {
            if constexpr (requires { t.stack_role(); }) return t.stack_role();
            else return {};
        },
        arena[r].data);
}

/// Whether `r`'s own tracker holds attribute `name` (an object the trace made keeps
/// its attributes there; stores into frame objects are side effects instead).
template <class Arena> bool holds_own_attribute(const Arena& arena, tracker_ref r, const std::string& name) {
    return std::visit(
        [&](const auto& t) {
            if constexpr (requires { t.attribute(name); }) return t.attribute(name) != nullptr;
            else return false;
        },
        arena[r].data);
}

/// Calls `f(part)` for each tracker `r` holds that generated code rebuilds with it.
template <class Arena, class F> void for_each_part(const Arena& arena, tracker_ref r, F&& f) {
    std::visit(
        [&](const auto& t) {
            if constexpr (requires { t.for_each_part(f); }) t.for_each_part(f);
        },
        arena[r].data);
}

/// Whether generated code builds `r` once and shares it wherever it is used.
template <class Arena> bool built_once(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> bool {
            if constexpr (requires { t.built_once(); }) return t.built_once();
            else return false;
        },
        arena[r].data);
}

/// Whether `r` is built in one expression from its parts (a part cannot hold it).
template <class Arena> bool built_from_parts(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> bool {
            using T = std::decay_t<decltype(t)>;
            if constexpr (requires { T::built_from_parts; }) return T::built_from_parts;
            else return false;
        },
        arena[r].data);
}

/// Whether `r` is made first and given its parts after (a part may hold it).
template <class Arena> bool made_then_filled(const Arena& arena, tracker_ref r) {
    return std::visit(
        [](const auto& t) -> bool {
            if constexpr (requires { t.made_then_filled(); }) return t.made_then_filled();
            else return false;
        },
        arena[r].data);
}

/// Where an object only the trace made was made, when generated code cannot build it
/// (output/escape.hpp): the frame's instruction (as `translation::frame_instruction`
/// counts) and line. Of objects made by one instruction, the one of the lowest
/// `precedence` is reported.
struct trace_origin {
    std::size_t at = 0;
    int line = -1;
    int precedence = 0;
};

/// Where `r` was made, when generated code with adapter `A` cannot build it; nothing
/// when it can (or when `r` is not made by the trace).
template <class A, class Arena> std::optional<trace_origin> unbuilt_origin_of(const Arena& arena, tracker_ref r) {
    return std::visit(
        [&](const auto& t) -> std::optional<trace_origin> {
            if constexpr (requires { t.template unbuilt_origin<A>(arena); }) return t.template unbuilt_origin<A>(arena);
            else return std::nullopt;
        },
        arena[r].data);
}

/// Why `r`, which `unbuilt_origin_of` placed, cannot outlive the trace; `what` says how
/// it would ("is returned", "is live at the graph break").
template <class A, class Arena>
[[gnu::cold]] std::string unbuilt_reason(const Arena& arena, tracker_ref r, const char* what) {
    return std::visit(
        [&](const auto& t) -> std::string {
            if constexpr (requires { t.template unbuilt_reason<A>(what); }) return t.template unbuilt_reason<A>(what);
            else return "a value made during tracing cannot be built by generated code";
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
