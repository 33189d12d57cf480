// lasso/guards/accessors.hpp
//
// How a guard program reaches the values it checks: an accessor is a step (a local, a
// cell, a global, then attribute and item steps from a base accessor), kept small so
// that the accessors a check walks on every call sit together; their names sit apart.
// Also what a program keeps per accessor that depends on the adapter: the cache of a
// global's reads (lasso::feature::global_read_caches), and whether values read must be
// let go of as early as the interpreter would.
#pragma once

#include <lasso/adapter.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

namespace lasso {

namespace detail {
enum class access_step : std::uint8_t { local, cell, global, attribute, item_int, item_string, closure_cell, frame_cell };

/// How a guarded value is reached. Its names sit apart (`accessor_names`), so that the
/// accessors a check walks on every call stay small and together.
struct accessor {
    access_step step = access_step::local;
    std::uint32_t base = 0; ///< accessor index of the base (for attribute/item steps)
    std::size_t index = 0;  ///< local/cell index
    std::int64_t key = 0;   ///< item index
};
struct accessor_names {
    std::string name; ///< global/attribute name or item key
    std::string guard_name;
};
/// The adapter's cache of one global's reads (lasso::feature::global_read_caches), or nothing.
struct no_global_cache {};
template <class A> struct global_cache_type { using type = no_global_cache; };
template <class A>
    requires CachedGlobalsAdapter<A>
struct global_cache_type<A> {
    using type = typename A::global_cache;
};
template <class A> using global_cache_of = typename global_cache_type<A>::type;
/// Whether values must be let go of as early as the interpreter would (the encoding's
/// `clear_passed_values`; an adapter without an encoding: yes).
template <class A> constexpr bool lets_go_early() {
    if constexpr (requires { A::bytecode_encoding.clear_passed_values; }) return A::bytecode_encoding.clear_passed_values;
    else return true;
}
} // namespace detail

} // namespace lasso
