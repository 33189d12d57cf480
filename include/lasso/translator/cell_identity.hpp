// lasso/translator/cell_identity.hpp
//
// One tracker per cell object. A cell can be reached from the captured frame (its free
// variables; in a resume function, every cell of the original frame) and from the
// closures of functions made outside the trace that the trace inlines (a sibling
// closure passed in, a closure read from a global). With `CellIdentityAdapter`, every
// cell of an outside closure the trace reaches is keyed by the identity of the cell
// object (`output_graph::cells`), compared with the frame's own free cells: a
// closure's cell that is the frame's is the frame's tracker, so a store through either path is
// seen by loads through the other, and a store through the closure is a side effect
// replayed with `store_deref` like the frame's own. Two closures over one cell share a
// tracker too.
//
// Guards keep what the trace found: a closure's cell that is one of the frame's is
// guarded `L['peek'].__closure__[0] is cell(L['n'])`; one that is not, `is not` against
// each of the frame's free cells; one shared with an earlier closure, `is` that
// closure's cell. A call with a closure over another cell recompiles.
//
// Without the adapter hook each closure's cell is a tracker of its own, read through
// the closure; a read after the trace assigned any cell of the frame is then a graph
// break (the cell may be the assigned one), and a store through it is a graph break.
// With it, a store to a closure's cell that is not the frame's is a side effect on the
// cell object, replayed as `L['step'].__closure__[0].cell_contents = value`: the
// interpreter's cells must take that attribute store.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace lasso {

/// The tracker an inlined closure made for the frame's free cell `index`, when a
/// closure over that same cell object was inlined before the frame reached the cell
/// itself. Only for the frame's own translator.
template <class T> std::optional<tracker_ref> shared_frame_cell(T& t, std::size_t index) {
    using A = typename T::adapter;
    if constexpr (CellIdentityAdapter<A>) {
        if (t.parent() || t.output().cells.empty()) return std::nullopt;
        const auto* cell = A::frame_cell(t.frame(), t.cell_number(index));
        if (!cell) return std::nullopt;
        const std::uintptr_t identity = A::identity(*cell);
        for (const auto& entry : t.output().cells)
            if (entry.identity == identity) return entry.cell;
    } else {
        (void)t, (void)index;
    }
    return std::nullopt;
}

/// The tracker of cell `k` of `function`, an interpreted function made outside the
/// trace reached through `function_source`, whose free variable `free_name` it is.
template <class T>
tracker_ref outside_closure_cell(T& t, const typename T::value& function, source_ref function_source, std::size_t k,
                                 const std::string& function_name, const std::string& free_name) {
    using A = typename T::adapter;
    auto& out = t.output();
    auto contents_from_closure = [&]() -> tracker_ref {
        std::optional<typename T::value> contents = A::function_cell_contents(function, k);
        if (!contents)
            give_up(reasons::unsupported_mutation, "call of function '", function_name, "', whose free variable '",
                    free_name, "' is empty");
        return t.build(*contents, out.sources.closure_cell(function_source, static_cast<std::uint32_t>(k)));
    };
    if constexpr (CellIdentityAdapter<A>) {
        const auto closure = A::attribute(function, "__closure__");
        const auto object = closure ? A::item(*closure, static_cast<std::int64_t>(k)) : std::nullopt;
        if (!object)
            give_up(reasons::internal_error, "call of function '", function_name, "', whose closure has no cell ",
                    lasso::detail::decimal(k));
        const std::uintptr_t identity = A::identity(*object);
        const source_ref object_source =
            out.sources.item(out.sources.attribute(function_source, "__closure__"), static_cast<std::int64_t>(k));
        auto same_as = [&](source_ref other, bool same) {
            for (const auto& g : out.guards) // the same closure inlined again
                if (g.kind == guard_kind::same_object && g.expected_flag == same && g.source && g.other_source &&
                    out.sources.same_place(*g.source, object_source) && out.sources.same_place(*g.other_source, other))
                    return;
            out.add_guard(guard_kind::same_object, object_source, [&](auto& g) {
                g.other_source = other;
                g.expected_flag = same;
            });
        };
        for (const auto& entry : out.cells)
            if (entry.identity == identity) {
                same_as(entry.object, true);
                return entry.cell;
            }
        // One of the frame's free cells that neither the frame nor a closure reached yet.
        auto* root = t.root();
        const std::size_t cellvars = root->code().cellvars.size();
        const std::size_t all = cellvars + root->code().freevars.size();
        for (std::size_t j = cellvars; j < all; ++j) {
            const auto* frame_object = A::frame_cell(root->frame(), root->cell_number(j));
            if (!frame_object || A::identity(*frame_object) != identity) continue;
            // The frame's own tracker if it reached the cell already; else a new one,
            // which the frame's translator finds when it does (`shared_frame_cell`).
            // Its state is not changed from here, so that a checkpoint's restore, which
            // truncates `cells`, leaves nothing behind.
            tracker_ref cell;
            if (const auto& slot = root->state().cells[j]) {
                cell = *slot;
            } else {
                std::optional<tracker_ref> contents;
                if (const auto* v = A::frame_cell_contents(root->frame(), root->cell_number(j)))
                    contents = t.build(*v, out.sources.local_cell(root->cell_name(j)));
                cell = t.add_tracker(trackers::cell{contents, root->cell_name(j)});
            }
            const source_ref frame_source = out.sources.frame_cell(root->cell_name(j));
            out.cells.push_back({identity, cell, frame_source, std::nullopt, std::nullopt});
            same_as(frame_source, true);
            return cell;
        }
        // A cell of its own: not the frame's, read through the closure.
        for (std::size_t j = cellvars; j < all; ++j)
            if (A::frame_cell(root->frame(), root->cell_number(j)))
                same_as(out.sources.frame_cell(root->cell_name(j)), false);
        const tracker_ref cell = t.add_tracker(trackers::cell{contents_from_closure()});
        out.cells.push_back({identity, cell, object_source, *object, std::nullopt});
        return cell;
    } else {
        return t.add_tracker(trackers::cell{contents_from_closure()});
    }
}

/// Records the store of `contents` into `cell`, the tracker of a cell of a closure made
/// outside the trace that is not one of the frame's: a side effect on the cell object,
/// replayed as `cell.cell_contents = value` on the cell reached through the closure
/// (`L['step'].__closure__[0]`). Returns false when the adapter cannot key cells by
/// identity (the store is then unsupported).
template <class T> bool record_closure_cell_store(T& t, tracker_ref cell, tracker_ref contents) {
    using A = typename T::adapter;
    if constexpr (CellIdentityAdapter<A>) {
        auto& out = t.output();
        for (auto& entry : out.cells) {
            if (entry.cell != cell || !entry.cell_object) continue;
            if (!entry.object_tracker)
                entry.object_tracker = t.add_tracker(trackers::object<typename T::value>{*entry.cell_object}, entry.object);
            output::mutation m;
            m.kind = output::mutation_kind::attribute;
            m.target = *entry.object_tracker;
            m.name = "cell_contents";
            m.value = contents;
            out.effects.record(std::move(m));
            t.template edit<trackers::cell>(cell)->contents = contents;
            return true;
        }
    } else {
        (void)t, (void)cell, (void)contents;
    }
    return false;
}

} // namespace lasso
