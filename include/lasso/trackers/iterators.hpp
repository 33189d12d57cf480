// lasso/trackers/iterators.hpp
//
// The family of ranges and iterators: `range(...)` with constant bounds, a slice made
// by build_slice, and iterators over items known at trace time (loops over them are
// unrolled). A range knows its length and truth without making its items; an iterator
// is always true. Generated code makes a range again by the builtin that made it, and
// an iterator from the items it has not given yet, or again by the call that made it.
#pragma once

#include <lasso/trackers/tracker.hpp>
#include <lasso/unsupported.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lasso::trackers {

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
};

/// A slice made by build_slice, with bounds known at trace time (absent: None).
/// Python code cannot name one; subscripts consume it at once.
struct slice {
    std::optional<std::int64_t> start, stop, step;

    /// The positions a sequence of `n` items yields for this slice, as Python computes
    /// them; `unsupported` for a zero or unrepresentable step.
    std::vector<std::size_t> positions(std::size_t n) const {
        const std::int64_t by = step.value_or(1);
        if (by == 0) give_up("slice step cannot be zero");
        if (by == INT64_MIN) give_up("slice step out of range");
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
};

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
};

} // namespace lasso::trackers
