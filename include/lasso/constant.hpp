// lasso/constant.hpp
//
// The constants lasso reasons about at trace time: None, bool, 64-bit int, double and
// string. Adapters convert their own constant values to and from these; constant
// folding, constant guards and graph arguments use them. `repr` prints them as Python
// would, so that graphs and guard names read naturally. Strings are UTF-8 text whose
// length, items and indices are characters (code points), as in Python.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>
#include <string_view>
#include <variant>
#include <vector>

namespace lasso {

struct none_t {
    friend constexpr bool operator==(none_t, none_t) noexcept { return true; }
};

using constant = std::variant<none_t, bool, std::int64_t, double, std::string>;

/// Python's repr of a float: shortest round-trip digits, exponent form below 1e-4 and
/// from 1e16, `inf`, `nan`, and a `.0` on integral values.
[[gnu::cold]] inline std::string repr_double(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
    char digits[32];
    // Shortest scientific form gives the significant digits and the exponent.
    auto [end, ec] = std::to_chars(digits, digits + sizeof digits, d, std::chars_format::scientific);
    (void)ec;
    std::string sci(digits, end);
    const auto e_pos = sci.find('e');
    std::string mantissa = sci.substr(0, e_pos);
    const int exponent = std::stoi(sci.substr(e_pos + 1));
    const bool negative = !mantissa.empty() && mantissa[0] == '-';
    if (negative) mantissa.erase(0, 1);
    std::string significant;
    for (char c : mantissa)
        if (c != '.') significant += c;
    std::string out = negative ? "-" : "";
    if (exponent < -4 || exponent >= 16) {
        out += significant.substr(0, 1);
        if (significant.size() > 1) out += "." + significant.substr(1);
        out += exponent < 0 ? "e-" : "e+";
        const int magnitude = exponent < 0 ? -exponent : exponent;
        if (magnitude < 10) out += "0";
        out += std::to_string(magnitude);
        return out;
    }
    if (exponent < 0) {
        out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + significant;
        return out;
    }
    const auto point = static_cast<std::size_t>(exponent + 1);
    if (significant.size() <= point) {
        out += significant + std::string(point - significant.size(), '0') + ".0";
    } else {
        out += significant.substr(0, point) + "." + significant.substr(point);
    }
    return out;
}

/// Python's repr of a string (ASCII escapes; other bytes are kept).
[[gnu::cold]] inline std::string repr_string(const std::string& s) {
    const bool use_double = s.find('\'') != std::string::npos && s.find('"') == std::string::npos;
    const char quote = use_double ? '"' : '\'';
    std::string out(1, quote);
    for (unsigned char c : s) {
        switch (c) {
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c == static_cast<unsigned char>(quote)) {
                out += '\\';
                out += static_cast<char>(c);
            } else if (c < 0x20 || c == 0x7f) {
                const char* hex = "0123456789abcdef";
                out += "\\x";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out + quote;
}

/// Python's repr of a constant: None, True, 3, 1.5, 'text'.
[[gnu::cold]] inline std::string repr(const constant& c) {
    struct printer {
        std::string operator()(none_t) const { return "None"; }
        std::string operator()(bool b) const { return b ? "True" : "False"; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return repr_double(d); }
        std::string operator()(const std::string& s) const { return repr_string(s); }
    };
    return std::visit(printer{}, c);
}

/// Whether byte `c` of UTF-8 text continues a character rather than starting one.
inline bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

/// A string's Python length: the characters (code points) of its UTF-8 text.
inline std::size_t character_count(std::string_view s) {
    std::size_t n = 0;
    for (char c : s) n += !is_continuation_byte(c);
    return n;
}

/// Where each character of UTF-8 text `s` starts, in bytes: character i runs from
/// starts[i] to the next start.
inline std::vector<std::size_t> character_starts(std::string_view s) {
    std::vector<std::size_t> starts;
    starts.reserve(character_count(s));
    for (std::size_t i = 0; i < s.size(); ++i)
        if (!is_continuation_byte(s[i])) starts.push_back(i);
    return starts;
}

/// Character `i` of `s`, whose characters start at `starts` (`character_starts(s)`).
inline std::string character_at(std::string_view s, const std::vector<std::size_t>& starts, std::size_t i) {
    const std::size_t end = i + 1 < starts.size() ? starts[i + 1] : s.size();
    return std::string(s.substr(starts[i], end - starts[i]));
}

/// `repr(c)` for messages (reasons, guard failures, descriptions): a string of more
/// than `brief_repr_characters` characters shows its first ones, then how long it is,
/// so that a reason about a megabyte-long constant stays one readable line.
inline constexpr std::size_t brief_repr_characters = 60;
[[gnu::cold]] inline std::string brief_repr(const constant& c) {
    const auto* s = std::get_if<std::string>(&c);
    if (!s || s->size() <= brief_repr_characters) return repr(c);
    const auto starts = character_starts(*s);
    if (starts.size() <= brief_repr_characters) return repr(c);
    std::string out = repr_string(s->substr(0, starts[brief_repr_characters]));
    out.insert(out.size() - 1, "...");
    return out + " (" + std::to_string(starts.size()) + " characters)";
}

/// Python's truth value of a constant.
inline bool truth(const constant& c) {
    return std::visit(
        [](const auto& v) -> bool {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, none_t>) return false;
            else if constexpr (std::is_same_v<T, std::string>) return !v.empty();
            else return v != T{};
        },
        c);
}

} // namespace lasso
