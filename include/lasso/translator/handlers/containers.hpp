// lasso/translator/handlers/containers.hpp
//
// Handlers of containers: building tuples, lists, dicts and slices, list append and
// extend, unpacking, and subscripts (reads with constant indexes, keys and slices;
// stores and deletes). A change to a container from the frame is a side effect,
// recorded (translator/mutations.hpp) and replayed after the graph.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/fold.hpp>
#include <lasso/translator/handlers/operators.hpp>
#include <lasso/translator/ask.hpp>
#include <lasso/translator/mutations.hpp>
#include <lasso/translator/step.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lasso::handlers {

template <class T> tracker_ref subscript(T& t, tracker_ref container, tracker_ref index) {
    if (auto r = ask::subscript(t, container, index)) return *r;
    give_up(reasons::value_not_constant, "subscript of ", t.describe(container));
}

template <class T> void store_item(T& t, tracker_ref container, tracker_ref key, std::optional<tracker_ref> item) {
    if (!ask::store_item(t, container, key, item))
        give_up(reasons::unsupported_mutation, item ? "assignment to an item" : "del of an item", " of ",
                t.describe(container));
}

template <bytecode::op O, class T> step containers(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    auto& stack = t.state().stack;
    if constexpr (O == op::build_tuple || O == op::build_list) {
        const auto n = t.count_arg(inst);
        t.need(n);
        std::vector<tracker_ref> items(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
        stack.erase(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
        if constexpr (O == op::build_tuple) t.push(t.add_tracker(trackers::tuple{std::move(items)}));
        else t.push(t.add_tracker(trackers::list{std::move(items)}));
    } else if constexpr (O == op::build_map) {
        const auto n = t.count_arg(inst);
        t.need(2 * n);
        const std::size_t first = stack.size() - 2 * n;
        trackers::dict d;
        d.items.reserve(n);
        for (std::size_t i = 0; i < n; ++i) d.put(t, stack[first + 2 * i], stack[first + 2 * i + 1]);
        stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
        t.push(t.add_tracker(std::move(d)));
    } else if constexpr (O == op::list_append || O == op::list_extend) {
        // What a list display or comprehension builds: always a list the trace made.
        const auto n = t.count_arg(inst);
        if (n == 0) throw bytecode::bytecode_error("list_append/list_extend 0", inst.offset);
        auto item = t.pop();
        const auto target = t.peek(n - 1);
        if (trackers::container_kind_of(t.arena(), target) != trackers::container_kind::list)
            give_up(reasons::value_not_constant, bytecode::name_of(O), " on ", t.describe(target), ", not a list");
        const std::vector<tracker_ref> extra = O == op::list_append ? std::vector<tracker_ref>{item} : t.items_of(item);
        if constexpr (O == op::list_extend) t.charge_sequence_items(extra.size());
        t.mutate_contents(target);
        auto& items = t.template edit<trackers::list>(target)->items;
        items.insert(items.end(), extra.begin(), extra.end());
    } else if constexpr (O == op::list_to_tuple) {
        auto l = t.pop();
        if (trackers::container_kind_of(t.arena(), l) != trackers::container_kind::list)
            give_up(reasons::value_not_constant, "list_to_tuple on ", t.describe(l));
        auto items = *trackers::sequence_items(t.arena(), l);
        t.push(t.add_tracker(trackers::tuple{std::move(items)}));
    } else if constexpr (O == op::unpack_sequence) {
        const auto n = t.count_arg(inst);
        auto seq = t.pop();
        std::vector<tracker_ref> items;
        try {
            items = t.items_of(seq);
        } catch (unsupported& u) {
            u.reason.insert(0, "unpacking: ");
            throw;
        }
        if (items.size() != n)
            give_up(reasons::would_raise, "unpacking ", lasso::detail::decimal(items.size()), " values into ",
                    lasso::detail::decimal(n), " targets");
        for (std::size_t i = items.size(); i-- > 0;) t.push(items[i]);
    } else if constexpr (O == op::build_slice) {
        const auto n = t.count_arg(inst);
        if (n != 2 && n != 3) throw bytecode::bytecode_error("build_slice takes 2 or 3 values", inst.offset);
        t.need(n);
        std::optional<std::int64_t> bounds[3];
        std::vector<tracker_ref> symbolic;
        for (std::size_t k = 0; k < n; ++k) {
            const tracker_ref p = stack[stack.size() - n + k];
            if (trackers::size_value_of(t.arena(), p)) {
                // A symbolic size: kept as its tracker, for a tensor's subscript.
                symbolic.assign(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
                continue;
            }
            const constant* c = trackers::known_constant_of(t.arena(), p);
            const bool none = c && std::holds_alternative<none_t>(*c);
            if (!c || (!none && !fold::as_int(*c)))
                give_up(reasons::value_not_constant, "slice bound ", t.describe(p), " is not an int constant or None");
            if (!none) bounds[k] = fold::as_int(*c);
        }
        stack.erase(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
        t.push(t.add_tracker(trackers::slice{bounds[0], bounds[1], bounds[2], std::move(symbolic)}));
    } else if constexpr (O == op::binary_subscr) {
        auto index = t.pop();
        auto container = t.pop();
        t.push(subscript(t, container, index));
    } else if constexpr (O == op::store_subscr || O == op::delete_subscr) {
        auto key = t.pop();
        auto container = t.pop();
        std::optional<tracker_ref> item;
        if constexpr (O == op::store_subscr) item = t.pop();
        store_item(t, container, key, item);
    }
    return next{};
}

} // namespace lasso::handlers
