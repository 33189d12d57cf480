// lasso/translator/conversions.hpp
//
// Builtins that make a container from an iterable known at trace time, and those that
// order items: `list`, `tuple`, `dict`, `sorted`, `min` and `max`. The items are the
// ones iteration gives (`items_of`: a tuple's, a list's, a dict's keys, a range's, a
// string's characters, a tensor's rows). Items are ordered by the comparison operators
// as the interpreter's builtins order them (`>` for max, `<` for min and sorted), each
// comparison asked of the items' families: constants fold, and symbolic sizes answer
// with a recorded relation, so `max(x.shape[0], 3)` stays the size `s0` under the guard
// `s0 > 3` rather than being specialized. Tensors are never ordered at trace time
// (their order is data).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/handlers/containers.hpp>
#include <lasso/translator/handlers/operators.hpp>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso::handlers {

/// Whether `a <which> b` holds, for a builtin that orders items (`what` names it).
template <class T> bool ordered(T& t, std::string_view what, std::int64_t which, tracker_ref a, tracker_ref b) {
    for (tracker_ref r : {a, b}) {
        if (trackers::value_is_data(t.arena(), r))
            give_up(reasons::data_dependent_value, what, "() of ", t.describe(r), " (its order is data)");
        const constant* c = trackers::known_constant_of(t.arena(), r);
        // NaN is unordered: the interpreter's answer depends on its algorithm's order.
        if (c && std::holds_alternative<double>(*c) && std::isnan(std::get<double>(*c)))
            give_up(reasons::would_raise, what, "() of NaN");
    }
    return t.truth_of(compare(t, which, a, b), "ordering of tensors");
}

/// The positional arguments of a call whose keyword arguments are the last
/// `kw_names.size()` of `args`.
inline std::span<const tracker_ref> positional(std::span<const tracker_ref> args, const std::vector<std::string>& kw_names) {
    return args.first(args.size() - kw_names.size());
}

/// `min(...)` or `max(...)`: the first item that no later item is less (greater) than.
template <class T> tracker_ref call_min_max(T& t, std::string_view what, bool max, std::span<const tracker_ref> args) {
    if (args.empty()) give_up(reasons::wrong_arguments, what, "() takes at least one argument");
    const std::vector<tracker_ref> items =
        args.size() == 1 ? t.items_of(args[0]) : std::vector<tracker_ref>(args.begin(), args.end());
    if (items.empty()) give_up(reasons::would_raise, what, "() of an empty sequence");
    tracker_ref best = items[0];
    for (std::size_t i = 1; i < items.size(); ++i)
        if (ordered(t, what, max ? 4 : 0, items[i], best)) best = items[i];
    return best;
}

/// `sorted(iterable[, reverse=flag])`: a new list, sorted stably by `<`.
template <class T>
tracker_ref call_sorted(T& t, std::span<const tracker_ref> args, const std::vector<std::string>& kw_names) {
    bool reverse = false;
    for (std::size_t k = 0; k < kw_names.size(); ++k) {
        if (kw_names[k] != "reverse")
            give_up(reasons::call_form_unsupported, "sorted() with keyword argument '", kw_names[k], "'");
        reverse = t.truth_of(args[args.size() - kw_names.size() + k], "sorted() with reverse= a tensor");
    }
    const auto given = positional(args, kw_names);
    if (given.size() != 1) give_up(reasons::wrong_arguments, "sorted() takes one positional argument");
    std::vector<tracker_ref> items = t.items_of(given[0]);
    // Python sorts a reversed sort as if each comparison were reversed, keeping equal
    // items in their order.
    std::stable_sort(items.begin(), items.end(), [&](tracker_ref a, tracker_ref b) {
        return reverse ? ordered(t, "sorted", 0, b, a) : ordered(t, "sorted", 0, a, b);
    });
    return t.add_tracker(trackers::list{std::move(items)});
}

/// `dict()`, `dict(mapping)`, `dict(pairs)`, each with keyword arguments added after.
template <class T> tracker_ref call_dict(T& t, std::span<const tracker_ref> args, const std::vector<std::string>& kw_names) {
    const auto given = positional(args, kw_names);
    if (given.size() > 1) give_up(reasons::wrong_arguments, "dict() takes at most one positional argument");
    trackers::dict d;
    if (given.size() == 1) {
        const tracker_ref from = given[0];
        const bool mapping = trackers::container_kind_of(t.arena(), from) == trackers::container_kind::dict;
        for (tracker_ref item : t.items_of(from)) {
            if (mapping) {
                d.put(t, item, subscript(t, from, item));
                continue;
            }
            const std::vector<tracker_ref> pair = t.items_of(item);
            if (pair.size() != 2)
                give_up(reasons::would_raise, "dict() of an item of ", std::to_string(pair.size()), " values (not a pair)");
            d.put(t, pair[0], pair[1]);
        }
    }
    for (std::size_t k = 0; k < kw_names.size(); ++k) d.put(t, t.make_constant(kw_names[k]), args[given.size() + k]);
    return t.add_tracker(std::move(d));
}

/// A call of `list`, `tuple`, `dict`, `sorted`, `min` or `max` (`kind`).
template <class T>
tracker_ref call_conversion(T& t, builtin_kind kind, std::string_view what, std::span<const tracker_ref> args,
                            const std::vector<std::string>& kw_names) {
    if (kind == builtin_kind::dict) return call_dict(t, args, kw_names);
    if (kind == builtin_kind::sorted) return call_sorted(t, args, kw_names);
    if (!kw_names.empty()) give_up(reasons::call_form_unsupported, what, "() with keyword arguments is not supported yet");
    if (kind == builtin_kind::min || kind == builtin_kind::max)
        return call_min_max(t, what, kind == builtin_kind::max, args);
    if (args.size() > 1) give_up(reasons::wrong_arguments, what, "() takes at most one argument");
    // A tuple is immutable: `tuple(t)` is `t` itself.
    if (kind == builtin_kind::tuple && !args.empty() &&
        trackers::container_kind_of(t.arena(), args[0]) == trackers::container_kind::tuple)
        return args[0];
    std::vector<tracker_ref> items = args.empty() ? std::vector<tracker_ref>{} : t.items_of(args[0]);
    if (kind == builtin_kind::list) return t.add_tracker(trackers::list{std::move(items)});
    return t.add_tracker(trackers::tuple{std::move(items)});
}

} // namespace lasso::handlers
