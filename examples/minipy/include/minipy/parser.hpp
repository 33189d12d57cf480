// minipy parser: source text -> AST (ast.hpp).
//
// A hand-written recursive-descent parser over the pull lexer (lexer.hpp) with at most
// two tokens of lookahead, so it runs in linear time and memory proportional to the AST.
// Recursion is bounded: nesting beyond the limits in ast.hpp is reported as a
// syntax_error ("too many nested parentheses", "too many statically nested blocks",
// "expression too deeply nested") instead of overflowing the C++ stack.
//
// Besides grammar errors the parser reports, with CPython's wording, invalid assignment
// and deletion targets, `'return' outside function`, `'break' outside loop`,
// `'continue' not properly in loop` (these three only after the whole file parsed, as
// CPython's compiler does), duplicate parameters and keyword arguments, and names every
// construct outside the minipy subset (`'import' is not supported in minipy`, ...).
// Scope errors (global/nonlocal) come from build_symtable() in symtable.hpp.
#pragma once

#include <string_view>

#include "minipy/ast.hpp"

namespace minipy {

// Parses a whole source file. Throws syntax_error on any error.
module parse_module(std::string_view source, std::string_view filename);

}  // namespace minipy
