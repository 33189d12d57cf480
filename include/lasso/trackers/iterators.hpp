// lasso/trackers/iterators.hpp
//
// The family of ranges and iterators: `range(...)` with constant bounds, a slice made
// by build_slice, and iterators over items known at trace time (loops over them are
// unrolled). A range knows its length and truth without making its items; an iterator
// is always true. Generated code makes a range again by the builtin that made it, and
// an iterator from the items it has not given yet, or again by the call that made it.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/fold.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/sizes.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

/// An iterator over known items (unrolled loops): the items and the position. When
/// `lazy` is set, the items are made on demand from it instead (a range tracker: its
/// numbers; a tensor tracker: its rows), and `length` is their number; or read from it
/// (a list tracker: its items as they are when the iterator advances, as a list
/// iterator reads them, `length` unused; a dict tracker: its keys in order, `length`
/// its size when iteration began, which it must keep).
///
/// `call`, when not empty, is the builtin call that made it (the builtin's tracker,
/// then its arguments: `enumerate(l)`, `zip(a, b)` over a list): the interpreter's
/// iterator reads the list as it goes, so generated code makes it again by that call
/// and advances it, instead of from `items`, a copy.
struct iterator {
    std::vector<tracker_ref> items;
    std::size_t position = 0;
    std::optional<tracker_ref> lazy;
    std::size_t length = 0;
    std::vector<tracker_ref> call = {};

    std::size_t size() const noexcept { return lazy ? length : items.size(); }

    static constexpr std::string_view family = "iterator";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "an iterator"; }
    std::optional<bool> truth() const { return true; }
    std::optional<bool> none() const { return false; }

    /// The call that made it; else the items it has not given; else what it reads.
    template <class F> void for_each_part(F&& f) const {
        if (!call.empty())
            for (tracker_ref part : call) f(part);
        else if (!lazy)
            for (std::size_t i = position; i < items.size(); ++i) f(items[i]);
        else f(*lazy);
    }
    bool built_once() const { return true; }
    /// Made again where it is live at a graph break (a returned iterator is not: its
    /// type would change): by the builtin call that made it (`enumerate(l)` over a list,
    /// advanced once the list has its final items), from the items it has not given,
    /// or by what it reads (a range, a list, a dict, the rows of a tensor) asked for an
    /// iterator that has given as many.
    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    /// The items it has not given yet: its own, or those of the list or dict it reads
    /// (the dict must not have changed size).
    template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref) const {
        if (!lazy && position <= items.size())
            return std::vector<tracker_ref>(items.begin() + static_cast<std::ptrdiff_t>(position), items.end());
        if (lazy) {
            switch (container_kind_of(t.arena(), *lazy).value_or(container_kind::tuple)) {
            case container_kind::list: {
                const auto& read = *sequence_items(t.arena(), *lazy);
                return std::vector<tracker_ref>(read.begin() + static_cast<std::ptrdiff_t>(std::min(position, read.size())),
                                                read.end());
            }
            case container_kind::dict: { // its keys
                auto keys = t.items_of(*lazy);
                if (keys.size() != length) give_up_frame(reasons::would_raise, "dictionary changed size during iteration");
                return std::vector<tracker_ref>(keys.begin() + static_cast<std::ptrdiff_t>(std::min(position, keys.size())),
                                                keys.end());
            }
            case container_kind::tuple: break;
            }
        }
        give_up(reasons::value_not_constant, "unpacking a partly consumed lazy iterator is not supported");
    }
    template <class T> tracker_ref iterate(T&, tracker_ref self) const { return self; }
    /// `for_iter` on it: the next item, or nothing at the end; advances it (through
    /// `t.edit`, saved for a checkpoint's restore). What it reads as it advances gives
    /// the item (a list, a dict, a dict view, a range: `next_of_iteration`); else its
    /// own items, or the rows of the tensor it reads.
    template <class T> std::optional<tracker_ref> next_item(T& t, tracker_ref self) const {
        if (lazy) {
            const auto item = family_answer<std::optional<std::optional<tracker_ref>>>(
                t.arena(), *lazy,
                [&](const auto& x) -> decltype(x.next_of_iteration(t, position, length)) {
                    return x.next_of_iteration(t, position, length);
                },
                std::nullopt);
            if (item) {
                if (*item) t.template edit<iterator>(self)->position++;
                return *item;
            }
        }
        if (position >= size()) return std::nullopt;
        const std::size_t i = t.template edit<iterator>(self)->position++;
        if (!lazy) return items[i];
        return t.tensor_row(*lazy, i);
    }
    /// What `__iter__` must return (trackers/special_methods.hpp).
    static constexpr bool is_iterator = true;

    template <class R> void rebuild(R& r, tracker_ref self) const {
        using bytecode::op;
        if (!r.rebuilds_iterators()) r.cannot_rebuild(self);
        if (!call.empty()) {
            for (std::size_t i = 1; i < call.size(); ++i)
                if (const auto* read = sequence_items(r.output().trackers, call[i]); read && position > read->size())
                    give_up(reasons::internal_error, "an iterator over a list is past the end of the list");
            if (!r.output().trackers[call[0]].source)
                give_up(reasons::value_not_rebuildable, "the builtin that made an iterator has no source");
            r.push(op::push_null);
            for (tracker_ref part : call) r.emit(part);
            r.push(op::call, static_cast<std::int64_t>(call.size() - 1));
            r.defer_advance(position);
        } else if (!lazy) {
            for (std::size_t i = position; i < items.size(); ++i) r.emit(items[i]);
            r.push(op::build_tuple, static_cast<std::int64_t>(items.size() > position ? items.size() - position : 0));
            r.push(op::get_iter);
        } else {
            r.emit_iterator_of(*lazy, position, length);
        }
        r.keep_if_reused(self);
    }
};

/// range(start, stop, step) with constant bounds; `maker` is the builtin the trace
/// called to make it, which generated code calls again (output/reconstruct.hpp).
struct range {
    std::int64_t start = 0, stop = 0, step = 1;
    std::optional<tracker_ref> maker = std::nullopt;

    /// The number of items (step is never zero).
    std::size_t length() const noexcept {
        if (step > 0 && start < stop) {
            const auto diff = static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start);
            return static_cast<std::size_t>((diff - 1) / static_cast<std::uint64_t>(step) + 1);
        }
        if (step < 0 && start > stop) {
            const auto diff = static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
            const auto magnitude = std::uint64_t{0} - static_cast<std::uint64_t>(step);
            return static_cast<std::size_t>((diff - 1) / magnitude + 1);
        }
        return 0;
    }
    /// Item `i` (i < length()), computed without signed overflow.
    std::int64_t item(std::size_t i) const noexcept {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                         static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(step));
    }

    static constexpr std::string_view family = "range";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a range"; }
    std::optional<bool> truth() const { return length() != 0; }
    std::optional<bool> none() const { return false; }

    template <class F> void for_each_part(F&& f) const {
        if (maker) f(*maker);
    }
    bool built_once() const { return true; }
    /// Made again by the builtin that made it, when generated code can load that.
    template <class R> void rebuild(R& r, tracker_ref self) const {
        if (!made_by_loadable(r)) r.cannot_rebuild(self);
        push_call(r, 0);
        r.keep_if_reused(self);
    }
    /// The range of the items not given yet, made by the same builtin (code of the same
    /// size for any number of items); without it, those items as constants, up to
    /// `max_constant_items`.
    template <class R> void rebuild_iterator(R& r, tracker_ref, std::size_t given, std::size_t length) const {
        using bytecode::op;
        if (made_by_loadable(r)) {
            push_call(r, given);
            r.push(op::get_iter);
            return;
        }
        if (length - given > R::max_constant_items)
            give_up(reasons::value_not_constant, "an iterator of a range with ", std::to_string(length - given),
                    " items left, made by a builtin generated code cannot load");
        for (std::size_t i = given; i < length; ++i) r.push_constant(constant{item(i)});
        r.push(op::build_tuple, static_cast<std::int64_t>(length - given));
        r.push(op::get_iter);
    }
    /// Pushes this range without its first `given` items: the builtin that made it,
    /// called on constant bounds. With nothing given it is this range itself, start
    /// included, even when empty (`range(1, -6, 2)` prints and reads `.start` as 1).
    template <class R> void push_call(R& r, std::size_t given) const {
        using bytecode::op;
        r.push(op::push_null);
        r.emit(*maker);
        r.push_constant(constant{given == 0 ? start : given < length() ? item(given) : stop});
        r.push_constant(constant{stop});
        r.push_constant(constant{step});
        r.push(op::call, std::int64_t{3});
    }
    template <class R> bool made_by_loadable(const R& r) const {
        return maker && r.output().trackers[*maker].source.has_value();
    }

    // ---- what the translator asks (translator/ask.hpp) -------------------------------

    template <class T> tracker_ref subscript(T& t, tracker_ref, tracker_ref index) const {
        const constant* k = key_constant_of(t.arena(), index);
        auto i = k ? fold::as_int(*k) : std::nullopt;
        if (!i) give_up(reasons::value_not_constant, "subscript of a range with ", t.describe(index));
        auto at = fold::normalize_index(*i, length());
        if (!at) give_up(reasons::would_raise, "range index ", lasso::detail::decimal(*i), " out of range");
        return t.make_constant(item(*at));
    }
    template <class T> bool contains(T& t, tracker_ref, tracker_ref x) const {
        const constant* key = key_constant_of(t.arena(), x);
        auto n = key ? fold::as_int(*key) : std::nullopt;
        if (!n) give_up(reasons::unsupported_operator, "'in' on a range with ", t.describe(x));
        if (length() == 0) return false;
        const auto offset = static_cast<std::int64_t>(static_cast<std::uint64_t>(*n) - static_cast<std::uint64_t>(start));
        if (step > 0 ? (*n < start || *n >= stop) : (*n > start || *n <= stop)) return false;
        return offset % step == 0;
    }
    /// Its numbers, as constants, up to the unrolling budget.
    template <class T> std::vector<tracker_ref> items_of(T& t, tracker_ref) const {
        const range copy = *this; // made constants are new trackers; this one stays where it is, but copying is clearer
        const std::size_t n = copy.length();
        if (n > T::max_unrolled())
            give_up(reasons::trace_too_long, "a range of ", lasso::detail::decimal(n), " items is too long to unroll");
        std::vector<tracker_ref> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) out.push_back(t.make_constant(copy.item(i)));
        return out;
    }
    /// An iterator that makes its numbers as the loop asks.
    template <class T> tracker_ref iterate(T& t, tracker_ref self) const {
        return t.add_tracker(iterator{{}, 0, self, length()});
    }
    /// The number at `position` of a loop over its `length` numbers; nothing at the end.
    template <class T> std::optional<tracker_ref> next_of_iteration(T& t, std::size_t position, std::size_t length) const {
        if (position >= length) return std::nullopt;
        return t.make_constant(item(position));
    }
};

/// A slice made by build_slice, with bounds known at trace time (absent: None): ints,
/// or symbolic sizes (`x[:n]`), which only tensor subscripts take (a sequence's
/// positions need ints). Python code cannot name one; subscripts consume it at once.
struct slice {
    std::optional<std::int64_t> start, stop, step;
    /// The trackers of the bounds as build_slice took them (2 or 3: constants, None or
    /// sizes), when one of them is a symbolic size; empty otherwise.
    std::vector<tracker_ref> symbolic_bounds = {};

    /// The positions a sequence of `n` items yields for this slice, as Python computes
    /// them; `unsupported` for a zero or unrepresentable step.
    std::vector<std::size_t> positions(std::size_t n) const {
        if (!symbolic_bounds.empty())
            give_up(reasons::value_not_constant, "a slice bound is a symbolic size (only tensors take such a slice)");
        const std::int64_t by = step.value_or(1);
        if (by == 0) give_up(reasons::would_raise, "slice step cannot be zero");
        if (by == INT64_MIN) give_up(reasons::would_raise, "slice step out of range");
        const auto len = static_cast<std::int64_t>(n);
        auto adjust = [&](std::optional<std::int64_t> bound, std::int64_t missing) -> std::int64_t {
            if (!bound) return missing;
            std::int64_t x = *bound;
            if (x < 0) {
                x = x < -len ? -len : x;
                x += len;
                if (x < 0) x = by < 0 ? -1 : 0;
            } else if (x >= len) {
                x = by < 0 ? len - 1 : len;
            }
            return x;
        };
        const std::int64_t first = adjust(start, by < 0 ? len - 1 : 0);
        const std::int64_t end = adjust(stop, by < 0 ? -1 : len);
        std::vector<std::size_t> out;
        if (by > 0)
            for (std::int64_t i = first; i < end; i += by) out.push_back(static_cast<std::size_t>(i));
        else
            for (std::int64_t i = first; i > end; i += by) out.push_back(static_cast<std::size_t>(i));
        return out;
    }

    static constexpr std::string_view family = "slice";
    template <class Names> std::string describe(const Names&, tracker_ref) const { return "a slice"; }
    std::optional<bool> none() const { return false; }
    template <class F> void for_each_value(F&& f) const {
        for (tracker_ref b : symbolic_bounds) f(b);
    }
    /// Generated code builds it from its bounds (sizes are graph outputs).
    template <class F> void for_each_part(F&& f) const {
        for (tracker_ref b : symbolic_bounds) f(b);
    }
    static constexpr bool built_from_parts = true;
    template <class R> void rebuild(R& r, tracker_ref) const {
        if (!symbolic_bounds.empty()) {
            for (tracker_ref b : symbolic_bounds) r.emit(b);
            r.push(bytecode::op::build_slice, static_cast<std::int64_t>(symbolic_bounds.size()));
            return;
        }
        for (const auto& bound : {start, stop, step}) {
            if (bound) r.push_constant(constant{*bound});
            else r.push_constant(constant{none_t{}});
        }
        r.push(bytecode::op::build_slice, std::int64_t{3});
    }
};

} // namespace lasso::trackers
