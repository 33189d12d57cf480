// lasso/symbolic/dynamic_dims.hpp
//
// Which tensor dimensions of a code object's inputs are dynamic: what automatic dynamic
// shapes has learned about one code. Every translation of the code shows it the sizes
// of its tensor inputs (by source, `L['x']`); a dimension whose size differs from the one
// seen before, at the same rank, is dynamic from then on, and later translations make
// it a symbol. Int inputs (`L['n']`) are recorded the same way, as one "dimension": their
// value. `mark_dynamic` and `dynamic=True` mark dimensions directly. A resume
// function is a code object of its own, with its own record.
//
// Dimensions past the 64th are never dynamic (the record keeps a 64-bit mask).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::symbolic {

/// Which dimensions of a capture's tensor inputs may be symbols: those the code's
/// record says are dynamic (automatic, the default), every one (`dynamic=True`), or none
/// (`dynamic=False`). Sizes 0 and 1 stay static whatever the mode.
enum class dynamic_shapes : std::uint8_t { automatic, always, never };

/// A dimension that became dynamic, with the sizes that made it so.
struct dimension_change {
    std::size_t dim = 0;
    std::int64_t before = 0, now = 0;
};

class dynamic_dims {
public:
    static constexpr std::size_t max_dims = 64;

    /// Shows the record the sizes of input `source` at a translation. A dimension that
    /// differs from the sizes seen before (same rank) is marked dynamic and returned; a
    /// rank change only replaces the sizes (marked dimensions stay marked).
    std::vector<dimension_change> observe(std::string_view source, std::span<const std::int64_t> sizes) {
        std::vector<dimension_change> changes;
        input& in = find_or_add(source);
        if (in.seen && !in.is_int && in.sizes.size() == sizes.size()) {
            for (std::size_t d = 0; d < sizes.size() && d < max_dims; ++d)
                if (in.sizes[d] != sizes[d] && !(in.dynamic >> d & 1u)) {
                    in.dynamic |= std::uint64_t{1} << d;
                    changes.push_back({d, in.sizes[d], sizes[d]});
                }
        }
        in.sizes.assign(sizes.begin(), sizes.end());
        in.seen = true;
        in.is_int = false;
        for (const dimension_change& c : changes)
            news_.push_back(std::string(source) + ".shape[" + std::to_string(c.dim) + "]: " + std::to_string(c.before) +
                            " -> " + std::to_string(c.now) + ", now dynamic");
        return changes;
    }

    /// Shows the record the value of int input `source` (`L['n']`) at a translation: one
    /// that differs from the value seen before is dynamic from then on. Returns whether
    /// it is dynamic.
    bool observe_int(std::string_view source, std::int64_t value) {
        input& in = find_or_add(source);
        const bool changed = in.seen && in.is_int && in.sizes[0] != value && !(in.dynamic & 1u);
        if (changed) {
            in.dynamic |= 1u;
            news_.push_back(std::string(source) + ": " + std::to_string(in.sizes[0]) + " -> " + std::to_string(value) +
                            ", now dynamic");
        }
        in.sizes.assign(1, value);
        in.seen = true;
        in.is_int = true;
        return in.dynamic & 1u;
    }

    /// What `observe` marked since the last call, as text (`L['x'].shape[0]: 2 -> 3, now
    /// dynamic`): the reason of the recompile that learned it.
    std::vector<std::string> take_news() { return std::exchange(news_, {}); }

    /// Marks dimension `dim` of `source` dynamic.
    void mark(std::string_view source, std::size_t dim) {
        if (dim < max_dims) find_or_add(source).dynamic |= std::uint64_t{1} << dim;
    }

    bool is_dynamic(std::string_view source, std::size_t dim) const {
        if (dim >= max_dims) return false;
        for (const input& in : inputs_)
            if (in.source == source) return in.dynamic >> dim & 1u;
        return false;
    }

    /// Whether any dimension of any input is dynamic.
    bool any() const noexcept {
        for (const input& in : inputs_)
            if (in.dynamic) return true;
        return false;
    }

    void clear() { inputs_.clear(); }

private:
    struct input {
        std::string source;
        std::vector<std::int64_t> sizes;
        std::uint64_t dynamic = 0;
        bool seen = false;
        bool is_int = false; ///< an int input (its value is `sizes[0]`), not a tensor
    };

    input& find_or_add(std::string_view source) {
        for (input& in : inputs_)
            if (in.source == source) return in;
        inputs_.push_back(input{std::string(source), {}, 0, false, false});
        return inputs_.back();
    }

    std::vector<input> inputs_; // a code has few tensor inputs: a linear search is enough
    std::vector<std::string> news_;
};

} // namespace lasso::symbolic
