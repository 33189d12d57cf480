// lasso/trackers/containers.hpp
//
// The container family: tuples, lists and dicts whose items are trackers, and lists
// read from the frame whose items the trace has not needed yet. A container made in
// the trace is built again by generated code from its items where it outlives the
// trace; one read from the frame is loaded again from its source (and a change to it
// is a side effect the generated code replays: translator/mutations.hpp). A container
// knows its truth and length (an unread list does not: reading them would read it).
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/fold.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/iterators.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <span>
#include <string_view>
#include <vector>

namespace lasso::trackers {

namespace detail {
template <class T>
std::optional<tracker_ref> sequence_binary(T& t, tracker_ref self, container_kind kind, std::int64_t which,
                                           tracker_ref other, bool reflected);
template <class T> std::optional<bool> compare_sequences(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs);
template <class T>
tracker_ref sequence_subscript(T& t, tracker_ref self, const std::vector<tracker_ref>& items, container_kind kind,
                               tracker_ref index);
template <class T> bool sequence_contains(T& t, std::vector<tracker_ref> items, tracker_ref item);
template <class T> std::optional<std::size_t> sequence_index(T& t, const std::vector<tracker_ref>& items, tracker_ref item);
} // namespace detail

/// A tuple or a list: its items, in order. The two families answer alike but where a
/// list's mutability matters (`requires` on the members only a list has).
/// `iterated_by_copy` (lists): enumerate() or zip() took the items for an iterator
/// (which, in the interpreter, would see later changes): the list may no longer change.
template <container_kind Kind> struct sequence {
    static_assert(Kind == container_kind::tuple || Kind == container_kind::list);
    static constexpr bool is_list = Kind == container_kind::list;

    std::vector<tracker_ref> items;
    bool iterated_by_copy = false;

    static constexpr std::string_view family = is_list ? "list" : "tuple";
    static constexpr container_kind container = Kind;
    std::string_view value_type() const { return family; }
    template <class Names> std::string describe(const Names&, tracker_ref) const { return is_list ? "a list" : "a tuple"; }
    template <class F> void for_each_value(F&& f) const {
        for (tracker_ref item : items) f(item);
    }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }
    const std::vector<tracker_ref>* sequence_items() const { return &items; }

    template <class F> void for_each_part(F&& f) const {
        for (tracker_ref item : items) f(item);
    }
    bool built_once() const { return true; }
    static constexpr bool built_from_parts = true;
    /// A list that holds itself through containers (`l.append(l)`) is made empty and
    /// filled once it exists (`fill`); a tuple cannot be filled after it is made, so one
    /// on such a cycle is built once the lists it holds exist (empty until filled).
    template <class R> void rebuild(R& r, tracker_ref self) const {
        if constexpr (is_list)
            if (r.holds_itself(self)) return r.build_empty(self, bytecode::op::build_list);
        r.build_from_parts(self, is_list ? bytecode::op::build_list : bytecode::op::build_tuple, items.size(), [&] {
            for (tracker_ref item : items) r.emit(item);
        });
    }
    /// With the list made empty on the stack: appends its items, in order.
    template <class R> void fill(R& r, tracker_ref) const requires is_list {
        for (tracker_ref item : items) r.append_item(item);
    }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    template <class T>
    std::optional<tracker_ref> binary(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        return detail::sequence_binary(t, self, container, which, other, reflected);
    }
    template <class T>
    std::optional<tracker_ref> compare(T& t, tracker_ref self, std::int64_t which, tracker_ref other, bool reflected) const {
        auto r =
            reflected ? detail::compare_sequences(t, which, other, self) : detail::compare_sequences(t, which, self, other);
        if (!r) return std::nullopt;
        return t.make_constant(*r);
    }
    template <class T> tracker_ref subscript(T& t, tracker_ref self, tracker_ref index) const {
        return detail::sequence_subscript(t, self, items, container, index);
    }
    template <class T> bool contains(T& t, tracker_ref, tracker_ref item) const {
        return detail::sequence_contains(t, items, item);
    }
    template <class T> std::vector<tracker_ref> items_of(T&, tracker_ref) const { return items; }
    /// A list the trace made is no frame value; a tuple may be (an interpreter may share
    /// equal tuple constants).
    template <class T> bool made_by_trace(T& t, tracker_ref self) const {
        return is_list && !t.record(self).source.has_value();
    }
    /// A list iterator reads the list as it goes (changes made during the loop count); a
    /// tuple's iterates over its items.
    template <class T> tracker_ref iterate(T& t, tracker_ref self) const {
        if constexpr (is_list) return t.add_tracker(iterator{{}, 0, self, 0});
        else return t.add_tracker(iterator{items, 0, {}, 0});
    }
    /// A tuple of values known at trace time (`isinstance(n, (int, float))`), when the
    /// adapter can make tuples; a list (`'-'.join(parts)`), a new one with the items it
    /// has now, when it can make lists.
    template <class T> std::optional<typename T::value> pure_value(T& t, tracker_ref, int depth) const {
        using A = typename T::adapter;
        using value = typename T::value;
        constexpr bool can_make = is_list ? requires(std::vector<value> v) { A::make_list(std::move(v)); }
                                          : requires(std::vector<value> v) { A::make_tuple(std::move(v)); };
                                          if constexpr (can_make) {
                                              if (depth >= 8) return std::nullopt;
                                              std::vector<value> values;
                                              for (tracker_ref item : items) {
                                                  auto v = t.pure_value(item, depth + 1);
                                                  if (!v) return std::nullopt;
                                                  values.push_back(std::move(*v));
                                              }
                                              if constexpr (is_list) return A::make_list(std::move(values));
                                              else return A::make_tuple(std::move(values));
                                          } else {
                                              (void)t, (void)depth;
                                              return std::nullopt;
                                          }
    }

    // ---- a list's own ------------------------------------------------------------------

    std::string_view alias_kind() const requires is_list { return "list"; }
    /// `self[key] = item`, or `del self[key]` without `item`.
    template <class T>
    void store_item(T& t, tracker_ref self, tracker_ref key, std::optional<tracker_ref> item) const requires is_list {
        const char* what = item ? "assignment to an item" : "del of an item";
        const constant* k = key_constant_of(t.arena(), key);
        if (!k) give_up(reasons::value_not_constant, what, " with key ", t.describe(key));
        auto i = fold::as_int(*k);
        auto at = i ? fold::normalize_index(*i, items.size()) : std::nullopt;
        if (!at) give_up(reasons::would_raise, what, ": list index ", brief_repr(*k), " out of range");
        t.mutate_contents(self);
        auto& now = t.template edit<sequence>(self)->items;
        if (item) now[*at] = *item;
        else now.erase(now.begin() + static_cast<std::ptrdiff_t>(*at));
    }
    /// The items it had on entry, for the side-effect record (translator/mutations.hpp).
    std::optional<std::vector<tracker_ref>> entry_items() const requires is_list { return items; }
    /// enumerate() or zip() took its items: it may no longer change.
    bool frozen() const requires is_list { return iterated_by_copy; }
    static constexpr bool iterated_live = is_list;
    /// The item at `position` of a loop over the list, as it is now; nothing at the end.
    template <class T>
    std::optional<tracker_ref> next_of_iteration(T&, std::size_t position, std::size_t) const requires is_list {
        if (position >= items.size()) return std::nullopt;
        return items[position];
    }
    template <class T> void copied_for_iteration(T& t, tracker_ref self) const requires is_list {
        t.template edit<sequence>(self)->iterated_by_copy = true;
    }
    /// `append`, `extend`, `insert` and `pop`, as Python's (`args` without self).
    template <class T>
    std::optional<tracker_ref> call_method(T& t, tracker_ref self, std::string_view name,
                                           std::span<const tracker_ref> args) const requires is_list {
        auto arity = [&](std::size_t low, std::size_t high) {
            if (args.size() < low || args.size() > high)
                give_up(reasons::wrong_arguments, name, "() of ", t.describe(self), " with ",
                        lasso::detail::decimal(args.size()), " arguments");
        };
        auto index_argument = [&](tracker_ref r) -> std::int64_t {
            const constant* c = key_constant_of(t.arena(), r);
            auto i = c ? fold::as_int(*c) : std::nullopt;
            if (!i)
                give_up(reasons::value_not_constant, name, "() of a list with index ", t.describe(r),
                        " (not an int constant)");
            return *i;
        };
        const std::size_t size = items.size();
        if (name == "append" || name == "extend") {
            arity(1, 1);
            const std::vector<tracker_ref> extra =
                name == "append" ? std::vector<tracker_ref>{args[0]} : t.items_of(args[0]);
            if (name == "extend") t.charge_sequence_items(extra.size());
            t.mutate_contents(self);
            auto& now = t.template edit<sequence>(self)->items;
            now.insert(now.end(), extra.begin(), extra.end());
        } else if (name == "insert") {
            arity(2, 2);
            // Python clamps the position to the list.
            const auto n = static_cast<std::int64_t>(size);
            std::int64_t at = index_argument(args[0]);
            if (at < 0) at = at + n < 0 ? 0 : at + n;
            if (at > n) at = n;
            t.mutate_contents(self);
            auto& now = t.template edit<sequence>(self)->items;
            now.insert(now.begin() + static_cast<std::ptrdiff_t>(at), args[1]);
        } else if (name == "pop") {
            arity(0, 1);
            const std::int64_t i = args.size() == 1 ? index_argument(args[0]) : -1;
            if (size == 0) give_up(reasons::would_raise, "pop() of an empty list");
            const auto at = fold::normalize_index(i, size);
            if (!at) give_up(reasons::would_raise, "pop() index ", lasso::detail::decimal(i), " out of range");
            t.mutate_contents(self);
            auto& now = t.template edit<sequence>(self)->items;
            const tracker_ref popped = now[*at];
            now.erase(now.begin() + static_cast<std::ptrdiff_t>(*at));
            return popped;
        } else if (name == "index") {
            arity(1, 1);
            if (auto at = detail::sequence_index(t, items, args[0])) return t.make_constant(static_cast<std::int64_t>(*at));
            give_up(reasons::would_raise, "index() of ", t.describe(args[0]), ", which the list does not hold");
        } else {
            return std::nullopt;
        }
        return t.make_constant(constant{none_t{}});
    }
    /// An iterator over the list itself, advanced once the list has its final items
    /// (after side effects are replayed: `advance_list_iterators`).
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const requires is_list {
        if (given > items.size()) give_up(reasons::internal_error, "a list iterator is past the end of its list");
        r.emit(self);
        r.push(bytecode::op::get_iter);
        r.defer_advance(given);
    }
};

using tuple = sequence<container_kind::tuple>;
using list = sequence<container_kind::list>;

struct dict {
    std::vector<std::pair<tracker_ref, tracker_ref>> items; ///< insertion order
    bool iterated_by_copy = false;                          ///< as a list's: an iterator took its keys or values

    bool frozen() const { return iterated_by_copy; }
    static constexpr bool iterated_live = true;
    template <class T> void copied_for_iteration(T& t, tracker_ref self) const {
        t.template edit<dict>(self)->iterated_by_copy = true;
    }

    static constexpr std::string_view family = "dict";
    std::string_view value_type() const { return "dict"; }
    std::string_view alias_kind() const { return "dict"; }
    template <class F> void for_each_value(F&& f) const {
        for (const auto& [key, item] : items) f(item);
    }
    static constexpr container_kind container = container_kind::dict;
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a dict"; }
    std::optional<bool> truth() const { return !items.empty(); }
    std::optional<std::size_t> length() const { return items.size(); }
    std::optional<bool> none() const { return false; }

    /// Keys and values, in build order: key, value, key, value, ...
    template <class F> void for_each_part(F&& f) const {
        for (const auto& [key, item] : items) {
            f(key);
            f(item);
        }
    }
    bool built_once() const { return true; }
    static constexpr bool built_from_parts = true;
    /// A dict that holds itself through containers (`d["k"] = d`) is made empty and
    /// filled once it exists (`fill`), in key order.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        if (r.holds_itself(self)) return r.build_empty(self, bytecode::op::build_map);
        r.build_from_parts(self, bytecode::op::build_map, items.size(), [&] {
            for (const auto& [key, item] : items) {
                r.emit(key);
                r.emit(item);
            }
        });
    }
    /// With the dict made empty on the stack: stores its items, in order.
    template <class R> void fill(R& r, tracker_ref) const {
        for (const auto& [key, item] : items) r.store_item(key, item);
    }
    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// The position of constant `key` among its keys.
    template <class T> std::optional<std::size_t> find(const T& t, const constant& key) const {
        for (std::size_t i = 0; i < items.size(); ++i)
            if (const constant* k = key_constant_of(t.arena(), items[i].first); k && fold::equal(*k, key)) return i;
        return std::nullopt;
    }
    /// `self[key] = item` while it is being built (a display, `dict(...)`): the key
    /// must be a constant; a key equal to one already there keeps its place.
    template <class T> void put(const T& t, tracker_ref key, tracker_ref item) {
        const constant* k = key_constant_of(t.arena(), key);
        if (!k) give_up(reasons::value_not_constant, "dict key ", t.describe(key), " is not a constant");
        if (auto at = find(t, *k)) items[*at].second = item;
        else items.emplace_back(key, item);
    }
    template <class T> tracker_ref subscript(T& t, tracker_ref, tracker_ref index) const {
        const constant* k = key_constant_of(t.arena(), index);
        if (!k) give_up(reasons::value_not_constant, "dict lookup with key ", t.describe(index));
        auto at = find(t, *k);
        if (!at) give_up(reasons::would_raise, "key ", brief_repr(*k), " is not in the dict");
        return items[*at].second;
    }
    template <class T> bool contains(T& t, tracker_ref, tracker_ref item) const {
        const constant* k = key_constant_of(t.arena(), item);
        if (!k) give_up(reasons::value_not_constant, "dict lookup with key ", t.describe(item));
        return find(t, *k).has_value();
    }
    template <class T> void store_item(T& t, tracker_ref self, tracker_ref key, std::optional<tracker_ref> item) const {
        const constant* k = key_constant_of(t.arena(), key);
        if (!k)
            give_up(reasons::unsupported_mutation, item ? "assignment to an item" : "del of an item", " with key ",
                    t.describe(key));
        auto at = find(t, *k);
        if (!item && !at) give_up(reasons::would_raise, "del of key ", brief_repr(*k), " that is not in the dict");
        t.mutate_contents(self);
        auto& now = t.template edit<dict>(self)->items;
        if (!item) now.erase(now.begin() + static_cast<std::ptrdiff_t>(*at));
        else if (at) now[*at].second = *item;
        else now.emplace_back(key, *item);
    }
    /// Its keys, in order.
    template <class T> std::vector<tracker_ref> items_of(T&, tracker_ref) const {
        std::vector<tracker_ref> keys;
        keys.reserve(items.size());
        for (const auto& kv : items) keys.push_back(kv.first);
        return keys;
    }
    /// A dict iterator reads the keys in order, and fails if the dict's size changes.
    template <class T> tracker_ref iterate(T& t, tracker_ref self) const {
        return t.add_tracker(iterator{{}, 0, self, items.size()});
    }
    /// The key at `position` of a loop that began with `length` entries; nothing at the
    /// end. The interpreter raises if the size changed: the frame runs eagerly.
    template <class T> std::optional<tracker_ref> next_of_iteration(T&, std::size_t position, std::size_t length) const {
        if (items.size() != length) give_up_frame(reasons::would_raise, "dictionary changed size during iteration");
        if (position >= length) return std::nullopt;
        return items[position].first;
    }
    template <class T> bool made_by_trace(T& t, tracker_ref self) const { return !t.record(self).source.has_value(); }
    /// `get` and `pop` with a constant key, as Python's (`args` without self); `keys`,
    /// `values` and `items`, views of it (dict_views.hpp).
    template <class T>
    std::optional<tracker_ref> call_method(T& t, tracker_ref self, std::string_view name,
                                           std::span<const tracker_ref> args) const;
    template <class T>
    std::optional<tracker_ref> get_or_pop(T& t, tracker_ref self, std::string_view name,
                                          std::span<const tracker_ref> args) const {
        if (args.empty() || args.size() > 2)
            give_up(reasons::wrong_arguments, name, "() of ", t.describe(self), " with ",
                    lasso::detail::decimal(args.size()), " arguments");
        const constant* key = key_constant_of(t.arena(), args[0]);
        if (!key)
            give_up(reasons::value_not_constant, name, "() of a dict with key ", t.describe(args[0]), " (not a constant)");
        const auto at = find(t, *key);
        if (!at) {
            if (args.size() == 2) return args[1];
            if (name == "get") return t.make_constant(constant{none_t{}});
            give_up(reasons::would_raise, "pop() of key ", brief_repr(*key), ", which the dict does not have");
        }
        const tracker_ref found = items[*at].second;
        if (name == "pop") {
            t.mutate_contents(self);
            auto& now = t.template edit<dict>(self)->items;
            now.erase(now.begin() + static_cast<std::ptrdiff_t>(*at));
        }
        return found;
    }
    /// The keys and values it had on entry, for the side-effect record.
    std::optional<std::vector<tracker_ref>> entry_items() const {
        std::vector<tracker_ref> out;
        for (const auto& [key, item] : items) {
            out.push_back(key);
            out.push_back(item);
        }
        return out;
    }

    /// An iterator over the dict's keys, advanced once the dict has its final items.
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        r.emit(self);
        r.push(bytecode::op::get_iter);
        r.defer_advance(given);
    }
};

/// A list read from the frame whose items the trace has not needed yet (only appended
/// to): guarded on its type alone, so a list that grows between calls does not
/// recompile. `appended` are the items the trace added at its end. It becomes a `list`
/// (its items read and its length guarded) as soon as an instruction consumes it for
/// anything else (translator/unread_lists.hpp). Only with `python_container_methods`.
template <class Value> struct unread_list {
    Value obj;
    std::vector<tracker_ref> appended;
    int depth = 0; ///< how deep in the frame value it was found (the builder's limit)

    static constexpr std::string_view family = "list";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a list"; }
    std::optional<bool> none() const { return false; }
    static constexpr bool unread = true;
    std::string_view alias_kind() const { return "list"; }
    /// Its items on entry are not known (it was never read): replay extends it.
    std::optional<std::vector<tracker_ref>> entry_items() const { return std::nullopt; }
    /// `append` and `extend` add to it unread; any other method reads it first.
    template <class T>
    std::optional<tracker_ref> call_method(T& t, tracker_ref self, std::string_view name,
                                           std::span<const tracker_ref> args) const {
        if (name != "append" && name != "extend") {
            if (name != "insert" && name != "pop" && name != "index") return std::nullopt;
            t.read_list(self); // now a list
            return std::get_if<list>(&t.record(self).data)->call_method(t, self, name, args);
        }
        if (args.size() != 1)
            give_up(reasons::wrong_arguments, name, "() of ", t.describe(self), " with ",
                    lasso::detail::decimal(args.size()), " arguments");
        const std::vector<tracker_ref> extra = name == "append" ? std::vector<tracker_ref>{args[0]} : t.items_of(args[0]);
        t.charge_sequence_items(extra.size());
        t.mutate_contents(self);
        auto& appended = t.template edit<unread_list>(self)->appended;
        appended.insert(appended.end(), extra.begin(), extra.end());
        return t.make_constant(constant{none_t{}});
    }
};

namespace detail {

template <class T> tracker_ref make_sequence(T& t, container_kind kind, std::vector<tracker_ref> items) {
    if (kind == container_kind::list) return t.add_tracker(list{std::move(items)});
    return t.add_tracker(tuple{std::move(items)});
}

/// `self + other` of two tuples or two lists (a new one); `list += iterable` (the list
/// extended in place); `self * n` and `n * self` (a new one).
template <class T>
std::optional<tracker_ref> sequence_binary(T& t, tracker_ref self, container_kind kind, std::int64_t which,
                                           tracker_ref other, bool reflected) {
    const auto plain = which % bytecode::binary_inplace_offset;
    const bool inplace = which >= bytecode::binary_inplace_offset;
    if (plain == static_cast<std::int64_t>(bytecode::binary_operator::add) && !reflected) {
        if (inplace && kind == container_kind::list) {
            auto extra = t.items_of(other);
            t.charge_sequence_items(extra.size());
            t.mutate_contents(self);
            auto& items = t.template edit<list>(self)->items;
            items.insert(items.end(), extra.begin(), extra.end());
            return self;
        }
        if (container_kind_of(t.arena(), other) != kind) return std::nullopt;
        auto items = *sequence_items(t.arena(), self);
        const auto& more = *sequence_items(t.arena(), other);
        items.insert(items.end(), more.begin(), more.end());
        return make_sequence(t, kind, std::move(items));
    }
    if (plain == static_cast<std::int64_t>(bytecode::binary_operator::multiply) && !inplace) {
        const constant* c = known_constant_of(t.arena(), other);
        const std::optional<std::int64_t> n = c ? fold::as_int(*c) : std::nullopt;
        if (!n) return std::nullopt;
        const auto& items = *sequence_items(t.arena(), self);
        const std::size_t times = *n > 0 ? static_cast<std::size_t>(*n) : 0;
        if (!items.empty() && times > T::max_unrolled() / items.size())
            give_up(reasons::trace_too_long, "repeating a sequence ", lasso::detail::decimal(*n), " times is too long");
        std::vector<tracker_ref> out;
        out.reserve(items.size() * times);
        for (std::size_t k = 0; k < times; ++k) out.insert(out.end(), items.begin(), items.end());
        return make_sequence(t, kind, std::move(out));
    }
    return std::nullopt;
}

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
    if (auto sizes = size_pair(t.arena(), a, b)) return compare_sizes(sizes->first, sizes->second, 2);
    const constant* x = known_constant_of(t.arena(), a);
    const constant* y = known_constant_of(t.arena(), b);
    if (x && y) {
        // Two NaN items may still be one object: which objects they are is not known.
        auto is_nan = [](const constant& c) { return std::holds_alternative<double>(c) && std::isnan(std::get<double>(c)); };
        if (is_nan(*x) || is_nan(*y)) give_up(reasons::would_raise, "comparison of sequences holding NaN");
        return fold::equal(*x, *y);
    }
    if (user_equality(t, a) || user_equality(t, b))
        give_up(reasons::unsupported_operator, "comparison of sequences holding ", t.describe(a), " and ", t.describe(b),
                " (an item's class defines __eq__)");
    // A value whose `==` is identity (a tensor, a plain object, a class) is no constant.
    if (t.equal_by_identity(a) || t.equal_by_identity(b)) return !x && !y && t.identical(a, b);
    const auto* p = sequence_items(t.arena(), a);
    const auto* q = sequence_items(t.arena(), b);
    if (!p || !q)
        give_up(reasons::unsupported_operator, "comparison of sequences holding ", t.describe(a), " and ", t.describe(b));
    if (container_kind_of(t.arena(), a) != container_kind_of(t.arena(), b) || p->size() != q->size()) return false;
    if (depth == max_compared_nesting)
        give_up(reasons::trace_too_long, "comparison of sequences nested more than ", std::to_string(max_compared_nesting),
                " deep");
    for (std::size_t i = 0; i < p->size(); ++i)
        if (!items_equal(t, (*p)[i], (*q)[i], depth + 1)) return false;
    return true;
}

/// `lhs <cmp> rhs` for two tuples or two lists, as Python orders them: the first items
/// that differ decide, else the lengths. Absent when they are not such a pair.
template <class T> std::optional<bool> compare_sequences(T& t, std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
    const auto* a = sequence_items(t.arena(), lhs);
    const auto* b = sequence_items(t.arena(), rhs);
    if (!a || !b) return std::nullopt;
    if (container_kind_of(t.arena(), lhs) != container_kind_of(t.arena(), rhs)) {
        if (which == 2 || which == 3) return which == 3; // never equal; ordering raises
        return std::nullopt;
    }
    const std::size_t common = std::min(a->size(), b->size());
    for (std::size_t i = 0; i < common; ++i) {
        const tracker_ref x = (*a)[i], y = (*b)[i];
        if (items_equal(t, x, y)) continue;
        if (which == 2 || which == 3) return which == 3;
        if (auto sizes = size_pair(t.arena(), x, y)) return compare_sizes(sizes->first, sizes->second, which);
        const constant* cx = known_constant_of(t.arena(), x);
        const constant* cy = known_constant_of(t.arena(), y);
        std::optional<bool> r = cx && cy ? fold::compare(which, *cx, *cy) : compare_sequences(t, which, x, y);
        if (!r)
            give_up(reasons::unsupported_operator, "comparison of sequences holding ", t.describe(x), " and ",
                    t.describe(y));
        return r;
    }
    return fold::compare(which, constant{static_cast<std::int64_t>(a->size())},
                         constant{static_cast<std::int64_t>(b->size())});
}

/// An item (constant index, counting from the end when negative) or a slice (a new
/// tuple or list) of a tuple or list.
template <class T>
tracker_ref sequence_subscript(T& t, tracker_ref self, const std::vector<tracker_ref>& items, container_kind kind,
                               tracker_ref index) {
    if (auto positions = slice_positions(t.arena(), index, items.size())) {
        std::vector<tracker_ref> out;
        for (auto p : *positions) out.push_back(items[p]);
        return make_sequence(t, kind, std::move(out));
    }
    const constant* k = key_constant_of(t.arena(), index);
    auto i = k ? fold::as_int(*k) : std::nullopt;
    if (!i)
        give_up(reasons::value_not_constant, "subscript of ", t.describe(self), " with ", t.describe(index),
                " (not an int constant)");
    auto at = fold::normalize_index(*i, items.size());
    if (!at)
        give_up(reasons::would_raise, "index ", lasso::detail::decimal(*i), " is out of range for ", t.describe(self),
                " of length ", lasso::detail::decimal(items.size()));
    return items[*at];
}

/// `item in` a tuple or list: identity first, as Python does, then equality of constants
/// (or identity, for values whose `==` is identity).
template <class T> bool sequence_contains(T& t, std::vector<tracker_ref> items, tracker_ref item) {
    return sequence_index(t, items, item).has_value();
}

/// The position of the first of `items` that is or equals `item` (`list.index`, `in`).
template <class T> std::optional<std::size_t> sequence_index(T& t, const std::vector<tracker_ref>& items, tracker_ref item) {
    const constant* key = known_constant_of(t.arena(), item);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const tracker_ref r = items[i];
        if (r == item) return i;
        const constant* c = known_constant_of(t.arena(), r);
        if (user_equality(t, r) || user_equality(t, item))
            give_up(reasons::unsupported_operator, "'in' or index() comparing ", t.describe(item), " and ", t.describe(r),
                    " (a class that defines __eq__)");
        if (t.equal_by_identity(r) || t.equal_by_identity(item)) {
            // Such a value (a tensor, a plain object, a class) is no constant.
            if (!c && !key && t.identical(r, item)) return i;
            continue;
        }
        if (!c || !key)
            give_up(reasons::value_not_constant, "'in' or index() on a sequence of values unknown at trace time");
        if (fold::equal(*key, *c)) return i;
    }
    return std::nullopt;
}

} // namespace detail

} // namespace lasso::trackers
