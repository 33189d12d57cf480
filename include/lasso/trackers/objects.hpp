// lasso/trackers/objects.hpp
//
// The family of objects and classes: any other object from the frame (known by value
// and source, its attributes built on first read), a class, and an instance of a user
// class made in the trace (its `__init__` inlined), whose attributes live in its
// tracker and which generated code builds as a bare instance where it outlives the
// trace (or, without `InstanceAdapter`, the graph breaks where it was made:
// output/escape.hpp). A class is always true; no object is None.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
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

    template <class F> void for_each_part(F&& f) const {
        for (const auto& [key, item] : attributes) f(item);
    }
    bool built_once() const { return true; }
    bool made_then_filled() const { return true; }
    /// A bare instance of its class (`InstanceAdapter::new_instance`), kept in a
    /// temporary before its attributes are stored, so that an attribute that refers
    /// back to the object (directly or through containers) finds it built.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        using A = typename R::adapter;
        using bytecode::op;
        if constexpr (InstanceAdapter<A>) {
            if (!r.output().trackers[class_tracker].source)
                give_up("an object made in the trace outlives it, and its class has no source to load it from");
            const Value& maker = r.host_function("lasso_new_instance", [] {
                return A::make_host_function("lasso_new_instance", [](std::span<const Value> args) -> Value {
                    if (args.size() != 1) throw std::logic_error("lasso_new_instance takes a class");
                    return A::new_instance(args[0]);
                });
            });
            r.push(op::push_null);
            r.push_value(maker);
            r.emit(class_tracker);
            r.push(op::call, std::int64_t{1});
            const std::string object = r.into_temp(self);
            for (const auto& [name, item] : attributes) r.store_attribute(object, name, item);
            r.push(op::load_fast, object);
        } else {
            (void)self;
            give_up("an object made in the trace outlives it, and the adapter cannot make instances "
                    "(InstanceAdapter::new_instance)");
        }
    }
};

} // namespace lasso::trackers
