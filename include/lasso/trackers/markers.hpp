// lasso/trackers/markers.hpp
//
// Markers on the symbolic stack that are not values a program can name: the NULL
// pushed before a call's callable. Generated code pushes it again; nothing else is
// known of it.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>

#include <string>
#include <string_view>

namespace lasso::trackers {

/// The NULL pushed before calls.
struct null {
    static constexpr std::string_view family = "NULL";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "NULL"; }
    trackers::stack_role stack_role() const { return {trackers::stack_role::kind::null}; }
    template <class R> void rebuild(R& r, tracker_ref) const { r.push(bytecode::op::push_null); }
};

} // namespace lasso::trackers
