// lasso/translator/context_managers.hpp
//
// Global state in the trace (lasso/global_state.hpp): the builtins that read it
// (`is_grad_enabled()`, folded to the traced value), set it (`set_grad_enabled(flag)`)
// or make a context manager that sets it (`no_grad()`, or `grad_mode(flag)` with the
// value from its argument), and the `with` blocks of such
// context managers. Entering a block sets the state, its normal exit puts the saved
// value back; each change is a graph node that sets the interpreter's state when the
// graph runs, and updates the traced state, so code after it sees the new value.
//
// A block's body lies under its exception handler (the `__exit__` call with the
// exception). The translator evaluates the body all the same: if the compiled graph
// raises, the runtime puts the state back to what it was when the graph was called and
// runs the frame again eagerly from its start (runtime/eval_frame.hpp), so the
// exception passes through the real `__exit__` calls.
//
// A graph break inside blocks happens where it is: the graph ends with the blocks
// left (`leave_open_blocks`), the code at the break enters them again around the
// instruction, and the resume function enters them again in its prologue
// (resume/resume_code.hpp), so the rest of each block runs inside it and its end
// leaves it once. Where code in a block changed the state the block sets
// (`set_grad_enabled(True)` inside `no_grad()`), the state is set again after entering
// it, and the resume function sets the state the instruction at the break left, both by
// lasso's own setter (global_state_functions.hpp, output/break_plan.hpp); the block's
// exit still puts back what its first entry saved. Where that cannot be done, the break
// moves before the outermost block (`ending::break_in_with_block`). Context managers of interpreted classes are
// in translator/user_context_managers.hpp: their blocks stay open across a break.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/global_state.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace lasso::handlers {

/// Whether a `with` block is open in `t`'s frame or in a frame that inlined it.
template <class T> bool inside_with_block(const T& t) {
    for (const T* f = &t; f; f = f->parent())
        if (!f->state().with_blocks.empty()) return true;
    return false;
}

/// Whether `inst` lies under the handler of a try block (or of a `with` block the trace
/// did not enter), directly or through the `with` blocks the trace entered: code there
/// must run where that handler covers it. The body of a block the trace entered is
/// under the block's own handler, and under a try block's handler when the block was
/// entered under one. The handler of an interpreted class's block counts as a try
/// block's: at a graph break, the block stays open and its handler is the one that
/// calls `__exit__` with an exception.
template <class T> bool under_try_handler(const T& t, const typename T::instruction& inst) {
    const auto& table = t.code().exception_table;
    if (inst.handler >= table.size()) return false;
    for (const with_block& block : t.state().with_blocks)
        if (table[inst.handler].target == t.instructions()[block.handler].offset)
            return block.inside_try || block.interpreted;
    return true;
}

/// Whether the current instruction of `t`'s frame or of a frame further out is under
/// the handler of a try block (`under_try_handler`).
template <class T> bool stack_under_try_handler(const T& t) {
    for (const T* f = &t; f; f = f->parent()) {
        const auto instructions = f->instructions();
        if (f->state().pc < instructions.size() && under_try_handler(*f, instructions[f->state().pc])) return true;
    }
    return false;
}

/// Records a change of global-state variable `index` to `on` in `out`: a graph node
/// that sets it when the graph runs, and the traced value from here on.
template <class Output> void add_state_change(Output& out, std::size_t index, bool on) {
    out.graph.add_call_function(global_states<typename Output::adapter>()[index].setter, {on});
    ++out.state_nodes;
    out.set_traced_state(index, on);
}

/// Sets global-state variable `index` to `on` from here on in the trace: a graph node
/// that sets it when the graph runs.
template <class T> void trace_state_change(T& t, std::size_t index, bool on) {
    using A = typename T::adapter;
    const auto variables = global_states<A>();
    auto& out = t.output();
    if (index >= variables.size() || index >= out.global_state.size())
        give_up(reasons::adapter_cannot, "global-state variable ", lasso::detail::decimal(index),
                " is not declared by the adapter");
    if constexpr (!GlobalStateSetterAdapter<A>)
        give_up(reasons::adapter_cannot, "a change of ", variables[index].label,
                " (the adapter cannot set global state: set_global_state)");
    add_state_change(out, index, on);
}

/// `no_grad()`, `is_grad_enabled()`, `set_grad_enabled(flag)`: a call of builtin `fn`
/// whose behaviour is `behaviour` (one of the global-state kinds).
template <class T>
tracker_ref call_state_builtin(T& t, const builtin_behaviour& behaviour, std::span<const tracker_ref> args) {
    const std::string& name = behaviour.name;
    switch (behaviour.kind) {
    case builtin_kind::context_manager: {
        bool value = behaviour.state_value;
        if (behaviour.value_from_argument) {
            if (args.size() != 1) give_up(reasons::wrong_arguments, name, "() takes one argument");
            const std::string tensor_reason = name + "() of a tensor (the value it sets must be known at trace time)";
            value = t.truth_of(args[0], tensor_reason.c_str());
        } else if (!args.empty()) {
            give_up(reasons::unsupported_context_manager, "call of ", name, "() with arguments");
        }
        return t.add_tracker(trackers::context_manager{name, behaviour.state, value});
    }
    case builtin_kind::state_read:
        if (!args.empty()) give_up(reasons::wrong_arguments, name, "() takes no arguments");
        if (behaviour.state >= t.output().global_state.size())
            give_up(reasons::adapter_cannot, "global-state variable ", lasso::detail::decimal(behaviour.state),
                    " is not declared by the adapter");
        return t.make_constant(t.output().read_traced_state(behaviour.state));
    case builtin_kind::state_set:
        if (args.size() != 1) give_up(reasons::wrong_arguments, name, "() takes one argument");
        trace_state_change(t, behaviour.state, t.truth_of(args[0], "the new state is a tensor"));
        return t.make_constant(none_t{});
    default: give_up(reasons::unsupported_context_manager, "call of ", name, "()");
    }
}

/// Whether the `with` block opened by `inst` (its `before_with`), whose handler is
/// instruction `handler`, lies inside a try block. A resume function enters the block
/// again in its prologue, outside every handler, so `inst` alone does not say: the
/// handler's own cleanup code (the handler of the handler, which ends the exceptional
/// exit) lies where the block does, under the handlers around it.
template <class T> bool block_inside_try(const T& t, const typename T::instruction& inst, std::uint32_t handler) {
    if (under_try_handler(t, inst)) return true;
    const auto& table = t.code().exception_table;
    const auto instructions = t.instructions();
    if (handler >= instructions.size() || instructions[handler].handler >= table.size()) return false;
    const std::uint32_t cleanup =
        bytecode::detail::instruction_at(instructions, static_cast<long>(table[instructions[handler].handler].target));
    return cleanup != bytecode::no_index && under_try_handler(t, instructions[cleanup]);
}

/// The `with` block that `inst`, the `before_with` being evaluated, opens (its exit not
/// set yet): its handler, from the exception-table entry of the instruction after it,
/// and where it is entered.
template <class T> with_block block_opened_at(T& t, const typename T::instruction& inst) {
    // The block's body is what the handler of the instruction after before_with covers.
    const auto& table = t.code().exception_table;
    const auto instructions = t.instructions();
    const std::size_t after = t.state().pc + 1;
    if (after >= instructions.size() || instructions[after].handler >= table.size())
        give_up(reasons::unsupported_context_manager, "before_with without a with block after it");
    const auto& entry = table[instructions[after].handler];
    const std::uint32_t handler = bytecode::detail::instruction_at(instructions, static_cast<long>(entry.target));
    if (handler == bytecode::no_index)
        give_up(reasons::unsupported_context_manager, "the handler of a with block is not an instruction of the code");
    const auto& out = t.output();
    return with_block{tracker_ref{}, handler,   entry.depth,          entry.lasti,
                      out.evaluated, inst.line, out.has_operations(), block_inside_try(t, inst, handler)};
}

/// `before_with` on the global-state context manager on top of the stack (`entering`,
/// its tracker, as its family answers `before_with`): enters the block.
template <class T> void enter_with(T& t, const typename T::instruction& inst, const trackers::context_manager& entering) {
    const tracker_ref manager = t.peek();
    if (entering.entered)
        give_up(reasons::unsupported_context_manager, "with block of ", t.describe(manager),
                " (only context managers that set global state, such as no_grad(), or objects of interpreted "
                "classes are captured)");
    with_block block = block_opened_at(t, inst);
    trackers::context_manager exit = entering;
    exit.entered = true;
    exit.saved = t.output().read_traced_state(exit.state); // put back at the exit: guarded
    exit.manager = manager;
    const bool value = exit.value;
    const std::size_t state = exit.state;
    t.pop();
    block.exit = t.add_tracker(std::move(exit));
    t.state().with_blocks.push_back(block);
    trace_state_change(t, state, value);
    t.push(block.exit);
    t.push(t.make_constant(none_t{})); // what __enter__ returns
}

/// Checks that a call of `exit` on `args` is the normal end of the innermost open
/// `with` block (`__exit__(None, None, None)`).
template <class T> void check_block_end(T& t, tracker_ref exit, std::span<const tracker_ref> args) {
    const auto& blocks = t.state().with_blocks;
    if (blocks.empty() || blocks.back().exit != exit)
        give_up(reasons::unsupported_context_manager, "__exit__ of a with block that is not the innermost open one");
    if (args.size() != 3) give_up(reasons::wrong_arguments, "__exit__ takes three arguments");
    for (tracker_ref a : args)
        if (t.is_none(a) != true) give_up(reasons::exception_handling, "__exit__ called with an exception");
}

/// A call of `exit`, whose family (`manager`, the context-manager family answering for
/// the call) is the `__exit__` that `before_with` pushed for a global-state context
/// manager, at the block's normal end: puts the saved state back.
template <class T>
tracker_ref exit_with(T& t, const trackers::context_manager& manager, tracker_ref exit, std::span<const tracker_ref> args) {
    if (!manager.entered) give_up(reasons::unsupported_context_manager, "call of a ", manager.name, "() object");
    check_block_end(t, exit, args);
    const std::size_t state = manager.state;
    const bool saved = manager.saved;
    t.state().with_blocks.pop_back();
    trace_state_change(t, state, saved);
    return t.make_constant(none_t{});
}

/// At a graph break inside `with` blocks (`state` is the frame's state there): the
/// graph ends with the global-state blocks left, innermost first, each variable set
/// back to the value its block saved; the code at the break enters them again. Blocks
/// of interpreted classes stay open.
template <class Output> void leave_open_blocks(Output& out, const frame_state& state) {
    for (auto block = state.with_blocks.rbegin(); block != state.with_blocks.rend(); ++block) {
        if (block->interpreted) continue; // stays open: nothing enters it again
        const auto* manager = out.trackers.template get_if<trackers::context_manager>(block->exit);
        if (!manager || manager->state >= out.global_state.size())
            give_up(reasons::unsupported_context_manager, "an open with block has no context manager");
        add_state_change(out, manager->state, manager->saved);
    }
}

} // namespace lasso::handlers
