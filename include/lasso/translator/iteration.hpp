// lasso/translator/iteration.hpp
//
// The items of an iterable known at trace time, as trackers: what unpacking, `sum`,
// `enumerate`, `zip` and unrolled loops over a whole iterable read. Tuples and lists
// give their items (an unread list is read first), dicts their keys in order, ranges
// and strings new constants, tensors their rows (graph nodes), iterators what they
// have not given yet. Anything else is not iterable at trace time: a graph break.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace lasso {

/// The items of `r` for translator `t` (the translator's `items_of`).
template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref r) {
    using A = typename T::adapter;
    using value = typename T::value;
    auto& out = t.output();
    if (t.template as<trackers::unread_list<value>>(r)) builder<A, typename T::result_type>(out).read_list(r);
    if (auto* items = trackers::sequence_items(out.trackers, r)) return *items;
    if (auto* d = t.template as<trackers::dict>(r)) {
        std::vector<tracker_ref> keys;
        keys.reserve(d->items.size());
        for (const auto& kv : d->items) keys.push_back(kv.first);
        return keys;
    }
    if (auto* it = t.template as<trackers::iterator>(r)) {
        if (!it->lazy && it->position <= it->items.size())
            return std::vector<tracker_ref>(it->items.begin() + static_cast<std::ptrdiff_t>(it->position), it->items.end());
        if (auto* list = it->lazy ? t.template as<trackers::list>(*it->lazy) : nullptr)
            return std::vector<tracker_ref>(
                list->items.begin() + static_cast<std::ptrdiff_t>(std::min(it->position, list->items.size())), list->items.end());
        if (auto* d = it->lazy ? t.template as<trackers::dict>(*it->lazy) : nullptr) {
            if (d->items.size() != it->length) give_up_frame("dictionary changed size during iteration");
            std::vector<tracker_ref> keys;
            for (std::size_t i = it->position; i < d->items.size(); ++i) keys.push_back(d->items[i].first);
            return keys;
        }
        give_up("unpacking a partly consumed lazy iterator is not supported");
    }
    if (auto* g = t.template as<trackers::range>(r)) {
        const trackers::range range = *g;
        const std::size_t n = range.length();
        if (n > T::max_unrolled()) give_up("a range of ", lasso::detail::decimal(n), " items is too long to unroll");
        std::vector<tracker_ref> items;
        items.reserve(n);
        for (std::size_t i = 0; i < n; ++i) items.push_back(t.make_constant(range.item(i)));
        return items;
    }
    if (auto* c = t.template as<trackers::constant_value>(r)) {
        if (auto* s = std::get_if<std::string>(&c->value)) {
            // As for a range: a string longer than a loop may unroll is not split into
            // one constant per character (a megabyte string would make a million).
            const auto starts = character_starts(*s);
            if (starts.size() > T::max_unrolled())
                give_up("a string of ", lasso::detail::decimal(starts.size()), " characters is too long to unroll");
            std::vector<tracker_ref> items;
            items.reserve(starts.size());
            // `*s` stays where it is while trackers are added (records never move).
            for (std::size_t i = 0; i < starts.size(); ++i) items.push_back(t.make_constant(character_at(*s, starts, i)));
            return items;
        }
    }
    if (auto* tensor = t.template as<trackers::tensor<typename T::meta>>(r)) {
        const auto n = t.tensor_length(*tensor);
        std::vector<tracker_ref> rows;
        for (std::size_t i = 0; i < n; ++i) rows.push_back(t.tensor_row(r, i));
        return rows;
    }
    give_up("iteration over ", t.describe(r));
}

} // namespace lasso
