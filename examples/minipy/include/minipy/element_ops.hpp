// What minipy computes for one element of an elementwise tensor operation: the one
// definition both the eager kernels (tensor.cpp) and the fusing backend
// (fused_backend.cpp) call, so that their results are the same bit for bit.
//
// Each function object takes the element(s) and a flag word; it ORs 1 into the flag
// when the element raises (overflow, division by zero, a math domain or range error)
// and returns a value anyway, so loops stay branch-free. The caller raises the error
// after the loop (int ops: throw_int_overflow(); see each op for its error).
//
// Include only from translation units compiled without floating-point contraction
// (minipy_core has -ffp-contract=off): a fused multiply-add would round differently.
#pragma once

#include <cmath>
#include <cstdint>

#include "minipy/numeric.hpp"

namespace minipy::element {

// int64 arithmetic: wrap-around plus an overflow flag (OverflowError "integer overflow").
struct add_i {
  std::int64_t operator()(std::int64_t x, std::int64_t y, std::uint64_t& bad) const {
    const auto r = static_cast<std::int64_t>(static_cast<std::uint64_t>(x) + static_cast<std::uint64_t>(y));
    bad |= static_cast<std::uint64_t>((x ^ r) & (y ^ r)) >> 63;  // sign changed against both inputs
    return r;
  }
};
struct sub_i {
  std::int64_t operator()(std::int64_t x, std::int64_t y, std::uint64_t& bad) const {
    const auto r = static_cast<std::int64_t>(static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y));
    bad |= static_cast<std::uint64_t>((x ^ y) & (x ^ r)) >> 63;
    return r;
  }
};
struct mul_i {
  std::int64_t operator()(std::int64_t x, std::int64_t y, std::uint64_t& bad) const {
    std::int64_t r;
    bad |= !checked_mul(x, y, r);
    return r;
  }
};

// float64 arithmetic on any mix of int64/double operands. Ints are converted to float
// first, also for int / int (the oracle computes float(x) / float(y), which differs
// from Python's int / int beyond 2**53). Only division flags: ZeroDivisionError
// "float division by zero".
enum class float_kind : std::uint8_t { add, sub, mul, div };
template <float_kind OP> struct float_op {
  template <class A, class B> double operator()(A x, B y, std::uint64_t& bad) const {
    const auto a = static_cast<double>(x);
    const auto b = static_cast<double>(y);
    if constexpr (OP == float_kind::add)
      return a + b;
    else if constexpr (OP == float_kind::sub)
      return a - b;
    else if constexpr (OP == float_kind::mul)
      return a * b;
    else {
      bad |= b == 0.0;
      return a / b;
    }
  }
};

// Unary int64 ops; -INT64_MIN overflows.
struct neg_i {
  std::int64_t operator()(std::int64_t x, std::uint64_t& bad) const {
    bad |= x == INT64_MIN;
    return static_cast<std::int64_t>(std::uint64_t{0} - static_cast<std::uint64_t>(x));
  }
};
struct abs_i {
  std::int64_t operator()(std::int64_t x, std::uint64_t& bad) const {
    bad |= x == INT64_MIN;
    const auto negated = static_cast<std::int64_t>(std::uint64_t{0} - static_cast<std::uint64_t>(x));
    return x >= 0 ? x : negated;
  }
};
struct relu_i {
  std::int64_t operator()(std::int64_t x, std::uint64_t&) const { return x > 0 ? x : std::int64_t{0}; }
};

// Unary float64 ops that keep the dtype.
struct neg_f {
  double operator()(double x, std::uint64_t&) const { return -x; }
};
struct abs_f {
  double operator()(double x, std::uint64_t&) const { return std::fabs(x); }
};
struct relu_f {
  double operator()(double x, std::uint64_t&) const { return x > 0.0 ? x : 0.0; }
};

// Unary ops with a float64 result, on int64 or float64 elements.
// exp: OverflowError "math range error" when a finite input overflows.
struct exp_e {
  template <class In> double operator()(In x, std::uint64_t& flag) const {
    const auto d = static_cast<double>(x);
    const double r = std::exp(d);
    flag |= std::isinf(r) && std::isfinite(d);
    return r;
  }
};
struct tanh_e {
  template <class In> double operator()(In x, std::uint64_t&) const { return std::tanh(static_cast<double>(x)); }
};
// sqrt: ValueError "math domain error" for a negative input.
struct sqrt_e {
  template <class In> double operator()(In x, std::uint64_t& flag) const {
    const auto d = static_cast<double>(x);
    flag |= d < 0.0;
    return std::sqrt(d < 0.0 ? 0.0 : d);
  }
};
// sigmoid: 1 / (1 + exp(-x)); OverflowError "math range error" as exp.
struct sigmoid_e {
  template <class In> double operator()(In x, std::uint64_t& flag) const {
    const double m = -static_cast<double>(x);
    const double e = std::exp(m);
    flag |= std::isinf(e) && std::isfinite(m);
    return 1.0 / (1.0 + e);
  }
};
// t.float() of an int64 element.
struct to_float_e {
  double operator()(std::int64_t x, std::uint64_t&) const { return static_cast<double>(x); }
};

}  // namespace minipy::element
