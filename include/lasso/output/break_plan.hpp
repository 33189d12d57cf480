// lasso/output/break_plan.hpp
//
// What the code at a graph break must rebuild, worked out before the graph is
// compiled. A break stops the trace before an instruction of one frame; when that
// frame is an inlined call, every frame of the inline stack is in the middle of the
// call that inlined the next one, and each continues in a resume function of its own
// (a nested graph break). A break outside inlined calls is the case of one frame.
//
// Per frame, the plan lists the layout of its stack (values, NULL markers, load_method
// pairs, the exits of open `with` blocks) and the live locals to rebuild: for the frame
// itself (the root), those whose values differ from the frame's own; for an inlined
// frame, every live local it has. Dead locals are neither rebuilt nor passed on
// (liveness, not guesswork). output/break_code.hpp writes the code.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/liveness.hpp>
#include <lasso/output/replay.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/behaviour.hpp>
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
                if (local >= frame_local_.size())
                    give_up(reasons::internal_error, "a live local outside the resume code's locals");
                local = frame_local_[local];
            }
        return locals;
    }

private:
    const bytecode::liveness* original_;
    std::span<const std::size_t> frame_local_;
};

/// One frame of the inline stack at a graph break, the frame's own (the root) first and
/// the one whose instruction breaks (the innermost) last.
template <class A> struct break_frame {
    const frame_state* state = nullptr;
    /// The original of the code the frame runs, decoded (the same code unless the frame
    /// runs a resume code).
    const std::vector<bytecode::instruction<A>>* original = nullptr;
    /// An index in the original: the innermost frame's breaking instruction, the call
    /// in progress for every other frame.
    std::size_t at = 0;
    break_liveness live;
    /// The locals of the code the frame runs.
    const std::vector<std::string>* varnames = nullptr;
    /// Instructions of the resume code's prologue before the original's (0 for an
    /// original): the with blocks of the state count their handlers in the frame's code.
    std::size_t prologue = 0;
};

/// What the code at a break rebuilds.
struct break_plan {
    struct frame_values {
        std::vector<resume::stack_slot> stack;   ///< the stack before the break, bottom to top
        std::vector<tracker_ref> stack_trackers; ///< the tracker of each slot
        std::vector<std::size_t> locals;         ///< the live locals to rebuild
    };
    std::vector<frame_values> frames; ///< as the break's frames
    std::vector<tracker_ref> roots;   ///< every tracker the generated code rebuilds
    /// Whether the code at the break runs the instruction (then resumes after it, or at
    /// its jump target), or resumes at the instruction itself.
    bool run_instruction = true;
    /// When the instruction (run by the generated code) lies under the handler of a try
    /// block: that handler (an instruction index of the original) and the depth and
    /// lasti of its exception-table entry. An exception the instruction raises goes to a
    /// second resume function, which starts at the handler.
    struct handler_successor {
        std::size_t target = 0;
        std::uint32_t depth = 0;
        bool lasti = false;
    };
    std::optional<handler_successor> handler;
    /// One frame, every stack slot a distinct tensor the graph computes, no local to
    /// restore and no side effect: the graph returns the stack top first and its result
    /// is unpacked straight onto the stack (`roots` is then the stack, top to bottom).
    bool direct_stack = false;
};

/// Whether every tracker of `refs` is a tensor the graph computes (its family's value
/// in the graph is a node; no source, not an input) and no two share a node.
template <class Translation> bool computed_distinct_tensors(const Translation& t, const std::vector<tracker_ref>& refs) {
    std::vector<lasso::graph::node> seen;
    for (tracker_ref r : refs) {
        const auto value = trackers::graph_value_of(t.trackers, r);
        const lasso::graph::node* node = value ? value->template get_if<lasso::graph::node>() : nullptr;
        if (!node || t.trackers[r].source || t.graph.kind(*node) == lasso::graph::node_kind::placeholder) return false;
        if (std::find(seen.begin(), seen.end(), *node) != seen.end()) return false;
        seen.push_back(*node);
    }
    return true;
}

/// The layout of a symbolic stack at a break, slot by slot (`slots`), with the tracker
/// of each (`trackers`).
template <class A, class Translation>
void describe_stack(const Translation& t, const std::vector<tracker_ref>& stack, std::vector<resume::stack_slot>& slots,
                    std::vector<tracker_ref>& trackers) {
    for (const tracker_ref r : stack) {
        trackers.push_back(r);
        auto role = trackers::stack_role_of(t.trackers, r);
        resume::stack_slot slot;
        switch (role.what) {
        case trackers::stack_role::kind::value: slot.kind = resume::slot_kind::value; break;
        case trackers::stack_role::kind::null: slot.kind = resume::slot_kind::null; break;
        case trackers::stack_role::kind::method:
            slot.kind = resume::slot_kind::method;
            slot.method = std::move(role.method);
            break;
        }
        slots.push_back(std::move(slot));
    }
}

/// The context manager that the exit of an open `with` block was entered from.
template <class Translation> tracker_ref manager_of(const Translation& t, tracker_ref exit) {
    const auto* cm = t.trackers.template get_if<trackers::context_manager>(exit);
    if (!cm || !cm->manager)
        give_up(reasons::unsupported_context_manager, "the exit of a with block has no context manager");
    if (cm->user_exit)
        give_up(reasons::break_in_with_block, "a graph break inside the with block of ", cm->name,
                " (its __enter__ would run again)");
    return *cm->manager;
}

/// Gives up when the trace stored an attribute `__exit__` or `__class__` (of any
/// object: a conservative test) since an interpreted class's block was entered: the
/// code at the break looks `__exit__` up on the manager again, which must find what
/// `before_with` bound.
template <class Translation> void check_exit_unchanged(const Translation& t, const with_block& block) {
    for (const auto& m : t.effects.log())
        if (m.kind == mutation_kind::attribute && (m.name == "__exit__" || m.name == "__class__"))
            give_up(reasons::break_in_with_block, "a graph break inside a with block after a store of attribute ", m.name,
                    " (the block's __exit__ could be another)");
    for (const char* name : {"__exit__", "__class__"})
        if (trackers::holds_own_attribute(t.trackers, block.manager, name))
            give_up(reasons::break_in_with_block,
                    "a graph break inside the with block of an object given an attribute __exit__ or __class__");
}

/// Where code inside open `with` blocks changed the global state a block sets
/// (`set_grad_enabled(True)` inside `no_grad()`): entering the blocks again (around the
/// instruction, and in the resume function's prologue) sets each block's own value, so
/// after entering a block the state is set again to what the code in it had made it:
/// the value the next block of the same variable saved on entry, or, after the
/// innermost, the traced value at the break (`restate`). Each block's exit then still
/// puts back what it saved on its first entry, as the interpreter's would. The
/// innermost block of each variable also takes, in the resume function, the value the
/// instruction at the break left (`restate_passed`): the instruction may be a call that
/// changes the state itself. lasso's own setter sets it (global_state_functions.hpp).
/// `stack` holds the blocks' `with_exit` slots.
template <class A, class Translation>
void restate_with_blocks(const Translation& t, const frame_state& state, std::vector<resume::stack_slot>& stack,
                         const std::vector<tracker_ref>& stack_trackers) {
    struct entered {
        resume::stack_slot* slot;
        const trackers::context_manager* exit;
    };
    std::vector<entered> blocks;
    for (const with_block& block : state.with_blocks) {
        if (block.interpreted) continue; // sets no global state lasso knows of
        const auto at = std::find(stack_trackers.begin(), stack_trackers.end(), block.exit);
        const auto* exit = t.trackers.template get_if<trackers::context_manager>(block.exit);
        if (at == stack_trackers.end() || !exit) continue;
        blocks.push_back({&stack[static_cast<std::size_t>(at - stack_trackers.begin())], exit});
    }
    for (std::size_t j = 0; j < blocks.size(); ++j) {
        const std::size_t variable = blocks[j].exit->state;
        std::optional<bool> target;
        bool innermost = true;
        for (std::size_t k = j + 1; k < blocks.size() && !target; ++k)
            if (blocks[k].exit->state == variable) target = blocks[k].exit->saved, innermost = false;
        if (!target && variable < t.global_state.size()) target = t.global_state[variable];
        blocks[j].slot->state = variable;
        if constexpr (has_global_state_functions<A>) {
            blocks[j].slot->restate_passed = innermost && variable < t.global_state.size();
            if (blocks[j].slot->restate_passed) blocks[j].slot->traced_state = t.global_state[variable];
        } else if (target && *target != blocks[j].exit->value) {
            give_up(reasons::break_in_with_block,
                    "a graph break inside a with block whose global state the code in it changed (entering the "
                    "block again would undo the change, and the adapter cannot run lasso's setter: "
                    "set_global_state, value_of_constant, constant_from_value, make_host_function)");
        }
        if (target && *target != blocks[j].exit->value) blocks[j].slot->restate = *target;
    }
}

/// Plans the code at a break across `frames` (the root first, the innermost last);
/// `fields` are the fields of the code the root runs.
template <class A, class Translation>
break_plan plan_break(const Translation& t, std::span<const break_frame<A>> frames,
                      const bytecode::code_fields<typename A::value>& fields) {
    break_plan plan;
    for (std::size_t d = 0; d < frames.size(); ++d) {
        const break_frame<A>& frame = frames[d];
        const frame_state& state = *frame.state;
        const bool innermost = d + 1 == frames.size();
        break_plan::frame_values values;
        describe_stack<A>(t, state.stack, values.stack, values.stack_trackers);
        // The exits of open with blocks: their context managers are passed on, and
        // entered again (the handler counted in the original, as `at` is). The exit of
        // an interpreted class's block is passed on as the bound `__exit__` itself.
        for (const with_block& block : state.with_blocks) {
            if (block.interpreted) {
                check_exit_unchanged(t, block);
                continue;
            }
            const auto slot = std::find(values.stack_trackers.begin(), values.stack_trackers.end(), block.exit);
            if (slot == values.stack_trackers.end())
                give_up(reasons::internal_error, "the exit of an open with block is not on the stack");
            if (block.handler < frame.prologue)
                give_up(reasons::break_not_resumable,
                        "the handler of an open with block is in a resume function's prologue");
            auto& s = values.stack[static_cast<std::size_t>(slot - values.stack_trackers.begin())];
            s.kind = resume::slot_kind::with_exit;
            s.handler = block.handler - frame.prologue;
            s.depth = block.depth;
            s.lasti = block.lasti;
        }
        for (std::size_t i = 0; i < values.stack.size(); ++i) {
            if (values.stack[i].kind == resume::slot_kind::value) plan.roots.push_back(values.stack_trackers[i]);
            if (values.stack[i].kind == resume::slot_kind::with_exit)
                plan.roots.push_back(manager_of(t, values.stack_trackers[i]));
        }
        restate_with_blocks<A>(t, state, values.stack, values.stack_trackers);
        // The innermost frame continues at its instruction; every other frame after its call.
        for (std::size_t i : frame.live.live_locals_before(innermost ? frame.at : frame.at + 1)) {
            const auto& slot = state.locals.at(i);
            if (!slot || *slot == frame_state::unbound) continue; // the frame's own value, or unbound
            const auto& record = t.trackers[*slot];
            if (d == 0 && record.source && t.sources[*record.source].kind == source_kind::local &&
                t.sources[*record.source].name == fields.varnames[i])
                continue; // still the value it had on entry
            values.locals.push_back(i);
            plan.roots.push_back(*slot);
        }
        plan.frames.push_back(std::move(values));
    }
    append_effect_roots<A>(t, plan.roots);
    const auto& only = plan.frames.front();
    plan.direct_stack = plan.frames.size() == 1 && !only.stack.empty() && only.locals.empty() && t.effects.empty() &&
                        computed_distinct_tensors(t, only.stack_trackers);
    if (plan.direct_stack) std::reverse(plan.roots.begin(), plan.roots.end());
    return plan;
}

/// The frame's cells as its resume function gets them: cell variables, then free variables.
template <class Value> std::vector<std::string> frame_cells(const bytecode::code_fields<Value>& fields) {
    std::vector<std::string> cells = fields.cellvars;
    cells.insert(cells.end(), fields.freevars.begin(), fields.freevars.end());
    return cells;
}

/// Where instruction `pc` of a frame is in the original code: `pc` less the prologue of
/// the resume code the frame runs (`origin`, nullptr for the original itself). A nested
/// resume code's prologue calls the inner resume function in place of the original's
/// call (`origin->nested_call`): at that call, the frame is at the original's call
/// `origin->resumed_call`. When the code at the break runs that call (`runs_here`, the
/// prologue's call: the inner resume function could not be inlined), `patched` gets the
/// original's instructions with that call taking the prologue's arguments. Anywhere
/// else inside a prologue is unsupported.
template <class A, class Origin>
std::size_t locate_in_original(const Origin* origin, std::size_t pc, const std::vector<bytecode::instruction<A>>& original,
                               const bytecode::indexed_instruction<A>* runs_here,
                               std::optional<std::vector<bytecode::instruction<A>>>& patched) {
    const std::size_t shift = origin ? origin->prologue : 0;
    if (pc >= shift) return pc - shift;
    if (!origin->nested_call || *origin->nested_call != pc || origin->resumed_call >= original.size() ||
        original[origin->resumed_call].semantic != op::call || (runs_here && runs_here->semantic != op::call))
        give_up(reasons::break_not_resumable, "a graph break inside a resume function's prologue");
    if (runs_here) {
        patched = original;
        bytecode::instruction<A>& call = (*patched)[origin->resumed_call];
        call.argval = runs_here->arg; // the position and identity stay the original's
        call.arg = runs_here->arg;
    }
    return origin->resumed_call;
}

} // namespace lasso::output
