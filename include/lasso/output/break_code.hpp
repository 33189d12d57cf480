// lasso/output/break_code.hpp
//
// The code of a frame that breaks (output/break_plan.hpp says what it rebuilds). The
// translation stopped before an instruction of the innermost frame of the break; the
// graph so far (every frame's work) is compiled, then the generated code
//
//     <original prologue>  <call the compiled graph, outputs into locals>
//     <compute the values side effects store, into locals>   (output/replay.hpp)
//     <each frame but the innermost: its stack values into temporaries, and an
//      inlined frame's live locals>
//     <the innermost frame: an inlined frame's live locals into temporaries; its stack,
//      as the instruction expects it: values, NULL markers, load_method pairs, and the
//      context managers of open with blocks where their exits were>
//     <the frame's own live locals whose values differ from its own: rebuilt, then stored>
//     <replay the side effects; advance rebuilt list iterators>
//     <inside with blocks: enter each context manager again, outermost first>
//     <the instruction itself>
//     <inside with blocks: leave them, innermost first (with the exception, if it raised)>
//     <pop the innermost stack into temporaries (a value the resume point pops
//      unread is dropped, not passed)>
//     call resume_0(frame 0's stack values, live locals,
//                   resume_1, [frame 1's values, live locals, resume_2, [...]])
//     return its result
//
// where resume_k continues frame k after its call (a nested resume code: its prologue
// calls resume_{k+1} on the arguments that follow it and resumes with the result on
// the stack), and the innermost resume function continues after the instruction (or at
// its jump target, for a branch on a tensor: the jump goes to a second such call). A
// break outside inlined calls is the case of one frame: its stack is the innermost's,
// and its resume function takes the stack and the live locals. Tracing resume_0
// inlines resume_1, which inlines resume_2, and so on: the rest of every frame of the
// inline stack is captured in one more graph.
//
// Every value is rebuilt before the first store into one of the frame's own locals,
// since values from the frame are read back from their sources (its locals as they
// were on entry). An inlined frame's instruction runs in the frame's code, not the
// callee's, so it must not touch the callee's locals (the translator only reports such
// a break for other instructions); the callee's globals are the frame's (inlining
// checks that).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/global_state_functions.hpp>
#include <lasso/output/break_plan.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/reconstruct.hpp>
#include <lasso/output/replay.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/resume/templates.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::output {

/// The context-manager locals of the code at a break inside `with` blocks: one per open
/// block, outermost first.
inline std::string context_manager_local(std::size_t k) { return "__lasso_context_manager_" + std::to_string(k); }

/// The local a NULL stack entry is stored into to discard it, where `pop_top` cannot.
inline constexpr std::string_view discard_local = "__lasso_discard";

/// Pushes the frame's resume function `function`: as it is, or, for a frame with
/// `cells`, `closure_binder(function, cells)` (the same function with the frame's own
/// cells as its closure).
template <class A>
void push_resume_function(const typename A::value& function, const std::vector<std::string>& cells,
                          const std::optional<typename A::value>& closure_binder,
                          std::vector<bytecode::instruction<A>>& body) {
    using bytecode::create_instruction;
    using value = typename A::value;
    if (cells.empty()) {
        body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{function}));
        return;
    }
    if (!closure_binder)
        give_up(reasons::adapter_cannot, "a graph break in a function with cells needs ClosureResumeAdapter::with_closure");
    body.push_back(create_instruction<A>(op::push_null));
    body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{*closure_binder}));
    body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{function}));
    for (const auto& name : cells) body.push_back(create_instruction<A>(op::load_closure, name));
    body.push_back(create_instruction<A>(op::build_tuple, static_cast<std::int64_t>(cells.size())));
    body.push_back(create_instruction<A>(op::call, std::int64_t{2}));
}

/// The bound live locals after a break that continues at instruction `next`, by name.
template <class BoundAtEntry>
std::vector<std::string> live_names(const frame_state& state, std::size_t next, const break_liveness& live,
                                    const std::vector<std::string>& varnames, BoundAtEntry&& bound_at_entry) {
    std::vector<std::string> names;
    for (std::size_t i : live.live_locals_before(next)) {
        const auto& slot = state.locals[i];
        const bool bound = slot ? *slot != frame_state::unbound : bound_at_entry(i);
        if (bound) names.push_back(varnames[i]);
    }
    return names;
}

/// The index of the instruction with id `id` in `code` (a decoded code's ids are
/// consecutive: searched only when that does not hold).
template <class A> std::size_t index_of(const std::vector<bytecode::instruction<A>>& code, bytecode::instruction_id id) {
    std::size_t index = id - code.front().id;
    if (index < code.size() && code[index].id == id) return index;
    for (std::size_t i = 0; i < code.size(); ++i)
        if (code[i].id == id) return i;
    give_up(reasons::internal_error, "the jump target at the break is not in the code");
}

/// Writes the code of a frame that breaks across `frames` (the root first, the
/// innermost last) as `plan` says and the header comment shows. `frame_code` is the
/// code the frame runs. `resume_at(d, index, stack, live, nested_arguments)` gives the
/// resume function of frame `d` at instruction `index` of its original (with the
/// number of arguments of the inner resume function, for every frame but the
/// innermost); `bound_at_entry(i)` says whether the frame's local `i` had a value on
/// entry.
template <class A, class Translation, class ResumeAt, class BoundAtEntry>
typename A::code generate_break_code(const bytecode::code_fields<typename A::value>& frame_code, const Translation& t,
                                     std::span<const break_frame<A>> frames, const break_plan& plan,
                                     const graph_outputs& outputs, const std::optional<typename A::value>& compiled,
                                     ResumeAt&& resume_at, BoundAtEntry&& bound_at_entry,
                                     const std::optional<typename A::value>& closure_binder = std::nullopt) {
    using value = typename A::value;
    using bytecode::create_instruction;
    using instruction = bytecode::instruction<A>;
    using traits = bytecode::opcode_traits<A>;

    const std::size_t last = frames.size() - 1;
    const break_frame<A>& inner = frames[last];
    const instruction& breaking = inner.original->at(inner.at);
    const auto& inner_values = plan.frames[last];
    // The frame's cells, which its resume function gets as its closure.
    const std::vector<std::string> cells = frame_cells(frame_code);
    if (!cells.empty() && !closure_binder)
        give_up(reasons::adapter_cannot, "a graph break in a function with cells needs ClosureResumeAdapter::with_closure");
    bytecode::code_fields<value> fields = frame_code;
    std::vector<instruction> body;
    // The fast path: the graph's result, unpacked, is the stack.
    const bool direct = plan.direct_stack && compiled && outputs.size() == inner_values.stack.size();
    const auto output_locals = emit_graph_call<A>(*frames[0].original, t, outputs, compiled, fields, body, direct);
    reconstructor<A, Translation> rebuild(t, outputs, output_locals, fields, body, /*rebuild_iterators=*/true);
    for (tracker_ref r : plan.roots) rebuild.count(r);
    effect_replay<A, Translation> replay(t);
    replay.stage(rebuild, fields, body);

    auto temp = [&](std::size_t d, const std::string& what) {
        std::string name = "__lasso_frame" + std::to_string(d) + "_" + what;
        ensure_local(fields, name);
        return name;
    };
    // Every frame but the innermost: its stack values into temporaries; an inlined
    // frame's live locals too (`inlined_locals`).
    std::vector<std::string> inlined_locals;
    for (std::size_t d = 0; d < frames.size(); ++d) {
        const auto& values = plan.frames[d];
        if (d < last) {
            std::size_t k = 0;
            for (std::size_t i = 0; i < values.stack.size(); ++i) {
                if (values.stack[i].kind == resume::slot_kind::with_exit)
                    give_up(reasons::break_in_with_block, "a graph break in an inlined call inside a with block");
                if (values.stack[i].kind != resume::slot_kind::value) continue;
                rebuild.emit(values.stack_trackers[i]);
                body.push_back(create_instruction<A>(op::store_fast, temp(d, "stack_" + std::to_string(k++))));
            }
        }
        if (d > 0)
            for (std::size_t i : values.locals) {
                rebuild.emit(*frames[d].state->locals[i]);
                inlined_locals.push_back(temp(d, (*frames[d].varnames)[i]));
                body.push_back(create_instruction<A>(op::store_fast, inlined_locals.back()));
            }
    }
    // The innermost stack, as the instruction expects it. The context managers of open
    // with blocks, outermost first: on the stack, where their exits were, and in locals
    // for entering them around the instruction.
    std::vector<std::string> managers;
    // Per manager: the variable and the value lasso's setter sets again once it is
    // entered, when the code in its block changed the state (break_plan.hpp).
    std::vector<std::optional<std::pair<std::size_t, bool>>> restates;
    // The blocks whose resume function sets the state the instruction left: the local
    // that reads it after the instruction, the variable, and the resume function's
    // argument it replaces (a placeholder on the stack until then).
    struct passed_state {
        std::string local;
        std::size_t variable;
        std::size_t argument;
    };
    std::vector<passed_state> passed;
    bool states_read = false; ///< the code before the resume call read them
    for (std::size_t i = 0; i < inner_values.stack.size() && !direct; ++i) {
        switch (inner_values.stack[i].kind) {
        case resume::slot_kind::null: body.push_back(create_instruction<A>(op::push_null)); break;
        case resume::slot_kind::value: rebuild.emit(inner_values.stack_trackers[i]); break;
        case resume::slot_kind::discarded: // only ever after the instruction
            give_up(reasons::internal_error, "a discarded value on the stack before the break");
        case resume::slot_kind::with_exit:
            if (last > 0) give_up(reasons::break_in_with_block, "a graph break inside a with block of an inlined call");
            rebuild.emit(manager_of(t, inner_values.stack_trackers[i]));
            if (plan.run_instruction) {
                if constexpr (!traits::find(op::copy)) {
                    give_up(reasons::adapter_cannot, "a graph break inside a with block needs the copy instruction");
                } else {
                    managers.push_back(context_manager_local(managers.size()));
                    ensure_local(fields, managers.back());
                    body.push_back(create_instruction<A>(op::copy, std::int64_t{1}));
                    body.push_back(create_instruction<A>(op::store_fast, managers.back()));
                }
            }
            if constexpr (has_global_state_functions<A>) {
                const resume::stack_slot& slot = inner_values.stack[i];
                if (slot.restate_passed) {
                    // The traced value, replaced by what the instruction leaves once it ran.
                    body.push_back(create_instruction<A>(
                        op::load_const, bytecode::constant_arg<value>{A::value_of_constant(constant{slot.traced_state})}));
                    if (plan.run_instruction) {
                        const std::vector<resume::stack_slot> below(inner_values.stack.begin(),
                                                                    inner_values.stack.begin() + static_cast<long>(i));
                        passed.push_back({managers.back() + "_state", slot.state, resume::value_count(below) + 1});
                        ensure_local(fields, passed.back().local);
                    }
                }
                if (slot.restate && plan.run_instruction) {
                    restates.resize(managers.size());
                    restates.back() = std::pair<std::size_t, bool>{slot.state, *slot.restate};
                }
            }
            break;
        case resume::slot_kind::method:
            if (i + 1 >= inner_values.stack.size())
                give_up(reasons::internal_error, "a method lookup on the stack has no self");
            rebuild.emit(inner_values.stack_trackers[i + 1]);
            body.push_back(create_instruction<A>(op::load_method, inner_values.stack[i].method));
            ++i;
            break;
        }
    }
    // The frame's own live locals, stored only once everything is rebuilt.
    const auto& restore = plan.frames[0].locals;
    for (std::size_t i : restore) rebuild.emit(*frames[0].state->locals[i]);
    for (std::size_t k = restore.size(); k-- > 0;)
        body.push_back(create_instruction<A>(op::store_fast, frame_code.varnames[restore[k]]));
    // Side effects, before the instruction runs: it and the resume functions see them.
    replay.apply(body);
    rebuild.advance_list_iterators();

    // The live locals of frame `d` passed on when it continues at `next`, by name.
    auto live_at = [&](std::size_t d, std::size_t next) {
        const break_frame<A>& frame = frames[d];
        if (d == 0) return live_names(*frame.state, next, frame.live, *frame.varnames, bound_at_entry);
        return live_names(*frame.state, next, frame.live, *frame.varnames, [](std::size_t) { return false; });
    };
    [[maybe_unused]] auto store_none = [&](const std::vector<std::string>& names) {
        for (const auto& name : names) {
            body.push_back(bytecode::create_load_none<A>());
            body.push_back(create_instruction<A>(op::store_fast, name));
        }
    };
    // Sets to None the locals generated code made or was given (`__lasso_...`: the graph's
    // outputs, temporaries, a resume code's parameters) and `also`, so that this frame
    // holds none of them past this point (clear_passed_values).
    [[maybe_unused]] auto clear_locals = [&](std::vector<std::string> also, const std::vector<std::string>& keep = {}) {
        for (const auto& name : fields.varnames)
            if (name.starts_with("__lasso_") && std::find(keep.begin(), keep.end(), name) == keep.end())
                also.push_back(name);
        std::sort(also.begin(), also.end());
        also.erase(std::unique(also.begin(), also.end()), also.end());
        store_none(also);
    };
    // The innermost stack (laid out as `after`) into temporaries, and the call of the
    // root's resume function at `next` with everything.
    // Where the encoding says so (`clear_passed_values`), every local that passes a value
    // (a temporary of a stack, a live local) and every generated one is cleared once the
    // values are arguments of the call: the resume function's frame holds them alone, as
    // the interpreter's one frame did, so `del x` there or the end of an inner frame frees
    // what it would, and an exception passed on is not held by this frame when a
    // traceback holds the frame. `at_handler`: the call at a handler entered with an
    // exception this code caught, whose traceback holds this frame: the frame's own
    // locals stay in it (as they stay in the interpreter's frame the traceback holds).
    auto call_resume_with = [&](std::size_t next, const std::vector<resume::stack_slot>& after, bool at_handler = false) {
        const std::size_t inner_count = resume::value_count(after);
        std::size_t k = inner_count;
        for (std::size_t i = after.size(); i-- > 0;) {
            if (after[i].kind == resume::slot_kind::discarded) {
                body.push_back(create_instruction<A>(op::pop_top)); // a value, dropped now as the pop would
            } else if (const std::size_t n = resume::arguments_of(after[i]); n > 0) {
                for (std::size_t j = 0; j < n; ++j) {
                    const std::string param = resume::stack_parameter(--k);
                    ensure_local(fields, param);
                    body.push_back(create_instruction<A>(op::store_fast, param));
                }
            } else if (A::bytecode_encoding.pop_top_takes_null) {
                body.push_back(create_instruction<A>(op::pop_top));
            } else {
                ensure_local(fields, std::string(discard_local));
                body.push_back(create_instruction<A>(op::store_fast, std::string(discard_local)));
            }
        }
        if (states_read)
            for (const passed_state& p : passed) {
                body.push_back(create_instruction<A>(op::load_fast, p.local));
                body.push_back(create_instruction<A>(op::store_fast, resume::stack_parameter(p.argument)));
            }
        // The resume functions, innermost first: each outer one passes the next on.
        std::vector<std::vector<std::string>> live(frames.size());
        std::vector<value> functions(frames.size());
        live[last] = live_at(last, next);
        std::size_t nested_arguments = inner_count + live[last].size();
        functions[last] = resume_at(last, next, after, live[last], std::optional<std::size_t>{});
        for (std::size_t d = last; d-- > 0;) {
            live[d] = live_at(d, frames[d].at + 1);
            functions[d] =
                resume_at(d, frames[d].at + 1, plan.frames[d].stack, live[d], std::optional<std::size_t>{nested_arguments});
            nested_arguments = 1 + nested_arguments + resume::value_count(plan.frames[d].stack) + live[d].size();
        }
        body.push_back(create_instruction<A>(op::push_null));
        std::size_t arguments = 0;
        std::vector<std::string> passed_locals;
        for (std::size_t d = 0; d < frames.size(); ++d) {
            // The root's resume function is the callee (given the frame's cells:
            // closure_binder(function, cells)); each inner one is an argument.
            if (d == 0) push_resume_function<A>(functions[d], cells, closure_binder, body);
            else body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{functions[d]}));
            if (d > 0) ++arguments;
            const std::size_t values = d == last ? inner_count : resume::value_count(plan.frames[d].stack);
            for (std::size_t j = 0; j < values; ++j)
                passed_locals.push_back(d == last ? resume::stack_parameter(j)
                                                  : "__lasso_frame" + std::to_string(d) + "_stack_" + std::to_string(j));
            for (std::size_t j = passed_locals.size() - values; j < passed_locals.size(); ++j)
                body.push_back(create_instruction<A>(op::load_fast, passed_locals[j]));
            for (const auto& name : live[d]) {
                const std::string local = d == 0 ? name : "__lasso_frame" + std::to_string(d) + "_" + name;
                body.push_back(create_instruction<A>(op::load_fast, local));
                if (d > 0 || !at_handler) passed_locals.push_back(local);
            }
            arguments += values + live[d].size();
        }
        if constexpr (A::bytecode_encoding.clear_passed_values) clear_locals(passed_locals);
        body.push_back(create_instruction<A>(op::call, static_cast<std::int64_t>(arguments)));
        body.push_back(create_instruction<A>(op::return_value));
    };
    // After the instruction: the stack as it leaves it (on its fall-through or jump).
    auto call_resume = [&](std::size_t next, bool jump) {
        const auto effect = plan.run_instruction ? traits::effect(breaking.opcode, breaking.arg, jump, breaking.flags)
                                                 : bytecode::stack_effect{0, 0};
        const auto kept = static_cast<std::ptrdiff_t>(inner_values.stack.size()) - effect.pops;
        if (kept < 0) give_up(reasons::internal_error, "the instruction at the break pops more than the stack holds");
        std::vector<resume::stack_slot> after(inner_values.stack.begin(), inner_values.stack.begin() + kept);
        if (kept > 0 && after.back().kind == resume::slot_kind::method)
            give_up(reasons::internal_error, "the instruction at the break takes a method's self but not the method");
        // What the instruction pushes: the NULLs its argument's flags push first, then values.
        const int nulls = plan.run_instruction ? traits::pushed_nulls(breaking.opcode, breaking.flags) : 0;
        resume::stack_slot null_slot;
        null_slot.kind = resume::slot_kind::null;
        after.resize(after.size() + static_cast<std::size_t>(nulls), null_slot);
        after.resize(after.size() + static_cast<std::size_t>(effect.pushes - nulls), resume::stack_slot{});
        // A value the resume point pops unread (a call made as a statement) is dropped
        // here, not passed (resume::slot_kind::discarded).
        if (next < inner.original->size() && (*inner.original)[next].semantic == op::pop_top && !after.empty() &&
            after.back().kind == resume::slot_kind::value &&
            (after.size() < 2 || after[after.size() - 2].kind != resume::slot_kind::method))
            after.back().kind = resume::slot_kind::discarded;
        call_resume_with(next, after);
    };

    const int line = breaking.pos.line >= 0 ? breaking.pos.line : frame_code.first_line;
    if (!plan.run_instruction) {
        call_resume(inner.at, false);
        return finish_generated<A>(body, std::move(fields), line);
    }
    instruction copy = breaking;
    copy.exception.reset();
    copy.id = bytecode::next_instruction_id();
    // Inside with blocks, the instruction runs with their context managers entered
    // again (`__enter__`, then `__exit__` normally or with the exception), since the
    // graph ended with them left.
    std::vector<bytecode::template_split<A>> reentered;
    if (!managers.empty()) {
        if (bytecode::is_terminator(breaking.semantic))
            give_up(reasons::break_in_with_block, "a graph break at a raise or return inside a with block");
        if constexpr (!bytecode::TemplateConstantAdapter<A>) {
            give_up(reasons::adapter_cannot,
                    "a graph break inside a with block needs the adapter's make_constant(template_constant)");
        } else {
            restates.resize(managers.size());
            for (std::size_t m = 0; m < managers.size(); ++m) {
                // Nested in the hole of the block outside it: what the inner block's own
                // ranges leave uncovered (entering it, leaving it, the end of its handler
                // that raises again) goes to the outer block's handler.
                std::optional<bytecode::exception_link> outer;
                if (!reentered.empty()) outer = reentered.back().prologue.back().exception;
                reentered.push_back(
                    bytecode::instantiate<A>(resume::templates::enter_try_finally_exit, {{"ctx", managers[m]}}, 0, outer));
                body.insert(body.end(), reentered.back().prologue.begin(), reentered.back().prologue.end());
                if (!restates[m]) continue;
                // The state the code in the block had set, inside the block.
                const std::size_t first = body.size();
                if constexpr (has_global_state_functions<A>) {
                    body.push_back(create_instruction<A>(op::push_null));
                    body.push_back(create_instruction<A>(
                        op::load_const, bytecode::constant_arg<value>{global_state_setter<A>(restates[m]->first)}));
                    body.push_back(create_instruction<A>(
                        op::load_const, bytecode::constant_arg<value>{A::value_of_constant(constant{restates[m]->second})}));
                    body.push_back(create_instruction<A>(op::call, std::int64_t{1}));
                    body.push_back(create_instruction<A>(op::pop_top));
                }
                for (std::size_t j = first; j < body.size(); ++j)
                    body[j].exception = reentered.back().prologue.back().exception;
            }
            copy.exception = reentered.back().prologue.back().exception;
        }
    }
    // The state each block of `passed` is in after the instruction, into its local.
    auto read_states = [&](const std::optional<bytecode::exception_link>& link) {
        if constexpr (has_global_state_functions<A>) {
            for (const passed_state& p : passed) {
                const std::size_t first = body.size();
                body.push_back(create_instruction<A>(op::push_null));
                body.push_back(create_instruction<A>(op::load_const,
                                                     bytecode::constant_arg<value>{global_state_reader<A>(p.variable)}));
                body.push_back(create_instruction<A>(op::call, std::int64_t{0}));
                body.push_back(create_instruction<A>(op::store_fast, p.local));
                for (std::size_t j = first; j < body.size(); ++j) body[j].exception = link;
            }
        }
        states_read = true;
    };
    std::vector<instruction> taken;
    if (breaking.is_jump()) {
        // The jump goes to the second continuation, written after the first, which
        // leaves the blocks first (each context manager is left normally).
        const auto* target = breaking.target();
        if (!target) give_up(reasons::internal_error, "a jump at the break has no target");
        const std::size_t target_index = index_of(*inner.original, target->id);
        std::vector<instruction> fall_body;
        std::swap(fall_body, body);
        read_states(std::nullopt);
        for (std::size_t k = managers.size(); k-- > 0;) {
            body.push_back(create_instruction<A>(op::load_fast, managers[k]));
            body.push_back(create_instruction<A>(op::load_method, std::string("__exit__")));
            for (int n = 0; n < 3; ++n) body.push_back(bytecode::create_load_none<A>());
            body.push_back(create_instruction<A>(op::call, std::int64_t{3}));
            body.push_back(create_instruction<A>(op::pop_top));
        }
        call_resume(target_index, true);
        std::swap(fall_body, body);
        taken = std::move(fall_body);
        copy.argval = bytecode::jump_target{taken.front().id};
    }
    // Under a try block's handler: an exception the instruction raises goes, as the
    // interpreter's exception table says, to code after everything else that calls a
    // resume function at the handler with the stack cut to the entry's depth, the
    // offset pushed for lasti, and the exception. Nothing else here is covered: the
    // resume functions keep the handlers for what they run.
    std::vector<instruction> handled;
    if (plan.handler) {
        if (!managers.empty() || last > 0)
            give_up(reasons::internal_error, "a handler at a graph break inside with blocks or inlined calls");
        if (plan.handler->depth > inner_values.stack.size())
            give_up(reasons::internal_error, "the handler at the break expects more stack than there is");
        std::vector<resume::stack_slot> at_handler(inner_values.stack.begin(),
                                                   inner_values.stack.begin() + plan.handler->depth);
        if (!at_handler.empty() && at_handler.back().kind == resume::slot_kind::method)
            give_up(reasons::internal_error, "the handler at the break cuts a method lookup in half");
        at_handler.resize(at_handler.size() + (plan.handler->lasti ? 2 : 1), resume::stack_slot{});
        std::vector<instruction> main_body;
        std::swap(main_body, body);
        call_resume_with(plan.handler->target, at_handler, true);
        std::swap(main_body, body);
        handled = std::move(main_body);
        copy.exception = bytecode::exception_link{handled.front().id, plan.handler->depth, plan.handler->lasti};
    }
    if constexpr (A::bytecode_encoding.clear_passed_values) {
        // What the code read before the instruction, as it runs (it may run for long: a
        // call) the frame no longer holds: the graph's outputs and, for a resume
        // function's code, the parameters that passed its stack and inner call.
        // A parameter the trace deleted too: the frame still holds its argument.
        std::vector<std::string> done;
        // (*args and **kwargs are not counted: lasso knows no flag that says they exist.)
        const auto parameters =
            std::min(static_cast<std::size_t>(fields.argcount + fields.kwonly_argcount), frame_code.varnames.size());
        for (std::size_t i = 0; i < fields.varnames.size(); ++i) {
            const std::string& name = fields.varnames[i];
            const bool parameter = i < parameters;
            const bool deleted = i < frames[0].state->locals.size() && frames[0].state->locals[i] == frame_state::unbound &&
                                 std::find(fields.cellvars.begin(), fields.cellvars.end(), name) == fields.cellvars.end();
            if (name.starts_with("__lasso_out_") || (parameter && (name.starts_with("__lasso_") || deleted)))
                done.push_back(name);
        }
        store_none(done);
    }
    if (!inner.state->kw_names.empty()) {
        // A call with keyword arguments: its keyword names come from the kw_names
        // instruction before it, which has run in the trace but not in this code.
        std::size_t k = inner.at;
        while (k-- > 0 && (*inner.original)[k].semantic != op::kw_names) {}
        if (k >= inner.at)
            give_up(reasons::internal_error, "a call with keyword arguments at the break has no kw_names instruction");
        instruction names = (*inner.original)[k];
        names.exception = copy.exception;
        names.id = bytecode::next_instruction_id();
        body.push_back(std::move(names));
    }
    const auto inside = copy.exception;
    [[maybe_unused]] const auto breaking_id = copy.id;
    body.push_back(std::move(copy));
    if (!passed.empty()) read_states(inside);
    for (std::size_t k = reentered.size(); k-- > 0;)
        body.insert(body.end(), reentered[k].epilogue.begin(), reentered[k].epilogue.end());
    if (!bytecode::is_terminator(breaking.semantic)) call_resume(inner.at + 1, false);
    body.insert(body.end(), taken.begin(), taken.end());
    body.insert(body.end(), handled.begin(), handled.end());
    if constexpr (A::bytecode_encoding.clear_passed_values) {
        // The instruction raises out of this frame (no handler, no with block): the
        // interpreter's stack values died on the exception's way out, so the locals that
        // hold them here are cleared before it goes on (a traceback holds this frame).
        // The inlined frames' locals stay, as the traceback holds their frames in CPython.
        if (!inside) {
            const std::size_t cleanup = body.size();
            clear_locals({}, inlined_locals);
            if (body.size() > cleanup) {
                body.push_back(create_instruction<A>(op::reraise, std::int64_t{0}));
                for (auto& inst : body)
                    if (inst.id == breaking_id) inst.exception = bytecode::exception_link{body[cleanup].id, 0, false};
            }
        }
    }
    return finish_generated<A>(body, std::move(fields), line);
}

} // namespace lasso::output
