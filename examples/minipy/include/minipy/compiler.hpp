// minipy compiler: AST -> code objects with CPython 3.11-shaped bytecode, built as lasso
// instructions (jumps and exception handlers by instruction id) and assembled by
// lasso::bytecode::finish_code, which also checks every code with stack analysis.
#pragma once

#include <string_view>

#include "minipy/ast.hpp"
#include "minipy/code.hpp"
#include "minipy/symtable.hpp"

namespace minipy {

/// Compiles a parsed module whose scopes `build_symtable` has filled in. Needs a live
/// interpreter on this thread (constants are heap values). Throws syntax_error for
/// the few errors found only here.
ref<code_object> compile_module(const module& m);

/// parse_module + build_symtable + compile_module.
ref<code_object> compile_source(std::string_view source, std::string_view filename);

}  // namespace minipy
