// lasso/translator/raising.hpp
//
// Exceptions raised and caught in the trace (`feature::traced_exceptions`). A `raise`
// of a plain exception class or of an exception the trace made, under the handler of a
// try block of the same code, goes on at that handler as the interpreter would: the
// stack cut to the entry's depth, the offset of the raise pushed where the entry says
// so, then the exception. The handler's code is traced like any other: matching an
// `except` clause is asked of the adapter, and the exception that was being handled
// before is a marker (trackers/exceptions.hpp) until `pop_except` takes it back.
//
// What the trace cannot follow while such an exception is handled (a graph break in
// the handler, a re-raise that leaves the code) does not break there: the translator
// moves the break to the raise, which generated code runs with the handler as its
// second continuation (translator.hpp, `ending_for`). Where the handler is a `with`
// block's the trace entered, the raise goes on there only for a block of an interpreted
// class and with feature traced_with_exits (its `__exit__` is inlined at
// `with_except_start`: user_context_managers.hpp); otherwise the exceptional exit of
// that block is not traced, and the raise stays a graph break as without the feature.
//
// Handler code entered with an exception raised outside the trace (a resume function
// that starts at a handler takes the exception as an argument) is traced too: the
// exception is a frame value, its class read as `__class__` (guarded) for the `except`
// clauses. Its marker is rebuilt by generated code, which runs `push_exc_info` on the
// exception again: that saves the exception handled at that point (markers are rebuilt
// outermost first, so it is the one this marker stands for) and makes the exception the
// handled one, as in the handler. A graph break inside the handler is made where it is.
// What generated code could only do after its graph stays a graph break, run by the
// interpreter with the state rebuilt: `pop_except` of a state that the resume function
// was given (a frame value), and `raise`/`reraise` of such an exception.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/exception_table.hpp>
#include <lasso/trackers/containers.hpp>
#include <lasso/trackers/exceptions.hpp>
#include <lasso/translator/context_managers.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace lasso::handlers {

/// The class of the exception the trace made that `r` tracks; nullptr for anything else.
template <class T> const typename T::value* exception_class_of(const T& t, tracker_ref r) {
    return trackers::family_answer<const typename T::value*>(
        t.arena(), r, [](const auto& x) -> decltype(x.exception_class()) { return x.exception_class(); }, nullptr);
}

/// The tracker of the class of the exception the trace made that `r` tracks; empty for
/// anything else.
template <class T> std::optional<tracker_ref> exception_class_tracker_of(const T& t, tracker_ref r) {
    return trackers::family_answer<std::optional<tracker_ref>>(
        t.arena(), r, [](const auto& x) -> decltype(x.exception_class_tracker()) { return x.exception_class_tracker(); },
        std::nullopt);
}

/// Tells the family of `exception` that the trace raised it.
template <class T> void note_raised(T& t, tracker_ref exception) {
    std::visit(
        [](auto& x) {
            if constexpr (requires { x.note_raised(); }) x.note_raised();
        },
        t.output().trackers[exception].data);
}

/// Whether `r` is the marker of the exception handled before a handler started.
template <class T> bool is_exception_state(const T& t, tracker_ref r) {
    return trackers::family_flag(t.arena(), r,
                                 [](const auto& x) -> decltype(bool(x.exception_state)) { return x.exception_state; });
}

/// Whether `r` is the marker of the exception handled before a traced raise's handler.
template <class T> bool is_state_before_traced_raise(const T& t, tracker_ref r) {
    return trackers::family_flag(t.arena(), r,
                                 [](const auto& x) -> decltype(x.after_traced_raise()) { return x.after_traced_raise(); });
}

/// The class of `r` when it is a value of the frame (an exception raised outside the
/// trace, which a resume function that starts at a handler takes as an argument): read
/// as its `__class__`, guarded. nullptr for anything else.
template <class T> const typename T::value* frame_exception_class(T& t, tracker_ref r) {
    if constexpr (TracedExceptionAdapter<typename T::adapter>) {
        if (!t.record(r).source) return nullptr;
        const auto cls = trackers::family_answer<std::optional<tracker_ref>>(
            t.arena(), r, [&](const auto& x) -> decltype(x.class_of(t, r)) { return x.class_of(t, r); }, std::nullopt);
        return cls ? t.object_value(*cls) : nullptr;
    } else {
        (void)t, (void)r;
        return nullptr;
    }
}

/// The class of the exception `r`, raised in the trace or a value of the frame; nullptr
/// when it is neither.
template <class T> const typename T::value* handled_class_of(T& t, tracker_ref r) {
    if (const auto* cls = exception_class_of(t, r)) return cls;
    return frame_exception_class(t, r);
}

/// Whether an exception raised at `inst` goes to a handler of the same code that the
/// trace follows: a try block's, or with traced_with_exits the handler of a `with` block
/// of an interpreted class the trace entered (not that of a global-state block, nor past
/// the code).
template <class T> bool caught_in_code(const T& t, const typename T::instruction& inst) {
    const auto& table = t.code().exception_table;
    if (inst.handler >= table.size()) return false;
    for (const with_block& block : t.state().with_blocks)
        if (table[inst.handler].target == t.instructions()[block.handler].offset &&
            !(block.interpreted && traced_with_exits<typename T::adapter>()))
            return false;
    return true;
}

/// The exception made in the trace by calling the plain exception class tracked by
/// `cls` on `args`, when the adapter says calling it runs no interpreted code.
template <class T> std::optional<tracker_ref> make_exception(T& t, tracker_ref cls, std::span<const tracker_ref> args) {
    using A = typename T::adapter;
    if constexpr (TracedExceptionAdapter<A>) {
        const typename T::value* class_value = t.object_value(cls);
        if (!class_value || !A::plain_exception_class(*class_value)) return std::nullopt;
        return t.add_tracker(trackers::exception_object<typename T::value>{
            *class_value, cls, std::vector<tracker_ref>(args.begin(), args.end()), t.output().frame_instruction,
            t.inline_stack().front().second});
    } else {
        (void)t, (void)cls, (void)args;
        return std::nullopt;
    }
}

/// The exception that `raise operand` raises, when the trace knows it: an exception it
/// made, or a new one of a plain exception class.
template <class T> std::optional<tracker_ref> exception_to_raise(T& t, tracker_ref operand) {
    if (exception_class_of(t, operand)) return operand;
    return make_exception(t, operand, {});
}

/// Goes on at the handler that catches an exception raised at `inst`: the stack cut to
/// the handler's depth, the offset of `inst` where the entry asks for it, `exception`.
template <class T> step raise_to_handler(T& t, const typename T::instruction& inst, tracker_ref exception) {
    const auto& entry = t.code().exception_table[inst.handler];
    auto& stack = t.state().stack;
    if (entry.depth > stack.size())
        give_up(reasons::internal_error, "the handler of a raise expects ", lasso::detail::decimal(entry.depth),
                " stack values, the stack has ", lasso::detail::decimal(stack.size()));
    stack.resize(entry.depth);
    // From here the exception holds what the raise recorded: never rebuilt by a call.
    note_raised(t, exception);
    if (entry.lasti) t.push(t.make_constant(static_cast<std::int64_t>(inst.offset)));
    t.push(exception);
    const std::uint32_t handler = bytecode::detail::instruction_at(t.instructions(), static_cast<long>(entry.target));
    if (handler == bytecode::no_index)
        give_up(reasons::unsupported_bytecode, "an exception handler is not an instruction of the code");
    t.trace_raise_state(true);
    return jump_to{handler};
}

/// `raise` (one operand) at `inst`: traced into the handler when the same code catches
/// it, else a graph break.
template <class T> step raise_operand(T& t, const typename T::instruction& inst) {
    if (inst.arg == 1 && caught_in_code(t, inst))
        if (const auto exception = exception_to_raise(t, t.peek())) {
            t.pop();
            return raise_to_handler(t, inst, *exception);
        }
    give_up(reasons::would_raise, "raise statement (raising exceptions is not captured)");
}

/// `reraise` at `inst` of the exception on the stack (one the trace raised): to the next
/// handler of the code, or out of it (a graph break, moved to the raise).
template <class T> step reraise(T& t, const typename T::instruction& inst) {
    const tracker_ref exception = t.peek();
    if (!exception_class_of(t, exception)) {
        // Generated code re-raises it with the exception state the handler had (the
        // markers below it are rebuilt), its handler as the second continuation.
        if (frame_exception_class(t, exception))
            give_up(reasons::would_raise, "re-raise of an exception raised outside the trace (", t.describe(exception), ")");
        give_up_frame(reasons::exception_handling,
                      "reraise of an exception raised outside the trace (not a value of the frame, or the adapter "
                      "has no traced_exceptions)");
    }
    if (!caught_in_code(t, inst))
        give_up(reasons::would_raise, "the exception raised in the trace leaves the function (", t.describe(exception), ")");
    t.pop();
    return raise_to_handler(t, inst, exception);
}

/// `push_exc_info`: the exception on the stack becomes the one being handled; below it,
/// a marker for the one handled before.
template <class T> void push_exception_info(T& t) {
    const tracker_ref exception = t.peek();
    const bool raised_in_trace = exception_class_of(t, exception) != nullptr;
    if (!raised_in_trace && !frame_exception_class(t, exception))
        give_up_frame(reasons::exception_handling,
                      "push_exc_info of an exception raised outside the trace (not a value of the frame, or the adapter "
                      "has no traced_exceptions)");
    t.pop();
    t.push(t.add_tracker(trackers::handled_exception{exception, raised_in_trace}));
    t.push(exception);
}

/// `pop_except`: the exception handled before is the one being handled again.
template <class T> void pop_exception_info(T& t) {
    const tracker_ref state = t.peek();
    if (!is_exception_state(t, state)) {
        // A resume function that starts inside a handler takes the state as a value:
        // generated code makes it the handled exception again.
        if constexpr (TracedExceptionAdapter<typename T::adapter>)
            if (t.record(state).source)
                give_up(reasons::exception_handling,
                        "pop_except of the exception state the resume function was called with");
        give_up_frame(reasons::exception_handling, "pop_except of an exception state that is not on the traced stack");
    }
    t.pop();
    // The exceptional path is over when the stack holds no exception the trace raised
    // nor the marker of one handled before (a cleanup that re-raises still holds both).
    for (tracker_ref r : t.state().stack)
        if (exception_class_of(t, r) || is_state_before_traced_raise(t, r)) return;
    t.trace_raise_state(false);
}

/// `check_exc_match`: whether the `except` clause on the stack (a class or a tuple of
/// classes) catches the exception below it, asked of the adapter; a constant.
template <class T> void check_exception_match(T& t) {
    using A = typename T::adapter;
    using value = typename T::value;
    const tracker_ref spec = t.pop();
    const value* exception_class = handled_class_of(t, t.peek());
    if (!exception_class)
        give_up_frame(reasons::exception_handling,
                      "check_exc_match on an exception raised outside the trace (not a value of the frame, or the adapter "
                      "has no traced_exceptions)");
    if constexpr (TracedExceptionAdapter<A>) {
        const value cls = *exception_class;
        std::vector<tracker_ref> clauses{spec};
        if (const auto* items = t.tuple_items(spec)) clauses = *items;
        bool matches = false;
        for (tracker_ref clause : clauses) {
            const value* clause_value = t.object_value(clause);
            const std::optional<bool> caught =
                clause_value ? A::exception_matches(cls, *clause_value) : std::optional<bool>{};
            if (!caught) give_up(reasons::exception_handling, "except clause of ", t.describe(clause), " (not a class)");
            matches = matches || *caught;
        }
        t.push(t.make_constant(matches));
    } else {
        give_up(reasons::exception_handling, "check_exc_match: the adapter cannot match exceptions");
    }
}

} // namespace lasso::handlers
