// lasso_cpython/reasons.hpp
//
// The CPython adapter's own entries in the registry of reasons (lasso/reasons.hpp):
// what numpy on CPython makes lasso stop at that no other interpreter would. Ids
// `CP0001`, ..., checked at compile time like the library's; the capture adapter
// declares the table (`capture_adapter::reasons`) so that explain and errors give the
// hint.
#pragma once

#include <lasso/reasons.hpp>

#include <array>

namespace lasso_cpython {

// clang-format off
inline constexpr std::array<lasso::reason_entry, 3> cpython_reasons{{
    {"CP0001", "numpy_value_based_casting", "numpy's dtype depends on an operand's value",
     "numpy 1.x chooses the dtype of an operation with a 0-d operand by that operand's value (a Python int that "
     "fits in int8 keeps an int8 array int8), so the dtype of the result is not known from shapes and dtypes alone; "
     "the trace stops there and numpy runs the operation.",
     "make the scalar an array of the dtype you want (np.float64(x)), or the array's dtype wider", "",
     lasso::reason_category::lasso_limit},
    {"CP0002", "numpy_value_dependent_error", "numpy raises depending on an operand's values",
     "numpy raises for some values of an array operand (an integer raised to a negative integer power is a "
     "ValueError), so whether the operation succeeds is not known from shapes and dtypes alone; the trace stops "
     "there and numpy runs the operation.",
     "make the base a float array (x.astype(np.float64) ** y) when negative exponents are meant", "",
     lasso::reason_category::lasso_limit},
    {"CP0003", "numpy_scalar_arithmetic", "numpy scalars and 0-d arrays differ here",
     "lasso describes a numpy scalar and a 0-d array alike (a dtype and the shape ()), but numpy's scalar "
     "arithmetic picks another dtype than its array arithmetic for some operations on two 0-d operands "
     "(float32(1.5) ** int32(2) is a float64, the same on 0-d arrays a float32); the trace stops there and numpy "
     "runs the operation.",
     "give one operand a dimension (np.asarray(x).reshape(1)), or convert it to a Python number", "",
     lasso::reason_category::lasso_limit},
}};
// clang-format on

static_assert(lasso::valid_reason_table(cpython_reasons),
              "cpython_reasons: ids must be CP0001, CP0002, ... in order, names unique, texts present");
static_assert(lasso::disjoint_reason_tables(lasso::library_reasons, cpython_reasons),
              "cpython_reasons: an id or name is the library's too");

namespace reasons {
inline constexpr lasso::reason_kind value_based_casting = lasso::find_reason(cpython_reasons, "numpy_value_based_casting");
inline constexpr lasso::reason_kind value_dependent_error =
    lasso::find_reason(cpython_reasons, "numpy_value_dependent_error");
inline constexpr lasso::reason_kind scalar_arithmetic = lasso::find_reason(cpython_reasons, "numpy_scalar_arithmetic");
} // namespace reasons

} // namespace lasso_cpython
