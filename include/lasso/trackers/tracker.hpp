// lasso/trackers/tracker.hpp
//
// Variable trackers: what the translator knows about each value on its symbolic stack
// and in its symbolic locals. A tracker is one alternative of a `std::variant` whose
// alternatives come from a compile-time type list (Boost.Hana), so users extend the set
// by appending their own types. Trackers live in a `tracker_arena` and are referred to
// by a 32-bit `tracker_ref`: identity is a comparison of handles, containers hold
// handles, and undoing speculative work is a truncation of the arena.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/recycling_allocator.hpp>
#include <lasso/sources.hpp>

#include <boost/hana/append.hpp>
#include <boost/hana/concat.hpp>
#include <boost/hana/contains.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>
#include <boost/hana/unpack.hpp>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <utility>
#include <vector>

namespace lasso {

/// A handle to a tracker in a `tracker_arena`.
struct tracker_ref {
    std::uint32_t index = 0;
    friend constexpr bool operator==(tracker_ref, tracker_ref) = default;
};

/// The `std::variant` over the tracker types of a Hana type list, e.g.
/// `tracker_variant_t<decltype(boost::hana::tuple_t<constant_tracker, tuple_tracker>)>`.
template <class TypeList>
using tracker_variant_t = typename decltype(boost::hana::unpack(TypeList{}, boost::hana::template_<std::variant>))::type;

/// Appends user tracker types to a list: `extend_trackers(default_list, boost::hana::tuple_t<my_tracker>)`.
template <class List, class Extra> constexpr auto extend_trackers(List list, Extra extra) {
    return boost::hana::concat(list, extra);
}

/// Whether tracker type `T` is in `TypeList`.
template <class TypeList, class T>
inline constexpr bool has_tracker_v = decltype(boost::hana::contains(TypeList{}, boost::hana::type_c<T>))::value;

/// Owns the trackers of one translation, in creation order.
///
/// Records live in chunks that never move: adding a tracker never relocates the others,
/// so a pointer from `get_if` stays valid until its tracker is rolled back or the arena
/// is destroyed, and the variant is never moved, copied or assigned. That keeps the
/// variant's move and copy machinery (a visitation over every alternative) out of the
/// translator's instantiations. Chunk k holds `base << k` records, so a translation of
/// any size takes a handful of blocks, which the recycling allocator keeps for the next
/// one; `reserve(n)` before the first tracker makes `base` at least n, and straight-line
/// code then fits in one block. An arena moves (its chunks change owner) but does not
/// copy.
template <class Variant> class tracker_arena {
public:
    struct record {
        Variant data;
        std::optional<source_ref> source; ///< where the value came from, if from the frame

        // Built in place, so adding a tracker does not move a variant through a temporary.
        template <class T>
        record(std::in_place_type_t<T> type, T&& tracker, std::optional<source_ref> from)
            : data(type, std::move(tracker)), source(from) {}
    };

    /// A checkpoint is the arena size; `rollback` returns to it.
    using checkpoint_t = std::uint32_t;

    tracker_arena() = default;
    tracker_arena(tracker_arena&& other) noexcept
        : chunks_(std::move(other.chunks_)), size_(std::exchange(other.size_, 0)), base_shift_(other.base_shift_) {
        other.chunks_.clear();
    }
    tracker_arena& operator=(tracker_arena&& other) noexcept {
        if (this != &other) {
            release();
            chunks_ = std::move(other.chunks_);
            other.chunks_.clear();
            size_ = std::exchange(other.size_, 0);
            base_shift_ = other.base_shift_;
        }
        return *this;
    }
    tracker_arena(const tracker_arena&) = delete;
    tracker_arena& operator=(const tracker_arena&) = delete;
    ~tracker_arena() { release(); }

    template <class T> tracker_ref add(T tracker, std::optional<source_ref> source = std::nullopt) {
        if (size_ == capacity()) grow();
        ::new (static_cast<void*>(slot(size_))) record(std::in_place_type<T>, std::move(tracker), source);
        return {size_++};
    }

    const record& operator[](tracker_ref r) const { return at(r); }
    record& operator[](tracker_ref r) { return const_cast<record&>(std::as_const(*this).at(r)); }

    /// The tracker as type `T`, or nullptr if it is another kind.
    template <class T> const T* get_if(tracker_ref r) const { return std::get_if<T>(&at(r).data); }
    template <class T> T* get_if(tracker_ref r) { return std::get_if<T>(&(*this)[r].data); }

    std::size_t size() const noexcept { return size_; }
    checkpoint_t checkpoint() const noexcept { return size_; }
    /// Forgets every tracker created after `cp`; their handles become invalid.
    void rollback(checkpoint_t cp) {
        if (cp > size_) throw std::out_of_range("tracker_arena::rollback past the end");
        while (size_ > cp) slot(--size_)->~record();
    }
    /// Before the first tracker: makes the first chunk hold at least `n` trackers.
    /// Later: does nothing (chunks already allocated stay as they are).
    void reserve(std::size_t n) {
        if (!chunks_.empty()) return;
        while (base_shift_ < max_base_shift && (std::size_t{1} << base_shift_) < n) ++base_shift_;
    }

private:
    // The first chunk holds at least 256 records: a block large enough for the
    // recycling allocator to keep.
    static constexpr unsigned min_base_shift = 8;
    static constexpr unsigned max_base_shift = 24;
    struct alignas(record) storage {
        std::byte bytes[sizeof(record)];
    };

    std::size_t chunk_records(std::size_t k) const noexcept { return std::size_t{1} << (base_shift_ + k); }
    /// Records the chunks hold: base * (2^chunks - 1).
    std::uint64_t capacity() const noexcept { return ((std::uint64_t{1} << chunks_.size()) - 1) << base_shift_; }

    record* slot(std::uint32_t i) const noexcept {
        // Chunk k starts at base * (2^k - 1): k is the bit width of i / base + 1, less one.
        const std::uint64_t q = (std::uint64_t{i} >> base_shift_) + 1;
        const unsigned k = static_cast<unsigned>(std::bit_width(q)) - 1;
        const std::uint64_t start = ((std::uint64_t{1} << k) - 1) << base_shift_;
        return std::launder(reinterpret_cast<record*>(chunks_[k] + (i - start)));
    }

    void grow() {
        const std::size_t records = chunk_records(chunks_.size());
        if (capacity() + records > std::uint64_t{UINT32_MAX}) throw std::length_error("tracker_arena: too many trackers");
        chunks_.push_back(nullptr); // first, so that a failure here leaks nothing
        try {
            chunks_.back() = recycling_allocator<storage>{}.allocate(records);
        } catch (...) {
            chunks_.pop_back();
            throw;
        }
    }

    void release() noexcept {
        while (size_ > 0) slot(--size_)->~record();
        for (std::size_t k = 0; k < chunks_.size(); ++k)
            recycling_allocator<storage>{}.deallocate(chunks_[k], chunk_records(k));
        chunks_.clear();
    }

    const record& at(tracker_ref r) const {
        if (r.index >= size_)
            throw std::out_of_range("tracker handle " + std::to_string(r.index) + " is not in the arena (size " +
                                    std::to_string(size_) + ")");
        return *slot(r.index);
    }

    std::vector<storage*> chunks_;
    std::uint32_t size_ = 0;
    unsigned base_shift_ = min_base_shift;
};

} // namespace lasso
