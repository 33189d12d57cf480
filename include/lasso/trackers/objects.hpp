// lasso/trackers/objects.hpp
//
// The family of objects and classes: any other object from the frame (known by value
// and source, its attributes built on first read), a class, and an instance of a user
// class made in the trace (its `__init__` inlined), whose attributes live in its
// tracker and which generated code builds as a bare instance where it outlives the
// trace (or, without `InstanceAdapter`, the graph breaks where it was made:
// output/escape.hpp). A class is always true; no object is None.
#pragma once

#include <lasso/detail/join.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::trackers {

/// Any other object from the frame, known by value and source.
template <class Value> struct object {
    Value obj;

    static constexpr std::string_view family = "object";
    template <class Names> std::string describe(const Names& names, tracker_ref) const {
        return lasso::detail::join({"a '", names.type_name(obj), "' object"});
    }
    std::optional<bool> none() const { return false; }
};

/// A type (class) object.
template <class Value> struct type {
    Value cls;

    static constexpr std::string_view family = "class";
    template <class Names> std::string describe(const Names& names, tracker_ref self) const {
        return lasso::detail::join({"class '", names.name_of(self), "'"});
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
};

/// An instance of a user class made during tracing (its `__init__` inlined): the class
/// (its tracker, guarded, for attribute and method lookups) and the attributes stored
/// on the instance so far, in store order. The object exists only in the trace; where
/// it would outlive it (returned, live at a graph break), the graph breaks at
/// `created_at` instead, the number (as `translation::frame_instruction` counts) of the frame's
/// instruction that made it: the class call, or the call that led to it.
template <class Value> struct new_object {
    Value cls;
    tracker_ref class_tracker;
    std::vector<std::pair<std::string, tracker_ref>> attributes;
    std::size_t created_at = 0;
    int line = -1;

    const tracker_ref* attribute(const std::string& name) const {
        for (const auto& [key, r] : attributes)
            if (key == name) return &r;
        return nullptr;
    }

    static constexpr std::string_view family = "object made during tracing";
    template <class Names> std::string describe(const Names& names, tracker_ref) const {
        return lasso::detail::join({"a '", names.name_of(class_tracker), "' object made during tracing"});
    }
    std::optional<bool> none() const { return false; }
};

} // namespace lasso::trackers
