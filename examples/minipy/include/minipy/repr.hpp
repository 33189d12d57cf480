// CPython-exact text for numbers and strings (repr/str of float, int, str).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace minipy {

// repr(x) == str(x) for a Python float: the shortest digit string that reads
// back as x, in fixed notation when the decimal exponent e (x = d.ddd * 10**e)
// satisfies -4 <= e < 16 (always with a fractional part, "1.0"), otherwise
// "1e-05", "1.5e+300" (at least two exponent digits).  "-0.0", "inf",
// "-inf", "nan".
std::string format_float(double x);
void append_float(std::string& out, double x);

// repr(n) for a Python int.
std::string format_int(std::int64_t n);
void append_int(std::string& out, std::int64_t n);

// repr(s) for a Python str given as UTF-8 (assumed valid): single quotes
// unless s contains ' and no "; escapes \\, the quote, \t \n \r, other
// non-printable characters as \xNN, \uNNNN or \UNNNNNNNN (Unicode 14
// printability, as str.isprintable() in CPython 3.11); printable non-ASCII
// characters are kept.
std::string repr_string(std::string_view utf8);
void append_repr_string(std::string& out, std::string_view utf8);

}  // namespace minipy
