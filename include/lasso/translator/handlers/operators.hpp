// lasso/translator/handlers/operators.hpp
//
// Handlers of operators: binary and unary operators, comparisons, `is` and `in`.
// Operators on constants are folded (Python's semantics, lasso/fold.hpp); on
// tensors they become graph nodes; `+` and `*` of tuples and lists build new
// containers; `is` and `in` are answered at trace time when the answer is known.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/fold.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/translator/tensor_writes.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::handlers {

/// `lhs <op> rhs`: the left operand's family answers, else the right one's, reflected.
template <class T> tracker_ref binary(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    if (auto r = write_in_place(t, which, lhs, rhs)) return *r;
    if (auto r = ask::binary(t, lhs, which, rhs, false)) return *r;
    if (auto r = ask::binary(t, rhs, which, lhs, true)) return *r;
    give_up(reasons::unsupported_operator, "operator '", bytecode::binary_op_text(which), "' on ", t.describe(lhs), " and ",
            t.describe(rhs));
}

template <bytecode::op O, class T> tracker_ref unary(T& t, tracker_ref x) {
    if (auto r = ask::unary(t, x, O)) return *r;
    give_up(reasons::unsupported_operator, "unary '",
            O == bytecode::op::unary_negative   ? "-"
            : O == bytecode::op::unary_positive ? "+"
                                                : "~",
            "' on ", t.describe(x));
}

template <class T> tracker_ref compare(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    if (auto r = ask::compare(t, lhs, which, rhs, false)) return *r;
    if (auto r = ask::compare(t, rhs, which, lhs, true)) return *r;
    give_up(reasons::unsupported_operator, "comparison '", fold::compare_symbol(which), "' of ", t.describe(lhs), " and ",
            t.describe(rhs));
}

/// `a is b`, when known at trace time. Two values from the frame are compared by the
/// identities the builder read, and a guard keeps the answer true for the next call
/// (the same object may be passed twice, or two objects where one was).
template <class T> bool identical(T& t, tracker_ref a, tracker_ref b) {
    if (a == b) return true;
    const constant* x = trackers::known_constant_of(t.arena(), a);
    const constant* y = trackers::known_constant_of(t.arena(), b);
    auto singleton = [](const constant* c) {
        return c && (std::holds_alternative<none_t>(*c) || std::holds_alternative<bool>(*c));
    };
    if (x && y) {
        if (singleton(x) || singleton(y)) return x->index() == y->index() && *x == *y;
        give_up(reasons::unsupported_operator, "identity comparison ('is') of ", brief_repr(*x), " and ", brief_repr(*y));
    }
    // None, True and False are never a tensor, container, function or object.
    auto other_kind = [&](tracker_ref r) {
        return !trackers::known_constant_of(t.arena(), r) && t.is_none(r) == std::optional<bool>(false);
    };
    if ((singleton(x) && other_kind(b)) || (singleton(y) && other_kind(a))) return false;
    // A tensor is never a constant (the builder tracks frame tensors as tensors).
    if ((trackers::value_is_data(t.arena(), a) && y) || (trackers::value_is_data(t.arena(), b) && x)) return false;
    if (ask::made_by_trace(t, a) || ask::made_by_trace(t, b)) return false;
    auto& out = t.output();
    const auto first = out.frame_identity(a), second = out.frame_identity(b);
    if (first && second) {
        const bool same = *first == *second;
        const source_ref one = *t.record(a).source, other = *t.record(b).source;
        for (const auto& g : out.guards)
            if (g.kind == guard_kind::same_object &&
                ((g.source == one && g.other_source == other) || (g.source == other && g.other_source == one)))
                return same;
        out.add_guard(guard_kind::same_object, one, [&](auto& g) {
            g.other_source = other;
            g.expected_flag = same;
        });
        return same;
    }
    give_up(reasons::unsupported_operator, "identity comparison ('is') of ", t.describe(a), " and ", t.describe(b));
}

/// `item in container`, when known at trace time.
template <class T> bool contains(T& t, tracker_ref item, tracker_ref container) {
    if (auto r = ask::contains(t, container, item)) return *r;
    give_up(reasons::unsupported_operator, "'in' on ", t.describe(container));
}

template <bytecode::op O, class T> step operators(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    if constexpr (O == op::binary_op) {
        auto rhs = t.pop();
        auto lhs = t.pop();
        t.push(binary(t, inst.arg, lhs, rhs));
    } else if constexpr (O == op::unary_negative || O == op::unary_positive || O == op::unary_invert) {
        t.push(unary<O>(t, t.pop()));
    } else if constexpr (O == op::unary_not) {
        const bool truth = t.truth_of(t.pop(), "truth value of a tensor (not on a tensor)");
        t.push(t.make_constant(!truth));
    } else if constexpr (O == op::compare_op) {
        auto rhs = t.pop();
        auto lhs = t.pop();
        t.push(compare(t, inst.arg, lhs, rhs));
    } else if constexpr (O == op::is_op) {
        auto rhs = t.pop();
        auto lhs = t.pop();
        t.push(t.make_constant(identical(t, lhs, rhs) != (inst.arg != 0)));
    } else if constexpr (O == op::contains_op) {
        auto container = t.pop();
        auto item = t.pop();
        t.push(t.make_constant(contains(t, item, container) != (inst.arg != 0)));
    }
    return next{};
}

} // namespace lasso::handlers
