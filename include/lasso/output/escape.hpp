// lasso/output/escape.hpp
//
// Some objects made during tracing exist only in the trace: cells an inlined call
// made, which functions made in the trace close over, when the adapter cannot make
// cells (`CellMakingAdapter`), and instances of user classes whose `__init__` was
// inlined (`trackers::new_object`) when the adapter cannot make bare instances
// (`InstanceAdapter`); with those, generated code builds them. Exceptions the trace
// raised too (`trackers::exception_object`): calling their class again would not make
// what the raise recorded in them (CPython's `__traceback__`). When one would outlive the trace (returned, or live at a graph break, directly or inside a
// container, an iterator or another object made in the trace), the capture is made
// again with the graph break moved to where the earliest of them was made: it is
// then made in the interpreter, and the code after it sees a real object.
// `escaping_object` finds that point, walking what generated code would rebuild (the
// parts each family names: trackers/behaviour.hpp).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lasso::output {

/// Where the graph breaks instead: the instruction number (as
/// `translation::frame_instruction` counts) and line of the frame's instruction that made the
/// object, and the reason to report (tagged with its id, lasso/reasons.hpp).
struct escape {
    std::size_t at = 0;
    int line = -1;
    std::string reason;
};

/// The earliest made of the new objects reachable from `roots`, if any; `what` says
/// how the roots outlive the trace ("is returned", "is live at the graph break").
template <class A, class Output>
std::optional<escape> escaping_object(const Output& out, std::span<const tracker_ref> roots, const char* what) {
    using value = typename A::value;
    std::vector<bool> seen(out.trackers.size(), false);
    const trackers::new_object<value>* earliest = nullptr;
    const trackers::cell* earliest_cell = nullptr;
    const trackers::exception_object<value>* earliest_raised = nullptr;
    std::vector<tracker_ref> todo(roots.begin(), roots.end());
    while (!todo.empty()) {
        const tracker_ref r = todo.back();
        todo.pop_back();
        if (r.index >= seen.size() || seen[r.index]) continue;
        seen[r.index] = true;
        if (out.trackers[r].source) continue; // a frame value is loaded from its source
        if (auto* o = out.trackers.template get_if<trackers::new_object<value>>(r)) {
            // Generated code builds it when the adapter makes bare instances and its
            // class can be loaded (trackers/objects.hpp).
            const bool rebuilt = InstanceAdapter<A> && out.trackers[o->class_tracker].source.has_value();
            if (!rebuilt && (!earliest || o->created_at < earliest->created_at)) earliest = o;
        } else if (auto* c = out.trackers.template get_if<trackers::cell>(r)) {
            if (!CellMakingAdapter<A> && c->made_in_trace && (!earliest_cell || c->created_at < earliest_cell->created_at))
                earliest_cell = c;
        } else if (auto* x = out.trackers.template get_if<trackers::exception_object<value>>(r)) {
            if (x->raised && (!earliest_raised || x->created_at < earliest_raised->created_at)) earliest_raised = x;
        }
        trackers::for_each_part(out.trackers, r, [&](tracker_ref part) { todo.push_back(part); });
    }
    std::optional<escape> first;
    const auto consider = [&](std::size_t at, int line, const std::string& reason) {
        if (!first || at < first->at) first = escape{at, line, tagged(reasons::value_not_rebuildable, reason)};
    };
    if (earliest)
        consider(earliest->created_at, earliest->line,
                 lasso::detail::join({"an object of class '", A::builtin_name(earliest->cls), "' made during tracing ", what,
                                      " (objects made in the trace cannot be built by generated code yet: "
                                      "it is made in the interpreter)"}));
    if (earliest_cell)
        consider(earliest_cell->created_at, earliest_cell->line,
                 lasso::detail::join({"a function made during tracing ", what,
                                      " with a cell an inlined call made "
                                      "(generated code cannot make such cells: it is made in the interpreter)"}));
    if (earliest_raised)
        consider(earliest_raised->created_at, earliest_raised->line,
                 lasso::detail::join({"an exception of class '", A::builtin_name(earliest_raised->cls),
                                      "' raised during tracing ", what,
                                      " (a new one would lack what the raise recorded: it is made in the interpreter)"}));
    return first;
}

} // namespace lasso::output
