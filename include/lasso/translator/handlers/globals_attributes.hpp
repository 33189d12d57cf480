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
#include <lasso/translator/ask.hpp>
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

/// Attribute `name` of tracker `obj`, as its family reads it: a tensor's static
/// attribute, an object's or class's (read without side effects), one of an object
/// made during tracing.
template <class T> tracker_ref load_attribute(T& t, tracker_ref obj, const std::string& name) {
    if (auto found = ask::load_attribute(t, obj, name)) return *found;
    give_up(reasons::unsupported_attribute, "attribute '", name, "' of ", t.describe(obj), " is not supported yet");
}

/// `obj.name = item`: an object made during tracing keeps it in its tracker (its
/// family stores it); a store to an object from the frame is a side effect.
template <class T> void store_attribute(T& t, tracker_ref obj, const std::string& name, tracker_ref item) {
    if (!ask::store_attribute(t, obj, name, item)) store_frame_attribute(t, obj, name, item);
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
        give_up(reasons::unsupported_mutation, "del of global '", t.name_arg(inst), "' is not supported");
    } else if constexpr (O == op::load_name || O == op::store_name || O == op::delete_name) {
        give_up(reasons::unsupported_bytecode, bytecode::name_of(O), " '", t.name_arg(inst),
                "': module-level and class-body code is not captured");
    } else if constexpr (O == op::load_attr) {
        const std::string& name = t.name_arg(inst);
        auto obj = t.pop();
        t.push(load_attribute(t, obj, name));
        return next{};
    } else if constexpr (O == op::load_method) {
        const std::string& name = t.name_arg(inst);
        auto self = t.pop();
        if (auto pair = ask::load_method(t, self, name)) {
            const auto [first, second] = *pair;
            t.push(first);
            t.push(second);
            return next{};
        }
        // A method lasso does not model: the pair stands for what the interpreter's
        // load_method pushes, and the call is where the graph breaks (the interpreter
        // then looks the method up again on the same self).
        t.push(t.add_tracker(trackers::builtin<value>{std::nullopt, name, true, builtin_kind::graph_break}));
        t.push(self);
        return next{};
    } else if constexpr (O == op::store_attr || O == op::delete_attr) {
        // The operands stay on the stack until the store is done (a graph break here
        // runs the instruction on them).
        const tracker_ref obj = t.peek();
        if constexpr (O == op::store_attr) {
            store_attribute(t, obj, t.name_arg(inst), t.peek(1));
            t.pop();
        } else if (!ask::store_attribute(t, obj, t.name_arg(inst), std::nullopt)) {
            give_up(reasons::unsupported_attribute, "del of attribute '", t.name_arg(inst), "' of ", t.describe(obj),
                    " is not supported");
        }
        t.pop();
        return next{};
    }
}

} // namespace lasso::handlers
