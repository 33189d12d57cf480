// lasso/trackers/containers.hpp
//
// The container family: tuples, lists and dicts whose items are trackers, and lists
// read from the frame whose items the trace has not needed yet. A container made in
// the trace is built again by generated code from its items where it outlives the
// trace; one read from the frame is loaded again from its source (and a change to it
// is a side effect the generated code replays: translator/mutations.hpp). A container
// knows its truth and length (an unread list does not: reading them would read it).
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::trackers {

/// Which container a family builds (the cache-hit path builds these itself).
enum class container_kind : std::uint8_t { tuple, list, dict };

struct tuple {
    std::vector<tracker_ref> items;

    static constexpr std::string_view family = "tuple";
    static constexpr container_kind container = container_kind::tuple;
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a tuple"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
    const std::vector<tracker_ref>* sequence() const { return &items; }

    template <class F> void for_each_part(F&& f) const {
        for (tracker_ref item : items) f(item);
    }
    bool built_once() const { return true; }
    static constexpr bool built_from_parts = true;
    template <class R> void rebuild(R& r, tracker_ref self) const {
        r.build_from_parts(self, bytecode::op::build_tuple, items.size(), [&] {
            for (tracker_ref item : items) r.emit(item);
        });
    }
};

/// `iterated_by_copy`: enumerate() or zip() took the items for an iterator (which,
/// in the interpreter, would see later changes): the list may no longer change.
struct list {
    std::vector<tracker_ref> items;
    bool iterated_by_copy = false;

    static constexpr std::string_view family = "list";
    static constexpr container_kind container = container_kind::list;
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a list"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
    const std::vector<tracker_ref>* sequence() const { return &items; }

    template <class F> void for_each_part(F&& f) const {
        for (tracker_ref item : items) f(item);
    }
    bool built_once() const { return true; }
    static constexpr bool built_from_parts = true;
    template <class R> void rebuild(R& r, tracker_ref self) const {
        r.build_from_parts(self, bytecode::op::build_list, items.size(), [&] {
            for (tracker_ref item : items) r.emit(item);
        });
    }
    /// An iterator over the list itself, advanced once the list has its final items
    /// (after side effects are replayed: `advance_list_iterators`).
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        if (given > items.size()) give_up("a list iterator is past the end of its list");
        r.emit(self);
        r.push(bytecode::op::get_iter);
        r.defer_advance(given);
    }
};

struct dict {
    std::vector<std::pair<tracker_ref, tracker_ref>> items; ///< insertion order

    static constexpr std::string_view family = "dict";
    static constexpr container_kind container = container_kind::dict;
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a dict"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }

    /// Keys and values, in build order: key, value, key, value, ...
    template <class F> void for_each_part(F&& f) const {
        for (const auto& [key, item] : items) {
            f(key);
            f(item);
        }
    }
    bool built_once() const { return true; }
    static constexpr bool built_from_parts = true;
    template <class R> void rebuild(R& r, tracker_ref self) const {
        r.build_from_parts(self, bytecode::op::build_map, items.size(), [&] {
            for (const auto& [key, item] : items) {
                r.emit(key);
                r.emit(item);
            }
        });
    }
    /// An iterator over the dict's keys, advanced once the dict has its final items.
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        r.emit(self);
        r.push(bytecode::op::get_iter);
        r.defer_advance(given);
    }
};

/// A list read from the frame whose items the trace has not needed yet (only appended
/// to): guarded on its type alone, so a list that grows between calls does not
/// recompile. `appended` are the items the trace added at its end. It becomes a `list`
/// (its items read and its length guarded) as soon as an instruction consumes it for
/// anything else (translator/unread_lists.hpp). Only with `python_container_methods`.
template <class Value> struct unread_list {
    Value obj;
    std::vector<tracker_ref> appended;
    int depth = 0; ///< how deep in the frame value it was found (the builder's limit)

    static constexpr std::string_view family = "list";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a list"; }
    std::optional<bool> none() const { return false; }
};

} // namespace lasso::trackers
