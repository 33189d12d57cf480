// lasso/translator/iteration.hpp
//
// The items of an iterable known at trace time, as trackers: what unpacking, `sum`,
// `enumerate`, `zip` and unrolled loops over a whole iterable read. Each family says
// (`items_of`): tuples and lists give their items (an unread list is read first), dicts
// their keys in order, ranges and strings new constants, tensors their rows (graph
// nodes), iterators what they have not given yet. Anything else is not iterable at
// trace time: a graph break.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace lasso {

/// The items of `r` for translator `t` (the translator's `items_of`): its family's.
template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref r) {
    builder<typename T::adapter, typename T::result_type>(t.output()).read_list(r);
    if (auto items = ask::items_of(t, r)) return std::move(*items);
    give_up(reasons::value_not_constant, "iteration over ", t.describe(r));
}

} // namespace lasso
