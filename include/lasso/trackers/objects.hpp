// lasso/trackers/objects.hpp
//
// The family of objects and classes: any other object from the frame (known by value
// and source, its attributes built on first read), a class, and an instance of a user
// class made in the trace (its `__init__` inlined), whose attributes live in its
// tracker and which generated code builds as a bare instance where it outlives the
// trace (or, without `InstanceAdapter`, the graph breaks where it was made:
// output/escape.hpp). A class is always true; no object is None. Operations on an
// instance that Python gives to its class's special methods (`==`, `len`, truth,
// `o[i]`, `in`, iteration) inline them (special_methods.hpp).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/functions.hpp>
#include <lasso/trackers/markers.hpp>
#include <lasso/trackers/special_methods.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::trackers {

namespace detail {
/// Whether class tracker `cls` has attribute `name`, as its family answers (guarded).
template <class T> std::optional<bool> class_has_attribute(T& t, tracker_ref cls, const std::string& name) {
    return family_answer<std::optional<bool>>(
        t.arena(), cls,
        [&](const auto& x) -> decltype(x.has_attribute(t, cls, name)) { return x.has_attribute(t, cls, name); },
        std::nullopt);
}

/// Guards that attribute `name` of the value at `self`'s source stays absent
/// (`guard_kind::absent`) or present (`guard_kind::present`), whatever its value.
template <class T> void guard_attribute(T& t, tracker_ref self, const std::string& name, guard_kind kind) {
    const std::optional<source_ref> source = t.record(self).source;
    if (!source)
        give_up(reasons::unsupported_attribute, "hasattr() of ", t.describe(self), ", which has no source to guard");
    auto& out = t.output();
    const source_ref at = out.sources.attribute(*source, name);
    // Asked again (each `==` of an object asks for `__eq__`): one guard says it.
    for (const auto& g : out.guards)
        if (g.kind == kind && g.source && out.sources.same_place(*g.source, at)) return;
    out.add_guard(kind, at, [](auto&) {});
}

/// Whether object or class `self` from the frame, whose value is `v`, has attribute
/// `name` the adapter's `attribute` reads, or one stored in the trace.
template <class T, class Value> bool has_own_attribute(T& t, tracker_ref self, const Value& v, const std::string& name) {
    if (!t.has_attribute(self, v, name)) return false;
    // Not on the value: stored in the trace, which makes it present whatever came before.
    if (T::adapter::attribute(v, name)) guard_attribute(t, self, name, guard_kind::present);
    return true;
}
/// Whether instances of class tracker `cls` compare by identity: the adapter says so
/// of classes without `__eq__` and `__ne__` (`identity_equality`), and `cls` has
/// neither (guarded absent).
template <class T> bool instances_compare_identity(T& t, tracker_ref cls) {
    if constexpr (!identity_equality<typename T::adapter>()) {
        (void)t, (void)cls;
        return false;
    } else {
        for (const char* name : {"__eq__", "__ne__"}) {
            const std::optional<bool> has = class_has_attribute(t, cls, name);
            if (!has || *has) return false;
        }
        return true;
    }
}

/// `self == other` (`which` 2) or `self != other` (3) when `self`'s `==` is identity:
/// a constant is never the same object; a container, or a value whose `==` is identity
/// too, is compared by identity. Empty for an ordering, for a `self` whose class has
/// its own `==`, and for any other value (whose own `==` answers, reflected).
template <class T>
std::optional<tracker_ref> identity_comparison(T& t, tracker_ref self, std::int64_t which, tracker_ref other) {
    if ((which != 2 && which != 3) || !t.equal_by_identity(self)) return std::nullopt;
    bool same = false;
    if (!known_constant_of(t.arena(), other)) {
        if (!container_kind_of(t.arena(), other) && !t.equal_by_identity(other)) return std::nullopt;
        same = t.identical(self, other);
    }
    return t.make_constant(same == (which == 2));
}
} // namespace detail

/// Any other object from the frame, known by value and source.
template <class Value> struct object {
    Value obj;

    static constexpr std::string_view family = "object";
    template <class Names> std::string describe(const Names& names, tracker_ref) const {
        return lasso::detail::join({"a '", names.type_name(obj), "' object"});
    }
    std::optional<bool> none() const { return false; }
    const Value* object_value() const { return &obj; }
    const Value* known_value() const { return &obj; }
    /// Attributes of it can be stored through two paths to it.
    std::string_view alias_kind() const { return "object"; }

    /// Read without side effects, built once per place (translator/builder.hpp); a
    /// property of its class (lasso::feature::properties) by its getter, inlined.
    template <class T> tracker_ref load_attribute(T& t, tracker_ref self, const std::string& name) const {
        const Value v = obj; // adding trackers may move this record
        if constexpr (PropertyAdapter<typename T::adapter>)
            if (!T::adapter::attribute(v, name))
                if (auto r = detail::property_read<Value>(t, self, class_of(t, self), name)) return *r;
        return t.attribute_of(self, v, name);
    }
    /// A bound method (one the adapter reads `__func__` and `__self__` of) is called as
    /// its function on its object; an instance of a user class by its class's
    /// `__call__`, inlined; other objects are not called in the trace.
    template <class Site> std::optional<tracker_ref> on_call(Site& site) const {
        if (auto r = site.call_bound_method(obj)) return r;
        return site.call_instance(user_class_of(site.translator(), site.callee()));
    }
    /// The object itself, for a pure builtin called at trace time (`isinstance(o, C)`):
    /// read from the frame, so guarded on its type. The adapter's `call_pure` decides
    /// which builtins may take it (one that would run user code may not).
    template <class T> std::optional<Value> pure_value(T& t, tracker_ref self, int) const {
        if (!t.record(self).source) return std::nullopt;
        return obj;
    }
    /// Its class (read as `__class__`, guarded), when it has one.
    template <class T> std::optional<tracker_ref> class_of(T& t, tracker_ref self) const {
        const Value v = obj;
        if (!T::adapter::attribute(v, "__class__")) return std::nullopt;
        return t.attribute_of(self, v, "__class__");
    }
    /// `==` is identity when its class has no `__eq__` or `__ne__`.
    template <class T> bool equal_by_identity(T& t, tracker_ref self) const {
        const auto cls = class_of(t, self);
        return cls && detail::instances_compare_identity(t, *cls);
    }
    /// `==` with it may run a method of its class.
    template <class T> bool user_equality(T& t, tracker_ref self) const { return !equal_by_identity(t, self); }
    /// Identity, else its class's `__eq__` or `__ne__`, inlined (special_methods.hpp).
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        if (auto r = detail::identity_comparison(t, self, which, other)) return r;
        return detail::equality_by_class(t, self, user_class_of(t, self), which, other, reflected);
    }
    // What its class's special methods answer, inlined (special_methods.hpp).
    // Only for an instance of a user class (`constructs_instance`): the interpreter's own
    // objects (iterators, say) have no such methods to inline.
    template <class T> std::optional<tracker_ref> user_class_of(T& t, tracker_ref self) const {
        using A = typename T::adapter;
        if constexpr (!ConstructAdapter<A>) {
            (void)t, (void)self;
            return std::nullopt;
        } else {
            const auto cls = class_of(t, self);
            const Value* class_value = cls ? t.object_value(*cls) : nullptr;
            if (!class_value || !A::constructs_instance(*class_value)) return std::nullopt;
            return cls;
        }
    }
    template <class T> std::optional<bool> traced_truth(T& t, tracker_ref self) const {
        return detail::truth_by_class(t, self, user_class_of(t, self));
    }
    template <class T> std::optional<tracker_ref> len(T& t, tracker_ref self) const {
        return detail::len_by_class(t, self, user_class_of(t, self));
    }
    template <class T> std::optional<tracker_ref> subscript(T& t, tracker_ref self, tracker_ref index) const {
        return detail::item_by_class(t, self, user_class_of(t, self), index);
    }
    template <class T> std::optional<bool> contains(T& t, tracker_ref self, tracker_ref item) const {
        return detail::contains_by_class(t, self, user_class_of(t, self), item);
    }
    template <class T> std::optional<tracker_ref> iterate(T& t, tracker_ref self) const {
        return detail::iterator_by_class(t, self, user_class_of(t, self));
    }
    template <class T> std::optional<std::vector<tracker_ref>> items_of(T& t, tracker_ref self) const {
        const auto it = iterate(t, self);
        if (!it) return std::nullopt;
        return t.items_of(*it);
    }
    /// `hasattr`: an attribute it can read (guarded present, whatever its value), else
    /// one of its class (a method, which reading through the object would bind), else
    /// absent from both, guarded so.
    template <class T> bool has_attribute(T& t, tracker_ref self, const std::string& name) const {
        const Value v = obj;
        if (detail::has_own_attribute(t, self, v, name)) return true;
        if (T::adapter::attribute(v, "__class__")) {
            const tracker_ref cls = t.attribute_of(self, v, "__class__");
            const std::optional<bool> in_class = detail::class_has_attribute(t, cls, name);
            if (!in_class)
                give_up(reasons::unsupported_attribute, "hasattr() of ", t.describe(self), ", whose class is not known");
            if (*in_class) return true;
        }
        detail::guard_attribute(t, self, name, guard_kind::absent);
        return false;
    }
    /// An attribute of its own: NULL and the value; else a method of its class to
    /// inline: the function, then the object. Neither: the family does not answer.
    template <class T>
    std::optional<std::pair<tracker_ref, tracker_ref>> load_method(T& t, tracker_ref self, const std::string& name) const {
        const Value v = obj; // building trackers may not move this record, but the copy costs little
        if (t.has_attribute(self, v, name)) return std::pair{t.add_tracker(null{}), t.attribute_of(self, v, name)};
        if (auto method = method_to_inline(t, self, name)) return std::pair{*method, self};
        return std::nullopt;
    }
    /// The method `name` as its class holds it, to push before the object: a function
    /// tracker read as `obj.__class__.name` (guarded on its identity) with a guard that
    /// the object has no attribute `name` of its own. Empty when the adapter cannot
    /// inline or the class attribute is not an interpreted function.
    template <class T> std::optional<tracker_ref> method_to_inline(T& t, tracker_ref self, const std::string& name) const {
        using A = typename T::adapter;
        if constexpr (!InlineAdapter<A>) {
            (void)t, (void)self, (void)name;
            return std::nullopt;
        } else {
            const Value v = obj;
            const std::optional<source_ref> source = t.record(self).source;
            if (!source || !A::attribute(v, "__class__")) return std::nullopt;
            const tracker_ref cls = t.attribute_of(self, v, "__class__");
            const Value* class_value = t.object_value(cls);
            if (!class_value || !A::attribute(*class_value, name)) return std::nullopt;
            const tracker_ref found = t.attribute_of(cls, *class_value, name);
            auto method = t.as_method(found, name);
            if (method) t.output().add_guard(guard_kind::absent, t.output().sources.attribute(*source, name), [](auto&) {});
            return method;
        }
    }
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
    const Value* object_value() const { return &cls; }
    const Value* known_value() const { return &cls; }
    static constexpr bool inlines_calls = true;

    /// A call makes an instance: `__init__` inlined on a new object.
    template <class Site> tracker_ref on_call(Site& site) const { return site.construct(); }
    template <class T> tracker_ref load_attribute(T& t, tracker_ref self, const std::string& name) const {
        return t.attribute_of(self, cls, name);
    }
    /// Classes compare by identity (`identity_equality`).
    template <class T> bool equal_by_identity(const T&, tracker_ref) const {
        return identity_equality<typename T::adapter>();
    }
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool) const {
        return detail::identity_comparison(t, self, which, other);
    }
    /// `hasattr`: its attribute (or a base's), or its absence, guarded.
    template <class T> bool has_attribute(T& t, tracker_ref self, const std::string& name) const {
        const Value v = cls;
        if (detail::has_own_attribute(t, self, v, name)) return true;
        detail::guard_attribute(t, self, name, guard_kind::absent);
        return false;
    }
    /// `Base.f(self, x)`: the class's attribute, called bare (NULL, then the value).
    template <class T>
    std::optional<std::pair<tracker_ref, tracker_ref>> load_method(T& t, tracker_ref self, const std::string& name) const {
        const Value v = cls;
        if (!t.has_attribute(self, v, name)) return std::nullopt;
        return std::pair{t.add_tracker(null{}), t.attribute_of(self, v, name)};
    }
    /// The class itself, for a pure builtin called at trace time (`isinstance(x, C)`;
    /// read from the frame, so guarded on its identity).
    template <class T> std::optional<Value> pure_value(T& t, tracker_ref self, int) const {
        if (!t.record(self).source) return std::nullopt;
        return cls;
    }
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

    /// No frame value can be it (`is`).
    template <class T> bool made_by_trace(T& t, tracker_ref self) const { return !t.record(self).source.has_value(); }
    /// Generated code builds it when the adapter makes bare instances and its class can
    /// be loaded; else it must be made in the interpreter (output/escape.hpp).
    template <class A, class Arena> std::optional<trackers::trace_origin> unbuilt_origin(const Arena& arena) const {
        if (InstanceAdapter<A> && arena[class_tracker].source.has_value()) return std::nullopt;
        return trackers::trace_origin{created_at, line, 0};
    }
    template <class A> std::string unbuilt_reason(const char* what) const {
        return lasso::detail::join({"an object of class '", A::builtin_name(cls), "' made during tracing ", what,
                                    " (objects made in the trace cannot be built by generated code yet: "
                                    "it is made in the interpreter)"});
    }
    /// For a pure builtin called at trace time (`isinstance(o, C)` in an inlined
    /// `__eq__`): a bare instance of its class (`InstanceAdapter::new_instance`), whose
    /// type is all it shares with the object; the adapter's `call_pure` takes an instance
    /// only for builtins that read its type alone.
    template <class T> std::optional<Value> pure_value(T&, tracker_ref, int) const {
        if constexpr (InstanceAdapter<typename T::adapter>) return T::adapter::new_instance(cls);
        else return std::nullopt;
    }
    /// Attribute `name` of its class, read (and guarded) through the class tracker;
    /// empty when the class has none.
    template <class T> std::optional<tracker_ref> class_attribute(T& t, const std::string& name) const {
        const Value c = cls;
        const tracker_ref of = class_tracker;
        if (!T::adapter::attribute(c, name)) return std::nullopt;
        return t.attribute_of(of, c, name);
    }
    /// One stored on it, else its class's; a function of the class read as a value
    /// would be a bound method, which lasso does not model.
    template <class T> tracker_ref load_attribute(T& t, tracker_ref self, const std::string& name) const {
        if (const tracker_ref* own = attribute(name)) return *own;
        if (name == "__class__") return class_tracker;
        auto found = class_attribute(t, name);
        if (!found)
            give_up(reasons::would_raise, "attribute '", name, "' of ", t.describe(self), ", which it does not have");
        if (binds_to_object(t.arena(), *found))
            give_up(reasons::unsupported_method, "method '", name, "' of ", t.describe(self),
                    " read as a value (a bound method) is not supported yet");
        return *found;
    }
    template <class T> std::optional<tracker_ref> class_of(T&, tracker_ref) const { return class_tracker; }
    /// A call of it: its class's `__call__`, inlined.
    template <class Site> std::optional<tracker_ref> on_call(Site& site) const { return site.call_instance(class_tracker); }
    /// `==` is identity when its class has no `__eq__` or `__ne__`.
    template <class T> bool equal_by_identity(T& t, tracker_ref) const {
        return detail::instances_compare_identity(t, class_tracker);
    }
    /// `==` with it may run a method of its class.
    template <class T> bool user_equality(T& t, tracker_ref self) const { return !equal_by_identity(t, self); }
    /// Identity, else its class's `__eq__` or `__ne__`, inlined (special_methods.hpp).
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        if (auto r = detail::identity_comparison(t, self, which, other)) return r;
        return detail::equality_by_class(t, self, class_tracker, which, other, reflected);
    }
    // What its class's special methods answer, inlined (special_methods.hpp).
    template <class T> std::optional<bool> traced_truth(T& t, tracker_ref self) const {
        return detail::truth_by_class(t, self, class_tracker);
    }
    template <class T> std::optional<tracker_ref> len(T& t, tracker_ref self) const {
        return detail::len_by_class(t, self, class_tracker);
    }
    template <class T> std::optional<tracker_ref> subscript(T& t, tracker_ref self, tracker_ref index) const {
        return detail::item_by_class(t, self, class_tracker, index);
    }
    template <class T> std::optional<bool> contains(T& t, tracker_ref self, tracker_ref item) const {
        return detail::contains_by_class(t, self, class_tracker, item);
    }
    template <class T> std::optional<tracker_ref> iterate(T& t, tracker_ref self) const {
        return detail::iterator_by_class(t, self, class_tracker);
    }
    template <class T> std::optional<std::vector<tracker_ref>> items_of(T& t, tracker_ref self) const {
        return t.items_of(*iterate(t, self));
    }
    /// `hasattr`: one stored on it, else its class's (guarded either way).
    template <class T> bool has_attribute(T& t, tracker_ref, const std::string& name) const {
        if (attribute(name) || name == "__class__") return true;
        const tracker_ref of = class_tracker;
        const std::optional<bool> in_class = detail::class_has_attribute(t, of, name);
        if (!in_class) give_up(reasons::unsupported_attribute, "hasattr() of an object whose class is not known");
        return *in_class;
    }
    /// A value stored on it: NULL, then the value; a function of its class: the method
    /// to inline, then the object.
    template <class T>
    std::optional<std::pair<tracker_ref, tracker_ref>> load_method(T& t, tracker_ref self, const std::string& name) const {
        if (const tracker_ref* own = attribute(name)) {
            const tracker_ref found = *own;
            return std::pair{t.add_tracker(null{}), found};
        }
        auto found = class_attribute(t, name);
        if (!found) give_up(reasons::would_raise, "method '", name, "' of ", t.describe(self), ", which it does not have");
        if (auto method = t.as_method(*found, name)) return std::pair{*method, self};
        return std::pair{t.add_tracker(null{}), *found};
    }
    /// A function of its class (not shadowed by an attribute of its own), to inline.
    template <class T> std::optional<tracker_ref> method_to_inline(T& t, tracker_ref, const std::string& name) const {
        if (attribute(name)) return std::nullopt;
        auto found = class_attribute(t, name);
        if (!found) return std::nullopt;
        return t.as_method(*found, name);
    }
    /// Its attributes live in its tracker: a store or del is no side effect on
    /// anything the frame can see.
    template <class T>
    void store_attribute(T& t, tracker_ref self, const std::string& name, std::optional<tracker_ref> item) const {
        auto& now = t.template edit<new_object>(self)->attributes;
        auto at = std::find_if(now.begin(), now.end(), [&](const auto& a) { return a.first == name; });
        if (item) {
            if (at != now.end()) at->second = *item;
            else now.emplace_back(name, *item);
        } else {
            if (at == now.end())
                give_up(reasons::would_raise, "del of attribute '", name, "', which the object does not have");
            now.erase(at);
        }
    }

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
                give_up(reasons::value_not_rebuildable,
                        "an object made in the trace outlives it, and its class has no source to load it from");
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
            give_up(reasons::adapter_cannot,
                    "an object made in the trace outlives it, and the adapter cannot make instances "
                    "(InstanceAdapter::new_instance)");
        }
    }
};

} // namespace lasso::trackers
