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

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <utility>
#include <vector>

namespace lasso {

namespace hana = boost::hana;

/// A handle to a tracker in a `tracker_arena`.
struct tracker_ref {
    std::uint32_t index = 0;
    friend constexpr bool operator==(tracker_ref, tracker_ref) = default;
};

/// The `std::variant` over the tracker types of a Hana type list, e.g.
/// `tracker_variant_t<decltype(hana::tuple_t<constant_tracker, tuple_tracker>)>`.
template <class TypeList>
using tracker_variant_t = typename decltype(hana::unpack(TypeList{}, hana::template_<std::variant>))::type;

/// Appends user tracker types to a list: `extend_trackers(default_list, hana::tuple_t<my_tracker>)`.
template <class List, class Extra> constexpr auto extend_trackers(List list, Extra extra) {
    return hana::concat(list, extra);
}

/// Whether tracker type `T` is in `TypeList`.
template <class TypeList, class T>
inline constexpr bool has_tracker_v = decltype(hana::contains(TypeList{}, hana::type_c<T>))::value;

/// Owns the trackers of one translation, in creation order.
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

    template <class T> tracker_ref add(T tracker, std::optional<source_ref> source = std::nullopt) {
        records_.emplace_back(std::in_place_type<T>, std::move(tracker), source);
        return {static_cast<std::uint32_t>(records_.size() - 1)};
    }

    const record& operator[](tracker_ref r) const { return at(r); }
    record& operator[](tracker_ref r) { return const_cast<record&>(std::as_const(*this).at(r)); }

    /// The tracker as type `T`, or nullptr if it is another kind.
    template <class T> const T* get_if(tracker_ref r) const { return std::get_if<T>(&at(r).data); }
    template <class T> T* get_if(tracker_ref r) { return std::get_if<T>(&(*this)[r].data); }

    std::size_t size() const noexcept { return records_.size(); }
    checkpoint_t checkpoint() const noexcept { return static_cast<checkpoint_t>(records_.size()); }
    /// Forgets every tracker created after `cp`; their handles become invalid.
    void rollback(checkpoint_t cp) {
        if (cp > records_.size()) throw std::out_of_range("tracker_arena::rollback past the end");
        while (records_.size() > cp) records_.pop_back();
    }
    void reserve(std::size_t n) { records_.reserve(n); }

private:
    const record& at(tracker_ref r) const {
        if (r.index >= records_.size())
            throw std::out_of_range("tracker handle " + std::to_string(r.index) + " is not in the arena (size " +
                                    std::to_string(records_.size()) + ")");
        return records_[r.index];
    }
    std::vector<record, recycling_allocator<record>> records_;
};

} // namespace lasso
