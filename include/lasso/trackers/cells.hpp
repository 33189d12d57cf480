// lasso/trackers/cells.hpp
//
// The cell family: every closure cell of the trace is one cell tracker (seed PR
// #140153), whether it is a cell of the captured frame, of an inlined call, or of a
// closure made outside the trace (translator/cell_identity.hpp). A cell is not a value
// a program compares, so whether it is None is not known.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lasso::trackers {

/// A cell: its current contents, if known, and, for a cell of the captured frame
/// (its cell and free variables), its name there: the cell generated code loads
/// (`load_closure`) and stores into (`store_deref`). `made_in_trace`: a cell variable
/// of an inlined call, made by its make_cell; nobody outside the trace sees it (so a
/// function closing over it cannot outlive the trace: `created_at` and `line` are the
/// frame's instruction that made it, as for `new_object`). Without a name or that
/// flag, a cell of a closure made outside the trace.
struct cell {
    std::optional<tracker_ref> contents;
    std::string name = {};
    bool made_in_trace = false;
    std::size_t created_at = 0;
    int line = -1;

    static constexpr std::string_view family = "cell";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a cell"; }

    /// Whether a function the trace makes may close over it: a cell of the captured frame
    /// (generated code loads it) or one an inlined call made (generated code makes it).
    bool closable_by_trace() const { return !name.empty() || made_in_trace; }
    /// Its name in the captured frame, for a cell of the frame (generated code loads it).
    const std::string* frame_cell_name() const { return name.empty() ? nullptr : &name; }
    /// A cell an inlined call made is built by generated code: made empty, given its
    /// contents once what closes over it exists.
    template <class F> void for_each_part(F&& f) const {
        if (made_in_trace && contents) f(*contents);
    }
    bool built_once() const { return made_in_trace; }
    bool made_then_filled() const { return made_in_trace; }
    /// A cell an inlined call made, when the adapter cannot make cells: made in the
    /// interpreter instead (output/escape.hpp).
    template <class A, class Arena> std::optional<trackers::trace_origin> unbuilt_origin(const Arena&) const {
        if (CellMakingAdapter<A> || !made_in_trace) return std::nullopt;
        return trackers::trace_origin{created_at, line, 1};
    }
    template <class A> std::string unbuilt_reason(const char* what) const {
        return lasso::detail::join({"a function made during tracing ", what,
                                    " with a cell an inlined call made "
                                    "(generated code cannot make such cells: it is made in the interpreter)"});
    }
    /// A new empty cell (`CellMakingAdapter::new_cell`), kept in a temporary (every
    /// closure over it gets the same one), given its contents after the function whose
    /// closure made it.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        using A = typename R::adapter;
        using value = typename A::value;
        using bytecode::op;
        if (!made_in_trace) r.cannot_rebuild(self);
        if constexpr (CellMakingAdapter<A>) {
            const value& maker = r.host_function("lasso_new_cell", [] {
                return A::make_host_function("lasso_new_cell", [](std::span<const value> args) -> value {
                    if (!args.empty()) throw std::logic_error("lasso_new_cell takes no arguments");
                    return A::new_cell();
                });
            });
            r.push(op::push_null);
            r.push_value(maker);
            r.push(op::call, std::int64_t{0});
            std::string name_of_temp = r.into_temp(self);
            if (contents) r.fill_later(*contents, name_of_temp);
            r.push(op::load_fast, name_of_temp);
        } else {
            give_up(reasons::adapter_cannot,
                    "a function made in the trace outlives it with a cell an inlined call made (the adapter cannot "
                    "make cells: CellMakingAdapter::new_cell)");
        }
    }
};

} // namespace lasso::trackers
