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
// modelled by their families (trackers/containers.hpp) when the adapter declares
// `python_container_methods`.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/fold.hpp>
#include <lasso/translator/handlers/operators.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lasso::handlers {

using fold::normalize_index;

template <class T> auto make_builder(T& t) {
    return lasso::builder<typename T::adapter, std::remove_cvref_t<decltype(t.output())>>(t.output());
}

/// Before the items of list or dict `r` change: a list being iterated by a copy may not
/// change; a frame value's change is recorded in the side-effect record with the items
/// it had on entry (its family's `entry_items`: unknown for a list never read).
template <class T> void mutate_contents(T& t, tracker_ref r) {
    struct answer {
        bool frozen = false;
        bool has_contents = false;
        std::optional<std::vector<tracker_ref>> entry;
    };
    const answer a = std::visit(
        [](const auto& x) -> answer {
            answer out;
            if constexpr (requires { x.frozen(); }) out.frozen = x.frozen();
            if constexpr (requires { x.entry_items(); }) {
                out.has_contents = true;
                out.entry = x.entry_items();
            }
            return out;
        },
        t.record(r).data);
    if (a.frozen)
        give_up(reasons::unsupported_mutation, "mutation of ", t.describe(r),
                " that enumerate() or zip() is iterating over");
    if (!a.has_contents) give_up(reasons::unsupported_mutation, "mutation of the items of ", t.describe(r));
    if (!t.record(r).source) return; // made in the trace: no one else sees it
    auto& effects = t.output().effects;
    if (effects.contents_mutated(r)) return;
    output::mutation m;
    m.kind = output::mutation_kind::contents;
    m.target = r;
    if (a.entry) m.entry_items = *a.entry;
    else m.entry_unknown = true;
    if (!effects.is_target(r)) make_builder(t).guard_unaliased(r);
    effects.record(std::move(m));
}

/// `obj.name = v` on an object from the frame.
template <class T> void store_frame_attribute(T& t, tracker_ref obj, const std::string& name, tracker_ref v) {
    using A = typename T::adapter;
    using value = typename T::value;
    const auto* o = t.template as<trackers::object<value>>(obj);
    if (!o || !t.record(obj).source)
        give_up(reasons::unsupported_attribute, "assignment to attribute '", name, "' of ", t.describe(obj),
                " (not modelled: only objects from the frame)");
    if constexpr (!AttributeStoreAdapter<A>) {
        give_up(reasons::adapter_cannot, "assignment to attribute '", name, "' of ", t.describe(obj),
                " (the adapter cannot tell plain attribute stores: plain_attribute_store)");
    } else {
        if (name.size() > 4 && name.starts_with("__") && name.ends_with("__"))
            give_up(reasons::unsupported_attribute, "assignment to special attribute '", name, "' of ", t.describe(obj));
        if (!A::plain_attribute_store(o->obj, name))
            give_up(reasons::unsupported_attribute, "assignment to attribute '", name, "' of ", t.describe(obj),
                    " runs code of its class");
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

/// A call of method `name` of a list or dict (`args[0]` is self), when its family
/// models it and the adapter says its containers' methods are Python's
/// (`python_container_methods`); nothing otherwise.
template <class T>
std::optional<tracker_ref> call_container_method(T& t, std::string_view name, std::span<const tracker_ref> args) {
    if constexpr (!python_container_methods<typename T::adapter>()) {
        (void)t, (void)name, (void)args;
        return std::nullopt;
    } else {
        const tracker_ref self = args[0];
        return std::visit(
            [&](const auto& x) -> std::optional<tracker_ref> {
                if constexpr (requires { x.call_method(t, self, name, args.subspan(1)); })
                    return x.call_method(t, self, name, args.subspan(1));
                else return std::nullopt;
            },
            t.record(self).data);
    }
}

} // namespace lasso::handlers
