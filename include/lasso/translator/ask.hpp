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
//   len(t, self)                               `len(self)` when `length()` is not known
//   made_by_trace(t, self)                     no frame value can be this object (`is`)
//   equal_by_identity(t)                       its `==` compares identity
//   pure_value(t, self, depth)                 the value a pure builtin is called with
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lasso::ask {

template <class T> std::optional<tracker_ref> binary(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) {
    return std::visit(
        [&](const auto& x) -> std::optional<tracker_ref> {
            if constexpr (requires { x.binary(t, self, which, other, reflected); })
                return x.binary(t, self, which, other, reflected);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<tracker_ref> unary(T& t, tracker_ref self, bytecode::op o) {
    return std::visit(
        [&](const auto& x) -> std::optional<tracker_ref> {
            if constexpr (requires { x.unary(t, self, o); }) return x.unary(t, self, o);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) {
    return std::visit(
        [&](const auto& x) -> std::optional<tracker_ref> {
            if constexpr (requires { x.compare(t, self, which, other, reflected); })
                return x.compare(t, self, which, other, reflected);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<tracker_ref> subscript(T& t, tracker_ref self, tracker_ref index) {
    return std::visit(
        [&](const auto& x) -> std::optional<tracker_ref> {
            if constexpr (requires { x.subscript(t, self, index); }) return x.subscript(t, self, index);
            else return std::nullopt;
        },
        t.record(self).data);
}

/// Whether the family stored (or deleted) the item.
template <class T> bool store_item(T& t, tracker_ref self, tracker_ref key, std::optional<tracker_ref> item) {
    return std::visit(
        [&](const auto& x) -> bool {
            if constexpr (requires { x.store_item(t, self, key, item); }) {
                x.store_item(t, self, key, item);
                return true;
            } else {
                return false;
            }
        },
        t.record(self).data);
}

template <class T> std::optional<bool> contains(T& t, tracker_ref self, tracker_ref item) {
    return std::visit(
        [&](const auto& x) -> std::optional<bool> {
            if constexpr (requires { x.contains(t, self, item); }) return x.contains(t, self, item);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<std::vector<tracker_ref>> items_of(T& t, tracker_ref self) {
    return std::visit(
        [&](const auto& x) -> std::optional<std::vector<tracker_ref>> {
            if constexpr (requires { x.items_of(t, self); }) return x.items_of(t, self);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<tracker_ref> iterate(T& t, tracker_ref self) {
    return std::visit(
        [&](const auto& x) -> std::optional<tracker_ref> {
            if constexpr (requires { x.iterate(t, self); }) return x.iterate(t, self);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> std::optional<std::size_t> len(T& t, tracker_ref self) {
    return std::visit(
        [&](const auto& x) -> std::optional<std::size_t> {
            if constexpr (requires { x.len(t, self); }) return x.len(t, self);
            else return std::nullopt;
        },
        t.record(self).data);
}

template <class T> bool made_by_trace(T& t, tracker_ref self) {
    return std::visit(
        [&](const auto& x) -> bool {
            if constexpr (requires { x.made_by_trace(t, self); }) return x.made_by_trace(t, self);
            else return false;
        },
        t.record(self).data);
}

template <class T> bool equal_by_identity(const T& t, tracker_ref self) {
    return std::visit(
        [&](const auto& x) -> bool {
            if constexpr (requires { x.equal_by_identity(t); }) return x.equal_by_identity(t);
            else return false;
        },
        t.record(self).data);
}

template <class T> std::optional<typename T::value> pure_value(T& t, tracker_ref self, int depth) {
    return std::visit(
        [&](const auto& x) -> std::optional<typename T::value> {
            if constexpr (requires { x.pure_value(t, self, depth); }) return x.pure_value(t, self, depth);
            else return std::nullopt;
        },
        t.record(self).data);
}

} // namespace lasso::ask
