// lasso/trackers/exceptions.hpp
//
// Exceptions the trace raises and catches itself (`feature::traced_exceptions`): an
// exception made in the trace by calling a plain exception class, and the marker that
// stands for the exception that was being handled before a handler started (what
// `push_exc_info` saves and `pop_except` puts back). Neither is a value of the frame.
// Generated code makes such an exception again by calling its class on its arguments,
// unless the trace raised it: a raise records state in the exception that the call does
// not make (CPython's `__traceback__` and `__context__`), so one that outlives the trace
// is made in the interpreter instead (output/escape.hpp breaks where it was made).
// The marker of a traced raise's handler is never rebuilt: a graph break while an
// exception raised in the trace is being handled moves to the raise
// (translator/raising.hpp); the marker of the handler of an exception from outside the
// trace is rebuilt by running `push_exc_info` again.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

/// An exception made in the trace: `cls(*args)` of a plain exception class (the class's
/// value and tracker, and the positional arguments), made at `created_at` (the frame's
/// instruction, as `translation::frame_instruction` counts) on `line`; `raised` once the
/// trace raised it (translator/raising.hpp).
template <class Value> struct exception_object {
    Value cls;
    tracker_ref class_tracker;
    std::vector<tracker_ref> args;
    std::size_t created_at = 0;
    int line = -1;
    bool raised = false;

    static constexpr std::string_view family = "exception made during tracing";
    template <class Names> std::string describe(const Names& names, tracker_ref) const {
        return lasso::detail::join({"a '", names.name_of(class_tracker), "' exception made during tracing"});
    }
    std::optional<bool> none() const { return false; }
    std::optional<bool> truth() const { return true; }
    /// Its class: what `except` clauses are matched against.
    const Value* exception_class() const { return &cls; }
    /// The tracker of its class (what `__exit__` is called with).
    tracker_ref exception_class_tracker() const { return class_tracker; }
    /// From here it holds what the raise recorded: never made again by a call.
    void note_raised() { raised = true; }
    /// Once raised, a new one made by a call would lack what the raise recorded: made
    /// in the interpreter instead (output/escape.hpp).
    template <class A, class Arena> std::optional<trace_origin> unbuilt_origin(const Arena&) const {
        if (!raised) return std::nullopt;
        return trackers::trace_origin{created_at, line, 2};
    }
    template <class A> std::string unbuilt_reason(const char* what) const {
        return lasso::detail::join({"an exception of class '", A::builtin_name(cls), "' raised during tracing ", what,
                                    " (a new one would lack what the raise recorded: it is made in the interpreter)"});
    }
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

/// The exception that was being handled before a handler started: what `push_exc_info`
/// leaves below the exception it starts handling (`exception`), until `pop_except`
/// makes it the handled one again. The trace never knows its value.
///
/// For the handler of a raise the trace made, it is never rebuilt (a graph break while
/// that exception is handled moves to the raise). For the handler of an exception
/// raised outside the trace (a value of the frame), generated code makes it as the
/// interpreter did: it pushes `exception` and runs `push_exc_info` again, which pushes
/// the exception handled at that point (the one handled before, since markers are
/// rebuilt in the order of the stack, outermost first) and makes `exception` the handled
/// one, as it is where the break is; then it drops `exception`.
struct handled_exception {
    tracker_ref exception;       ///< the exception whose handler pushed it
    bool raised_in_trace = true; ///< `exception` is one the trace raised

    static constexpr std::string_view family = "exception state";
    static constexpr bool exception_state = true;
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return raised_in_trace ? "the exception handled before a traced raise"
                               : "the exception handled before a handler of an exception raised outside the trace";
    }
    /// Whether the handler that pushed it is one of a raise the trace made.
    bool after_traced_raise() const { return raised_in_trace; }
    /// Running `push_exc_info` twice would save another state: one build, shared.
    bool built_once() const { return true; }

    template <class F> void for_each_part(F&& f) const {
        if (!raised_in_trace) f(exception);
    }
    template <class R> void rebuild(R& r, tracker_ref self) const {
        if (raised_in_trace) r.cannot_rebuild(self);
        r.emit(exception);
        r.push(bytecode::op::push_exc_info);
        r.push(bytecode::op::pop_top);
        r.keep_if_reused(self);
    }
};

/// The traceback a `with` block's `__exit__` is called with when an exception the trace
/// raised leaves the block (feature traced_with_exits). The interpreter records it at
/// the raise and the trace does not: it answers nothing (reading it, testing it, `is`
/// on it are graph breaks, which move to the raise) and is never rebuilt.
struct raised_traceback {
    static constexpr std::string_view family = "traceback of a traced raise";
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return "the traceback of an exception raised during tracing";
    }
    template <class R> void rebuild(R& r, tracker_ref self) const { r.cannot_rebuild(self); }
};

} // namespace lasso::trackers
