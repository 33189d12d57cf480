// minipy tokenizer; see lexer.hpp for the contract.
#include "minipy/lexer.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace minipy {

namespace {

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) { return is_ident_start(c) || is_digit(c); }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
int hex_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Length of the valid UTF-8 sequence at s[i] (0 if invalid): rejects overlong forms,
// surrogates and code points above U+10FFFF, as CPython's decoder does.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t len;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    len = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;  // no surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  return len;
}

std::uint32_t decode_utf8(std::string_view s, std::size_t i, std::size_t len) {
  auto b = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[k])); };
  if (len == 1) return b(i);
  if (len == 2) return ((b(i) & 0x1F) << 6) | (b(i + 1) & 0x3F);
  if (len == 3) return ((b(i) & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
  return ((b(i) & 0x07) << 18) | ((b(i + 1) & 0x3F) << 12) | ((b(i + 2) & 0x3F) << 6) | (b(i + 3) & 0x3F);
}

std::string hex4(std::uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04X", static_cast<unsigned>(v));
  return buf;
}

struct keyword_entry {
  std::string_view text;
  token_kind kind;
};
constexpr keyword_entry keywords[] = {
    {"False", token_kind::kw_false},
    {"None", token_kind::kw_none},
    {"True", token_kind::kw_true},
    {"and", token_kind::kw_and},
    {"as", token_kind::kw_as},
    {"assert", token_kind::kw_assert},
    {"async", token_kind::kw_async},
    {"await", token_kind::kw_await},
    {"break", token_kind::kw_break},
    {"class", token_kind::kw_class},
    {"continue", token_kind::kw_continue},
    {"def", token_kind::kw_def},
    {"del", token_kind::kw_del},
    {"elif", token_kind::kw_elif},
    {"else", token_kind::kw_else},
    {"except", token_kind::kw_except},
    {"finally", token_kind::kw_finally},
    {"for", token_kind::kw_for},
    {"from", token_kind::kw_from},
    {"global", token_kind::kw_global},
    {"if", token_kind::kw_if},
    {"import", token_kind::kw_import},
    {"in", token_kind::kw_in},
    {"is", token_kind::kw_is},
    {"lambda", token_kind::kw_lambda},
    {"nonlocal", token_kind::kw_nonlocal},
    {"not", token_kind::kw_not},
    {"or", token_kind::kw_or},
    {"pass", token_kind::kw_pass},
    {"raise", token_kind::kw_raise},
    {"return", token_kind::kw_return},
    {"try", token_kind::kw_try},
    {"while", token_kind::kw_while},
    {"with", token_kind::kw_with},
    {"yield", token_kind::kw_yield},
};

token_kind keyword_kind(std::string_view s) {
  if (s.size() < 2 || s.size() > 8) return token_kind::name;
  for (const auto& k : keywords)  // cheap first-character test before comparing
    if (k.text[0] == s[0] && k.text == s) return k.kind;
  return token_kind::name;
}

struct operator_entry {
  std::string_view text;
  token_kind kind;
};
// Longest first, so the first match is the longest one.
constexpr operator_entry operators[] = {
    {"**=", token_kind::double_star_assign},
    {"//=", token_kind::double_slash_assign},
    {">>=", token_kind::rshift_assign},
    {"<<=", token_kind::lshift_assign},
    {"...", token_kind::ellipsis},
    {"**", token_kind::double_star},
    {"//", token_kind::double_slash},
    {"==", token_kind::eq},
    {"!=", token_kind::ne},
    {"<=", token_kind::le},
    {">=", token_kind::ge},
    {"->", token_kind::arrow},
    {"+=", token_kind::plus_assign},
    {"-=", token_kind::minus_assign},
    {"*=", token_kind::star_assign},
    {"/=", token_kind::slash_assign},
    {"%=", token_kind::percent_assign},
    {"@=", token_kind::at_assign},
    {"&=", token_kind::amp_assign},
    {"|=", token_kind::pipe_assign},
    {"^=", token_kind::caret_assign},
    {"<<", token_kind::lshift},
    {">>", token_kind::rshift},
    {":=", token_kind::walrus},
    {"(", token_kind::lparen},
    {")", token_kind::rparen},
    {"[", token_kind::lbracket},
    {"]", token_kind::rbracket},
    {"{", token_kind::lbrace},
    {"}", token_kind::rbrace},
    {",", token_kind::comma},
    {":", token_kind::colon},
    {".", token_kind::dot},
    {";", token_kind::semicolon},
    {"=", token_kind::assign},
    {"@", token_kind::at},
    {"+", token_kind::plus},
    {"-", token_kind::minus},
    {"*", token_kind::star},
    {"/", token_kind::slash},
    {"%", token_kind::percent},
    {"<", token_kind::lt},
    {">", token_kind::gt},
    {"|", token_kind::pipe},
    {"&", token_kind::amp},
    {"^", token_kind::caret},
    {"~", token_kind::tilde},
};

}  // namespace

const char* token_kind_name(token_kind k) {
  switch (k) {
    case token_kind::end_of_file: return "end of file";
    case token_kind::newline: return "NEWLINE";
    case token_kind::indent: return "INDENT";
    case token_kind::dedent: return "DEDENT";
    case token_kind::name: return "name";
    case token_kind::integer:
    case token_kind::big_integer:
    case token_kind::floating: return "number";
    case token_kind::string: return "string";
    default: break;
  }
  for (const auto& kw : keywords)
    if (kw.kind == k) return kw.text.data();  // literals are NUL-terminated
  for (const auto& op : operators)
    if (op.kind == k) return op.text.data();
  return "token";
}

lexer::lexer(std::string_view source, std::string_view filename) : filename_(filename) {
  src_.reserve(source.size());
  std::size_t i = 0;
  if (source.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  int line = 1;
  std::size_t line_begin = i;
  while (i < source.size()) {
    char c = source[i];
    if (c == '\r') {  // \r\n and lone \r both end a line
      src_ += '\n';
      i += (i + 1 < source.size() && source[i + 1] == '\n') ? 2 : 1;
      ++line;
      line_begin = i;
      continue;
    }
    if (c == '\0') fail(line, static_cast<int>(i - line_begin), "source code cannot contain null bytes");
    std::size_t n = utf8_sequence_length(source, i);
    if (n == 0) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "invalid UTF-8 in source (byte 0x%02x)",
                    static_cast<unsigned>(static_cast<unsigned char>(c)));
      fail(line, static_cast<int>(i - line_begin), buf);
    }
    if (c == '\n') {
      ++line;
      line_begin = i + 1;
    }
    src_.append(source.data() + i, n);
    i += n;
  }
}

void lexer::fail(int line, int col0, const std::string& message) const {
  throw syntax_error(filename_, line, col0 + 1, message);
}

// Handles the indentation at the start of a logical line. Returns true with `out` set
// to INDENT; otherwise returns false after consuming a blank/comment line, queueing
// DEDENTs, or finding the end of the input.
bool lexer::handle_indentation(token& out) {
  int col = 0, alt = 0;
  int cont_col = 0;  // indentation before a backslash continuation (CPython's quirk: 0 = unset)
  std::size_t p = pos_;
  for (; p < src_.size(); ++p) {
    char c = src_[p];
    if (c == ' ') {
      ++col;
      ++alt;
    } else if (c == '\t') {
      col = (col / 8 + 1) * 8;
      ++alt;
    } else if (c == '\f') {
      col = alt = 0;
    } else if (c == '\\') {
      if (p + 1 < src_.size() && src_[p + 1] == '\n' && p + 2 < src_.size()) {
        cont_col = cont_col ? cont_col : col;
        newline_at(p + 1);
        ++p;
        continue;
      }
      pos_ = p;
      if (p + 1 < src_.size() && src_[p + 1] != '\n')
        fail(line_, col_of(p) + 1, "unexpected character after line continuation character");
      fail(line_, col_of(p), "unexpected EOF while parsing");
    } else {
      break;
    }
  }
  if (cont_col) col = alt = cont_col;
  if (p >= src_.size()) {  // trailing whitespace: EOF handling happens in next()
    pos_ = p;
    at_line_start_ = false;
    return false;
  }
  if (src_[p] == '#' || src_[p] == '\n') {  // blank lines do not affect indentation
    while (p < src_.size() && src_[p] != '\n') ++p;
    if (p < src_.size()) {
      newline_at(p);
      ++p;
    }
    pos_ = p;
    return false;
  }
  at_line_start_ = false;
  pos_ = p;
  static const char* const tab_error = "inconsistent use of tabs and spaces in indentation";
  if (col == indents_.back()) {
    if (alt != alt_indents_.back()) fail(line_, 0, tab_error);
    return false;
  }
  if (col > indents_.back()) {
    if (alt <= alt_indents_.back()) fail(line_, 0, tab_error);
    indents_.push_back(col);
    alt_indents_.push_back(alt);
    out.kind = token_kind::indent;
    out.loc = {line_, 0, line_, col_of(p)};
    return true;
  }
  while (indents_.size() > 1 && col < indents_.back()) {
    indents_.pop_back();
    alt_indents_.pop_back();
    ++pending_dedents_;
  }
  if (col != indents_.back()) fail(line_, col_of(p), "unindent does not match any outer indentation level");
  if (alt != alt_indents_.back()) fail(line_, 0, tab_error);
  return false;
}

token lexer::next() {
  token t;
  for (;;) {
    if (pending_dedents_ > 0) {
      --pending_dedents_;
      t.kind = token_kind::dedent;
      t.loc = {line_, col_of(pos_), line_, col_of(pos_)};
      return t;
    }
    if (finished_) {
      t.kind = token_kind::end_of_file;
      t.loc = {line_, col_of(pos_), line_, col_of(pos_)};
      return t;
    }
    if (at_line_start_ && brackets_.empty()) {
      if (handle_indentation(t)) return t;
      continue;
    }
    while (pos_ < src_.size() && (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\f')) ++pos_;
    if (pos_ >= src_.size()) {
      if (!brackets_.empty()) {
        const bracket& b = brackets_.back();
        fail(b.line, b.col, std::string("'") + b.ch + "' was never closed");
      }
      if (line_has_tokens_) {  // the last line lacked a final newline
        line_has_tokens_ = false;
        t.kind = token_kind::newline;
        t.loc = {line_, col_of(pos_), line_, col_of(pos_) + 1};
        return t;
      }
      pending_dedents_ = static_cast<int>(indents_.size()) - 1;
      indents_.resize(1);
      alt_indents_.resize(1);
      finished_ = true;
      continue;
    }
    char c = src_[pos_];
    if (c == '#') {
      while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
      continue;
    }
    if (c == '\\') {
      if (pos_ + 2 < src_.size() && src_[pos_ + 1] == '\n') {
        newline_at(pos_ + 1);
        pos_ += 2;
        continue;
      }
      if (pos_ + 1 < src_.size() && src_[pos_ + 1] != '\n')
        fail(line_, col_of(pos_) + 1, "unexpected character after line continuation character");
      fail(line_, col_of(pos_), "unexpected EOF while parsing");  // backslash-newline at the end
    }
    if (c == '\n') {
      if (!brackets_.empty() || !line_has_tokens_) {  // implicit joining / empty logical line
        newline_at(pos_);
        ++pos_;
        if (brackets_.empty()) at_line_start_ = true;
        continue;
      }
      t.kind = token_kind::newline;
      t.loc = {line_, col_of(pos_), line_, col_of(pos_) + 1};
      newline_at(pos_);
      ++pos_;
      at_line_start_ = true;
      line_has_tokens_ = false;
      return t;
    }
    line_has_tokens_ = true;
    t.loc.line = line_;
    t.loc.col = col_of(pos_);
    auto uc = static_cast<unsigned char>(c);
    if (is_ident_start(c)) {
      lex_name(t);
    } else if (is_digit(c) || (c == '.' && pos_ + 1 < src_.size() && is_digit(src_[pos_ + 1]))) {
      lex_number(t);
    } else if (c == '\'' || c == '"') {
      lex_string(t, false);
    } else if (uc >= 0x80) {
      std::size_t n = utf8_sequence_length(src_, pos_);
      std::uint32_t cp = decode_utf8(src_, pos_, n);
      fail(line_, col_of(pos_), "invalid character '" + src_.substr(pos_, n) + "' (U+" + hex4(cp) + ")");
    } else if (uc < 0x20 || uc == 0x7F) {
      fail(line_, col_of(pos_), "invalid non-printable character U+" + hex4(uc));
    } else {
      lex_operator(t);
    }
    t.loc.end_line = line_;
    t.loc.end_col = col_of(pos_);
    return t;
  }
}

void lexer::lex_name(token& t) {
  std::size_t start = pos_;
  while (pos_ < src_.size() && is_ident_char(src_[pos_])) ++pos_;
  std::string_view word(src_.data() + start, pos_ - start);
  if (pos_ < src_.size() && (src_[pos_] == '\'' || src_[pos_] == '"') && word.size() <= 2) {
    bool r = false, b = false, f = false, u = false, other = false;
    for (char ch : word) {
      switch (ch) {
        case 'r':
        case 'R': r = true; break;
        case 'b':
        case 'B': b = true; break;
        case 'f':
        case 'F': f = true; break;
        case 'u':
        case 'U': u = true; break;
        default: other = true;
      }
    }
    if (!other) {
      if (f) fail(t.loc.line, t.loc.col, "f-strings are not supported in minipy");
      if (b) fail(t.loc.line, t.loc.col, "bytes literals are not supported in minipy");
      if (u) fail(t.loc.line, t.loc.col, "string prefix 'u' is not supported in minipy");
      if (r && word.size() == 1) {
        lex_string(t, true);
        return;
      }
    }
  }
  t.kind = keyword_kind(word);
  if (t.kind == token_kind::name) t.text.assign(word);
}

void lexer::lex_number(token& t) {
  const int line = t.loc.line, col = t.loc.col;
  std::size_t start = pos_;
  std::string clean;  // spelling without underscores
  auto bad = [&](const std::string& msg) { fail(line, col, msg); };

  if (src_[pos_] == '0' && pos_ + 1 < src_.size() &&
      std::string_view("xXoObB").find(src_[pos_ + 1]) != std::string_view::npos) {
    char p = static_cast<char>(src_[pos_ + 1] | 0x20);
    int base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    const char* base_name = p == 'x' ? "hexadecimal" : p == 'o' ? "octal" : "binary";
    auto valid = [&](char ch) { return base == 16 ? is_hex(ch) : (ch >= '0' && ch < '0' + base); };
    std::string invalid_msg = std::string("invalid ") + base_name + " literal";
    pos_ += 2;
    bool any = false;
    std::uint64_t value = 0;
    bool overflow = false;
    for (;;) {
      if (pos_ < src_.size() && src_[pos_] == '_') {
        ++pos_;
        if (!(pos_ < src_.size() && valid(src_[pos_]))) bad(invalid_msg);
      }
      if (pos_ < src_.size() && valid(src_[pos_])) {
        int d = hex_value(src_[pos_]);
        if (value >
            (static_cast<std::uint64_t>(INT64_MAX) - static_cast<std::uint64_t>(d)) / static_cast<std::uint64_t>(base))
          overflow = true;
        else
          value = value * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
        clean += src_[pos_];
        ++pos_;
        any = true;
      } else {
        break;
      }
    }
    if (pos_ < src_.size() && is_digit(src_[pos_]))
      bad(std::string("invalid digit '") + src_[pos_] + "' in " + base_name + " literal");
    if (!any) bad(invalid_msg);
    if (pos_ < src_.size() && is_ident_char(src_[pos_])) bad(invalid_msg);
    t.text = src_.substr(start, 2) + clean;
    if (overflow) {
      t.kind = token_kind::big_integer;
    } else {
      t.kind = token_kind::integer;
      t.int_value = static_cast<std::int64_t>(value);
    }
    return;
  }

  auto digits = [&]() {  // digit ('_'? digit)*; the caller checked the first digit
    for (;;) {
      while (pos_ < src_.size() && is_digit(src_[pos_])) clean += src_[pos_++];
      if (pos_ < src_.size() && src_[pos_] == '_') {
        ++pos_;
        if (!(pos_ < src_.size() && is_digit(src_[pos_]))) bad("invalid decimal literal");
        continue;
      }
      return;
    }
  };
  bool is_float = false;
  if (src_[pos_] != '.') digits();
  if (pos_ < src_.size() && src_[pos_] == '.') {
    is_float = true;
    clean += '.';
    ++pos_;
    if (pos_ < src_.size() && is_digit(src_[pos_])) digits();
  }
  if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
    std::size_t q = pos_ + 1;
    if (q < src_.size() && (src_[q] == '+' || src_[q] == '-')) ++q;
    if (!(q < src_.size() && is_digit(src_[q]))) bad("invalid decimal literal");
    clean += 'e';
    if (src_[pos_ + 1] == '-') clean += '-';
    pos_ = q;
    is_float = true;
    digits();
  }
  if (pos_ < src_.size() && (src_[pos_] == 'j' || src_[pos_] == 'J'))
    bad("complex numbers are not supported in minipy");
  if (pos_ < src_.size() && is_ident_char(src_[pos_])) bad("invalid decimal literal");
  t.text = src_.substr(start, pos_ - start);

  if (is_float) {
    t.kind = token_kind::floating;
    double v = 0.0;
    auto res = std::from_chars(clean.data(), clean.data() + clean.size(), v);
    if (res.ec == std::errc::result_out_of_range) {
      // from_chars leaves v untouched on overflow/underflow; strtod gives inf or 0.
      v = std::strtod(clean.c_str(), nullptr);
    }
    t.float_value = v;
    return;
  }
  if (clean.size() > 1 && clean[0] == '0' && clean.find_first_not_of('0') != std::string::npos)
    bad("leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
        "octal integers");
  std::int64_t value = 0;
  for (char ch : clean) {
    int d = ch - '0';
    if (value > (INT64_MAX - d) / 10) {
      t.kind = token_kind::big_integer;
      t.text = clean;
      return;
    }
    value = value * 10 + d;
  }
  t.kind = token_kind::integer;
  t.int_value = value;
}

// pos_ is at the opening quote; t.loc holds the start of the literal (prefix included).
void lexer::lex_string(token& t, bool raw) {
  const char q = src_[pos_];
  const bool triple = pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q;
  pos_ += triple ? 3 : 1;
  std::string out;
  auto unterminated = [&]() {
    int detected = line_;
    if (triple && !src_.empty() && src_.back() == '\n' && pos_ >= src_.size() && detected > t.loc.line)
      --detected;  // CPython does not count the empty line after a final newline
    fail(t.loc.line, t.loc.col,
         std::string(triple ? "unterminated triple-quoted string literal" : "unterminated string literal") +
             " (detected at line " + std::to_string(detected) + ")");
  };
  auto unicode_error = [&](const char* what) {
    fail(t.loc.line, t.loc.col, std::string("(unicode error) 'unicodeescape' codec can't decode bytes: ") + what);
  };
  for (;;) {
    if (pos_ >= src_.size()) unterminated();
    char c = src_[pos_];
    if (c == q) {
      if (!triple) {
        ++pos_;
        break;
      }
      if (pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q) {
        pos_ += 3;
        break;
      }
      out += c;
      ++pos_;
      continue;
    }
    if (c == '\n') {
      if (!triple) unterminated();
      out += c;
      newline_at(pos_);
      ++pos_;
      continue;
    }
    if (c != '\\') {
      out += c;
      ++pos_;
      continue;
    }
    if (pos_ + 1 >= src_.size()) {
      pos_ = src_.size();
      unterminated();
    }
    char d = src_[pos_ + 1];
    if (raw) {  // the backslash stays, but still protects the next character
      out += '\\';
      out += d;
      if (d == '\n') newline_at(pos_ + 1);
      pos_ += 2;
      continue;
    }
    pos_ += 2;
    switch (d) {
      case '\n': newline_at(pos_ - 1); break;  // line continuation inside the literal
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'v': out += '\v'; break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7': {
        std::uint32_t v = static_cast<std::uint32_t>(d - '0');
        for (int k = 0; k < 2 && pos_ < src_.size() && src_[pos_] >= '0' && src_[pos_] <= '7'; ++k)
          v = v * 8 + static_cast<std::uint32_t>(src_[pos_++] - '0');
        append_utf8(out, v);
        break;
      }
      case 'x':
      case 'u':
      case 'U': {
        int n = d == 'x' ? 2 : d == 'u' ? 4 : 8;
        std::uint32_t v = 0;
        for (int k = 0; k < n; ++k) {
          if (!(pos_ < src_.size() && is_hex(src_[pos_])))
            unicode_error(d == 'x'   ? "truncated \\xXX escape"
                          : d == 'u' ? "truncated \\uXXXX escape"
                                     : "truncated \\UXXXXXXXX escape");
          v = v * 16 + static_cast<std::uint32_t>(hex_value(src_[pos_++]));
        }
        if (v > 0x10FFFF) unicode_error("illegal Unicode character");
        if (v >= 0xD800 && v <= 0xDFFF) fail(t.loc.line, t.loc.col, "surrogate escapes are not supported in minipy");
        append_utf8(out, v);
        break;
      }
      case 'N': fail(t.loc.line, t.loc.col, "\\N{...} escapes are not supported in minipy");
      default:  // unknown escapes keep the backslash; the character is read normally
        out += '\\';
        --pos_;
        break;
    }
  }
  t.kind = token_kind::string;
  t.text = std::move(out);
}

void lexer::lex_operator(token& t) {
  std::string_view rest(src_.data() + pos_, std::min<std::size_t>(3, src_.size() - pos_));
  for (const auto& op : operators) {
    if (op.text[0] != rest[0] || rest.substr(0, op.text.size()) != op.text) continue;
    t.kind = op.kind;
    char c = op.text[0];
    if (op.text.size() == 1 && (c == '(' || c == '[' || c == '{')) {
      if (static_cast<int>(brackets_.size()) >= max_paren_nesting)
        fail(line_, col_of(pos_), "too many nested parentheses");
      brackets_.push_back({c, line_, col_of(pos_)});
    } else if (op.text.size() == 1 && (c == ')' || c == ']' || c == '}')) {
      if (brackets_.empty()) fail(line_, col_of(pos_), std::string("unmatched '") + c + "'");
      const bracket open = brackets_.back();
      char want = open.ch == '(' ? ')' : open.ch == '[' ? ']' : '}';
      if (c != want) {
        std::string msg =
            std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open.ch + "'";
        if (open.line != line_) msg += " on line " + std::to_string(open.line);
        fail(line_, col_of(pos_), msg);
      }
      brackets_.pop_back();
    }
    pos_ += op.text.size();
    return;
  }
  fail(line_, col_of(pos_), "invalid syntax");  // `$`, `?`, `!`, backtick
}

}  // namespace minipy
