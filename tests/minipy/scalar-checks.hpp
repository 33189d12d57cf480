// Helpers shared by the unit tests of minipy's numbers (unit-minipy-numeric.cpp) and
// of its tensors (unit-minipy-tensor.cpp): Python numbers written I(2) and F(2.5),
// compared as Python objects and shown as CPython prints them, and MP_CHECK_ERR for
// the exception CPython raises.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>

#include "minipy/numeric.hpp"
#include "minipy/repr.hpp"

namespace minipy_tests {

using namespace minipy;

// constexpr so that tables of them are static data (fast to compile).
constexpr scalar I(std::int64_t v) { return scalar{v}; }
constexpr scalar F(double v) { return scalar{v}; }

// Equal as Python objects of the same type; floats compared bit for bit
// (so -0.0 != 0.0) except that every NaN matches.
inline bool same_scalar(const scalar& a, const scalar& b) {
  if (a.index() != b.index()) return false;
  if (is_int(a)) return as_int(a) == as_int(b);
  const double x = as_float(a), y = as_float(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&x, &y, sizeof x) == 0;
}

inline std::string show(const scalar& s) { return is_int(s) ? format_int(as_int(s)) : format_float(as_float(s)); }

// Checks run inside lambdas through non-template helpers: many small
// functions compile much faster than one huge test function.
inline void check_error_fn(const std::function<void()>& f, const char* text, std::string_view kind,
                           const std::string& msg) {
  INFO(std::string(text));
  bool thrown = false;
  try {
    f();
  } catch (const py_error& e) {
    thrown = true;
    CHECK(exc_name(e.kind) == kind);
    CHECK(e.message == msg);
  }
  if (!thrown) FAIL_CHECK("no exception");
}

}  // namespace minipy_tests

// Checks that `expr` throws py_error of the given kind and message.
#define MP_CHECK_ERR(expr, KIND, MSG) minipy_tests::check_error_fn([&] { (void)(expr); }, #expr, #KIND, MSG)
