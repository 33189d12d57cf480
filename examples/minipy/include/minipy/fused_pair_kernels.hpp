// Loops that apply two float64 elementwise operations per element, the second reading
// the first's result, for the fusing backend (fused_backend.cpp). A loop per operation
// stores every intermediate block and loads it again; a pair keeps the first result in
// a register, so a chain runs with half the stores and loads.
//
// Each element goes through the same functions as tensor.cpp's kernels (element_ops.hpp),
// in the same order, so the results are the same bit for bit. Every operand is a block
// of `n` float64 elements: a number repeated along the loop is passed as a block filled
// with it, which keeps the number of instantiations small (one loop per pair of
// operations and side).
//
// Include only from translation units compiled without floating-point contraction
// (element_ops.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "minipy/element_ops.hpp"

namespace minipy::fused_pairs {

/// The operations a pair can hold.
enum class step : std::uint8_t { add, sub, mul, truediv, neg, relu, abs };
inline constexpr std::size_t step_count = 7;
constexpr bool is_binary(step s) { return s <= step::truediv; }

namespace detail {

template <step S> double apply(double x, double y, std::uint64_t& flag) {
  using namespace element;
  if constexpr (S == step::add)
    return float_op<float_kind::add>{}(x, y, flag);
  else if constexpr (S == step::sub)
    return float_op<float_kind::sub>{}(x, y, flag);
  else if constexpr (S == step::mul)
    return float_op<float_kind::mul>{}(x, y, flag);
  else if constexpr (S == step::truediv)
    return float_op<float_kind::div>{}(x, y, flag);
  else if constexpr (S == step::neg)
    return neg_f{}(x, flag);
  else if constexpr (S == step::relu)
    return relu_f{}(x, flag);
  else
    return abs_f{}(x, flag);
}

}  // namespace detail

/// out[i] = second(first(a[i], b[i]), c[i]), or second(c[i], first(...)) when the first
/// result is the second operation's right operand. A unary step ignores its other
/// operand (b or c). The flags of the two operations are kept apart, so the caller
/// raises the error of the one that failed first in graph order.
using pair_loop = void (*)(const double* a, const double* b, const double* c, double* out, std::int64_t n,
                           std::uint64_t& first_flag, std::uint64_t& second_flag);

template <step First, step Second, bool ResultOnRight>
void run_pair(const double* a, const double* b, const double* c, double* out, std::int64_t n, std::uint64_t& first_flag,
              std::uint64_t& second_flag) {
  std::uint64_t f1 = 0, f2 = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const double t = detail::apply<First>(a[i], b[i], f1);
    out[i] = ResultOnRight ? detail::apply<Second>(c[i], t, f2) : detail::apply<Second>(t, c[i], f2);
  }
  first_flag |= f1;
  second_flag |= f2;
}

#if defined(__x86_64__) && defined(__GNUC__)
// The same loop compiled for AVX2 (four lanes instead of two; no FMA enabled).
template <step First, step Second, bool ResultOnRight>
[[gnu::target("avx2"), gnu::flatten]] void run_pair_avx2(const double* a, const double* b, const double* c, double* out,
                                                         std::int64_t n, std::uint64_t& first_flag,
                                                         std::uint64_t& second_flag) {
  run_pair<First, Second, ResultOnRight>(a, b, c, out, n, first_flag, second_flag);
}
#endif

namespace detail {

constexpr std::size_t index(step first, step second, bool result_on_right) {
  return (static_cast<std::size_t>(first) * step_count + static_cast<std::size_t>(second)) * 2 +
         (result_on_right ? 1 : 0);
}

template <bool Wide, std::size_t I> constexpr pair_loop entry() {
  constexpr auto first = static_cast<step>(I / 2 / step_count);
  constexpr auto second = static_cast<step>(I / 2 % step_count);
  constexpr bool right = I % 2 == 1;
#if defined(__x86_64__) && defined(__GNUC__)
  if constexpr (Wide) return run_pair_avx2<first, second, right>;
#endif
  return run_pair<first, second, right>;
}

template <bool Wide, std::size_t... I> constexpr auto table(std::index_sequence<I...>) {
  return std::array<pair_loop, sizeof...(I)>{entry<Wide, I>()...};
}

}  // namespace detail

/// The loop for `first` then `second`, in AVX2 when `wide`. A unary second step takes
/// the first result as its operand (`result_on_right` false).
inline pair_loop find_pair_loop(step first, step second, bool result_on_right, bool wide) {
  static constexpr auto narrow_loops = detail::table<false>(std::make_index_sequence<step_count * step_count * 2>{});
  static constexpr auto wide_loops = detail::table<true>(std::make_index_sequence<step_count * step_count * 2>{});
  const std::size_t i = detail::index(first, second, result_on_right && is_binary(second));
  return wide ? wide_loops[i] : narrow_loops[i];
}

}  // namespace minipy::fused_pairs
