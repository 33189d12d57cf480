// minipy scope analysis (the equivalent of CPython's symtable).
//
// build_symtable() creates one `scope` per module, def, lambda, class body and list
// comprehension, classifies every name used or bound in it, and stores a pointer to the
// scope in the AST node (function_def::scope, class_def::scope, lambda_expr::scope,
// list_comp_expr::scope, module::scope). The scopes are owned by the returned symtable,
// which must outlive any use of those pointers.
//
// Rules (CPython 3.11):
// - A name bound in a function-like scope (assignment, augmented assignment, for/with/
//   except/comprehension target, del, def/class name, parameter) is local to it unless
//   declared `global` or `nonlocal` there.
// - A local captured by a nested scope becomes a cell; the nested scope sees it as free,
//   and every scope in between (including class bodies) passes it through as free.
// - Class bodies do not provide bindings to nested scopes. Names bound in a class body
//   are `local` (they live in the class namespace dict, not in fast slots).
// - All module-level names are global_implicit, or global_explicit if declared `global`
//   anywhere in the file (CPython's symtable records such names in the module too).
// - A list comprehension is its own function scope whose single parameter is ".0" (the
//   iterator of the first generator, whose iterable is evaluated in the enclosing scope).
// - `nonlocal x` binds to the nearest enclosing function scope that binds x, else
//   "no binding for nonlocal 'x' found". Declaring a name global/nonlocal after using or
//   assigning it, or for a parameter, is an error with CPython's message.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "minipy/ast.hpp"

namespace minipy {

enum class scope_kind : std::uint8_t { module, function, lambda, class_body, comprehension };

// How a name is resolved in a given scope (CPython's LOCAL, CELL, FREE, GLOBAL_*).
enum class name_scope : std::uint8_t { local, cell, free, global_explicit, global_implicit };

const char* to_string(name_scope s);

struct symbol {
  std::string name;
  name_scope scope = name_scope::global_implicit;
  bool is_param = false;
  bool is_assigned = false;       // bound in this scope
  bool is_used = false;           // read in this scope
  bool is_global_decl = false;    // `global name` here
  bool is_nonlocal_decl = false;  // `nonlocal name` here
  // Class bodies only: the name is also a free variable of this class scope that is
  // passed through to nested functions, although the class body itself binds (or
  // declares global) the name. Such names appear in `freevars` while `scope` says how
  // the class body itself resolves them (CPython's DEF_FREE_CLASS).
  bool is_class_free = false;
  location decl;  // the global/nonlocal statement, if any
};

struct scope {
  scope_kind kind = scope_kind::module;
  std::string name;  // def/class name, "<lambda>", "<listcomp>" or "<module>"
  location loc;      // the defining node
  scope* parent = nullptr;
  std::vector<scope*> children;  // nested scopes in source order

  // Function-like scopes: parameter names in order; comprehensions have {".0"}.
  std::vector<std::string> params;
  // Every name local to this scope (scope local or cell), parameters first, then the
  // others in order of first appearance. For class bodies: the names bound in the class
  // namespace. Empty for the module.
  std::vector<std::string> varnames;
  // Locals captured by nested scopes (a subset of varnames), in varnames order.
  std::vector<std::string> cellvars;
  // Names this scope takes from enclosing function scopes, in order of first
  // appearance (pass-through names last).
  std::vector<std::string> freevars;
  // Every symbol mentioned in this scope, in order of first appearance.
  std::vector<symbol> symbols;

  bool is_function_like() const {
    return kind == scope_kind::function || kind == scope_kind::lambda || kind == scope_kind::comprehension;
  }
  // The symbol for `name`, or nullptr if this scope never mentions it.
  const symbol* lookup(std::string_view name) const;
  // How `name` resolves here; names never mentioned resolve as global_implicit.
  name_scope scope_of(std::string_view name) const;

  // Internal: name -> index into `symbols`.
  std::unordered_map<std::string, std::size_t> index;
};

class symtable {
 public:
  scope* module_scope() const { return scopes_.empty() ? nullptr : scopes_.front().get(); }
  // All scopes in creation (pre-)order; the module scope is first.
  const std::vector<std::unique_ptr<scope>>& scopes() const { return scopes_; }

 private:
  friend symtable build_symtable(module& m);
  std::vector<std::unique_ptr<scope>> scopes_;
};

// Analyzes `m` (as produced by parse_module) and fills the scope pointers of its nodes.
// Throws syntax_error for global/nonlocal misuse.
symtable build_symtable(module& m);

}  // namespace minipy
