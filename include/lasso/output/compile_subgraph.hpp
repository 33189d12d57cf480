// lasso/output/compile_subgraph.hpp
//
// The code of a frame that breaks. The translation stopped before an instruction it
// cannot model (`translation::stopped`: the state before it); the graph so far
// computes the tensors that the stack and the live locals need. The generated code
//
//     <original prologue>  <call the compiled graph, outputs into locals>
//     <compute the values side effects store, into locals>   (output/replay.hpp)
//     <rebuild the stack: values, NULL markers, load_method pairs, the context
//      managers of open with blocks where their exits were (kept in locals too)>
//     <rebuild the live locals whose values differ from the frame's, store them>
//     <replay the side effects; advance rebuilt list iterators>
//     <inside with blocks: enter each context manager again, outermost first>
//     <the unsupported instruction itself>
//     <inside with blocks: leave them, innermost first (with the exception, if it raised)>
//     <pop the stack into temporaries; call the resume function with them and the
//      live locals; return what it returns>
//
// and, when the instruction is a conditional jump (a branch on a tensor), the jump
// goes to a second such call, of the resume function for the jump target. Dead locals
// are not restored and not passed (liveness, not guesswork).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/liveness.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/reconstruct.hpp>
#include <lasso/output/replay.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/resume/templates.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::output {

/// The live locals of the code a frame runs, read from the liveness of the code it was
/// made from: a resume code is its original's instructions after a prologue, with the
/// locals renumbered, so it needs no analysis of its own. Instructions are counted in
/// the original; locals are those of the frame's code (`frame_local[k]` is the frame
/// code's number of the original's local `k`; empty when they are the same).
class break_liveness {
public:
    /// `frame_local` must outlive this view (the runtime keeps it with the resume code).
    explicit break_liveness(const bytecode::liveness& original, std::span<const std::size_t> frame_local = {})
        : original_(&original), frame_local_(frame_local) {}

    /// The live locals before instruction `i` of the original, as locals of the frame's code.
    std::vector<std::size_t> live_locals_before(std::size_t i) const {
        std::vector<std::size_t> locals = original_->live_locals_before(i);
        if (!frame_local_.empty())
            for (auto& local : locals) {
                if (local >= frame_local_.size()) give_up("a live local outside the resume code's locals");
                local = frame_local_[local];
            }
        return locals;
    }

private:
    const bytecode::liveness* original_;
    std::span<const std::size_t> frame_local_;
};

/// What the code at a break needs to know, worked out before the graph is compiled.
struct break_plan {
    std::size_t at = 0;                           ///< the instruction that breaks (index in the original)
    std::vector<resume::stack_slot> stack;        ///< the stack before it, bottom to top
    std::vector<tracker_ref> stack_trackers;      ///< the tracker of each slot
    std::vector<std::size_t> restore;             ///< live locals to store before it
    std::vector<tracker_ref> roots;               ///< every tracker the generated code rebuilds
    /// Whether the code at the break runs the instruction (then resumes after it, or at
    /// its jump target), or resumes at the instruction itself.
    bool run_instruction = true;
    /// Every stack slot is a distinct tensor the graph computes and no local needs
    /// restoring: the graph returns the stack top first and its result is unpacked
    /// straight onto the stack (`roots` is then the stack, top to bottom).
    bool direct_stack = false;
};

/// Whether every tracker of `refs` is a tensor the graph computes (no source, not an
/// input) and no two share a node.
template <class Translation> bool computed_distinct_tensors(const Translation& t, const std::vector<tracker_ref>& refs) {
    using meta = typename std::remove_cvref_t<decltype(t.graph)>::meta_type;
    std::vector<lasso::graph::node> seen;
    for (tracker_ref r : refs) {
        const auto& record = t.trackers[r];
        const auto* tensor = std::get_if<trackers::tensor<meta>>(&record.data);
        if (!tensor || record.source || t.graph.kind(tensor->node) == lasso::graph::node_kind::placeholder) return false;
        if (std::find(seen.begin(), seen.end(), tensor->node) != seen.end()) return false;
        seen.push_back(tensor->node);
    }
    return true;
}

/// The layout of a symbolic stack at a break, slot by slot (`slots`), with the tracker
/// of each (`trackers`).
template <class A, class Translation>
void describe_stack(const Translation& t, const std::vector<tracker_ref>& stack, std::vector<resume::stack_slot>& slots,
                    std::vector<tracker_ref>& trackers) {
    using value = typename A::value;
    for (const tracker_ref r : stack) {
        trackers.push_back(r);
        if (t.trackers.template get_if<lasso::trackers::null>(r)) {
            slots.push_back({resume::slot_kind::null, {}});
        } else if (auto* b = t.trackers.template get_if<lasso::trackers::builtin<value>>(r); b && b->method) {
            slots.push_back({resume::slot_kind::method, b->name});
        } else if (auto* fn = t.trackers.template get_if<lasso::trackers::function<value>>(r); fn && !fn->method_name.empty()) {
            // A method found for inlining: the interpreter looks it up again.
            slots.push_back({resume::slot_kind::method, fn->method_name});
        } else {
            slots.push_back({resume::slot_kind::value, {}});
        }
    }
}

/// The context manager that the exit of an open `with` block was entered from.
template <class Translation> tracker_ref manager_of(const Translation& t, tracker_ref exit) {
    const auto* cm = t.trackers.template get_if<trackers::context_manager>(exit);
    if (!cm || !cm->manager) give_up("the exit of a with block has no context manager");
    if (cm->user_exit) give_up("a graph break inside the with block of ", cm->name, " (its __enter__ would run again)");
    return *cm->manager;
}

/// Gives up when code inside an open `with` block changed the global state the block
/// sets (`set_grad_enabled` inside `no_grad()`): at the break, the block's context
/// manager is entered again, around the instruction and in the resume function, and
/// that would put back the state the block sets instead of the one the trace reached.
template <class Translation> void check_with_block_states(const Translation& t, const frame_state& state) {
    std::vector<std::pair<std::size_t, bool>> innermost; // per variable: the value its innermost open block sets
    for (const with_block& block : state.with_blocks) {
        const auto* manager = t.trackers.template get_if<trackers::context_manager>(manager_of(t, block.exit));
        if (!manager) continue;
        std::erase_if(innermost, [&](const auto& e) { return e.first == manager->state; });
        innermost.emplace_back(manager->state, manager->value);
    }
    for (const auto& [variable, value] : innermost)
        if (variable < t.global_state.size() && t.global_state[variable] != value)
            give_up("a graph break inside a with block whose global state the code in it changed (entering the "
                    "block again would undo the change)");
}

/// The context-manager locals of the code at a break inside `with` blocks: one per open
/// block, outermost first.
inline std::string context_manager_local(std::size_t k) { return "__lasso_context_manager_" + std::to_string(k); }

/// Plans the code at a break at instruction `at` of the original with state `state` (the
/// state before it): the stack layout, and which live locals differ from the frame's
/// own values.
template <class A, class Translation>
break_plan plan_break(const Translation& t, const frame_state& state, std::size_t at, const break_liveness& live,
                      const bytecode::code_fields<typename A::value>& fields, std::size_t shift = 0) {
    break_plan plan;
    plan.at = at;
    check_with_block_states(t, state);
    describe_stack<A>(t, state.stack, plan.stack, plan.stack_trackers);
    // The exits of open with blocks: their context managers are passed on, and entered
    // again (the handler counted in the original, as `at` is).
    for (const with_block& block : state.with_blocks) {
        const auto slot = std::find(plan.stack_trackers.begin(), plan.stack_trackers.end(), block.exit);
        if (slot == plan.stack_trackers.end()) give_up("the exit of an open with block is not on the stack");
        if (block.handler < shift) give_up("the handler of an open with block is in a resume function's prologue");
        auto& s = plan.stack[static_cast<std::size_t>(slot - plan.stack_trackers.begin())];
        s.kind = resume::slot_kind::with_exit;
        s.handler = block.handler - shift;
        s.depth = block.depth;
        s.lasti = block.lasti;
    }
    for (std::size_t i = 0; i < plan.stack.size(); ++i) {
        if (plan.stack[i].kind == resume::slot_kind::value) plan.roots.push_back(plan.stack_trackers[i]);
        if (plan.stack[i].kind == resume::slot_kind::with_exit) plan.roots.push_back(manager_of(t, plan.stack_trackers[i]));
    }
    for (std::size_t i : live.live_locals_before(at)) {
        const auto& slot = state.locals[i];
        if (!slot) continue; // the frame's own value, untouched
        if (*slot == frame_state::unbound) continue;
        const auto& record = t.trackers[*slot];
        if (record.source && t.sources[*record.source].kind == source_kind::local &&
            t.sources[*record.source].name == fields.varnames[i])
            continue; // still the value it had on entry
        plan.restore.push_back(i);
        plan.roots.push_back(*slot);
    }
    append_effect_roots<A>(t, plan.roots);
    plan.direct_stack = !plan.stack.empty() && plan.restore.empty() && t.effects.empty() &&
                        computed_distinct_tensors(t, plan.stack_trackers);
    if (plan.direct_stack) std::reverse(plan.roots.begin(), plan.roots.end());
    return plan;
}

/// The frame's cells as its resume function gets them: cell variables, then free variables.
template <class Value> std::vector<std::string> frame_cells(const bytecode::code_fields<Value>& fields) {
    std::vector<std::string> cells = fields.cellvars;
    cells.insert(cells.end(), fields.freevars.begin(), fields.freevars.end());
    return cells;
}

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
    if (!closure_binder) give_up("a graph break in a function with cells needs ClosureResumeAdapter::with_closure");
    body.push_back(create_instruction<A>(op::push_null));
    body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{*closure_binder}));
    body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{function}));
    for (const auto& name : cells) body.push_back(create_instruction<A>(op::load_closure, name));
    body.push_back(create_instruction<A>(op::build_tuple, static_cast<std::int64_t>(cells.size())));
    body.push_back(create_instruction<A>(op::call, std::int64_t{2}));
}

/// Where a graph break at instruction `pc` of a frame is in the original code: `pc`
/// less the prologue of the resume code the frame runs (`origin`, nullptr for the
/// original itself). A nested resume code's prologue calls the inner resume function
/// in place of the original's call (`origin->nested_call`); when that call is the break
/// (the inner resume function could not be inlined), it stands for the original's call
/// `origin->resumed_call`, and `patched` gets the original's instructions with that
/// call taking the prologue's arguments (`prologue_call`). Any other break inside a
/// prologue is unsupported.
template <class A, class Origin>
std::size_t break_in_original(const Origin* origin, std::size_t pc, const bytecode::indexed_instruction<A>& prologue_call,
                              const std::vector<bytecode::instruction<A>>& original,
                              std::optional<std::vector<bytecode::instruction<A>>>& patched) {
    const std::size_t shift = origin ? origin->prologue : 0;
    if (pc >= shift) return pc - shift;
    if (!origin->nested_call || *origin->nested_call != pc || origin->resumed_call >= original.size() ||
        prologue_call.semantic != op::call || original[origin->resumed_call].semantic != op::call)
        give_up("a graph break inside a resume function's prologue");
    patched = original;
    bytecode::instruction<A>& call = (*patched)[origin->resumed_call];
    call.argval = prologue_call.arg; // the position and identity stay the original's
    call.arg = prologue_call.arg;
    return origin->resumed_call;
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

/// Writes the code of a frame that breaks as `plan` says. `frame_code` is the code the
/// frame runs; `code` is the original it was made from, decoded (the same code, unless
/// the frame runs a resume code), whose instruction indexes `plan`, `live` and
/// `resume_at` use. `resume_at(index, stack, live)` gives the resume function (a value)
/// that continues at instruction `index`; `bound_at_entry(i)` says whether local `i`
/// had a value when the frame started.
template <class A, class Translation, class ResumeAt, class BoundAtEntry>
typename A::code generate_break_code(const bytecode::code_fields<typename A::value>& frame_code,
                                     const std::vector<bytecode::instruction<A>>& code, const Translation& t,
                                     const frame_state& state, const break_plan& plan, const break_liveness& live,
                                     const graph_outputs& outputs, const std::optional<typename A::value>& compiled,
                                     ResumeAt&& resume_at, BoundAtEntry&& bound_at_entry,
                                     const std::optional<typename A::value>& closure_binder = std::nullopt) {
    using value = typename A::value;
    using bytecode::create_instruction;
    using instruction = bytecode::instruction<A>;
    using traits = bytecode::opcode_traits<A>;

    const instruction& breaking = code.at(plan.at);
    bytecode::code_fields<value> fields = frame_code;
    const std::vector<std::string> cells = frame_cells(frame_code);
    if (!cells.empty() && !closure_binder)
        give_up("a graph break in a function with cells needs ClosureResumeAdapter::with_closure");
    std::vector<instruction> body;
    // The fast path: the graph's result, unpacked, is the stack.
    const bool direct = plan.direct_stack && compiled && outputs.size() == plan.stack.size();
    const auto output_locals = emit_graph_call<A>(code, t, outputs, compiled, fields, body, direct);

    // The stack and the live locals, as eager execution has them before the instruction.
    reconstructor<A, Translation> rebuild(t, outputs, output_locals, fields, body, /*rebuild_iterators=*/true);
    for (tracker_ref r : plan.roots) rebuild.count(r);
    effect_replay<A, Translation> replay(t);
    replay.stage(rebuild, fields, body);
    // The context managers of open with blocks, outermost first: on the stack, where
    // their exits were, and in locals for entering them around the instruction.
    std::vector<std::string> managers;
    for (std::size_t i = 0; i < plan.stack.size() && !direct; ++i) {
        switch (plan.stack[i].kind) {
        case resume::slot_kind::null: body.push_back(create_instruction<A>(op::push_null)); break;
        case resume::slot_kind::value: rebuild.emit(plan.stack_trackers[i]); break;
        case resume::slot_kind::with_exit:
            rebuild.emit(manager_of(t, plan.stack_trackers[i]));
            if (plan.run_instruction) {
                if constexpr (!traits::find(op::copy)) {
                    give_up("a graph break inside a with block needs the copy instruction");
                } else {
                    managers.push_back(context_manager_local(managers.size()));
                    ensure_local(fields, managers.back());
                    body.push_back(create_instruction<A>(op::copy, std::int64_t{1}));
                    body.push_back(create_instruction<A>(op::store_fast, managers.back()));
                }
            }
            break;
        case resume::slot_kind::method:
            if (i + 1 >= plan.stack.size()) give_up("a method lookup on the stack has no self");
            rebuild.emit(plan.stack_trackers[i + 1]);
            body.push_back(create_instruction<A>(op::load_method, plan.stack[i].method));
            ++i;
            break;
        }
    }
    for (std::size_t i : plan.restore) rebuild.emit(*state.locals[i]);
    for (std::size_t k = plan.restore.size(); k-- > 0;)
        body.push_back(create_instruction<A>(op::store_fast, frame_code.varnames[plan.restore[k]]));
    // Side effects, before the instruction runs: it and the resume function see them.
    replay.apply(body);
    rebuild.advance_list_iterators();

    // After the instruction: pop the stack into parameters of the resume function.
    auto call_resume = [&](std::size_t next, bool jump) {
        const auto effect = plan.run_instruction ? traits::effect(breaking.opcode, breaking.arg, jump)
                                                 : bytecode::stack_effect{0, 0};
        const auto kept = static_cast<std::ptrdiff_t>(plan.stack.size()) - effect.pops;
        if (kept < 0) give_up("the instruction at the break pops more than the stack holds");
        std::vector<resume::stack_slot> after(plan.stack.begin(), plan.stack.begin() + kept);
        if (kept > 0 && after.back().kind == resume::slot_kind::method)
            give_up("the instruction at the break takes a method's self but not the method");
        after.resize(after.size() + static_cast<std::size_t>(effect.pushes), resume::stack_slot{});
        const auto names = live_names(state, next, live, frame_code.varnames, bound_at_entry);
        std::size_t k = resume::value_count(after);
        for (std::size_t i = after.size(); i-- > 0;) {
            if (after[i].kind == resume::slot_kind::value || after[i].kind == resume::slot_kind::with_exit) {
                const std::string param = "__lasso_stack_" + std::to_string(--k);
                ensure_local(fields, param);
                body.push_back(create_instruction<A>(op::store_fast, param));
            } else {
                body.push_back(create_instruction<A>(op::pop_top));
            }
        }
        const std::size_t values = resume::value_count(after);
        body.push_back(create_instruction<A>(op::push_null));
        const value resume_function = resume_at(next, after, names);
        push_resume_function<A>(resume_function, cells, closure_binder, body);
        for (std::size_t j = 0; j < values; ++j) body.push_back(create_instruction<A>(op::load_fast, "__lasso_stack_" + std::to_string(j)));
        for (const auto& name : names) body.push_back(create_instruction<A>(op::load_fast, name));
        body.push_back(create_instruction<A>(op::call, static_cast<std::int64_t>(values + names.size())));
        body.push_back(create_instruction<A>(op::return_value));
    };

    if (!plan.run_instruction) {
        call_resume(plan.at, false);
        return finish_generated<A>(body, std::move(fields), breaking.pos.line >= 0 ? breaking.pos.line : frame_code.first_line);
    }
    instruction copy = breaking;
    copy.exception.reset();
    copy.id = bytecode::next_instruction_id();
    const bool jumps = breaking.is_jump();
    // Inside with blocks, the instruction runs with their context managers entered
    // again (`__enter__`, then `__exit__` normally or with the exception), since the
    // graph ended with them left.
    std::vector<bytecode::template_split<A>> reentered;
    if (!managers.empty()) {
        if (bytecode::is_terminator(breaking.semantic)) give_up("a graph break at a raise or return inside a with block");
        if constexpr (!bytecode::TemplateConstantAdapter<A>) {
            give_up("a graph break inside a with block needs the adapter's make_constant(template_constant)");
        } else {
            for (const auto& name : managers) {
                // Nested in the hole of the block outside it: what the inner block's own
                // ranges leave uncovered (entering it, leaving it, the end of its handler
                // that raises again) goes to the outer block's handler.
                std::optional<bytecode::exception_link> outer;
                if (!reentered.empty()) outer = reentered.back().prologue.back().exception;
                reentered.push_back(
                    bytecode::instantiate<A>(resume::templates::enter_try_finally_exit, {{"ctx", name}}, 0, outer));
                body.insert(body.end(), reentered.back().prologue.begin(), reentered.back().prologue.end());
            }
            copy.exception = reentered.back().prologue.back().exception;
        }
    }
    auto leave_blocks = [&](std::vector<instruction>& out) {
        // The jump taken out of the blocks: each context manager is left normally.
        for (std::size_t k = managers.size(); k-- > 0;) {
            out.push_back(create_instruction<A>(op::load_fast, managers[k]));
            out.push_back(create_instruction<A>(op::load_method, std::string("__exit__")));
            for (int n = 0; n < 3; ++n)
                out.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{A::value_of_constant(constant{none_t{}})}));
            out.push_back(create_instruction<A>(op::call, std::int64_t{3}));
            out.push_back(create_instruction<A>(op::pop_top));
        }
    };
    std::vector<instruction> taken;
    if (jumps) {
        // The jump goes to the second continuation, written after the first.
        const auto* target = breaking.target();
        if (!target) give_up("a jump at the break has no target");
        // A decoded code's ids are consecutive; search only when that does not hold.
        std::size_t target_index = target->id - code.front().id;
        if (target_index >= code.size() || code[target_index].id != target->id) {
            target_index = code.size();
            for (std::size_t i = 0; i < code.size(); ++i)
                if (code[i].id == target->id) target_index = i;
        }
        if (target_index == code.size()) give_up("the jump target at the break is not in the code");
        std::vector<instruction> fall_body;
        std::swap(fall_body, body);
        leave_blocks(body);
        call_resume(target_index, true);
        std::swap(fall_body, body);
        taken = std::move(fall_body);
        copy.argval = bytecode::jump_target{taken.front().id};
    }
    if (!state.kw_names.empty()) {
        // A call with keyword arguments: its keyword names come from the kw_names
        // instruction before it, which has run in the trace but not in this code.
        std::size_t k = plan.at;
        while (k-- > 0 && code[k].semantic != op::kw_names) {}
        if (k >= plan.at) give_up("a call with keyword arguments at the break has no kw_names instruction");
        instruction names = code[k];
        names.exception = copy.exception;
        names.id = bytecode::next_instruction_id();
        body.push_back(std::move(names));
    }
    body.push_back(std::move(copy));
    for (std::size_t k = reentered.size(); k-- > 0;)
        body.insert(body.end(), reentered[k].epilogue.begin(), reentered[k].epilogue.end());
    if (!bytecode::is_terminator(breaking.semantic)) call_resume(plan.at + 1, false);
    body.insert(body.end(), taken.begin(), taken.end());
    return finish_generated<A>(body, std::move(fields), breaking.pos.line >= 0 ? breaking.pos.line : frame_code.first_line);
}

} // namespace lasso::output
