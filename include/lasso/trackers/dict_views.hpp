// lasso/trackers/dict_views.hpp
//
// The family of dict views: what `d.keys()`, `d.values()` and `d.items()` return for a
// dict tracker `d`. A view reads the dict whenever it is asked (it is live, as the
// interpreter's is: a store into the dict after the view was made shows through it), so
// it holds only the dict. An iteration over a view reads the dict as it advances, and
// a change of the dict's size during it runs the frame eagerly (where the interpreter
// raises). Generated code makes a view again by calling the method on the dict.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/containers.hpp>
#include <lasso/trackers/iterators.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

struct dict_view {
    enum class which : std::uint8_t { keys, values, items };
    tracker_ref of; ///< a `dict` tracker
    which kind = which::keys;

    /// The method that makes it.
    std::string_view method() const noexcept {
        return kind == which::keys ? "keys" : kind == which::values ? "values" : "items";
    }

    static constexpr std::string_view family = "dict view";
    std::string_view value_type() const noexcept {
        return kind == which::keys ? "dict_keys" : kind == which::values ? "dict_values" : "dict_items";
    }
    template <class Names> std::string describe(const Names&, tracker_ref) const {
        return lasso::detail::join({"a '", value_type(), "' view"});
    }
    std::optional<bool> none() const { return false; }

    template <class F> void for_each_part(F&& f) const { f(of); }
    bool built_once() const { return true; }
    template <class R> void rebuild(R& r, tracker_ref self) const {
        r.emit(of);
        r.push(bytecode::op::load_method, std::string(method()));
        r.push(bytecode::op::call, std::int64_t{0});
        r.keep_if_reused(self);
    }
    /// An iterator over it that has given `given` items.
    template <class R> void rebuild_iterator(R& r, tracker_ref self, std::size_t given, std::size_t) const {
        r.emit(self);
        r.push(bytecode::op::get_iter);
        r.defer_advance(given);
    }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// Item `i` of the dict's entries as this view gives it (a key, a value, a pair).
    template <class T> tracker_ref item(T& t, std::size_t i) const {
        const auto& [key, value] = dict_of(t).items[i];
        if (kind == which::keys) return key;
        if (kind == which::values) return value;
        const tracker_ref k = key, v = value; // adding a tracker may not move the dict, but keep copies
        return t.add_tracker(tuple{{k, v}});
    }
    template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref) const {
        std::vector<tracker_ref> out;
        const std::size_t n = dict_of(t).items.size();
        for (std::size_t i = 0; i < n; ++i) out.push_back(item(t, i));
        return out;
    }
    template <class T> tracker_ref len(T& t, tracker_ref) const {
        return t.make_constant(static_cast<std::int64_t>(dict_of(t).items.size()));
    }
    /// Its truth (`if d.keys():`): whether the dict has entries now.
    template <class T> std::optional<bool> traced_truth(T& t, tracker_ref) const { return !dict_of(t).items.empty(); }
    template <class T> bool contains(T& t, tracker_ref self, tracker_ref x) const {
        if (kind == which::keys) return dict_of(t).contains(t, of, x);
        if (kind == which::values) return detail::sequence_contains(t, items_of(t, self), x);
        return item_pair_in(t, self, x);
    }
    /// `x in d.items()`, as Python answers it: `x` a pair whose key is in the dict and
    /// whose value is (or equals) the dict's value there; any other tuple, a list, a
    /// constant or a tensor is never in it.
    template <class T> bool item_pair_in(T& t, tracker_ref self, tracker_ref x) const {
        const auto* pair = sequence_items(t.arena(), x);
        if (!pair || container_kind_of(t.arena(), x) != container_kind::tuple) {
            if (pair || known_constant_of(t.arena(), x) || value_is_data(t.arena(), x)) return false;
            give_up(reasons::unsupported_operator, "'in' on ", t.describe(self), " of ", t.describe(x));
        }
        if (pair->size() != 2) return false;
        const tracker_ref key = (*pair)[0], value = (*pair)[1];
        const constant* k = key_constant_of(t.arena(), key);
        if (!k) give_up(reasons::value_not_constant, "'in' on ", t.describe(self), " with key ", t.describe(key));
        const auto at = dict_of(t).find(t, *k);
        if (!at) return false;
        return detail::items_equal(t, dict_of(t).items[*at].second, value);
    }
    /// An iterator (enumerate, zip) took its items: the dict may no longer change.
    template <class T> void copied_for_iteration(T& t, tracker_ref) const { ask_dict_frozen(t); }
    static constexpr bool iterated_live = true;
    /// An iterator that reads the dict as it advances (`next_of_iteration`).
    template <class T> tracker_ref iterate(T& t, tracker_ref self) const {
        return t.add_tracker(iterator{{}, 0, self, dict_of(t).items.size()});
    }
    /// The item at `position` of an iteration that began when the dict had `length`
    /// entries; nothing at the end.
    template <class T> std::optional<tracker_ref> next_of_iteration(T& t, std::size_t position, std::size_t length) const {
        if (dict_of(t).items.size() != length)
            give_up_frame(reasons::would_raise, "dictionary changed size during iteration");
        if (position >= length) return std::nullopt;
        return item(t, position);
    }

private:
    template <class T> const dict& dict_of(const T& t) const { return *t.template as<dict>(of); }
    template <class T> void ask_dict_frozen(T& t) const { t.template edit<dict>(of)->iterated_by_copy = true; }
};

template <class T>
std::optional<tracker_ref> dict::call_method(T& t, tracker_ref self, std::string_view name,
                                             std::span<const tracker_ref> args) const {
    if (name == "get" || name == "pop") return get_or_pop(t, self, name, args);
    const dict_view::which kind = name == "keys"     ? dict_view::which::keys
                                  : name == "values" ? dict_view::which::values
                                                     : dict_view::which::items;
    if (kind == dict_view::which::items && name != "items") return std::nullopt;
    if (!args.empty()) give_up(reasons::wrong_arguments, name, "() of ", t.describe(self), " with arguments");
    return t.add_tracker(dict_view{self, kind});
}

} // namespace lasso::trackers
