// lasso/trackers/markers.hpp
//
// Markers on the symbolic stack that are not values a program can name: the NULL
// pushed before a call's callable. Generated code pushes it again; nothing else is
// known of it.
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <string>
#include <string_view>

namespace lasso::trackers {

/// The NULL pushed before calls.
struct null {
    static constexpr std::string_view family = "NULL";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "NULL"; }
};

} // namespace lasso::trackers
