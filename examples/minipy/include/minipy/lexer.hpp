// minipy tokenizer.
//
// The lexer is pull-based (next() produces one token at a time) so memory stays
// proportional to the lookahead, not to the program. It follows CPython's tokenizer:
// NEWLINE ends a logical line, INDENT/DEDENT bracket blocks (tabs advance to the next
// multiple of 8 and must be used consistently), no NEWLINE/INDENT inside brackets,
// backslash continuation, comments and blank lines are skipped. Errors are reported by
// throwing minipy::syntax_error (ast.hpp) with CPython's messages.
//
// Operators that are outside the minipy subset (`|`, `~`, `:=`, `...`, `->`, ...) are
// still produced as tokens so the parser can name them in its error message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "minipy/ast.hpp"

namespace minipy {

enum class token_kind : std::uint8_t {
  end_of_file,
  newline,
  indent,
  dedent,
  name,         // text = identifier
  integer,      // int_value; text = source spelling
  big_integer,  // does not fit in int64; text = spelling without underscores
  floating,     // float_value; text = source spelling
  string,       // text = decoded value (UTF-8); adjacent literals are separate tokens
  // keywords
  kw_false,
  kw_none,
  kw_true,
  kw_and,
  kw_as,
  kw_assert,
  kw_async,
  kw_await,
  kw_break,
  kw_class,
  kw_continue,
  kw_def,
  kw_del,
  kw_elif,
  kw_else,
  kw_except,
  kw_finally,
  kw_for,
  kw_from,
  kw_global,
  kw_if,
  kw_import,
  kw_in,
  kw_is,
  kw_lambda,
  kw_nonlocal,
  kw_not,
  kw_or,
  kw_pass,
  kw_raise,
  kw_return,
  kw_try,
  kw_while,
  kw_with,
  kw_yield,
  // delimiters and operators of the subset
  lparen,
  rparen,
  lbracket,
  rbracket,
  lbrace,
  rbrace,
  comma,
  colon,
  dot,
  semicolon,
  assign,
  at,
  plus,
  minus,
  star,
  slash,
  double_slash,
  percent,
  double_star,
  lt,
  gt,
  le,
  ge,
  eq,
  ne,
  plus_assign,
  minus_assign,
  star_assign,
  slash_assign,
  double_slash_assign,
  percent_assign,
  double_star_assign,
  at_assign,
  // lexed only to produce good "not supported" errors
  pipe,
  amp,
  caret,
  tilde,
  lshift,
  rshift,
  pipe_assign,
  amp_assign,
  caret_assign,
  lshift_assign,
  rshift_assign,
  walrus,
  ellipsis,
  arrow,
};

// Spelling for messages: "'('", "NEWLINE", "'if'", ...
const char* token_kind_name(token_kind k);

struct token {
  token_kind kind = token_kind::end_of_file;
  location loc;
  std::string text;
  std::int64_t int_value = 0;
  double float_value = 0.0;
};

class lexer {
 public:
  // The source may be arbitrary bytes; invalid UTF-8 and NUL bytes are syntax errors.
  // `\r\n` and lone `\r` are treated as `\n`. A leading UTF-8 BOM is skipped.
  lexer(std::string_view source, std::string_view filename);

  // Next token; after end_of_file it keeps returning end_of_file.
  token next();

  const std::string& filename() const { return filename_; }

 private:
  struct bracket {
    char ch;
    int line;
    int col;
  };

  [[noreturn]] void fail(int line, int col0, const std::string& message) const;
  bool handle_indentation(token& out);
  void lex_name(token& t);
  void lex_number(token& t);
  void lex_string(token& t, bool raw);
  void lex_operator(token& t);
  int col_of(std::size_t p) const { return static_cast<int>(p - line_start_); }
  void newline_at(std::size_t p) {  // `p` is the index of a '\n'
    ++line_;
    line_start_ = p + 1;
  }

  std::string src_;  // normalized copy (newlines), NUL-free, valid UTF-8
  std::string filename_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_ = 1;
  bool at_line_start_ = true;
  bool line_has_tokens_ = false;  // a NEWLINE is owed before EOF
  bool finished_ = false;
  int pending_dedents_ = 0;
  std::vector<int> indents_{0};      // columns with tabs to multiples of 8
  std::vector<int> alt_indents_{0};  // columns with tabs of width 1 (consistency check)
  std::vector<bracket> brackets_;
};

}  // namespace minipy
