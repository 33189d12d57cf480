// Python 3.11 number semantics on int64/double; see numeric.hpp.
#include "minipy/numeric.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>
#include <limits>
#include <system_error>

#include "minipy/repr.hpp"
#include "minipy/utf8.hpp"

namespace minipy {

std::string_view exc_name(exc_kind kind) noexcept {
  switch (kind) {
    case exc_kind::Exception: return "Exception";
    case exc_kind::ValueError: return "ValueError";
    case exc_kind::TypeError: return "TypeError";
    case exc_kind::RuntimeError: return "RuntimeError";
    case exc_kind::KeyError: return "KeyError";
    case exc_kind::IndexError: return "IndexError";
    case exc_kind::ZeroDivisionError: return "ZeroDivisionError";
    case exc_kind::AssertionError: return "AssertionError";
    case exc_kind::NameError: return "NameError";
    case exc_kind::AttributeError: return "AttributeError";
    case exc_kind::OverflowError: return "OverflowError";
    case exc_kind::RecursionError: return "RecursionError";
    case exc_kind::SyntaxError: return "SyntaxError";
  }
  return "Exception";
}

void throw_int_overflow() { throw py_error(exc_kind::OverflowError, "integer overflow"); }

namespace {

[[noreturn]] void zero_div(const char* msg) { throw py_error(exc_kind::ZeroDivisionError, msg); }

constexpr double two63 = 9223372036854775808.0;  // 2**63, exact

}  // namespace

// ---------------------------------------------------------------- ints

bool checked_pow(std::int64_t base, std::int64_t exp, std::int64_t& out) noexcept {
  if (exp < 0) return false;
  // Bases 0 and +-1 never overflow; handling them first bounds the loop below.
  if (base == 0) {
    out = exp == 0 ? 1 : 0;
    return true;
  }
  if (base == 1) {
    out = 1;
    return true;
  }
  if (base == -1) {
    out = (exp & 1) ? -1 : 1;
    return true;
  }
  if (exp > 63) return false;  // |base| >= 2, so |result| >= 2**64
  std::int64_t result = 1;
  std::int64_t b = base;
  for (;;) {
    if ((exp & 1) && !checked_mul(result, b, result)) return false;
    exp >>= 1;
    if (exp == 0) break;
    // Squaring only while bits remain: if b*b overflows, the result (which
    // still gets multiplied by at least b*b) would too, since 2**63 is not a
    // square the INT64_MIN result can never be lost this way.
    if (!checked_mul(b, b, b)) return false;
  }
  out = result;
  return true;
}

std::int64_t int_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (!checked_add(a, b, r)) throw_int_overflow();
  return r;
}
std::int64_t int_sub(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (!checked_sub(a, b, r)) throw_int_overflow();
  return r;
}
std::int64_t int_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (!checked_mul(a, b, r)) throw_int_overflow();
  return r;
}
std::int64_t int_neg(std::int64_t a) {
  std::int64_t r;
  if (!checked_neg(a, r)) throw_int_overflow();
  return r;
}
std::int64_t int_abs(std::int64_t a) { return a < 0 ? int_neg(a) : a; }

std::int64_t int_floordiv(std::int64_t a, std::int64_t b) {
  if (b == 0) zero_div("integer division or modulo by zero");
  if (b == -1) return int_neg(a);  // INT64_MIN // -1 overflows
  std::int64_t q = a / b;
  // C++ truncates; step down when the exact quotient was negative and inexact.
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

std::int64_t int_mod(std::int64_t a, std::int64_t b) {
  if (b == 0) zero_div("integer modulo by zero");
  if (b == -1) return 0;  // also avoids INT64_MIN % -1
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

double int_truediv(std::int64_t a, std::int64_t b) {
  if (b == 0) zero_div("division by zero");
  constexpr std::uint64_t exact_limit = std::uint64_t{1} << 53;
  const bool neg = (a < 0) != (b < 0);
  // Magnitudes as unsigned so that INT64_MIN is representable.
  const std::uint64_t ua = a < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
  const std::uint64_t ub = b < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
  if (ua <= exact_limit && ub <= exact_limit)
    return static_cast<double>(a) / static_cast<double>(b);  // both exact: IEEE rounds once
  if (ua == 0) return neg ? -0.0 : 0.0;                      // the loop below needs a nonzero dividend
  // Long division until the quotient has 63 significant bits; the remainder
  // then only matters as a sticky bit below the rounding position, and the
  // uint64 -> double conversion performs the single correct rounding.
  std::uint64_t q = ua / ub;
  std::uint64_t r = ua % ub;
  int shift = 0;
  while (q < (std::uint64_t{1} << 62)) {
    r <<= 1;  // r < ub <= 2**63, so no overflow
    q <<= 1;
    if (r >= ub) {
      r -= ub;
      q |= 1;
    }
    ++shift;
  }
  if (r != 0) q |= 1;
  const double mag = std::ldexp(static_cast<double>(q), -shift);  // exact scaling (no subnormals)
  return neg ? -mag : mag;
}

scalar int_pow(std::int64_t a, std::int64_t b) {
  if (b < 0) return float_pow(static_cast<double>(a), static_cast<double>(b));
  std::int64_t r;
  if (!checked_pow(a, b, r)) throw_int_overflow();
  return r;
}

// ---------------------------------------------------------------- floats

double float_truediv(double a, double b) {
  if (b == 0.0) zero_div("float division by zero");
  return a / b;
}

double float_mod(double a, double b) {
  if (b == 0.0) zero_div("float modulo");
  double m = std::fmod(a, b);  // exact, sign of a
  if (m != 0.0) {
    if ((b < 0) != (m < 0)) m += b;  // move to the sign of b
  } else {
    m = std::copysign(0.0, b);  // Python gives zero the sign of the divisor
  }
  return m;
}

double float_floordiv(double a, double b) {
  if (b == 0.0) zero_div("float floor division by zero");
  const double m = std::fmod(a, b);
  // a - m is (up to rounding) a multiple of b, so q is nearly integral.
  double q = (a - m) / b;
  if (m != 0.0 && ((b < 0) != (m < 0))) q -= 1.0;  // the remainder was moved to b's sign
  if (q == 0.0) return std::copysign(0.0, a / b);  // zero keeps the quotient's sign
  // Snap to the nearest integer (q can be off by rounding in the division).
  double f = std::floor(q);
  if (q - f > 0.5) f += 1.0;
  return f;
}

double float_pow(double a, double b) {
  if (a == 0.0 && b < 0.0 && std::isfinite(b)) zero_div("0.0 cannot be raised to a negative power");
  if (std::isfinite(a) && a < 0.0 && std::isfinite(b) && b != std::floor(b))
    throw py_error(exc_kind::ValueError, "negative number cannot be raised to a fractional power");
  // C99 pow agrees with CPython on every remaining special case (1**nan,
  // nan**0, (-1)**inf, infinities); only overflow must become an error.
  const double r = std::pow(a, b);
  if (std::isinf(r) && std::isfinite(a) && std::isfinite(b))
    throw py_error(exc_kind::OverflowError, "(34, 'Numerical result out of range')");
  return r;
}

scalar arith(arith_op op, const scalar& a, const scalar& b) {
  if (is_int(a) && is_int(b)) {
    const std::int64_t x = as_int(a), y = as_int(b);
    switch (op) {
      case arith_op::add: return int_add(x, y);
      case arith_op::sub: return int_sub(x, y);
      case arith_op::mul: return int_mul(x, y);
      case arith_op::truediv: return int_truediv(x, y);
      case arith_op::floordiv: return int_floordiv(x, y);
      case arith_op::mod: return int_mod(x, y);
      case arith_op::pow: return int_pow(x, y);
    }
  }
  const double x = to_double(a), y = to_double(b);
  switch (op) {
    case arith_op::add: return x + y;
    case arith_op::sub: return x - y;
    case arith_op::mul: return x * y;
    case arith_op::truediv: return float_truediv(x, y);
    case arith_op::floordiv: return float_floordiv(x, y);
    case arith_op::mod: return float_mod(x, y);
    case arith_op::pow: return float_pow(x, y);
  }
  return 0.0;
}

// ---------------------------------------------------------------- comparisons

std::partial_ordering compare_int_float(std::int64_t i, double d) noexcept {
  if (std::isnan(d)) return std::partial_ordering::unordered;
  if (d >= two63) return std::partial_ordering::less;
  if (d < -two63) return std::partial_ordering::greater;
  // Now trunc(d) fits in int64 exactly, and d - trunc(d) is exact.
  const double t = std::trunc(d);
  const auto ti = static_cast<std::int64_t>(t);
  if (i != ti) return i < ti ? std::partial_ordering::less : std::partial_ordering::greater;
  const double frac = d - t;
  if (frac > 0) return std::partial_ordering::less;
  if (frac < 0) return std::partial_ordering::greater;
  return std::partial_ordering::equivalent;
}

std::partial_ordering compare(const scalar& a, const scalar& b) noexcept {
  if (is_int(a)) {
    if (is_int(b)) return as_int(a) <=> as_int(b);
    return compare_int_float(as_int(a), as_float(b));
  }
  if (is_int(b)) return 0 <=> compare_int_float(as_int(b), as_float(a));  // reversed
  return as_float(a) <=> as_float(b);
}

// ---------------------------------------------------------------- conversions

std::int64_t float_to_int(double d) {
  if (std::isnan(d)) throw py_error(exc_kind::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(d)) throw py_error(exc_kind::OverflowError, "cannot convert float infinity to integer");
  const double t = std::trunc(d);
  if (t >= two63 || t < -two63) throw_int_overflow();
  return static_cast<std::int64_t>(t);
}

namespace {

// First code point of each block of ten Unicode decimal digits (category Nd)
// outside ASCII, Unicode 14.0 (CPython 3.11).  int() and float() accept them.
constexpr std::uint32_t unicode_digit_zeros[] = {
    0x660,   0x6f0,   0x7c0,   0x966,   0x9e6,   0xa66,   0xae6,   0xb66,   0xbe6,   0xc66,   0xce6,   0xd66,   0xde6,
    0xe50,   0xed0,   0xf20,   0x1040,  0x1090,  0x17e0,  0x1810,  0x1946,  0x19d0,  0x1a80,  0x1a90,  0x1b50,  0x1bb0,
    0x1c40,  0x1c50,  0xa620,  0xa8d0,  0xa900,  0xa9d0,  0xa9f0,  0xaa50,  0xabf0,  0xff10,  0x104a0, 0x10d30, 0x11066,
    0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50,
    0x11da0, 0x16a60, 0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e950, 0x1fbf0,
};

int unicode_digit_value(std::uint32_t c) {
  const auto* end = std::end(unicode_digit_zeros);
  const auto* it = std::upper_bound(std::begin(unicode_digit_zeros), end, c);
  if (it == std::begin(unicode_digit_zeros)) return -1;
  const std::uint32_t zero = *(it - 1);
  return c - zero < 10 ? static_cast<int>(c - zero) : -1;
}

// The whitespace int()/float() strip after the Unicode mapping below.
bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Like CPython, numeric parsing first maps non-ASCII decimal digits to ASCII
// digits and non-ASCII whitespace to ' '; anything else non-ASCII becomes a
// character no grammar accepts.
std::string asciify_numeral(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      out.push_back(s[i++]);
      continue;
    }
    const std::uint32_t c = character_value(s, i);
    i = next_character(s, i);
    if (is_space_character(c)) {
      out.push_back(' ');
    } else if (const int v = unicode_digit_value(c); v >= 0) {
      out.push_back(static_cast<char>('0' + v));
    } else {
      out.push_back('?');
    }
  }
  return out;
}

bool all_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// repr(s) cut to at most `limit` code points, as CPython's "%.200R" does.
std::string truncated_repr(std::string_view s, std::size_t limit) {
  std::string r = repr_string(s);
  std::size_t count = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    if (is_continuation_byte(r[i])) continue;
    if (count++ == limit) {
      r.resize(i);
      break;
    }
  }
  return r;
}

constexpr std::size_t int_max_str_digits = 4300;  // CPython 3.11 default limit

bool iequals(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

}  // namespace

std::int64_t parse_int(std::string_view text) {
  std::string mapped;
  std::string_view s = text;
  if (!all_ascii(text)) {
    mapped = asciify_numeral(text);
    s = mapped;
  }
  auto invalid = [&]() -> py_error {
    return py_error(exc_kind::ValueError, "invalid literal for int() with base 10: " + truncated_repr(text, 200));
  };
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n && is_ascii_space(s[i])) ++i;
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  std::uint64_t mag = 0;
  bool too_big = false;
  std::size_t ndigits = 0;
  while (i < n) {
    const char c = s[i];
    if (is_digit(c)) {
      const auto d = static_cast<std::uint64_t>(c - '0');
      if (mag > (std::numeric_limits<std::uint64_t>::max() - d) / 10)
        too_big = true;
      else
        mag = mag * 10 + d;
      ++ndigits;
      ++i;
    } else if (c == '_' && ndigits > 0 && i + 1 < n && is_digit(s[i + 1])) {
      ++i;  // a single underscore between digits
    } else if (c == '_') {
      throw invalid();
    } else {
      break;
    }
  }
  if (ndigits == 0) throw invalid();
  // CPython checks the digit limit before looking at what follows the digits.
  if (ndigits > int_max_str_digits)
    throw py_error(exc_kind::ValueError, "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                                             std::to_string(ndigits) +
                                             " digits; use sys.set_int_max_str_digits() to increase the limit");
  while (i < n && is_ascii_space(s[i])) ++i;
  if (i != n) throw invalid();
  const std::uint64_t limit = neg ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  if (too_big || mag > limit) throw_int_overflow();
  return neg ? static_cast<std::int64_t>(std::uint64_t{0} - mag) : static_cast<std::int64_t>(mag);
}

double parse_float(std::string_view text) {
  std::string mapped;
  std::string_view s = text;
  if (!all_ascii(text)) {
    mapped = asciify_numeral(text);
    s = mapped;
  }
  auto invalid = [&]() -> py_error {
    return py_error(exc_kind::ValueError, "could not convert string to float: " + repr_string(text));
  };
  std::size_t i = 0, n = s.size();
  while (i < n && is_ascii_space(s[i])) ++i;
  while (n > i && is_ascii_space(s[n - 1])) --n;
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  const double sign = neg ? -1.0 : 1.0;
  const std::string_view word = s.substr(i, n - i);
  if (iequals(word, "inf") || iequals(word, "infinity")) return sign * std::numeric_limits<double>::infinity();
  if (iequals(word, "nan")) return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);

  // digitpart: digit (["_"] digit)*, appending the digits to `out`.
  auto digitpart = [&](std::string* out) -> std::size_t {
    std::size_t count = 0;
    while (i < n) {
      const char c = s[i];
      if (is_digit(c)) {
        if (out) out->push_back(c);
        ++count;
        ++i;
      } else if (c == '_' && count > 0 && i + 1 < n && is_digit(s[i + 1])) {
        ++i;
      } else if (c == '_') {
        throw invalid();
      } else {
        break;
      }
    }
    return count;
  };

  std::string digits;  // integer and fraction digits, no point
  const std::size_t int_digits = digitpart(&digits);
  std::size_t frac_digits = 0;
  if (i < n && s[i] == '.') {
    ++i;
    frac_digits = digitpart(&digits);
  }
  if (int_digits + frac_digits == 0) throw invalid();
  std::int64_t exp = 0;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
    std::string edigits;
    if (digitpart(&edigits) == 0) throw invalid();
    for (const char c : edigits) {
      exp = exp * 10 + (c - '0');
      if (exp > 1'000'000'000'000'000) exp = 1'000'000'000'000'000;  // saturate: already inf or 0
    }
    if (eneg) exp = -exp;
  }
  if (i != n) throw invalid();

  // value = digits * 10**exp10; normalise so that huge exponents are decided
  // here and from_chars only sees a moderate exponent.
  std::int64_t exp10 = exp - static_cast<std::int64_t>(frac_digits);
  const std::size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return sign * 0.0;
  const std::size_t last = digits.find_last_not_of('0');
  exp10 += static_cast<std::int64_t>(digits.size() - 1 - last);
  digits = digits.substr(first, last + 1 - first);
  const std::int64_t lead = exp10 + static_cast<std::int64_t>(digits.size()) - 1;  // decimal exponent of first digit
  if (lead > 400) return sign * std::numeric_limits<double>::infinity();
  if (lead < -400) return sign * 0.0;
  digits += 'e';
  digits += std::to_string(exp10);
  double v = 0.0;
  const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (res.ec == std::errc::result_out_of_range)
    v = lead >= 0 ? std::numeric_limits<double>::infinity() : 0.0;
  else if (res.ec != std::errc() || res.ptr != digits.data() + digits.size())
    throw invalid();  // not reachable: the grammar was checked above
  return sign * v;
}

}  // namespace minipy
