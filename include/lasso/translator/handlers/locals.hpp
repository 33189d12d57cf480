// lasso/translator/handlers/locals.hpp
//
// Handlers of locals and cells: fast locals are read from the frame on first use;
// cells of this frame are cell trackers made by make_cell; a free variable (or a cell
// the code did not make) is read from the frame through a `local_cell` source, so its
// guard reads the cell's contents; a store to a free variable (`nonlocal n; n += 1` in
// a closure) is a side effect, recorded and replayed by the generated code. A free
// cell that an inlined closure reached first is that closure's tracker of the same
// cell object (translator/cell_identity.hpp).
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/cell_identity.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/translator/step.hpp>

#include <optional>
#include <string_view>

namespace lasso::handlers {

template <class T> [[gnu::cold]] std::string_view cell_kind(const T& t, std::size_t index) {
    return index < t.code().cellvars.size() ? "cell variable" : "free variable";
}

template <bytecode::op O, class T> step locals(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    auto& state = t.state();
    if constexpr (O == op::load_fast) {
        t.push(t.local(t.local_index(inst)));
        return next{};
    } else if constexpr (O == op::store_fast) {
        const auto index = t.local_index(inst);
        state.locals[index] = t.pop();
        return next{};
    } else if constexpr (O == op::delete_fast) {
        const auto index = t.local_index(inst);
        (void)t.local(index); // `del x` of an unbound x is unsupported, as reading it is
        state.locals[index] = frame_state::unbound;
        return next{};
    } else if constexpr (O == op::make_cell) {
        const auto index = t.cell_index(inst);
        const auto& fields = t.code();
        std::optional<tracker_ref> contents;
        if (index < fields.cellvars.size()) {
            // A cell variable that is also a parameter starts with the argument.
            const auto& name = fields.cellvars[index];
            constexpr bool shared_slot =
                bytecode::opcode_traits<typename T::adapter>::enc.cells == bytecode::cell_numbering::localsplus;
            for (std::size_t j = 0; j < fields.varnames.size(); ++j)
                if (fields.varnames[j] == name) {
                    if (shared_slot && !t.parent() && !state.locals[j]) {
                        // The argument's slot becomes the cell, so generated code reads the
                        // argument through the cell (load_deref) and its guard reads it
                        // as the cell's contents, which before make_cell is the argument.
                        if (const auto* v = T::adapter::frame_cell_contents(t.frame(), t.cell_number(index)))
                            contents = t.build(*v, t.output().sources.local_cell(name));
                    } else if (state.locals[j] || (!t.parent() && T::adapter::frame_local(t.frame(), j))) {
                        contents = t.local(j);
                    }
                    break;
                }
        }
        if (t.parent())
            state.cells[index] = t.add_tracker(trackers::cell{contents, std::string(), true, t.output().frame_instruction,
                                                              t.inline_stack().front().second});
        else state.cells[index] = t.add_tracker(trackers::cell{contents, t.cell_name(index)});
        return next{};
    } else if constexpr (O == op::load_deref) {
        const auto index = t.cell_index(inst);
        if (!state.cells[index] && !(state.cells[index] = shared_frame_cell(t, index))) {
            // A cell of the frame not made by this code (a free variable, or a cell of an
            // interpreter without make_cell): read it from the frame.
            const auto* v = T::adapter::frame_cell_contents(t.frame(), t.cell_number(index));
            if (!v) give_up(reasons::would_raise, cell_kind(t, index), " '", t.cell_name(index), "' has no value");
            auto r = t.build(*v, t.output().sources.local_cell(t.cell_name(index)));
            state.cells[index] = t.add_tracker(trackers::cell{r, t.cell_name(index)});
        }
        const auto* c = t.template as<trackers::cell>(*state.cells[index]);
        if (!CellIdentityAdapter<typename T::adapter> && c->name.empty() && !c->made_in_trace && t.parent())
            // A cell of a closure made outside the trace, read when the call began: it
            // may be one of the frame's cells, and stale if the trace assigned one since.
            for (const auto& m : t.output().effects.log())
                if (m.kind == output::mutation_kind::cell)
                    give_up(reasons::unsupported_mutation, "read of free variable '", t.cell_name(index),
                            "' of a closure made outside the trace after an "
                            "assignment to cell '",
                            m.name, "', which may be the same cell");
        if (!c->contents)
            give_up(reasons::would_raise, cell_kind(t, index), " '", t.cell_name(index), "' is read before assignment");
        t.push(*c->contents);
        return next{};
    } else if constexpr (O == op::store_deref || O == op::delete_deref) {
        // A store to a cell of the captured frame (its own cell variables, its free
        // variables: cells of its closure, and the same cells in closures it made and
        // inlines) is recorded and replayed by the frame's generated code
        // (store_deref): the cell may be seen outside the trace (a closure returned, or
        // the closure the frame belongs to). The cell tracker holds the new contents.
        const auto index = t.cell_index(inst);
        if (O == op::delete_deref)
            give_up(reasons::unsupported_mutation, "del of cell variable '", t.cell_name(index), "' is not supported");
        if (!state.cells[index] && !(state.cells[index] = shared_frame_cell(t, index))) {
            if (t.parent())
                give_up(reasons::unsupported_mutation, "assignment to cell variable '", t.cell_name(index),
                        "' of an inlined function");
            state.cells[index] = t.add_tracker(trackers::cell{std::nullopt, t.cell_name(index)});
        }
        const tracker_ref contents = t.pop();
        const auto* cell = t.template as<trackers::cell>(*state.cells[index]);
        if (cell->made_in_trace) {
            t.template edit<trackers::cell>(*state.cells[index])->contents = contents;
            return next{};
        }
        const std::string name = cell->name;
        if (name.empty() && record_closure_cell_store(t, *state.cells[index], contents)) return next{};
        if (name.empty())
            give_up(reasons::unsupported_mutation, "assignment to free variable '", t.cell_name(index),
                    "' of a closure made outside the trace, whose "
                    "cell is not one of the captured frame's");
        output::mutation m;
        m.kind = output::mutation_kind::cell;
        m.name = name;
        m.value = contents;
        t.output().effects.record(std::move(m));
        t.template edit<trackers::cell>(*state.cells[index])->contents = contents;
        return next{};
    } else if constexpr (O == op::load_closure) {
        // The cell itself, for a closure the trace makes: a cell of the captured frame.
        const auto index = t.cell_index(inst);
        if (t.parent()) {
            // In an inlined call: its own cells (made in the trace), or the frame's cells
            // a closure made in the trace shares with it.
            const auto* cell = state.cells[index] ? t.template as<trackers::cell>(*state.cells[index]) : nullptr;
            if (!cell || (!cell->made_in_trace && cell->name.empty()))
                give_up(reasons::unsupported_mutation, "load_closure of '", t.cell_name(index),
                        "' in an inlined function (a cell of a closure made outside the trace)");
            t.push(*state.cells[index]);
            return next{};
        }
        if (!state.cells[index] && !(state.cells[index] = shared_frame_cell(t, index))) {
            std::optional<tracker_ref> contents;
            if (const auto* v = T::adapter::frame_cell_contents(t.frame(), t.cell_number(index)))
                contents = t.build(*v, t.output().sources.local_cell(t.cell_name(index)));
            state.cells[index] = t.add_tracker(trackers::cell{contents, t.cell_name(index)});
        }
        t.push(*state.cells[index]);
        return next{};
    }
}

} // namespace lasso::handlers
