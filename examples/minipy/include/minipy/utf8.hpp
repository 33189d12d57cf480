// Stepping over the characters of a minipy string. Strings hold valid UTF-8 (the
// lexer rejects anything else and every operation keeps it valid), and Python counts,
// cuts and compares them by character (code point), never by byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <lasso/constant.hpp>  // is_continuation_byte, character_count

namespace minipy {

using lasso::character_count;  // a string's length in characters
using lasso::is_continuation_byte;

/// Where the character after the one starting at byte `i` starts.
inline std::size_t next_character(std::string_view s, std::size_t i) {
  ++i;
  while (i < s.size() && is_continuation_byte(s[i])) ++i;
  return i;
}

/// Where the character ending just before byte `end` (> 0) starts.
inline std::size_t previous_character(std::string_view s, std::size_t end) {
  --end;
  while (end > 0 && is_continuation_byte(s[end])) --end;
  return end;
}

/// The code point of the character starting at byte `i`.
inline std::uint32_t character_value(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  if (lead < 0x80) return lead;
  const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  std::uint32_t cp = length == 4 ? (lead & 0x07u) : length == 3 ? (lead & 0x0Fu) : (lead & 0x1Fu);
  for (std::size_t k = 1; k < length && i + k < s.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
  return cp;
}

/// Python's str.isspace() of one character: the ASCII spaces and separators and the
/// Unicode ones (what strip() and split() with no argument remove, and what int()
/// and float() ignore around a numeral).
inline bool is_space_character(std::uint32_t c) {
  return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

}  // namespace minipy
