// lasso/trackers/containers.hpp
//
// The container family: tuples, lists and dicts whose items are trackers, and lists
// read from the frame whose items the trace has not needed yet. A container made in
// the trace is built again by generated code from its items where it outlives the
// trace; one read from the frame is loaded again from its source (and a change to it
// is a side effect the generated code replays: translator/mutations.hpp). A container
// knows its truth and length (an unread list does not: reading them would read it).
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::trackers {

struct tuple {
    std::vector<tracker_ref> items;

    static constexpr std::string_view family = "tuple";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a tuple"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
    const std::vector<tracker_ref>* sequence() const { return &items; }
};

/// `iterated_by_copy`: enumerate() or zip() took the items for an iterator (which,
/// in the interpreter, would see later changes): the list may no longer change.
struct list {
    std::vector<tracker_ref> items;
    bool iterated_by_copy = false;

    static constexpr std::string_view family = "list";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a list"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
    const std::vector<tracker_ref>* sequence() const { return &items; }
};

struct dict {
    std::vector<std::pair<tracker_ref, tracker_ref>> items; ///< insertion order

    static constexpr std::string_view family = "dict";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a dict"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
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
