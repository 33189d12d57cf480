// minipy numeric helpers: Python 3.11 semantics for int (64-bit) and float.
//
// Every function either returns the value CPython would compute or throws
// py_error with the exception type and message CPython 3.11 would raise.  The
// one deliberate difference is that minipy ints are 64-bit: where CPython
// would grow a big int, these helpers throw OverflowError("integer overflow").
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace minipy {

// The builtin exception types of minipy (SPEC.md, "Exceptions"), plus
// SyntaxError which the front end reports with the same machinery.
enum class exc_kind : std::uint8_t {
  Exception,
  ValueError,
  TypeError,
  RuntimeError,
  KeyError,
  IndexError,
  ZeroDivisionError,
  AssertionError,
  NameError,
  AttributeError,
  OverflowError,
  RecursionError,
  SyntaxError,
};

// CPython's name of the type, e.g. "ZeroDivisionError".
std::string_view exc_name(exc_kind kind) noexcept;

// A Python exception raised by a helper; the VM turns it into an instance.
class py_error : public std::exception {
 public:
  py_error(exc_kind k, std::string msg) : kind(k), message(std::move(msg)) {}
  const char* what() const noexcept override { return message.c_str(); }

  exc_kind kind;
  std::string message;
};

// Throws OverflowError("integer overflow"): the 64-bit limit of minipy ints.
[[noreturn]] void throw_int_overflow();

// Checks a bulk allocation, one whose size a program computes (repetition,
// concatenation, conversions, tensors): `count` elements of `element_size` bytes.
// Throws std::bad_alloc, which the interpreter raises as MemoryError, beyond
// max_container_size elements (object.hpp) or beyond what is left of the running
// interpreter's memory budget (run_options::memory_budget), which it charges.
// Defined in interpreter.cpp.
void check_allocation(std::int64_t count, std::size_t element_size);

// A Python number: int (bool is passed as int) or float.
using scalar = std::variant<std::int64_t, double>;

inline bool is_int(const scalar& s) noexcept { return s.index() == 0; }
inline std::int64_t as_int(const scalar& s) { return std::get<0>(s); }
inline double as_float(const scalar& s) { return std::get<1>(s); }
// float(x) of a number; int -> double rounds to nearest-even like CPython.
inline double to_double(const scalar& s) noexcept {
  return s.index() == 0 ? static_cast<double>(*std::get_if<0>(&s)) : *std::get_if<1>(&s);
}

// ---- checked int64 arithmetic: return false on overflow (out unspecified) ----
// Compiler builtins are used when available: they are exact and cheap.
inline bool checked_add(std::int64_t a, std::int64_t b, std::int64_t& out) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return !__builtin_add_overflow(a, b, &out);
#else
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b)) return false;
  out = a + b;
  return true;
#endif
}
inline bool checked_sub(std::int64_t a, std::int64_t b, std::int64_t& out) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return !__builtin_sub_overflow(a, b, &out);
#else
  if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b)) return false;
  out = a - b;
  return true;
#endif
}
inline bool checked_mul(std::int64_t a, std::int64_t b, std::int64_t& out) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return !__builtin_mul_overflow(a, b, &out);
#else
  if (a == 0 || b == 0) {
    out = 0;
    return true;
  }
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN)) return false;
  if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a) : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
    return false;
  out = a * b;
  return true;
#endif
}
inline bool checked_neg(std::int64_t a, std::int64_t& out) noexcept {
  if (a == INT64_MIN) return false;
  out = -a;
  return true;
}
// base ** exp for exp >= 0 (0 ** 0 == 1); false on overflow or exp < 0.
bool checked_pow(std::int64_t base, std::int64_t exp, std::int64_t& out) noexcept;

// ---- int operators (throwing versions, CPython messages) ----
std::int64_t int_add(std::int64_t a, std::int64_t b);
std::int64_t int_sub(std::int64_t a, std::int64_t b);
std::int64_t int_mul(std::int64_t a, std::int64_t b);
std::int64_t int_neg(std::int64_t a);
std::int64_t int_abs(std::int64_t a);
// a // b, rounding toward -inf.  b == 0: "integer division or modulo by zero".
std::int64_t int_floordiv(std::int64_t a, std::int64_t b);
// a % b with the sign of b.  b == 0: "integer modulo by zero" (3.11 wording).
std::int64_t int_mod(std::int64_t a, std::int64_t b);
// a / b correctly rounded to the nearest double (ties to even) for every pair
// of int64 values, as CPython does for all ints: within 2**53 both operands
// are exact doubles and one IEEE division suffices; beyond that an integer
// long division with a sticky bit gives the same correctly rounded result.
// b == 0: "division by zero".
double int_truediv(std::int64_t a, std::int64_t b);
// a ** b: int for b >= 0 (OverflowError on overflow), float for b < 0
// (computed as float(a) ** float(b), as CPython does).
scalar int_pow(std::int64_t a, std::int64_t b);

// ---- float operators ----
double float_truediv(double a, double b);   // "float division by zero"
double float_floordiv(double a, double b);  // "float floor division by zero"
double float_mod(double a, double b);       // "float modulo"
// a ** b with CPython's special cases: 0.0 ** negative raises
// ZeroDivisionError("0.0 cannot be raised to a negative power"), a finite
// overflow raises OverflowError("(34, 'Numerical result out of range')").
// CPython returns a complex number for negative ** non-integer; minipy has no
// complex, so that raises ValueError("negative number cannot be raised to a
// fractional power").
double float_pow(double a, double b);

// ---- mixed arithmetic on numbers ----
enum class arith_op : std::uint8_t { add, sub, mul, truediv, floordiv, mod, pow };
// Python's `a <op> b` for int/float operands (int op int stays int except /
// and negative **; anything with a float is computed in float).
scalar arith(arith_op op, const scalar& a, const scalar& b);

// ---- comparisons ----
// Exact comparison of an int with a float, as Python does (no rounding of the
// int: 2**53 + 1 > 2.0**53).  NaN compares unordered.
std::partial_ordering compare_int_float(std::int64_t i, double d) noexcept;
// Python comparison of two numbers (==, <, ... derive from the ordering;
// unordered means every comparison except != is False).
std::partial_ordering compare(const scalar& a, const scalar& b) noexcept;
inline bool num_equal(const scalar& a, const scalar& b) noexcept {
  return compare(a, b) == std::partial_ordering::equivalent;
}
// bool(x): nonzero (NaN is true).
inline bool truthy(const scalar& s) noexcept {
  return s.index() == 0 ? *std::get_if<0>(&s) != 0 : *std::get_if<1>(&s) != 0.0;
}

// ---- conversions ----
// int(x) for a float: truncation toward zero.  NaN: ValueError("cannot
// convert float NaN to integer"); inf: OverflowError("cannot convert float
// infinity to integer"); beyond int64: OverflowError("integer overflow").
std::int64_t float_to_int(double d);
// int(s) for a str, base 10: surrounding whitespace, one sign, digits with
// single underscores between digits, Unicode decimal digits and Unicode
// whitespace as CPython accepts them.  Errors: ValueError("invalid literal
// for int() with base 10: <repr(s) cut to 200 characters>"), the 4300-digit limit ValueError of
// CPython 3.11, OverflowError("integer overflow") beyond int64.
std::int64_t parse_int(std::string_view utf8);
// float(s) for a str: whitespace, sign, decimal literal with underscores as
// in Python source, "inf"/"infinity"/"nan" in any case; correctly rounded.
// Error: ValueError("could not convert string to float: <repr(s)>").
double parse_float(std::string_view utf8);

}  // namespace minipy
