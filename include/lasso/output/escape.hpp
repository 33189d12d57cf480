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
// parts each family names: trackers/behaviour.hpp); each family says whether generated
// code can build its object, and where the trace made it (`unbuilt_origin`).
#pragma once

#include <lasso/reasons.hpp>
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
    std::vector<bool> seen(out.trackers.size(), false);
    // The earliest made, and of those made by one instruction the one its family puts
    // first; of equals, the first reached.
    std::optional<trackers::trace_origin> earliest;
    tracker_ref earliest_ref{};
    std::vector<tracker_ref> todo(roots.begin(), roots.end());
    while (!todo.empty()) {
        const tracker_ref r = todo.back();
        todo.pop_back();
        if (r.index >= seen.size() || seen[r.index]) continue;
        seen[r.index] = true;
        if (out.trackers[r].source) continue; // a frame value is loaded from its source
        if (const auto origin = trackers::unbuilt_origin_of<A>(out.trackers, r))
            if (!earliest || origin->at < earliest->at ||
                (origin->at == earliest->at && origin->precedence < earliest->precedence))
                earliest = origin, earliest_ref = r;
        trackers::for_each_part(out.trackers, r, [&](tracker_ref part) { todo.push_back(part); });
    }
    if (!earliest) return std::nullopt;
    return escape{earliest->at, earliest->line,
                  tagged(reasons::value_not_rebuildable, trackers::unbuilt_reason<A>(out.trackers, earliest_ref, what))};
}

} // namespace lasso::output
