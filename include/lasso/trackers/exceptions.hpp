// lasso/trackers/exceptions.hpp
//
// Exceptions the trace raises and catches itself (`feature::traced_exceptions`): an
// exception made in the trace by calling a plain exception class, and the marker that
// stands for the exception that was being handled before a handler started (what
// `push_exc_info` saves and `pop_except` puts back). Neither is a value of the frame.
// Generated code makes such an exception again by calling its class on its arguments;
// the marker is never rebuilt: a graph break while an exception raised in the trace is
// being handled moves to the raise (translator/raising.hpp).
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

/// An exception made in the trace: `cls(*args)` of a plain exception class (the class's
/// value and tracker, and the positional arguments).
template <class Value> struct exception_object {
    Value cls;
    tracker_ref class_tracker;
    std::vector<tracker_ref> args;

    static constexpr std::string_view family = "exception made during tracing";
    template <class Names> std::string describe(const Names& names, tracker_ref) const {
        return lasso::detail::join({"a '", names.name_of(class_tracker), "' exception made during tracing"});
    }
    std::optional<bool> none() const { return false; }
    std::optional<bool> truth() const { return true; }
    /// Its class: what `except` clauses are matched against.
    const Value* exception_class() const { return &cls; }
    /// No frame value can be it (`is`).
    template <class T> bool made_by_trace(T& t, tracker_ref self) const { return !t.record(self).source.has_value(); }

    template <class F> void for_each_part(F&& f) const {
        f(class_tracker);
        for (tracker_ref a : args) f(a);
    }
    /// `cls(*args)`, once, wherever it is used.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        if (!r.output().trackers[class_tracker].source) r.cannot_rebuild(self);
        r.push(bytecode::op::push_null);
        r.emit(class_tracker);
        for (tracker_ref a : args) r.emit(a);
        r.push(bytecode::op::call, static_cast<std::int64_t>(args.size()));
        r.keep_if_reused(self);
    }
};

/// The exception that was being handled before a handler of a traced raise started
/// (below the exception on the stack from `push_exc_info` to `pop_except`).
struct handled_exception {
    static constexpr std::string_view family = "exception state";
    static constexpr bool exception_state = true;
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return "the exception handled before a traced raise";
    }
};

} // namespace lasso::trackers
