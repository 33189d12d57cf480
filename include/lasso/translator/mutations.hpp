// lasso/translator/mutations.hpp
//
// Mutations in the trace. A list or dict made during tracing is changed in its tracker
// and nothing else happens: nobody outside the trace can see it until generated code
// builds it. A value that existed before the trace (read from the frame) is changed
// the same way, but the change is also recorded in the side-effect record
// (output/side_effects.hpp), replayed by the generated code after the graph: the
// contents of lists and dicts, attributes of objects (when the adapter says a store is
// plain, `AttributeStoreAdapter`) and globals. Before the first mutation of a frame
// value, guards make sure no other value the trace read from the frame is the same
// object (the builder makes values reached twice one tracker).
//
// Calls of list and dict methods (`append`, `extend`, `insert`, `pop`, `get`) are
// modelled here when the adapter declares `python_container_methods`.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/translator/fold.hpp>
#include <lasso/translator/handlers/operators.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lasso::handlers {

/// Position `i` of a sequence of `size` items, counting from the end when negative.
inline std::optional<std::size_t> normalize_index(std::int64_t i, std::size_t size) {
    const auto n = static_cast<std::int64_t>(size);
    const std::int64_t at = i < 0 ? i + n : i;
    if (at < 0 || at >= n) return std::nullopt;
    return static_cast<std::size_t>(at);
}

template <class T> auto make_builder(T& t) {
    return lasso::builder<typename T::adapter, std::remove_cvref_t<decltype(t.output())>>(t.output());
}

/// Before the items of list or dict `r` change.
template <class T> void mutate_contents(T& t, tracker_ref r) {
    if (auto* l = t.template as<trackers::list>(r); l && l->iterated_by_copy)
        give_up("mutation of a list that enumerate() or zip() is iterating over");
    if (!t.record(r).source) return; // made in the trace: no one else sees it
    auto& effects = t.output().effects;
    if (effects.contents_mutated(r)) return;
    output::mutation m;
    m.kind = output::mutation_kind::contents;
    m.target = r;
    if (t.template as<trackers::unread_list<typename T::value>>(r))
        m.entry_unknown = true;
    else if (auto* d = t.template as<trackers::dict>(r))
        for (const auto& [key, item] : d->items) {
            m.entry_items.push_back(key);
            m.entry_items.push_back(item);
        }
    else
        m.entry_items = t.template as<trackers::list>(r)->items;
    if (!effects.is_target(r)) make_builder(t).guard_unaliased(r);
    effects.record(std::move(m));
}

/// `obj.name = v` on an object from the frame.
template <class T> void store_frame_attribute(T& t, tracker_ref obj, const std::string& name, tracker_ref v) {
    using A = typename T::adapter;
    using value = typename T::value;
    const auto* o = t.template as<trackers::object<value>>(obj);
    if (!o || !t.record(obj).source)
        give_up("assignment to attribute '", name, "' of ", t.describe(obj), " (not modelled: only objects from the frame)");
    if constexpr (!AttributeStoreAdapter<A>) {
        give_up("assignment to attribute '", name, "' of ", t.describe(obj),
                " (the adapter cannot tell plain attribute stores: plain_attribute_store)");
    } else {
        if (name.size() > 4 && name.starts_with("__") && name.ends_with("__"))
            give_up("assignment to special attribute '", name, "' of ", t.describe(obj));
        if (!A::plain_attribute_store(o->obj, name))
            give_up("assignment to attribute '", name, "' of ", t.describe(obj), " runs code of its class");
        auto& effects = t.output().effects;
        if (!effects.is_target(obj)) make_builder(t).guard_unaliased(obj);
        output::mutation m;
        m.kind = output::mutation_kind::attribute;
        m.target = obj;
        m.name = name;
        m.value = v;
        effects.record(std::move(m));
    }
}

/// `global name; name = v`.
template <class T> void store_frame_global(T& t, const std::string& name, tracker_ref v) {
    output::mutation m;
    m.kind = output::mutation_kind::global;
    m.name = name;
    m.value = v;
    t.output().effects.record(std::move(m));
}

/// Whether `self.name(...)` is a list or dict method modelled here.
template <class T> bool is_container_method(T& t, tracker_ref self, std::string_view name) {
    if constexpr (!python_container_methods<typename T::adapter>()) {
        (void)t, (void)self, (void)name;
        return false;
    } else {
        if (t.template as<trackers::list>(self) || t.template as<trackers::unread_list<typename T::value>>(self))
            return name == "append" || name == "extend" || name == "insert" || name == "pop";
        if (t.template as<trackers::dict>(self)) return name == "get" || name == "pop";
        return false;
    }
}

/// A call of list or dict method `name` (`is_container_method`); `args[0]` is self.
template <class T> tracker_ref call_container_method(T& t, std::string_view name, std::span<const tracker_ref> args) {
    const tracker_ref self = args[0];
    const std::size_t argc = args.size() - 1;
    auto arity = [&](std::size_t low, std::size_t high) {
        if (argc < low || argc > high)
            give_up(name, "() of ", t.describe(self), " with ", lasso::detail::decimal(argc), " arguments");
    };
    auto index_argument = [&](tracker_ref r) -> std::int64_t {
        auto* c = t.template as<trackers::constant_value>(r);
        auto i = c ? fold::as_int(c->value) : std::nullopt;
        if (!i) give_up(name, "() of a list with index ", t.describe(r), " (not an int constant)");
        return *i;
    };
    if (t.template as<trackers::unread_list<typename T::value>>(self)) {
        // A list not read: appending needs none of its items.
        if (name == "append" || name == "extend") {
            arity(1, 1);
            const std::vector<tracker_ref> extra = name == "append" ? std::vector<tracker_ref>{args[1]} : t.items_of(args[1]);
            t.charge_sequence_items(extra.size());
            mutate_contents(t, self);
            auto& appended = t.template edit<trackers::unread_list<typename T::value>>(self)->appended;
            appended.insert(appended.end(), extra.begin(), extra.end());
            return t.make_constant(constant{none_t{}});
        }
        make_builder(t).read_list(self);
    }
    if (t.template as<trackers::list>(self)) {
        const std::size_t size = t.template as<trackers::list>(self)->items.size();
        if (name == "append") {
            arity(1, 1);
            mutate_contents(t, self);
            t.template edit<trackers::list>(self)->items.push_back(args[1]);
        } else if (name == "extend") {
            arity(1, 1);
            const std::vector<tracker_ref> extra = t.items_of(args[1]);
            t.charge_sequence_items(extra.size());
            mutate_contents(t, self);
            auto& items = t.template edit<trackers::list>(self)->items;
            items.insert(items.end(), extra.begin(), extra.end());
        } else if (name == "insert") {
            arity(2, 2);
            // Python clamps the position to the list.
            const auto n = static_cast<std::int64_t>(size);
            std::int64_t at = index_argument(args[1]);
            if (at < 0) at = at + n < 0 ? 0 : at + n;
            if (at > n) at = n;
            mutate_contents(t, self);
            auto& items = t.template edit<trackers::list>(self)->items;
            items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), args[2]);
        } else { // pop
            arity(0, 1);
            const std::int64_t i = argc == 1 ? index_argument(args[1]) : -1;
            if (size == 0) give_up("pop() of an empty list");
            const auto at = normalize_index(i, size);
            if (!at) give_up("pop() index ", lasso::detail::decimal(i), " out of range");
            mutate_contents(t, self);
            auto& items = t.template edit<trackers::list>(self)->items;
            const tracker_ref popped = items[*at];
            items.erase(items.begin() + static_cast<std::ptrdiff_t>(*at));
            return popped;
        }
        return t.make_constant(constant{none_t{}});
    }
    // A dict: get or pop, with a constant key.
    arity(1, 2);
    auto* key = t.template as<trackers::constant_value>(args[1]);
    if (!key) give_up(name, "() of a dict with key ", t.describe(args[1]), " (not a constant)");
    const auto at = dict_find(t, *t.template as<trackers::dict>(self), key->value);
    if (!at) {
        if (argc == 2) return args[2];
        if (name == "get") return t.make_constant(constant{none_t{}});
        give_up("pop() of key ", brief_repr(key->value), ", which the dict does not have");
    }
    const tracker_ref found = t.template as<trackers::dict>(self)->items[*at].second;
    if (name == "pop") {
        mutate_contents(t, self);
        auto& items = t.template edit<trackers::dict>(self)->items;
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(*at));
    }
    return found;
}

} // namespace lasso::handlers
