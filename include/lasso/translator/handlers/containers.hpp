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
#include <lasso/translator/fold.hpp>
#include <lasso/translator/handlers/operators.hpp>
#include <lasso/translator/mutations.hpp>
#include <lasso/translator/step.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lasso::handlers {

template <class T> tracker_ref subscript(T& t, tracker_ref container, tracker_ref index) {
    auto* k = t.template as<trackers::constant_value>(index);
    const auto* slice = t.template as<trackers::slice>(index);
    if (const auto* items = trackers::sequence_items(t.arena(), container)) {
        const bool is_list = t.template as<trackers::list>(container) != nullptr;
        if (slice) {
            std::vector<tracker_ref> out;
            for (auto p : slice->positions(items->size())) out.push_back((*items)[p]);
            if (is_list) return t.add_tracker(trackers::list{std::move(out)});
            return t.add_tracker(trackers::tuple{std::move(out)});
        }
        auto i = k ? fold::as_int(k->value) : std::nullopt;
        if (!i) give_up("subscript of ", t.describe(container), " with ", t.describe(index), " (not an int constant)");
        auto at = normalize_index(*i, items->size());
        if (!at)
            give_up("index ", lasso::detail::decimal(*i), " is out of range for ", t.describe(container), " of length ",
                      lasso::detail::decimal(items->size()));
        return (*items)[*at];
    }
    if (auto* d = t.template as<trackers::dict>(container)) {
        if (!k) give_up("dict lookup with key ", t.describe(index));
        auto at = dict_find(t, *d, k->value);
        if (!at) give_up("key ", brief_repr(k->value), " is not in the dict");
        return d->items[*at].second;
    }
    if (t.template as<trackers::tensor<typename T::meta>>(container)) {
        if (slice) give_up("slicing a tensor is not supported yet");
        const tracker_ref args[] = {container, index};
        return t.tensor_op("getitem", args);
    }
    if (auto* g = t.template as<trackers::range>(container)) {
        auto i = k ? fold::as_int(k->value) : std::nullopt;
        if (!i) give_up("subscript of a range with ", t.describe(index));
        auto at = normalize_index(*i, g->length());
        if (!at) give_up("range index ", lasso::detail::decimal(*i), " out of range");
        return t.make_constant(g->item(*at));
    }
    if (auto* c = t.template as<trackers::constant_value>(container)) {
        if (auto* s = std::get_if<std::string>(&c->value)) {
            const auto starts = character_starts(*s);
            if (slice) {
                std::string out;
                for (auto p : slice->positions(starts.size())) out += character_at(*s, starts, p);
                return t.make_constant(std::move(out));
            }
            auto i = k ? fold::as_int(k->value) : std::nullopt;
            auto at = i ? normalize_index(*i, starts.size()) : std::nullopt;
            if (!at) give_up("subscript of ", brief_repr(c->value), " with ", t.describe(index));
            return t.make_constant(character_at(*s, starts, *at));
        }
    }
    give_up("subscript of ", t.describe(container));
}

template <class T> void store_item(T& t, tracker_ref container, tracker_ref key, std::optional<tracker_ref> item) {
    const char* what = item ? "assignment to an item" : "del of an item";
    if (!(t.template as<trackers::list>(container) || t.template as<trackers::dict>(container)))
        give_up(what, " of ", t.describe(container));
    auto* k = t.template as<trackers::constant_value>(key);
    if (!k) give_up(what, " with key ", t.describe(key));
    if (t.template as<trackers::list>(container)) {
        const auto size = t.template as<trackers::list>(container)->items.size();
        auto i = fold::as_int(k->value);
        auto at = i ? normalize_index(*i, size) : std::nullopt;
        if (!at) give_up(what, ": list index ", brief_repr(k->value), " out of range");
        mutate_contents(t, container);
        auto& items = t.template edit<trackers::list>(container)->items;
        if (item) items[*at] = *item;
        else items.erase(items.begin() + static_cast<std::ptrdiff_t>(*at));
        return;
    }
    auto at = dict_find(t, *t.template as<trackers::dict>(container), k->value);
    if (!item && !at) give_up("del of key ", brief_repr(k->value), " that is not in the dict");
    mutate_contents(t, container);
    auto& items = t.template edit<trackers::dict>(container)->items;
    if (!item) items.erase(items.begin() + static_cast<std::ptrdiff_t>(*at));
    else if (at) items[*at].second = *item;
    else items.emplace_back(key, *item);
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
        for (std::size_t i = 0; i < n; ++i) {
            const auto key = stack[first + 2 * i];
            const auto item = stack[first + 2 * i + 1];
            auto* k = t.template as<trackers::constant_value>(key);
            if (!k) give_up("dict key ", t.describe(key), " is not a constant");
            if (auto at = dict_find(t, d, k->value)) d.items[*at].second = item;
            else d.items.emplace_back(key, item);
        }
        stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
        t.push(t.add_tracker(std::move(d)));
    } else if constexpr (O == op::list_append || O == op::list_extend) {
        const auto n = t.count_arg(inst);
        if (n == 0) throw bytecode::bytecode_error("list_append/list_extend 0", inst.offset);
        auto item = t.pop();
        const auto target = t.peek(n - 1);
        if (!t.template as<trackers::list>(target))
            give_up(bytecode::name_of(O), " on ", t.describe(target), ", not a list");
        if constexpr (O == op::list_append) {
            mutate_contents(t, target);
            t.template edit<trackers::list>(target)->items.push_back(item);
        } else {
            auto extra = t.items_of(item);
            t.charge_sequence_items(extra.size());
            mutate_contents(t, target);
            auto& items = t.template edit<trackers::list>(target)->items;
            items.insert(items.end(), extra.begin(), extra.end());
        }
    } else if constexpr (O == op::list_to_tuple) {
        auto l = t.pop();
        auto* list = t.template as<trackers::list>(l);
        if (!list) give_up("list_to_tuple on ", t.describe(l));
        auto items = list->items;
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
            give_up("unpacking ", lasso::detail::decimal(items.size()), " values into ", lasso::detail::decimal(n),
                      " targets");
        for (std::size_t i = items.size(); i-- > 0;) t.push(items[i]);
    } else if constexpr (O == op::build_slice) {
        const auto n = t.count_arg(inst);
        if (n != 2 && n != 3) throw bytecode::bytecode_error("build_slice takes 2 or 3 values", inst.offset);
        t.need(n);
        std::optional<std::int64_t> bounds[3];
        for (std::size_t k = 0; k < n; ++k) {
            const tracker_ref p = stack[stack.size() - n + k];
            auto* c = t.template as<trackers::constant_value>(p);
            const bool none = c && std::holds_alternative<none_t>(c->value);
            if (!c || (!none && !fold::as_int(c->value)))
                give_up("slice bound ", t.describe(p), " is not an int constant or None");
            if (!none) bounds[k] = fold::as_int(c->value);
        }
        stack.erase(stack.end() - static_cast<std::ptrdiff_t>(n), stack.end());
        t.push(t.add_tracker(trackers::slice{bounds[0], bounds[1], bounds[2]}));
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
