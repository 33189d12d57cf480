// lasso/trackers/sizes.hpp
//
// The size family: an int the trace knows as a symbolic size (`x.shape[0]`, `len(x)`,
// `n * 2 + 1` of those) when the input's dimension is dynamic (lasso/symbolic/). Its
// arithmetic with ints and other sizes stays symbolic; a comparison, or its truth, is
// answered with the traced sizes and recorded as a guard (unless the symbols' ranges
// decide it). Where a concrete int is unavoidable (a pure builtin's argument, float
// arithmetic, bit operations) the size is specialized: a guard that it equals its traced
// value. It is rebuilt as a graph output, which the compiled graph computes from the
// call's sizes: the int a caller or a resume function sees is the call's, never the
// traced one.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/fold.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/symbolic/sym_int.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace lasso::trackers {

/// `a <which> b` for two sizes (the comparison operators' numbering), recorded as a
/// guard unless the ranges decide it.
inline bool compare_sizes(const sym_int& a, const sym_int& b, std::int64_t which) {
    switch (which) {
    case 0: return a < b;
    case 1: return a <= b;
    case 2: return a == b;
    case 3: return a != b;
    case 4: return a > b;
    default: return a >= b;
    }
}

struct symbolic_size {
    sym_int value; ///< symbolic (a constant size is a constant tracker)

    explicit symbolic_size(sym_int v) : value(std::move(v)) {}

    static constexpr std::string_view family = "size";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "the size " + value.text(); }
    /// `n != 0`: known from the ranges, or recorded.
    std::optional<bool> truth() const { return static_cast<bool>(value != 0); }
    std::optional<bool> none() const { return false; }
    std::string_view value_type() const { return "int"; }

    template <class R> void rebuild(R& r, tracker_ref) const { r.push_size(value); }
    /// What a tensor operation takes it as: the size itself.
    const sym_int* size_value() const { return &value; }
    /// A graph output the compiled graph computes from the call's sizes.
    std::optional<lasso::graph::argument> graph_value() const { return lasso::graph::argument(value); }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// Arithmetic with an int or another size. Operators sizes do not model (`/`, `**`
    /// with a symbolic exponent, bit operations) and float operands specialize the size
    /// and fold; a tensor operand is the tensor's to answer.
    template <class T>
    std::optional<tracker_ref> binary(T& t, tracker_ref, std::int64_t which, tracker_ref other, bool reflected) const {
        const std::optional<sym_int> o = size_operand(t, other);
        const auto op = static_cast<bytecode::binary_operator>(which % bytecode::binary_inplace_offset);
        using B = bytecode::binary_operator;
        if (o) {
            const sym_int& a = reflected ? *o : value;
            const sym_int& b = reflected ? value : *o;
            switch (op) {
            case B::add: return make(t, a + b);
            case B::subtract: return make(t, a - b);
            case B::multiply: return make(t, a * b);
            case B::floor_divide: return make(t, floor_div(a, b));
            case B::remainder: return make(t, mod(a, b));
            case B::power:
                if (auto e = b.constant(); e && *e >= 0 && *e <= 8) {
                    sym_int r = 1;
                    for (std::int64_t k = 0; k < *e; ++k) r = r * a;
                    return make(t, r);
                }
                break;
            default: break;
            }
        }
        const constant* c = known_constant_of(t.arena(), other);
        if (!c) return std::nullopt; // a tensor, or something else that answers for itself
        const constant self_value = specialize();
        auto folded = fold::binary(which, reflected ? *c : self_value, reflected ? self_value : *c);
        if (!folded)
            give_up(reasons::symbolic_size, "'", bytecode::binary_op_text(which), "' on the size ", value.text(), " and ",
                    brief_repr(*c));
        return t.make_constant(std::move(*folded));
    }

    template <class T> std::optional<tracker_ref> unary(T& t, tracker_ref, bytecode::op o) const {
        using bytecode::op;
        if (o == op::unary_negative) return make(t, -value);
        if (o == op::unary_positive) return make(t, value);
        return t.make_constant(~specialize_int());
    }

    /// A comparison with an int or a size: a recorded relation. With another constant
    /// (a float), the size is specialized.
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref, std::int64_t which, tracker_ref other, bool reflected) const {
        if (which < 0 || which > 5) return std::nullopt;
        if (const std::optional<sym_int> o = size_operand(t, other)) {
            const sym_int& a = reflected ? *o : value;
            const sym_int& b = reflected ? value : *o;
            return t.make_constant(compare_sizes(a, b, which));
        }
        const constant* c = known_constant_of(t.arena(), other);
        if (!c) return std::nullopt;
        const constant self_value = specialize();
        auto r = fold::compare(which, reflected ? *c : self_value, reflected ? self_value : *c);
        if (!r)
            give_up(reasons::symbolic_size, "comparison '", fold::compare_symbol(which), "' of the size ", value.text(),
                    " and ", brief_repr(*c));
        return t.make_constant(*r);
    }

    /// The value a pure builtin is called with: the traced int, guarded.
    template <class T> std::optional<typename T::value> pure_value(T&, tracker_ref, int) const {
        return T::adapter::value_of_constant(specialize());
    }

    /// The traced value, guarded (`s0 == 5`).
    constant specialize() const { return constant{value.specialize()}; }
    /// The same, kept with the tracker: what a key or index lookup compares.
    const constant* specialized() const {
        if (!specialized_) specialized_ = specialize();
        return &*specialized_;
    }
    std::int64_t specialize_int() const { return value.specialize(); }

private:
    mutable std::optional<constant> specialized_;

    /// `other` as a size: a size tracker's, or an int or bool constant's (bool is an int).
    template <class T> static std::optional<sym_int> size_operand(T& t, tracker_ref other) {
        if (const auto* s = t.arena().template get_if<symbolic_size>(other)) return s->value;
        if (const constant* c = known_constant_of(t.arena(), other))
            if (auto i = fold::as_int(*c)) return sym_int(*i);
        return std::nullopt;
    }

    template <class T> static tracker_ref make(T& t, const sym_int& s);
};

/// A symbolic size and an int (or two sizes), for comparisons of sequences that hold
/// them: nothing unless at least one of `a`, `b` is a symbolic size and the other is a
/// size or an int.
template <class Arena>
std::optional<std::pair<sym_int, sym_int>> size_pair(const Arena& arena, tracker_ref a, tracker_ref b) {
    auto size_of = [&](tracker_ref r) -> std::optional<sym_int> {
        if (const auto* s = arena.template get_if<symbolic_size>(r)) return s->value;
        if (const constant* c = known_constant_of(arena, r))
            if (auto i = fold::as_int(*c)) return sym_int(*i);
        return std::nullopt;
    };
    if (!arena.template get_if<symbolic_size>(a) && !arena.template get_if<symbolic_size>(b)) return std::nullopt;
    auto x = size_of(a), y = size_of(b);
    if (!x || !y) return std::nullopt;
    return std::pair{*x, *y};
}

/// An int the trace needs as a concrete value (a loop count, an index): an int or bool
/// constant's value, or a symbolic size specialized (guarded to equal its traced value).
template <class Arena> std::optional<std::int64_t> concrete_int(const Arena& arena, tracker_ref r) {
    if (const constant* c = known_constant_of(arena, r)) return fold::as_int(*c);
    if (const auto* s = arena.template get_if<symbolic_size>(r)) return s->specialize_int();
    return std::nullopt;
}

/// The constant a key or an index is: a constant's, or a symbolic size's traced value
/// (specialized, guarded). Nothing for anything else.
template <class Arena> const constant* key_constant_of(const Arena& arena, tracker_ref r) {
    if (const constant* c = known_constant_of(arena, r)) return c;
    if (const auto* s = arena.template get_if<symbolic_size>(r)) return s->specialized();
    return nullptr;
}

/// A tracker for size `s`: a constant when it is one.
template <class T> tracker_ref size_tracker(T& t, const sym_int& s) {
    if (auto c = s.constant()) return t.make_constant(*c);
    return t.add_tracker(symbolic_size{s});
}

template <class T> tracker_ref symbolic_size::make(T& t, const sym_int& s) { return size_tracker(t, s); }

} // namespace lasso::trackers
