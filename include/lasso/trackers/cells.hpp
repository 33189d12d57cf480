// lasso/trackers/cells.hpp
//
// The cell family: every closure cell of the trace is one cell tracker (seed PR
// #140153), whether it is a cell of the captured frame, of an inlined call, or of a
// closure made outside the trace (translator/cell_identity.hpp). A cell is not a value
// a program compares, so whether it is None is not known.
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
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
};

} // namespace lasso::trackers
