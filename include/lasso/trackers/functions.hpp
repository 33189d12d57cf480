// lasso/trackers/functions.hpp
//
// The family of functions: interpreted functions read from the frame (inlined where
// they are called: translator/inline.hpp), builtins of the interpreter (whose calls
// mean what the adapter's `builtin_behaviour` says), and functions the trace made
// (`make_function` of a code constant: a def, lambda or comprehension in captured code),
// which generated code makes again where they outlive the trace. A function is always
// true and never None.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/markers.hpp>
#include <lasso/trackers/tracker.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::trackers {

/// What inlining a call of an interpreted function needs of it: the function, or for
/// one the trace made its code constant (its globals are the frame's) with the
/// trackers of its defaults and closure cells.
template <class Value> struct inline_target {
    Value function;
    bool from_code_constant = false;
    std::optional<tracker_ref> defaults = {};
    std::optional<tracker_ref> closure = {};
};

/// An interpreted function: its value (for identity), and the trackers of its
/// defaults and closure cells when they matter. `method_name` is the name a `load_method`
/// found it by on an object's class (the object follows it on the stack, as the
/// function's first argument); empty otherwise.
template <class Value> struct function {
    Value fn;
    std::vector<tracker_ref> defaults;
    std::vector<tracker_ref> closure;
    std::string method_name;

    static constexpr std::string_view family = "function";
    template <class Names> std::string describe(const Names& names, tracker_ref self) const {
        return lasso::detail::join({"function '", names.name_of(self), "'"});
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
    /// Read off a class through an instance, it would bind to the instance.
    static constexpr bool binds_to_object = true;
    /// The value it is known to be (comptime shows it).
    const Value* known_value() const { return &fn; }
    /// Inlined where it is called (translator/inline.hpp).
    template <class Site> tracker_ref on_call(Site& site) const { return site.inline_function(); }
    static constexpr bool inlines_calls = true;
    trackers::inline_target<Value> inline_target() const { return {fn}; }
    /// Found on a class for a call on an instance: the same function, named as the
    /// method (the instance follows it on the stack).
    template <class T> tracker_ref as_method(T& t, tracker_ref self, const std::string& name) const {
        return t.add_tracker(function{fn, {}, {}, name}, t.record(self).source);
    }
    /// A method found for inlining (`method_name`): the interpreter looks it up again.
    trackers::stack_role stack_role() const {
        if (method_name.empty()) return {};
        return {trackers::stack_role::kind::method, method_name};
    }
};

/// A builtin of the interpreter, known by value; `method` marks a method looked up on
/// a tensor (`x.relu`), which becomes a call_method node. `name` and `kind` are the
/// adapter's `builtin_behaviour` of `fn`, read once when the tracker is built: `name`
/// is the graph target of a tensor_op, the builtin's name otherwise.
template <class Value> struct builtin {
    std::optional<Value> fn;
    std::string name;
    bool method = false;
    builtin_kind kind = builtin_kind::tensor_op;

    static constexpr std::string_view family = "builtin";
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return lasso::detail::join({"builtin '", name, "'"});
    }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
    static constexpr bool binds_to_object = true;
    const Value* known_value() const { return fn ? &*fn : nullptr; }
    /// What the adapter's `builtin_behaviour` says the call does (handlers/calls.hpp).
    template <class Site> tracker_ref on_call(Site& site) const { return site.builtin(*this); }
    /// `comptime.print_graph`: a shortcut of the comptime builtin, a builtin of its own
    /// read from the builtin's attributes (NULL, then it).
    template <class T>
    std::optional<std::pair<tracker_ref, tracker_ref>> load_method(T& t, tracker_ref self, const std::string& name) const {
        if (kind != builtin_kind::comptime || !fn) return std::nullopt;
        const Value comptime = *fn;
        return std::pair{t.add_tracker(null{}), t.attribute_of(self, comptime, name)};
    }
    /// The builtin itself, for a pure builtin called at trace time (read from the frame,
    /// so guarded on its identity).
    template <class T> std::optional<Value> pure_value(T& t, tracker_ref self, int) const {
        if (!fn || method || !t.record(self).source) return std::nullopt;
        return *fn;
    }
    /// A method looked up on a tensor or on an object lasso does not model: the
    /// interpreter looks it up again.
    trackers::stack_role stack_role() const {
        if (!method) return {};
        return {trackers::stack_role::kind::method, name};
    }
};

/// A function the trace made (`make_function` of a code constant: a `def`, lambda or
/// comprehension in captured code): the code constant, the tuple tracker of its
/// positional defaults, if any, and of its closure cells, if any (cells of the
/// captured frame, shared with it). Its globals are the frame's. The
/// code constant stands for the function where an identity is needed (the cache of
/// inner resume functions), and generated code makes it again (load_const,
/// make_function).
template <class Value> struct made_function {
    Value code;
    std::optional<tracker_ref> defaults;
    std::optional<tracker_ref> closure = {}; ///< a tuple of cell trackers of the captured frame

    static constexpr std::string_view family = "made function";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a function made during tracing"; }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }
    template <class Site> tracker_ref on_call(Site& site) const { return site.inline_function(); }
    static constexpr bool inlines_calls = true;
    trackers::inline_target<Value> inline_target() const { return {code, true, defaults, closure}; }
    /// No frame value can be it (`is`).
    template <class T> bool made_by_trace(T& t, tracker_ref self) const { return !t.record(self).source.has_value(); }

    template <class F> void for_each_part(F&& f) const {
        if (defaults) f(*defaults);
        if (closure) f(*closure);
    }
    bool built_once() const { return true; }
    /// Made again from its code constant, its defaults rebuilt and its closure made of
    /// the frame's cells (loaded) and cells an inlined call made (made anew). The new
    /// cells get their contents once the function exists: a function that closes over
    /// itself (a recursive def) finds itself in its cell.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        using bytecode::op;
        namespace flag = bytecode::make_function_flags;
        if (defaults) r.emit(*defaults);
        const std::size_t cells_before = r.unfilled_cells();
        if (closure) {
            const auto* cells = sequence_items(r.output().trackers, *closure);
            if (!cells) give_up(reasons::value_not_rebuildable, "a closure to rebuild is not a tuple of cells");
            for (tracker_ref c : *cells) {
                if (made_then_filled(r.output().trackers, c)) {
                    r.emit(c);
                    continue;
                }
                const std::string* frame_cell = frame_cell_name(r, c);
                if (!frame_cell)
                    give_up(reasons::value_not_rebuildable,
                            "a function made in the trace outlives it with a cell that is not the frame's (a cell of an "
                            "inlined call)");
                r.push(op::load_closure, *frame_cell);
            }
            r.push(op::build_tuple, static_cast<std::int64_t>(cells->size()));
        }
        r.push_value(code);
        r.push(op::make_function, (defaults ? flag::defaults : 0) | (closure ? flag::closure : 0));
        r.keep_if_reused(self);
        r.fill_cells_from(cells_before);
    }
    /// The name of cell `c` in the captured frame, when it is one of the frame's cells.
    template <class R> static const std::string* frame_cell_name(const R& r, tracker_ref c) {
        return std::visit(
            [](const auto& t) -> const std::string* {
                if constexpr (requires { t.frame_cell_name(); }) return t.frame_cell_name();
                else return nullptr;
            },
            r.output().trackers[c].data);
    }
};

} // namespace lasso::trackers
