// lasso/translator/handlers/globals_attributes.hpp
//
// Handlers of globals and attributes: a global is built once per translation; an
// attribute of a tensor comes from the adapter's `tensor_attribute` (shape, ndim,
// dtype, ...); an attribute of an object or class is read without side effects and
// built once per place; a method looked up on a tensor becomes a call_method node when
// called. An object made during tracing keeps its attributes in its tracker (stores
// to it are not side effects); stores to globals and to attributes of objects from the
// frame are side effects, recorded and replayed (translator/mutations.hpp).
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/mutations.hpp>
#include <lasso/translator/step.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::handlers {

template <class T>
std::optional<tracker_ref> class_attribute(T& t, const trackers::new_object<typename T::value>& o, const std::string& name);

/// Attribute `name` of tracker `obj`: a tensor's static attribute, or an object's (for
/// an object made during tracing, one stored on it, else its class's).
template <class T> tracker_ref load_attribute(T& t, tracker_ref obj, const std::string& name) {
    using meta = typename T::meta;
    if (auto* x = t.template as<trackers::tensor<meta>>(obj)) {
        static_attribute a = T::adapter::tensor_attribute(x->meta, name);
        if (auto* u = std::get_if<unsupported>(&a)) throw std::move(*u);
        if (auto* c = std::get_if<constant>(&a)) return t.make_constant(std::move(*c));
        auto& items = std::get<std::vector<constant>>(a);
        std::vector<tracker_ref> refs;
        refs.reserve(items.size());
        for (auto& c : items) refs.push_back(t.make_constant(std::move(c)));
        return t.add_tracker(trackers::tuple{std::move(refs)});
    }
    if (const auto* v = t.object_value(obj)) return t.attribute_of(obj, *v, name);
    if (auto* o = t.template as<trackers::new_object<typename T::value>>(obj)) {
        if (const tracker_ref* own = o->attribute(name)) return *own;
        if (name == "__class__") return o->class_tracker;
        auto found = class_attribute(t, *o, name);
        if (!found) give_up("attribute '", name, "' of ", t.describe(obj), ", which it does not have");
        if (t.template as<trackers::function<typename T::value>>(*found) ||
            t.template as<trackers::builtin<typename T::value>>(*found))
            give_up("method '", name, "' of ", t.describe(obj), " read as a value (a bound method) is not supported yet");
        return *found;
    }
    give_up("attribute '", name, "' of ", t.describe(obj), " is not supported yet");
}

/// Attribute `name` of the class of new object `o`, read (and guarded) through the
/// class tracker; empty when the class has none.
template <class T>
std::optional<tracker_ref> class_attribute(T& t, const trackers::new_object<typename T::value>& o, const std::string& name) {
    const typename T::value cls = o.cls;
    const tracker_ref class_tracker = o.class_tracker;
    if (!T::adapter::attribute(cls, name)) return std::nullopt;
    return t.attribute_of(class_tracker, cls, name);
}

template <bytecode::op O, class T> step globals_attributes(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    using value = typename T::value;
    if constexpr (O == op::load_global) {
        t.push(t.global(t.name_arg(inst)));
        return next{};
    } else if constexpr (O == op::store_global) {
        const tracker_ref stored = t.pop();
        store_frame_global(t, t.name_arg(inst), stored);
        return next{};
    } else if constexpr (O == op::delete_global) {
        give_up("del of global '", t.name_arg(inst), "' is not supported");
    } else if constexpr (O == op::load_name || O == op::store_name || O == op::delete_name) {
        give_up(bytecode::name_of(O), " '", t.name_arg(inst), "': module-level and class-body code is not captured");
    } else if constexpr (O == op::load_attr) {
        const std::string& name = t.name_arg(inst);
        auto obj = t.pop();
        t.push(load_attribute(t, obj, name));
        return next{};
    } else if constexpr (O == op::load_method) {
        const std::string& name = t.name_arg(inst);
        auto self = t.pop();
        if (t.template as<trackers::tensor<typename T::meta>>(self)) {
            t.push(t.add_tracker(trackers::builtin<value>{std::nullopt, name, true, builtin_kind::tensor_op}));
            t.push(self);
            return next{};
        }
        if (auto* b = t.template as<trackers::builtin<value>>(self); b && b->kind == builtin_kind::comptime && b->fn) {
            // A shortcut of the comptime builtin (`comptime.print_graph`): a builtin of
            // its own, read from the builtin's attributes.
            const value comptime = *b->fn;
            t.push(t.add_tracker(trackers::null{}));
            t.push(t.attribute_of(self, comptime, name));
            return next{};
        }
        if (auto* o = t.template as<trackers::new_object<value>>(self)) {
            // An object made during tracing: an attribute stored on it is a plain value
            // (NULL, then the value); a function of its class a method to inline.
            if (const tracker_ref* own = o->attribute(name)) {
                const tracker_ref found = *own;
                t.push(t.add_tracker(trackers::null{}));
                t.push(found);
                return next{};
            }
            auto found = class_attribute(t, *o, name);
            if (!found) give_up("method '", name, "' of ", t.describe(self), ", which it does not have");
            if (auto* function = t.template as<trackers::function<value>>(*found)) {
                t.push(t.add_tracker(trackers::function<value>{function->fn, {}, {}, name}, t.record(*found).source));
                t.push(self);
                return next{};
            }
            t.push(t.add_tracker(trackers::null{}));
            t.push(*found);
            return next{};
        }
        if (const value* v = t.object_value(self); v && t.template as<trackers::object<value>>(self) &&
                                                   !t.has_attribute(self, *v, name)) {
            // A method of the object's class, to inline: the function, then the object.
            if (auto method = t.method_of(self, *v, name)) {
                t.push(*method);
                t.push(self);
                return next{};
            }
        }
        if (const value* v = t.object_value(self); v && t.has_attribute(self, *v, name)) {
            // An attribute stored on the object itself (not a method of its class), or
            // one of a class: a plain value, no self to pass (`Base.f(self, x)`, or a
            // function stored on an object). Push NULL and the value, as for a function.
            t.push(t.add_tracker(trackers::null{}));
            t.push(t.attribute_of(self, *v, name));
            return next{};
        }
        // A method lasso does not model: the pair stands for what the interpreter's
        // load_method pushes, and the call is where the graph breaks (the interpreter
        // then looks the method up again on the same self).
        t.push(t.add_tracker(trackers::builtin<value>{std::nullopt, name, true, builtin_kind::graph_break}));
        t.push(self);
        return next{};
    } else if constexpr (O == op::store_attr || O == op::delete_attr) {
        // An object made during tracing keeps its attributes in its tracker: a store
        // or del there is no side effect on anything the frame can see.
        const tracker_ref obj = t.peek();
        if (auto* o = t.template edit<trackers::new_object<value>>(obj)) {
            const std::string& name = t.name_arg(inst);
            t.pop();
            auto at = std::find_if(o->attributes.begin(), o->attributes.end(), [&](const auto& a) { return a.first == name; });
            if constexpr (O == op::store_attr) {
                const tracker_ref stored = t.pop();
                if (at != o->attributes.end()) at->second = stored;
                else o->attributes.emplace_back(name, stored);
            } else {
                if (at == o->attributes.end()) give_up("del of attribute '", name, "', which the object does not have");
                o->attributes.erase(at);
            }
            return next{};
        }
        if constexpr (O == op::store_attr) {
            t.pop();
            const tracker_ref stored = t.pop();
            store_frame_attribute(t, obj, t.name_arg(inst), stored);
            return next{};
        } else {
            give_up("del of attribute '", t.name_arg(inst), "' of ", t.describe(obj), " is not supported");
        }
    }
}

} // namespace lasso::handlers
