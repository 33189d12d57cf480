// lasso/translator/ask.hpp
//
// The questions the translator's handlers ask a tracker's family, each through
// `std::visit` on the tracker's variant: the family answers with a member of its type
// (trackers/*.hpp), which gets the translator, so that it can make trackers, record
// tensor operations and give up with its own reason. A family without the member does
// not answer (`std::nullopt`), and the handler gives up with a reason naming the
// construct and the value ("subscript of a 'Model' object"). Operators ask the left
// operand first and then the right one, reflected, as Python does (`__add__`, then
// `__radd__`).
//
//   binary(t, self, which, other, reflected)   `self <op> other` (or reflected)
//   unary(t, self, op)                         `-self`, `+self`, `~self`
//   compare(t, self, which, other, reflected)  a comparison
//   subscript(t, self, index)                  `self[index]`
//   store_item(t, self, key, item)             `self[key] = item`, or `del self[key]`
//   contains(t, self, item)                    `item in self`
//   items_of(t, self)                          the items iteration gives, all at once
//   iterate(t, self)                           `iter(self)`, an iterator tracker
//   len(t, self)                               `len(self)` when `length()` is not known (an int or size tracker)
//   traced_truth(t, self)                      its truth when `truth()` is not known (a user `__bool__`, inlined)
//   user_equality(t, self)                     `==` with it may run user code (a class's `__eq__`)
//   made_by_trace(t, self)                     no frame value can be this object (`is`)
//   equal_by_identity(t, self)                 its `==` compares identity
//   pure_value(t, self, depth)                 the value a pure builtin is called with
//   inline_target(t)                           what inlining a call of a function needs
//   object_value(t)                            the value of an object or class from the frame
//   known_value(t), value_type(t)              what comptime shows of a value
//   on_call(site)                              `self(args...)` (handlers/calls.hpp's call site)
//   load_attribute(t, self, name)              `self.name`
//   load_method(t, self, name)                 what `load_method` pushes: a callable and
//                                              self, or NULL and the attribute
//   store_attribute(t, self, name, item)       `self.name = item`, or `del self.name`
//   has_attribute(t, self, name)               `hasattr(self, name)`, guarded either way
//   next_item(t, self)                         `for_iter` on an iterator: its next item, or
//                                              nothing at the end
//   copied_for_iteration(t, self)              an iterator (enumerate, zip) copied its items
//   as_method(t, found, name)                  a class's function called on an instance
//   method_to_inline(t, self, name)            a method of the object's class, to inline
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/global_state_functions.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/containers.hpp>
#include <lasso/trackers/functions.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::ask {

namespace detail {
template <class R, class T, class Q> R of_family(const T& t, tracker_ref self, Q&& question, R none) {
    return trackers::family_answer<R>(t.arena(), self, std::forward<Q>(question), std::move(none));
}
} // namespace detail

template <class T>
std::optional<tracker_ref> binary(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self,
        [&](const auto& x) -> decltype(x.binary(t, self, which, other, reflected)) {
            return x.binary(t, self, which, other, reflected);
        },
        std::nullopt);
}

template <class T> std::optional<tracker_ref> unary(T& t, tracker_ref self, bytecode::op o) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self, [&](const auto& x) -> decltype(x.unary(t, self, o)) { return x.unary(t, self, o); }, std::nullopt);
}

template <class T>
std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self,
        [&](const auto& x) -> decltype(x.compare(t, self, which, other, reflected)) {
            return x.compare(t, self, which, other, reflected);
        },
        std::nullopt);
}

template <class T> std::optional<tracker_ref> subscript(T& t, tracker_ref self, tracker_ref index) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self, [&](const auto& x) -> decltype(x.subscript(t, self, index)) { return x.subscript(t, self, index); },
        std::nullopt);
}

/// Whether the family stored (or deleted) the item.
template <class T> bool store_item(T& t, tracker_ref self, tracker_ref key, std::optional<tracker_ref> item) {
    return detail::of_family<bool>(
        t, self,
        [&](const auto& x) -> decltype(x.store_item(t, self, key, item), true) {
            return x.store_item(t, self, key, item), true;
        },
        false);
}

template <class T> std::optional<bool> contains(T& t, tracker_ref self, tracker_ref item) {
    return detail::of_family<std::optional<bool>>(
        t, self, [&](const auto& x) -> decltype(x.contains(t, self, item)) { return x.contains(t, self, item); },
        std::nullopt);
}

template <class T> std::optional<std::vector<tracker_ref>> items_of(T& t, tracker_ref self) {
    return detail::of_family<std::optional<std::vector<tracker_ref>>>(
        t, self, [&](const auto& x) -> decltype(x.items_of(t, self)) { return x.items_of(t, self); }, std::nullopt);
}

template <class T> std::optional<tracker_ref> iterate(T& t, tracker_ref self) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self, [&](const auto& x) -> decltype(x.iterate(t, self)) { return x.iterate(t, self); }, std::nullopt);
}

template <class T> std::optional<tracker_ref> len(T& t, tracker_ref self) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self, [&](const auto& x) -> decltype(x.len(t, self)) { return x.len(t, self); }, std::nullopt);
}

template <class T> std::optional<bool> traced_truth(T& t, tracker_ref self) {
    return detail::of_family<std::optional<bool>>(
        t, self, [&](const auto& x) -> decltype(x.traced_truth(t, self)) { return x.traced_truth(t, self); }, std::nullopt);
}

template <class T> bool made_by_trace(T& t, tracker_ref self) {
    return detail::of_family<bool>(
        t, self, [&](const auto& x) -> decltype(x.made_by_trace(t, self)) { return x.made_by_trace(t, self); }, false);
}

/// Whether `==` with `self` compares identity (guarded where that depends on its class).
template <class T> bool equal_by_identity(T& t, tracker_ref self) {
    return detail::of_family<bool>(
        t, self, [&](const auto& x) -> decltype(x.equal_by_identity(t, self)) { return x.equal_by_identity(t, self); },
        false);
}

template <class T> std::optional<typename T::value> pure_value(T& t, tracker_ref self, int depth) {
    return detail::of_family<std::optional<typename T::value>>(
        t, self, [&](const auto& x) -> decltype(x.pure_value(t, self, depth)) { return x.pure_value(t, self, depth); },
        std::nullopt);
}

/// The name of the type of `self`'s value when its family knows it (comptime).
template <class T> std::optional<std::string_view> value_type(const T& t, tracker_ref self) {
    return detail::of_family<std::optional<std::string_view>>(
        t, self, [&](const auto& x) -> decltype(x.value_type()) { return x.value_type(); }, std::nullopt);
}

/// The value `self` is known to be: an object or class, a function or builtin.
template <class T> const typename T::value* known_value(const T& t, tracker_ref self) {
    return detail::of_family<const typename T::value*>(
        t, self, [&](const auto& x) -> decltype(x.known_value()) { return x.known_value(); }, nullptr);
}

/// What inlining a call of `self` needs, when it is an interpreted function.
template <class T> std::optional<trackers::inline_target<typename T::value>> inline_target(const T& t, tracker_ref self) {
    return detail::of_family<std::optional<trackers::inline_target<typename T::value>>>(
        t, self, [&](const auto& x) -> decltype(x.inline_target()) { return x.inline_target(); }, std::nullopt);
}

/// The value of an object or class read from the frame, or nullptr.
template <class T> const typename T::value* object_value(const T& t, tracker_ref self) {
    return detail::of_family<const typename T::value*>(
        t, self, [&](const auto& x) -> decltype(x.object_value()) { return x.object_value(); }, nullptr);
}

/// A call of the tracker `site.callee()`; `site` gives the family what it needs to
/// inline, construct or trace it.
template <class T, class Site> std::optional<tracker_ref> on_call(T& t, Site& site) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, site.callee(), [&](const auto& x) -> decltype(x.on_call(site)) { return x.on_call(site); }, std::nullopt);
}

template <class T> std::optional<tracker_ref> load_attribute(T& t, tracker_ref self, const std::string& name) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self, [&](const auto& x) -> decltype(x.load_attribute(t, self, name)) { return x.load_attribute(t, self, name); },
        std::nullopt);
}

/// The two entries `load_method` pushes: a callable and `self`, or NULL and a value.
template <class T>
std::optional<std::pair<tracker_ref, tracker_ref>> load_method(T& t, tracker_ref self, const std::string& name) {
    return detail::of_family<std::optional<std::pair<tracker_ref, tracker_ref>>>(
        t, self, [&](const auto& x) -> decltype(x.load_method(t, self, name)) { return x.load_method(t, self, name); },
        std::nullopt);
}

/// The method that `found`, an attribute of a class read through an instance, is when
/// called on the instance as `name` (a function), or empty (called bare).
template <class T> std::optional<tracker_ref> as_method(T& t, tracker_ref found, const std::string& name) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, found, [&](const auto& x) -> decltype(x.as_method(t, found, name)) { return x.as_method(t, found, name); },
        std::nullopt);
}

/// The interpreted method `name` of the class of the object `self`, as a function
/// tracker to inline on it (`__enter__` of a with block); empty when there is none.
template <class T> std::optional<tracker_ref> method_to_inline(T& t, tracker_ref self, const std::string& name) {
    return detail::of_family<std::optional<tracker_ref>>(
        t, self,
        [&](const auto& x) -> decltype(x.method_to_inline(t, self, name)) { return x.method_to_inline(t, self, name); },
        std::nullopt);
}

/// Whether `self` has attribute `name` (`hasattr`), with guards that keep the answer.
template <class T> std::optional<bool> has_attribute(T& t, tracker_ref self, const std::string& name) {
    return detail::of_family<std::optional<bool>>(
        t, self, [&](const auto& x) -> decltype(x.has_attribute(t, self, name)) { return x.has_attribute(t, self, name); },
        std::nullopt);
}

/// `for_iter` on `self`: the next item (or nothing at the end), as an iterator's
/// family gives it, advancing the iterator; empty when `self` is no iterator the trace
/// knows.
template <class T> std::optional<std::optional<tracker_ref>> next_item(T& t, tracker_ref self) {
    return detail::of_family<std::optional<std::optional<tracker_ref>>>(
        t, self, [&](const auto& x) -> decltype(x.next_item(t, self)) { return x.next_item(t, self); }, std::nullopt);
}

/// Tells the family of `self` that an iterator took a copy of its items (enumerate,
/// zip), where the interpreter's would read them as it goes: it may no longer change.
template <class T> void copied_for_iteration(T& t, tracker_ref self) {
    detail::of_family<bool>(
        t, self,
        [&](const auto& x) -> decltype(x.copied_for_iteration(t, self), true) {
            return x.copied_for_iteration(t, self), true;
        },
        false);
}

/// Whether the family stored (or deleted) the attribute.
template <class T> bool store_attribute(T& t, tracker_ref self, const std::string& name, std::optional<tracker_ref> item) {
    return detail::of_family<bool>(
        t, self,
        [&](const auto& x) -> decltype(x.store_attribute(t, self, name, item), true) {
            return x.store_attribute(t, self, name, item), true;
        },
        false);
}

/// A tracker for a constant of the code or a value computed at trace time: a plain
/// constant, or a tuple or list of them (recursively), which code objects carry for
/// `a, b = 0, 1` or `full((2, 3), 0)` and `s.split(',')` returns.
template <class T> std::optional<tracker_ref> constant_tracker(T& t, const typename T::value& v, int depth = 0) {
    using A = typename T::adapter;
    if (auto c = A::constant_from_value(v)) return t.make_constant(std::move(*c));
    if constexpr (has_global_state_functions<A>) {
        // lasso's own setter of global state, in a resume function's prologue.
        if (depth == 0 && global_state_set_by<A>(v))
            return t.add_tracker(
                trackers::builtin<typename T::value>{v, builtin_behaviour_of<A>(v).name, false, builtin_kind::state_set},
                t.output().sources.constant(v));
    }
    const value_kind kind = A::classify(v);
    if (depth > 32 || (kind != value_kind::tuple && kind != value_kind::list)) return std::nullopt;
    std::vector<tracker_ref> items;
    for (const auto& item : A::elements(v)) {
        auto r = constant_tracker(t, item, depth + 1);
        if (!r) return std::nullopt;
        items.push_back(*r);
    }
    if (kind == value_kind::list) return t.add_tracker(trackers::list{std::move(items)});
    return t.add_tracker(trackers::tuple{std::move(items)});
}

} // namespace lasso::ask
