// lasso/translator/handlers/operators.hpp
//
// Handlers of operators: binary and unary operators, comparisons, `is` and `in`.
// Operators on constants are folded (Python's semantics, translator/fold.hpp); on
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
#include <lasso/translator/fold.hpp>
#include <lasso/translator/step.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::handlers {

/// Before the items of list or dict `r` change (translator/mutations.hpp).
template <class T> void mutate_contents(T& t, tracker_ref r);

template <class T> tracker_ref binary(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    using meta = typename T::meta;
    const auto symbol = bytecode::binary_op_text(which);
    auto* a = t.template as<trackers::constant_value>(lhs);
    auto* b = t.template as<trackers::constant_value>(rhs);
    if (a && b) {
        auto folded = fold::binary(which, a->value, b->value);
        if (!folded) give_up("constant folding of '", symbol, "' on ", brief_repr(a->value), " and ", brief_repr(b->value));
        return t.make_constant(std::move(*folded));
    }
    if (t.template as<trackers::tensor<meta>>(lhs) || t.template as<trackers::tensor<meta>>(rhs)) {
        const char* name = fold::tensor_binary_name(which);
        if (!name) give_up("operator '", symbol, "' on tensors");
        const tracker_ref args[] = {lhs, rhs};
        return t.tensor_op(name, args);
    }
    const auto plain = which % bytecode::binary_inplace_offset;
    const bool inplace = which >= bytecode::binary_inplace_offset;
    const bool lhs_list = t.template as<trackers::list>(lhs) != nullptr;
    const auto* lhs_items = trackers::sequence_items(t.arena(), lhs);
    if (plain == static_cast<std::int64_t>(bytecode::binary_operator::add) && lhs_items) {
        if (inplace && lhs_list) {
            // list += iterable extends the list in place
            auto extra = t.items_of(rhs);
            t.charge_sequence_items(extra.size());
            mutate_contents(t, lhs);
            auto& items = t.template edit<trackers::list>(lhs)->items;
            items.insert(items.end(), extra.begin(), extra.end());
            return lhs;
        }
        const bool same_kind = lhs_list ? t.template as<trackers::list>(rhs) != nullptr
                                        : t.template as<trackers::tuple>(rhs) != nullptr;
        if (!same_kind) give_up("operator '", symbol, "' on ", t.describe(lhs), " and ", t.describe(rhs));
        auto items = *lhs_items;
        const auto& more = *trackers::sequence_items(t.arena(), rhs);
        items.insert(items.end(), more.begin(), more.end());
        if (lhs_list) return t.add_tracker(trackers::list{std::move(items)});
        return t.add_tracker(trackers::tuple{std::move(items)});
    }
    if (plain == static_cast<std::int64_t>(bytecode::binary_operator::multiply) && !inplace) {
        // sequence * int, int * sequence
        tracker_ref seq = lhs, count = rhs;
        if (!trackers::sequence_items(t.arena(), seq)) std::swap(seq, count);
        auto* c = t.template as<trackers::constant_value>(count);
        const std::optional<std::int64_t> n = c ? fold::as_int(c->value) : std::nullopt;
        if (const auto* items = trackers::sequence_items(t.arena(), seq); items && n) {
            const std::size_t times = *n > 0 ? static_cast<std::size_t>(*n) : 0;
            if (!items->empty() && times > T::max_unrolled() / items->size())
                give_up("repeating a sequence ", lasso::detail::decimal(*n), " times is too long");
            std::vector<tracker_ref> out;
            out.reserve(items->size() * times);
            for (std::size_t k = 0; k < times; ++k) out.insert(out.end(), items->begin(), items->end());
            if (t.template as<trackers::list>(seq)) return t.add_tracker(trackers::list{std::move(out)});
            return t.add_tracker(trackers::tuple{std::move(out)});
        }
    }
    give_up("operator '", symbol, "' on ", t.describe(lhs), " and ", t.describe(rhs));
}

template <bytecode::op O, class T> tracker_ref unary(T& t, tracker_ref x) {
    using bytecode::op;
    constexpr const char* symbol = O == op::unary_negative ? "-" : O == op::unary_positive ? "+" : "~";
    if (auto* c = t.template as<trackers::constant_value>(x)) {
        if (auto i = fold::as_int(c->value)) {
            if constexpr (O == op::unary_negative) {
                if (*i != INT64_MIN) return t.make_constant(-*i);
            } else if constexpr (O == op::unary_positive) {
                return t.make_constant(*i);
            } else {
                return t.make_constant(~*i);
            }
        } else if (auto* d = std::get_if<double>(&c->value); d && O != op::unary_invert) {
            return t.make_constant(O == op::unary_negative ? -*d : *d);
        }
        give_up("unary '", symbol, "' on ", brief_repr(c->value));
    }
    if (t.template as<trackers::tensor<typename T::meta>>(x)) {
        const tracker_ref args[] = {x};
        return t.tensor_op(O == op::unary_negative ? "neg" : O == op::unary_positive ? "pos" : "invert", args);
    }
    give_up("unary '", symbol, "' on ", t.describe(x));
}

/// The items of a tuple or list tracker (`is_list` says which), or nullptr.
template <class T> const std::vector<tracker_ref>* sequence_items(T& t, tracker_ref r, bool& is_list) {
    is_list = false;
    if (auto* tuple = t.template as<trackers::tuple>(r)) return &tuple->items;
    if (auto* list = t.template as<trackers::list>(r)) {
        is_list = true;
        return &list->items;
    }
    return nullptr;
}

template <class T> bool is_tensor(const T& t, tracker_ref r) {
    return t.template as<trackers::tensor<typename T::meta>>(r) != nullptr;
}
template <class T> bool identical(T& t, tracker_ref a, tracker_ref b);

/// How deep `items_equal` follows tuples and lists inside tuples and lists before it
/// gives up. Python's own comparison of such nesting ends in RecursionError long after
/// this, and a list that holds itself would otherwise recurse without end.
inline constexpr std::size_t max_compared_nesting = 64;

/// Whether two items of compared sequences are equal: constants by value, tuples and
/// lists item by item. Anything else gives up (a tensor item would be asked its truth).
template <class T> bool items_equal(T& t, tracker_ref a, tracker_ref b, std::size_t depth = 0) {
    // Python compares items by identity first (one tracker is one object): a NaN, a
    // tensor or a list that holds itself equals itself without a look inside.
    if (a == b) return true;
    auto* x = t.template as<trackers::constant_value>(a);
    auto* y = t.template as<trackers::constant_value>(b);
    if (x && y) {
        // Two NaN items may still be one object: which objects they are is not known.
        auto is_nan = [](const constant& c) { return std::holds_alternative<double>(c) && std::isnan(std::get<double>(c)); };
        if (is_nan(x->value) || is_nan(y->value)) give_up("comparison of sequences holding NaN");
        return fold::equal(x->value, y->value);
    }
    if (tensor_equality_is_identity<typename T::adapter>() && (is_tensor(t, a) || is_tensor(t, b)))
        return identical(t, a, b);
    bool a_is_list = false, b_is_list = false;
    const auto* p = sequence_items(t, a, a_is_list);
    const auto* q = sequence_items(t, b, b_is_list);
    if (!p || !q) give_up("comparison of sequences holding ", t.describe(a), " and ", t.describe(b));
    if (a_is_list != b_is_list || p->size() != q->size()) return false;
    if (depth == max_compared_nesting)
        give_up("comparison of sequences nested more than ", std::to_string(max_compared_nesting), " deep");
    for (std::size_t i = 0; i < p->size(); ++i)
        if (!items_equal(t, (*p)[i], (*q)[i], depth + 1)) return false;
    return true;
}

/// `lhs <cmp> rhs` for two tuples or two lists, as Python orders them: the first items
/// that differ decide, else the lengths. Absent when they are not such a pair.
template <class T> std::optional<bool> compare_sequences(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    bool a_is_list = false, b_is_list = false;
    const auto* a = sequence_items(t, lhs, a_is_list);
    const auto* b = sequence_items(t, rhs, b_is_list);
    if (!a || !b) return std::nullopt;
    if (a_is_list != b_is_list) {
        if (which == 2 || which == 3) return which == 3; // never equal; ordering raises
        return std::nullopt;
    }
    const std::size_t common = std::min(a->size(), b->size());
    for (std::size_t i = 0; i < common; ++i) {
        const tracker_ref x = (*a)[i], y = (*b)[i];
        if (items_equal(t, x, y)) continue;
        if (which == 2 || which == 3) return which == 3;
        auto* cx = t.template as<trackers::constant_value>(x);
        auto* cy = t.template as<trackers::constant_value>(y);
        std::optional<bool> r = cx && cy ? fold::compare(which, cx->value, cy->value) : compare_sequences(t, which, x, y);
        if (!r) give_up("comparison of sequences holding ", t.describe(x), " and ", t.describe(y));
        return r;
    }
    return fold::compare(which, constant{static_cast<std::int64_t>(a->size())}, constant{static_cast<std::int64_t>(b->size())});
}

template <class T> tracker_ref compare(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    const std::string_view symbol =
        which >= 0 && which < 6 ? bytecode::symbol_of(static_cast<bytecode::compare_operator>(which)) : "?";
    auto* a = t.template as<trackers::constant_value>(lhs);
    auto* b = t.template as<trackers::constant_value>(rhs);
    if (a && b) {
        auto r = fold::compare(which, a->value, b->value);
        if (!r) give_up("comparison '", symbol, "' of ", brief_repr(a->value), " and ", brief_repr(b->value));
        return t.make_constant(*r);
    }
    using meta = typename T::meta;
    if (t.template as<trackers::tensor<meta>>(lhs) || t.template as<trackers::tensor<meta>>(rhs)) {
        if (tensor_equality_is_identity<typename T::adapter>() && (which == 2 || which == 3))
            return t.make_constant(identical(t, lhs, rhs) == (which == 2));
        const char* name = fold::tensor_compare_name(which);
        if (!name) give_up("comparison '", symbol, "' on tensors");
        const tracker_ref args[] = {lhs, rhs};
        return t.tensor_op(name, args);
    }
    if (auto r = compare_sequences(t, which, lhs, rhs)) return t.make_constant(*r);
    give_up("comparison '", symbol, "' of ", t.describe(lhs), " and ", t.describe(rhs));
}

/// The position of constant `key` among a dict tracker's keys.
template <class T> std::optional<std::size_t> dict_find(const T& t, const trackers::dict& d, const constant& key) {
    for (std::size_t i = 0; i < d.items.size(); ++i)
        if (auto* k = t.template as<trackers::constant_value>(d.items[i].first); k && fold::equal(k->value, key)) return i;
    return std::nullopt;
}

/// Whether tracker `r` stands for an object the trace made, which no value from the
/// frame can be: a list or dict built during tracing, an instance constructed in the
/// trace, or the result of a tensor
/// operation when the adapter says those are always new objects. (A tuple is not: an
/// interpreter may share equal tuple constants.)
template <class T> bool made_by_trace(T& t, tracker_ref r) {
    if (t.record(r).source) return false;
    if (t.template as<trackers::list>(r) || t.template as<trackers::dict>(r) ||
        t.template as<trackers::new_object<typename T::value>>(r) ||
        t.template as<trackers::made_function<typename T::value>>(r))
        return true;
    if (auto* x = t.template as<trackers::tensor<typename T::meta>>(r))
        return tensor_results_are_new<typename T::adapter>() &&
               t.output().graph.kind(x->node) != lasso::graph::node_kind::placeholder;
    return false;
}

/// `a is b`, when known at trace time. Two values from the frame are compared by the
/// identities the builder read, and a guard keeps the answer true for the next call
/// (the same object may be passed twice, or two objects where one was).
template <class T> bool identical(T& t, tracker_ref a, tracker_ref b) {
    if (a == b) return true;
    auto* x = t.template as<trackers::constant_value>(a);
    auto* y = t.template as<trackers::constant_value>(b);
    auto singleton = [](const trackers::constant_value* c) {
        return c && (std::holds_alternative<none_t>(c->value) || std::holds_alternative<bool>(c->value));
    };
    if (x && y) {
        if (singleton(x) || singleton(y)) return x->value.index() == y->value.index() && x->value == y->value;
        give_up("identity comparison ('is') of ", brief_repr(x->value), " and ", brief_repr(y->value));
    }
    // None, True and False are never a tensor, container, function or object.
    auto other_kind = [&](tracker_ref r) {
        return !t.template as<trackers::constant_value>(r) && t.is_none(r) == std::optional<bool>(false);
    };
    if ((singleton(x) && other_kind(b)) || (singleton(y) && other_kind(a))) return false;
    // A tensor is never a constant (the builder tracks frame tensors as tensors).
    using tensor_tracker = trackers::tensor<typename T::meta>;
    if ((t.template as<tensor_tracker>(a) && y) || (t.template as<tensor_tracker>(b) && x)) return false;
    if (made_by_trace(t, a) || made_by_trace(t, b)) return false;
    auto& out = t.output();
    const auto first = out.frame_identity(a), second = out.frame_identity(b);
    if (first && second) {
        const bool same = *first == *second;
        const source_ref one = *t.record(a).source, other = *t.record(b).source;
        for (const auto& g : out.guards)
            if (g.kind == guard_kind::same_object && ((g.source == one && g.other_source == other) ||
                                                      (g.source == other && g.other_source == one)))
                return same;
        out.add_guard(guard_kind::same_object, one, [&](auto& g) {
            g.other_source = other;
            g.expected_flag = same;
        });
        return same;
    }
    give_up("identity comparison ('is') of ", t.describe(a), " and ", t.describe(b));
}

/// `item in container`, when known at trace time.
template <class T> bool contains(T& t, tracker_ref item, tracker_ref container) {
    auto* key = t.template as<trackers::constant_value>(item);
    if (const auto* items = trackers::sequence_items(t.arena(), container)) {
        for (auto r : *items) {
            if (r == item) return true; // identity first, as Python does
            if (tensor_equality_is_identity<typename T::adapter>() && (is_tensor(t, r) || is_tensor(t, item))) {
                if (identical(t, r, item)) return true;
                continue;
            }
            auto* c = t.template as<trackers::constant_value>(r);
            if (!c || !key) give_up("'in' on a sequence of values unknown at trace time");
            if (fold::equal(key->value, c->value)) return true;
        }
        return false;
    }
    if (auto* d = t.template as<trackers::dict>(container)) {
        if (!key) give_up("dict lookup with key ", t.describe(item));
        return dict_find(t, *d, key->value).has_value();
    }
    if (auto* g = t.template as<trackers::range>(container)) {
        auto n = key ? fold::as_int(key->value) : std::nullopt;
        if (!n) give_up("'in' on a range with ", t.describe(item));
        if (g->length() == 0) return false;
        const auto offset = static_cast<std::int64_t>(static_cast<std::uint64_t>(*n) - static_cast<std::uint64_t>(g->start));
        if (g->step > 0 ? (*n < g->start || *n >= g->stop) : (*n > g->start || *n <= g->stop)) return false;
        return offset % g->step == 0;
    }
    if (auto* c = t.template as<trackers::constant_value>(container); c && key) {
        auto* text = std::get_if<std::string>(&c->value);
        auto* part = std::get_if<std::string>(&key->value);
        if (text && part) return text->find(*part) != std::string::npos;
    }
    give_up("'in' on ", t.describe(container));
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
