// lasso/output/nested_break.hpp
//
// The code of a frame whose graph break happened inside an inlined call (a nested
// graph break). The translation stopped before the failing instruction of the
// innermost inlined frame; every frame above it is in the middle of the call that
// inlined the next one. The graph so far (all frames' work) is compiled, then:
//
//     <original prologue>  <call the compiled graph, outputs into locals>
//     <compute the values side effects store, into locals>   (output/replay.hpp)
//     <rebuild each outer frame's stack values and live locals into temporaries>
//     <rebuild the innermost frame's live locals into temporaries, and its stack>
//     <replay the side effects; advance rebuilt list iterators>
//     <the failing instruction, as the innermost frame would run it>
//     <pop the innermost stack into temporaries>
//     call resume_root(root's stack values, root's live locals,
//                      resume_1, [frame 1's values, live locals, resume_2, [...]])
//     return its result
//
// where resume_k continues frame k after its call (a nested resume code: its prologue
// calls resume_{k+1} on the arguments that follow it and resumes with the result on
// the stack), and the innermost resume function continues after the failing
// instruction (or at its jump target, for a branch on a tensor). Tracing resume_root
// inlines resume_1, which inlines resume_2, and so on: the rest of every frame of the
// inline stack is captured in one more graph.
//
// The failing instruction runs in the frame's code, not the callee's, so it must not
// touch the callee's locals (the translator only reports such a break for other
// instructions); the callee's globals are the frame's (inlining checks that).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/compile_subgraph.hpp>
#include <lasso/output/reconstruct.hpp>
#include <lasso/output/replay.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace lasso::output {

/// One frame of the inline stack at a nested break, as codegen sees it.
template <class A> struct nested_frame {
    const frame_state* state = nullptr;
    /// The original code of the frame's code, decoded (the same code unless the frame
    /// runs a resume code).
    const std::vector<bytecode::instruction<A>>* original = nullptr;
    /// The frame's call (outer frames) or failing instruction (the innermost), as an
    /// index in the original.
    std::size_t at = 0;
    break_liveness live;
    /// The locals of the code the frame runs.
    const std::vector<std::string>* varnames = nullptr;
    bool root = false;
};

/// The instructions control may go to after instruction `at` of `code`: the next one
/// (unless it never falls through) and a jump's target.
template <class A> std::vector<std::size_t> successors(const std::vector<bytecode::instruction<A>>& code, std::size_t at) {
    const auto& inst = code.at(at);
    std::vector<std::size_t> next;
    if (!bytecode::is_terminator(inst.semantic)) next.push_back(at + 1);
    if (inst.is_jump()) {
        const auto* target = inst.target();
        if (!target) give_up("a jump at the break has no target");
        std::size_t index = code.size();
        for (std::size_t i = 0; i < code.size(); ++i)
            if (code[i].id == target->id) index = i;
        if (index == code.size()) give_up("the jump target at the break is not in the code");
        next.push_back(index);
    }
    return next;
}

/// What a nested break's code rebuilds: per frame, the stack layout, and the live
/// locals with values the trace made (the frame's own locals are loaded as they are).
struct nested_break_plan {
    struct frame_values {
        std::vector<resume::stack_slot> stack;
        std::vector<tracker_ref> stack_trackers;
        std::vector<std::size_t> locals; ///< locals to rebuild (any successor's, for the innermost)
    };
    std::vector<frame_values> frames;
    std::vector<tracker_ref> roots; ///< every tracker the code rebuilds
};

template <class A, class Translation>
nested_break_plan plan_nested_break(const Translation& t, std::span<const nested_frame<A>> frames) {
    nested_break_plan plan;
    for (std::size_t d = 0; d < frames.size(); ++d) {
        const auto& frame = frames[d];
        const bool innermost = d + 1 == frames.size();
        nested_break_plan::frame_values values;
        check_with_block_states(t, *frame.state);
        describe_stack<A>(t, frame.state->stack, values.stack, values.stack_trackers);
        for (std::size_t i = 0; i < values.stack.size(); ++i)
            if (values.stack[i].kind == resume::slot_kind::value) plan.roots.push_back(values.stack_trackers[i]);
        const std::vector<std::size_t> next =
            innermost ? successors<A>(*frame.original, frame.at) : std::vector<std::size_t>{frame.at + 1};
        for (std::size_t n : next)
            for (std::size_t i : frame.live.live_locals_before(n)) {
                const auto& slot = frame.state->locals.at(i);
                if (!slot || *slot == frame_state::unbound) continue; // the frame's own, or unbound
                if (std::find(values.locals.begin(), values.locals.end(), i) != values.locals.end()) continue;
                values.locals.push_back(i);
                plan.roots.push_back(*slot);
            }
        plan.frames.push_back(std::move(values));
    }
    append_effect_roots<A>(t, plan.roots);
    return plan;
}

/// Writes the code of a frame whose break is inside inlined calls (`frames`, the
/// frame's own first, the innermost last), as the header comment shows. `frame_code`
/// is the code the frame runs; `resume_at(d, index, stack, live, nested_arguments)`
/// gives the resume function of frame `d` at instruction `index` of its original;
/// `bound_at_entry(i)` says whether the frame's local `i` had a value on entry.
template <class A, class Translation, class ResumeAt, class BoundAtEntry>
typename A::code generate_nested_break_code(const bytecode::code_fields<typename A::value>& frame_code,
                                            const Translation& t, std::span<const nested_frame<A>> frames,
                                            const nested_break_plan& plan, const graph_outputs& outputs,
                                            const std::optional<typename A::value>& compiled, ResumeAt&& resume_at,
                                            BoundAtEntry&& bound_at_entry,
                                            const std::optional<typename A::value>& closure_binder = std::nullopt) {
    using value = typename A::value;
    using bytecode::create_instruction;
    using instruction = bytecode::instruction<A>;
    using traits = bytecode::opcode_traits<A>;
    if (frames.size() < 2) give_up("a nested graph break needs an inlined frame");
    // The frame's cells, which its resume function gets as its closure.
    const std::vector<std::string> cells = frame_cells(frame_code);
    if (!cells.empty() && !closure_binder)
        give_up("a graph break in a function with cells needs ClosureResumeAdapter::with_closure");
    const std::size_t last = frames.size() - 1;
    const nested_frame<A>& inner = frames[last];
    const instruction& breaking = inner.original->at(inner.at);

    bytecode::code_fields<value> fields = frame_code;
    std::vector<instruction> body;
    const auto output_locals = emit_graph_call<A>(*frames[0].original, t, outputs, compiled, fields, body);
    reconstructor<A, Translation> rebuild(t, outputs, output_locals, fields, body, /*rebuild_iterators=*/true);
    for (tracker_ref r : plan.roots) rebuild.count(r);
    effect_replay<A, Translation> replay(t);
    replay.stage(rebuild, fields, body);

    auto temp = [&](std::size_t d, const std::string& what) {
        std::string name = "__lasso_frame" + std::to_string(d) + "_" + what;
        ensure_local(fields, name);
        return name;
    };
    // Before the instruction: every frame's values into temporaries (so that nothing
    // the instruction does to the stack or to objects changes what is passed on).
    for (std::size_t d = 0; d < frames.size(); ++d) {
        const auto& values = plan.frames[d];
        if (d < last) {
            std::size_t k = 0;
            for (std::size_t i = 0; i < values.stack.size(); ++i)
                if (values.stack[i].kind == resume::slot_kind::value) {
                    rebuild.emit(values.stack_trackers[i]);
                    body.push_back(create_instruction<A>(op::store_fast, temp(d, "stack_" + std::to_string(k++))));
                }
        }
        for (std::size_t i : values.locals) {
            rebuild.emit(*frames[d].state->locals[i]);
            body.push_back(create_instruction<A>(op::store_fast, temp(d, (*frames[d].varnames)[i])));
        }
    }
    // The innermost stack, as the instruction expects it.
    const auto& inner_values = plan.frames[last];
    for (std::size_t i = 0; i < inner_values.stack.size(); ++i) {
        switch (inner_values.stack[i].kind) {
        case resume::slot_kind::null: body.push_back(create_instruction<A>(op::push_null)); break;
        case resume::slot_kind::value: rebuild.emit(inner_values.stack_trackers[i]); break;
        case resume::slot_kind::with_exit: give_up("a graph break inside a with block of an inlined call");
        case resume::slot_kind::method:
            if (i + 1 >= inner_values.stack.size()) give_up("a method lookup on the stack has no self");
            rebuild.emit(inner_values.stack_trackers[i + 1]);
            body.push_back(create_instruction<A>(op::load_method, inner_values.stack[i].method));
            ++i;
            break;
        }
    }
    // Side effects, before the instruction runs: it and the resume functions see them.
    replay.apply(body);
    rebuild.advance_list_iterators();

    // The live locals of frame `d` passed on after it continues at `next`, by name.
    auto live_at = [&](std::size_t d, std::size_t next) {
        const auto& frame = frames[d];
        if (frame.root) return live_names(*frame.state, next, frame.live, *frame.varnames, bound_at_entry);
        return live_names(*frame.state, next, frame.live, *frame.varnames, [](std::size_t) { return false; });
    };
    // Loads a live local of frame `d`: its temporary, or the frame's own local.
    auto load_local = [&](std::size_t d, const std::string& name) {
        const auto& names = *frames[d].varnames;
        const auto i = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
        const auto& rebuilt = plan.frames[d].locals;
        if (std::find(rebuilt.begin(), rebuilt.end(), i) != rebuilt.end())
            body.push_back(create_instruction<A>(op::load_fast, "__lasso_frame" + std::to_string(d) + "_" + name));
        else
            body.push_back(create_instruction<A>(op::load_fast, name));
    };

    // After the instruction: the call of the root's resume function with everything.
    auto call_resume = [&](std::size_t next, bool jump) {
        const auto effect = traits::effect(breaking.opcode, breaking.arg, jump);
        const auto kept = static_cast<std::ptrdiff_t>(inner_values.stack.size()) - effect.pops;
        if (kept < 0) give_up("the instruction at the break pops more than the stack holds");
        std::vector<resume::stack_slot> after(inner_values.stack.begin(), inner_values.stack.begin() + kept);
        if (kept > 0 && after.back().kind == resume::slot_kind::method)
            give_up("the instruction at the break takes a method's self but not the method");
        after.resize(after.size() + static_cast<std::size_t>(effect.pushes), resume::stack_slot{});
        const std::size_t inner_count = resume::value_count(after);
        std::size_t k = inner_count;
        for (std::size_t i = after.size(); i-- > 0;) {
            if (after[i].kind == resume::slot_kind::value) {
                body.push_back(create_instruction<A>(op::store_fast, temp(last, "after_" + std::to_string(--k))));
            } else {
                body.push_back(create_instruction<A>(op::pop_top));
            }
        }
        // The resume functions, innermost first: each outer one passes the next on.
        std::vector<std::vector<std::string>> live(frames.size());
        std::vector<value> functions(frames.size());
        live[last] = live_at(last, next);
        std::size_t nested_arguments = inner_count + live[last].size();
        functions[last] = resume_at(last, next, after, live[last], std::optional<std::size_t>{});
        for (std::size_t d = last; d-- > 0;) {
            live[d] = live_at(d, frames[d].at + 1);
            functions[d] = resume_at(d, frames[d].at + 1, plan.frames[d].stack, live[d],
                                     std::optional<std::size_t>{nested_arguments});
            nested_arguments = 1 + nested_arguments + resume::value_count(plan.frames[d].stack) + live[d].size();
        }
        body.push_back(create_instruction<A>(op::push_null));
        std::size_t arguments = 0;
        for (std::size_t d = 0; d < frames.size(); ++d) {
            // The root's resume function is the callee (given the frame's cells:
            // closure_binder(function, cells)); each inner one is an argument.
            if (d == 0) push_resume_function<A>(functions[d], cells, closure_binder, body);
            else body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{functions[d]}));
            if (d > 0) ++arguments;
            const std::size_t values = d == last ? inner_count : resume::value_count(plan.frames[d].stack);
            for (std::size_t j = 0; j < values; ++j)
                body.push_back(create_instruction<A>(
                    op::load_fast, "__lasso_frame" + std::to_string(d) + (d == last ? "_after_" : "_stack_") + std::to_string(j)));
            for (const auto& name : live[d]) load_local(d, name);
            arguments += values + live[d].size();
        }
        body.push_back(create_instruction<A>(op::call, static_cast<std::int64_t>(arguments)));
        body.push_back(create_instruction<A>(op::return_value));
    };

    instruction copy = breaking;
    copy.exception.reset();
    copy.id = bytecode::next_instruction_id();
    std::vector<instruction> taken;
    if (breaking.is_jump()) {
        const auto next = successors<A>(*inner.original, inner.at);
        std::vector<instruction> fall_body;
        std::swap(fall_body, body);
        call_resume(next.back(), true);
        std::swap(fall_body, body);
        taken = std::move(fall_body);
        copy.argval = bytecode::jump_target{taken.front().id};
    }
    if (!inner.state->kw_names.empty()) {
        std::size_t k = inner.at;
        while (k-- > 0 && (*inner.original)[k].semantic != op::kw_names) {}
        if (k >= inner.at) give_up("a call with keyword arguments at the break has no kw_names instruction");
        instruction names = (*inner.original)[k];
        names.exception.reset();
        names.id = bytecode::next_instruction_id();
        body.push_back(std::move(names));
    }
    body.push_back(std::move(copy));
    if (!bytecode::is_terminator(breaking.semantic)) call_resume(inner.at + 1, false);
    body.insert(body.end(), taken.begin(), taken.end());
    return finish_generated<A>(body, std::move(fields), breaking.pos.line >= 0 ? breaking.pos.line : frame_code.first_line);
}

} // namespace lasso::output
