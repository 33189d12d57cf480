// lasso/trackers/constants.hpp
//
// The constant family: None, bool, int, float or str known at trace time. Operations on
// constants are folded with Python's semantics (lasso/fold.hpp); generated code
// loads them again. A constant knows its truth, its length (a string's, in characters)
// and whether it is None.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/fold.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <type_traits>

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
    const lasso::constant* known_constant() const { return &value; }
    /// The name of its type, as a program would see it (comptime's `python_type`).
    std::string_view value_type() const {
        return std::visit(
            [](const auto& v) -> std::string_view {
                using V = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<V, none_t>) return "NoneType";
                else if constexpr (std::is_same_v<V, bool>) return "bool";
                else if constexpr (std::is_same_v<V, std::int64_t>) return "int";
                else if constexpr (std::is_same_v<V, double>) return "float";
                else return "str";
            },
            value);
    }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// `self <op> other` folded when both are constants (`other <op> self` when
    /// `reflected`): Python's arithmetic; what would raise in Python gives up.
    template <class T>
    std::optional<tracker_ref> binary(T& t, tracker_ref, std::int64_t which, tracker_ref other, bool reflected) const {
        const constant* c = known_constant_of(t.arena(), other);
        if (!c) return std::nullopt;
        const constant& a = reflected ? *c : value;
        const constant& b = reflected ? value : *c;
        auto folded = fold::binary(which, a, b);
        if (!folded)
            give_up(reasons::unsupported_operator, "constant folding of '", bytecode::binary_op_text(which), "' on ",
                    brief_repr(a), " and ", brief_repr(b));
        return t.make_constant(std::move(*folded));
    }
    template <class T> std::optional<tracker_ref> unary(T& t, tracker_ref, bytecode::op o) const {
        using bytecode::op;
        if (auto i = fold::as_int(value)) {
            if (o == op::unary_negative && *i != INT64_MIN) return t.make_constant(-*i);
            if (o == op::unary_positive) return t.make_constant(*i);
            if (o == op::unary_invert) return t.make_constant(~*i);
        } else if (auto* d = std::get_if<double>(&value); d && o != op::unary_invert) {
            return t.make_constant(o == op::unary_negative ? -*d : *d);
        }
        give_up(reasons::unsupported_operator, "unary '",
                o == op::unary_negative   ? "-"
                : o == op::unary_positive ? "+"
                                          : "~",
                "' on ", brief_repr(value));
    }
    /// A comparison folded when both are constants.
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref, std::int64_t which, tracker_ref other, bool reflected) const {
        const constant* c = known_constant_of(t.arena(), other);
        if (!c) return std::nullopt;
        const constant& a = reflected ? *c : value;
        const constant& b = reflected ? value : *c;
        auto r = fold::compare(which, a, b);
        if (!r)
            give_up(reasons::unsupported_operator, "comparison '", fold::compare_symbol(which), "' of ", brief_repr(a),
                    " and ", brief_repr(b));
        return t.make_constant(*r);
    }
    /// A string's character or slice (Python counts characters, not bytes).
    template <class T> tracker_ref subscript(T& t, tracker_ref self, tracker_ref index) const {
        const auto* s = std::get_if<std::string>(&value);
        if (!s) give_up(reasons::value_not_constant, "subscript of ", t.describe(self));
        const auto starts = character_starts(*s);
        if (auto positions = slice_positions(t.arena(), index, starts.size())) {
            std::string out;
            for (auto p : *positions) out += character_at(*s, starts, p);
            return t.make_constant(std::move(out));
        }
        const constant* k = known_constant_of(t.arena(), index);
        auto i = k ? fold::as_int(*k) : std::nullopt;
        auto at = i ? fold::normalize_index(*i, starts.size()) : std::nullopt;
        if (!at) give_up(reasons::value_not_constant, "subscript of ", brief_repr(value), " with ", t.describe(index));
        return t.make_constant(character_at(*s, starts, *at));
    }
    /// `part in self` for strings.
    template <class T> bool contains(T& t, tracker_ref self, tracker_ref item) const {
        const constant* key = known_constant_of(t.arena(), item);
        const auto* text = std::get_if<std::string>(&value);
        const auto* part = key ? std::get_if<std::string>(key) : nullptr;
        if (!text || !part) give_up(reasons::unsupported_operator, "'in' on ", t.describe(self));
        return text->find(*part) != std::string::npos;
    }
    /// A string's characters, as constants. A string longer than a loop may unroll is
    /// not split into one constant per character (a megabyte string would make a
    /// million), as for a range.
    template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref self) const {
        const auto* s = std::get_if<std::string>(&value);
        if (!s) give_up(reasons::value_not_constant, "iteration over ", t.describe(self));
        const auto starts = character_starts(*s);
        if (starts.size() > T::max_unrolled())
            give_up(reasons::trace_too_long, "a string of ", lasso::detail::decimal(starts.size()),
                    " characters is too long to unroll");
        std::vector<tracker_ref> out;
        out.reserve(starts.size());
        for (std::size_t i = 0; i < starts.size(); ++i) out.push_back(t.make_constant(character_at(*s, starts, i)));
        return out;
    }
    /// The value a pure builtin is called with at trace time.
    template <class T> std::optional<typename T::value> pure_value(T&, tracker_ref, int) const {
        return T::adapter::value_of_constant(value);
    }
};

} // namespace lasso::trackers
