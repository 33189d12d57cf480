// lasso/trackers/constants.hpp
//
// The constant family: None, bool, int, float or str known at trace time. Operations on
// constants are folded with Python's semantics (translator/fold.hpp); generated code
// loads them again. A constant knows its truth, its length (a string's, in characters)
// and whether it is None.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace lasso::trackers {

struct constant_value {
    lasso::constant value;

    static constexpr std::string_view family = "constant";
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return lasso::detail::join({"the constant ", brief_repr(value)});
    }
    std::optional<bool> truth() const { return lasso::truth(value); }
    std::optional<std::size_t> length() const {
        if (auto* s = std::get_if<std::string>(&value)) return character_count(*s);
        return std::nullopt;
    }
    std::optional<bool> none() const { return std::holds_alternative<none_t>(value); }

    template <class R> void rebuild(R& r, tracker_ref) const { r.push_constant(value); }
};

} // namespace lasso::trackers
