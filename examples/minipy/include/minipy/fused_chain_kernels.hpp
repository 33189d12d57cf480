// Loops that apply three or four float64 elementwise operations per element, each
// reading the one before, for the fusing backend (fused_backend.cpp). A pair loop
// (fused_pair_kernels.hpp) still stores its result for the next loop to read; a chain
// keeps the running value in a register from the first operation to the last, so a
// chain of four stores once per element instead of twice. Loops of this kind are bound
// by their stores, so that is most of what they cost.
//
// The vocabulary is small, so that the loops can be made ahead for every chain: the
// first operation is add, sub or mul of two blocks, or relu of one; each later one is
// add, mul or sub of the running value and a block (on either side for sub), or relu.
// Each element goes through element_ops.hpp's functions, in graph order, so the results
// are the eager ones. add and mul take the running value as their left operand whichever
// side the graph has it on: IEEE addition and multiplication commute exactly (only which
// of two NaN operands comes out can differ, and minipy cannot tell NaNs apart: it prints
// every one as `nan` and has no way to read a sign or payload). None of these operations
// raises, so the loops keep no flags.
//
// Include only from translation units compiled without floating-point contraction
// (element_ops.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>

#include "minipy/element_ops.hpp"

namespace minipy::fused_chains {

/// The first operation of a chain, on the blocks a and b (relu reads a only).
enum class head : std::uint8_t { add, sub, mul, relu };
inline constexpr std::size_t head_count = 4;
/// A later operation, on the running value t and its operand block c.
enum class link : std::uint8_t { add, mul, sub_operand /* t - c */, sub_from_operand /* c - t */, relu, none };
inline constexpr std::size_t link_count = 6;  // `none` only as the fourth operation

/// out[i] = links applied in order to head(a[i], b[i]); c1..c3 are the links' operand
/// blocks (ignored by relu and none). Every block holds `n` float64 elements.
using chain_loop = void (*)(const double* a, const double* b, const double* c1, const double* c2, const double* c3,
                            double* out, std::int64_t n);

namespace detail {

template <head H> double start(double x, double y) {
  using namespace element;
  std::uint64_t never = 0;  // add, sub, mul and relu raise nothing
  if constexpr (H == head::add)
    return float_op<float_kind::add>{}(x, y, never);
  else if constexpr (H == head::sub)
    return float_op<float_kind::sub>{}(x, y, never);
  else if constexpr (H == head::mul)
    return float_op<float_kind::mul>{}(x, y, never);
  else
    return relu_f{}(x, never);
}

template <link L> double then(double t, double c) {
  using namespace element;
  std::uint64_t never = 0;
  if constexpr (L == link::add)
    return float_op<float_kind::add>{}(t, c, never);
  else if constexpr (L == link::mul)
    return float_op<float_kind::mul>{}(t, c, never);
  else if constexpr (L == link::sub_operand)
    return float_op<float_kind::sub>{}(t, c, never);
  else if constexpr (L == link::sub_from_operand)
    return float_op<float_kind::sub>{}(c, t, never);
  else if constexpr (L == link::relu)
    return relu_f{}(t, never);
  else
    return t;
}

}  // namespace detail

template <head H, link L1, link L2, link L3>
void run_chain(const double* a, const double* b, const double* c1, const double* c2, const double* c3, double* out,
               std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) {
    double t = detail::start<H>(a[i], b[i]);
    t = detail::then<L1>(t, c1[i]);
    t = detail::then<L2>(t, c2[i]);
    out[i] = detail::then<L3>(t, c3[i]);
  }
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same loop compiled for AVX2 (four lanes instead of two; no FMA enabled).
template <head H, link L1, link L2, link L3>
[[gnu::target("avx2"), gnu::flatten]] void run_chain_avx2(const double* a, const double* b, const double* c1,
                                                          const double* c2, const double* c3, double* out,
                                                          std::int64_t n) {
  run_chain<H, L1, L2, L3>(a, b, c1, c2, c3, out, n);
}
#endif

namespace detail {

// Index of a chain: head, then two links of the five real ones, then a link or none.
inline constexpr std::size_t real_links = link_count - 1;
inline constexpr std::size_t chain_count = head_count * real_links * real_links * link_count;

constexpr std::size_t index(head h, link l1, link l2, link l3) {
  return ((static_cast<std::size_t>(h) * real_links + static_cast<std::size_t>(l1)) * real_links +
          static_cast<std::size_t>(l2)) *
             link_count +
         static_cast<std::size_t>(l3);
}

template <bool Wide, std::size_t I> constexpr chain_loop entry() {
  constexpr auto l3 = static_cast<link>(I % link_count);
  constexpr auto l2 = static_cast<link>(I / link_count % real_links);
  constexpr auto l1 = static_cast<link>(I / link_count / real_links % real_links);
  constexpr auto h = static_cast<head>(I / link_count / real_links / real_links);
#if defined(__x86_64__) && defined(__GNUC__)
  if constexpr (Wide) return run_chain_avx2<h, l1, l2, l3>;
#endif
  return run_chain<h, l1, l2, l3>;
}

template <bool Wide, std::size_t... I> constexpr auto table(std::index_sequence<I...>) {
  return std::array<chain_loop, sizeof...(I)>{entry<Wide, I>()...};
}

}  // namespace detail

/// The loop for `h` then `l1`, `l2`, `l3` (`none` for a chain of three), in AVX2 when
/// `wide`; null when l1 or l2 is `none`.
inline chain_loop find_chain_loop(head h, link l1, link l2, link l3, bool wide) {
  if (l1 == link::none || l2 == link::none) return nullptr;
  static constexpr auto narrow_loops = detail::table<false>(std::make_index_sequence<detail::chain_count>{});
  static constexpr auto wide_loops = detail::table<true>(std::make_index_sequence<detail::chain_count>{});
  const std::size_t i = detail::index(h, l1, l2, l3);
  return wide ? wide_loops[i] : narrow_loops[i];
}

}  // namespace minipy::fused_chains
