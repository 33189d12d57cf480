// minipy abstract syntax tree.
//
// Ownership model: every node is heap-allocated and owned by its parent through
// std::unique_ptr (expr_ptr / stmt_ptr); a `module` owns its top-level statements.
// Nodes are plain structs deriving from `expr` or `stmt`; the base carries a `kind`
// tag so visitors can `switch (e.kind)` and then `e.as<binop_expr>()` (a checked
// static_cast, no RTTI needed). Nodes are neither copyable nor movable so pointers
// to them (e.g. from the symbol table) stay valid for the lifetime of the module.
//
// Depth guarantee: the parser rejects programs whose expression trees are taller than
// `max_expr_height` or whose statements nest deeper than `max_stmt_depth` (elif chains
// included), so recursive visitors (compiler, dump, destructors) use bounded stack.
//
// Locations follow CPython: `line` is 1-based, `col` is a 0-based byte offset into the
// line (UTF-8), `end_line`/`end_col` point just past the node's last token.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace minipy {

struct scope;  // symtable.hpp; filled into def/class/lambda/listcomp nodes by the analysis

// Limits enforced by the front end (see the depth guarantee above).
inline constexpr int max_paren_nesting = 200;  // open brackets (CPython's value)
inline constexpr int max_block_nesting = 100;  // nested compound statement bodies
inline constexpr int max_stmt_depth = 1000;    // AST statement depth incl. elif chains
inline constexpr int max_expr_height = 1000;   // expression tree height

// A syntax error at a source position. `line` is 1-based and `col` is 1-based (like
// CPython's SyntaxError.offset, unlike the 0-based AST columns); what() gives
// "FILE:LINE:COL: message".
class syntax_error : public std::runtime_error {
 public:
  syntax_error(std::string file, int line_no, int col_no, std::string msg)
      : std::runtime_error(file + ":" + std::to_string(line_no) + ":" + std::to_string(col_no) + ": " + msg),
        filename(std::move(file)),
        line(line_no),
        col(col_no),
        message(std::move(msg)) {}
  std::string filename;
  int line;
  int col;
  std::string message;
};

struct location {
  int line = 0;
  int col = 0;
  int end_line = 0;
  int end_col = 0;
};

// ---------------------------------------------------------------------------------
// Expressions

enum class expr_kind : std::uint8_t {
  name,
  constant,
  unary,
  binop,
  boolop,
  compare,
  if_exp,
  call,
  attribute,
  subscript,
  slice,
  tuple,
  list,
  dict,
  list_comp,
  lambda
};

// How a name/attribute/subscript/tuple/list is used (CPython's expr_context).
enum class expr_context : std::uint8_t { load, store, del };

struct expr {
  const expr_kind kind;
  location loc;
  // Height of this subtree (1 for a leaf), computed by the parser; <= max_expr_height.
  int height = 1;

  expr(expr_kind k, location l) : kind(k), loc(l) {}
  virtual ~expr() = default;
  expr(const expr&) = delete;
  expr& operator=(const expr&) = delete;

  template <class T> bool is() const { return kind == T::static_kind; }
  template <class T> T& as() {
    assert(kind == T::static_kind);
    return static_cast<T&>(*this);
  }
  template <class T> const T& as() const {
    assert(kind == T::static_kind);
    return static_cast<const T&>(*this);
  }
};
using expr_ptr = std::unique_ptr<expr>;

struct name_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::name;
  name_expr(location l, std::string n) : expr(static_kind, l), id(std::move(n)) {}
  std::string id;
  expr_context ctx = expr_context::load;
};

// `big_integer` is a decimal/hex/octal/binary literal that does not fit in int64: its
// source text (prefix kept, underscores removed) is in str_value and the compiler must
// raise `OverflowError: integer overflow` when the constant is evaluated. (The parser
// folds `-9223372036854775808` into an ordinary int64 constant.)
enum class constant_kind : std::uint8_t { none, boolean, integer, big_integer, floating, string };

struct constant_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::constant;
  constant_expr(location l, constant_kind k) : expr(static_kind, l), value_kind(k) {}
  constant_kind value_kind;
  bool bool_value = false;
  std::int64_t int_value = 0;
  double float_value = 0.0;
  std::string str_value;  // string (UTF-8, escapes decoded) or big_integer text
};

enum class unary_op : std::uint8_t { neg, pos, not_ };

struct unary_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::unary;
  unary_expr(location l, unary_op o, expr_ptr e) : expr(static_kind, l), op(o), operand(std::move(e)) {}
  unary_op op;
  expr_ptr operand;
};

enum class binary_op : std::uint8_t { add, sub, mul, div, floor_div, mod, pow, matmul };

struct binop_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::binop;
  binop_expr(location l, binary_op o, expr_ptr a, expr_ptr b)
      : expr(static_kind, l), op(o), left(std::move(a)), right(std::move(b)) {}
  binary_op op;
  expr_ptr left;
  expr_ptr right;
};

enum class bool_op : std::uint8_t { and_, or_ };

// `a or b or c` is one node with three values (n-ary, like CPython).
struct boolop_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::boolop;
  boolop_expr(location l, bool_op o) : expr(static_kind, l), op(o) {}
  bool_op op;
  std::vector<expr_ptr> values;  // at least two
};

enum class cmp_op : std::uint8_t { lt, le, eq, ne, gt, ge, is, is_not, in, not_in };

// `a < b <= c`: left = a, ops = {lt, le}, comparators = {b, c}.
struct compare_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::compare;
  explicit compare_expr(location l) : expr(static_kind, l) {}
  expr_ptr left;
  std::vector<cmp_op> ops;
  std::vector<expr_ptr> comparators;  // same size as ops
};

// `body if test else orelse`
struct if_exp_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::if_exp;
  explicit if_exp_expr(location l) : expr(static_kind, l) {}
  expr_ptr test;
  expr_ptr body;
  expr_ptr orelse;
};

struct keyword_arg {
  std::string name;
  expr_ptr value;
  location loc;  // spans `name=value`
};

// Positional arguments always precede keyword arguments (enforced by the parser) and
// keyword names are unique.
struct call_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::call;
  explicit call_expr(location l) : expr(static_kind, l) {}
  expr_ptr func;
  std::vector<expr_ptr> args;
  std::vector<keyword_arg> keywords;
};

struct attribute_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::attribute;
  attribute_expr(location l, expr_ptr v, std::string a)
      : expr(static_kind, l), value(std::move(v)), attr(std::move(a)) {}
  expr_ptr value;
  std::string attr;
  expr_context ctx = expr_context::load;
};

// `value[index]`; index is a slice_expr for `a[i:j]`, a tuple_expr for `d[1, 2]`.
struct subscript_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::subscript;
  subscript_expr(location l, expr_ptr v, expr_ptr i) : expr(static_kind, l), value(std::move(v)), index(std::move(i)) {}
  expr_ptr value;
  expr_ptr index;
  expr_context ctx = expr_context::load;
};

// `lower:upper` (either may be null). Only ever appears as subscript_expr::index.
struct slice_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::slice;
  explicit slice_expr(location l) : expr(static_kind, l) {}
  expr_ptr lower;
  expr_ptr upper;
};

struct tuple_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::tuple;
  explicit tuple_expr(location l) : expr(static_kind, l) {}
  std::vector<expr_ptr> elts;
  expr_context ctx = expr_context::load;
};

struct list_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::list;
  explicit list_expr(location l) : expr(static_kind, l) {}
  std::vector<expr_ptr> elts;
  expr_context ctx = expr_context::load;
};

struct dict_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::dict;
  explicit dict_expr(location l) : expr(static_kind, l) {}
  std::vector<expr_ptr> keys;
  std::vector<expr_ptr> values;  // same size as keys
};

// One `for target in iter if c1 if c2` clause of a comprehension.
struct comprehension {
  expr_ptr target;  // a store target (name, tuple, ...)
  expr_ptr iter;
  std::vector<expr_ptr> ifs;
  location loc;  // from `for` to the end of the clause
};

// `[element for ... in ... if ...]`. Its own function scope (CPython 3.11): the first
// generator's iter is evaluated in the enclosing scope, everything else inside.
struct list_comp_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::list_comp;
  explicit list_comp_expr(location l) : expr(static_kind, l) {}
  expr_ptr element;
  std::vector<comprehension> generators;  // at least one
  minipy::scope* scope = nullptr;         // set by build_symtable()
};

// A positional parameter of a def or lambda; `default_value` may be null. Parameters
// with defaults always follow those without, and names are unique.
struct parameter {
  std::string name;
  expr_ptr default_value;
  location loc;  // the parameter name
};

struct lambda_expr final : expr {
  static constexpr expr_kind static_kind = expr_kind::lambda;
  explicit lambda_expr(location l) : expr(static_kind, l) {}
  std::vector<parameter> params;
  expr_ptr body;
  minipy::scope* scope = nullptr;  // set by build_symtable()
};

// ---------------------------------------------------------------------------------
// Statements

enum class stmt_kind : std::uint8_t {
  expr,
  assign,
  aug_assign,
  if_,
  while_,
  for_,
  break_,
  continue_,
  pass,
  return_,
  function_def,
  class_def,
  global,
  nonlocal,
  del,
  with,
  try_,
  raise,
  assert_
};

struct stmt {
  const stmt_kind kind;
  location loc;

  stmt(stmt_kind k, location l) : kind(k), loc(l) {}
  virtual ~stmt() = default;
  stmt(const stmt&) = delete;
  stmt& operator=(const stmt&) = delete;

  template <class T> bool is() const { return kind == T::static_kind; }
  template <class T> T& as() {
    assert(kind == T::static_kind);
    return static_cast<T&>(*this);
  }
  template <class T> const T& as() const {
    assert(kind == T::static_kind);
    return static_cast<const T&>(*this);
  }
};
using stmt_ptr = std::unique_ptr<stmt>;
using stmt_list = std::vector<stmt_ptr>;

struct expr_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::expr;
  expr_stmt(location l, expr_ptr v) : stmt(static_kind, l), value(std::move(v)) {}
  expr_ptr value;
};

// `t1 = t2 = value`: targets = {t1, t2} (assigned left to right, as in Python).
// Targets are name/attribute/subscript or (nested) tuple/list of those, ctx = store.
struct assign_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::assign;
  explicit assign_stmt(location l) : stmt(static_kind, l) {}
  std::vector<expr_ptr> targets;
  expr_ptr value;
};

// `target op= value`; target is a name, attribute or subscript (ctx = store).
struct aug_assign_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::aug_assign;
  explicit aug_assign_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr target;
  binary_op op = binary_op::add;
  expr_ptr value;
};

// `elif` is represented as an if_stmt that is the only statement of `orelse`.
struct if_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::if_;
  explicit if_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr test;
  stmt_list body;
  stmt_list orelse;  // empty when there is no else/elif
};

struct while_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::while_;
  explicit while_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr test;
  stmt_list body;
};

struct for_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::for_;
  explicit for_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr target;  // store target
  expr_ptr iter;
  stmt_list body;
};

struct break_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::break_;
  explicit break_stmt(location l) : stmt(static_kind, l) {}
};

struct continue_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::continue_;
  explicit continue_stmt(location l) : stmt(static_kind, l) {}
};

struct pass_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::pass;
  explicit pass_stmt(location l) : stmt(static_kind, l) {}
};

struct return_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::return_;
  explicit return_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr value;  // null for a bare `return`
};

// `def`. Decorators are listed top to bottom (applied bottom-up); each is a plain name
// or a call whose callee is a plain name. Defaults and decorators are evaluated in the
// enclosing scope; the body runs in `scope`.
struct function_def final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::function_def;
  explicit function_def(location l) : stmt(static_kind, l) {}
  std::string name;
  std::vector<parameter> params;
  stmt_list body;
  std::vector<expr_ptr> decorators;
  bool is_lambda = false;          // always false here; lambdas are lambda_expr
  minipy::scope* scope = nullptr;  // set by build_symtable()
};

struct class_def final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::class_def;
  explicit class_def(location l) : stmt(static_kind, l) {}
  std::string name;
  expr_ptr base;  // null when there is no base class (single inheritance only)
  stmt_list body;
  std::vector<expr_ptr> decorators;
  minipy::scope* scope = nullptr;  // set by build_symtable()
};

struct global_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::global;
  explicit global_stmt(location l) : stmt(static_kind, l) {}
  std::vector<std::string> names;
};

struct nonlocal_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::nonlocal;
  explicit nonlocal_stmt(location l) : stmt(static_kind, l) {}
  std::vector<std::string> names;
};

// Targets are name/attribute/subscript or tuple/list of those, ctx = del.
struct del_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::del;
  explicit del_stmt(location l) : stmt(static_kind, l) {}
  std::vector<expr_ptr> targets;
};

struct with_item {
  expr_ptr context;
  expr_ptr target;  // null without `as`; otherwise a store target
};

// `with a as x, b:` keeps both items in one statement (entered left to right).
struct with_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::with;
  explicit with_stmt(location l) : stmt(static_kind, l) {}
  std::vector<with_item> items;  // at least one
  stmt_list body;
};

struct except_handler {
  expr_ptr type;     // null for a bare `except:` (only allowed last)
  std::string name;  // empty without `as name`
  stmt_list body;
  location loc;  // the `except` clause header
};

// At least one handler or a finally body is present; orelse requires handlers.
struct try_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::try_;
  explicit try_stmt(location l) : stmt(static_kind, l) {}
  stmt_list body;
  std::vector<except_handler> handlers;
  stmt_list orelse;
  stmt_list finalbody;
};

struct raise_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::raise;
  explicit raise_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr exc;  // null for a bare `raise`
};

struct assert_stmt final : stmt {
  static constexpr stmt_kind static_kind = stmt_kind::assert_;
  explicit assert_stmt(location l) : stmt(static_kind, l) {}
  expr_ptr test;
  expr_ptr msg;  // may be null
};

struct module {
  std::string filename;
  stmt_list body;
  minipy::scope* scope = nullptr;  // the module scope, set by build_symtable()
};

// ---------------------------------------------------------------------------------
// Helpers (implemented in parser.cpp)

// Python spelling of an operator: "+", "//", "not", "is not", "not in", "and", ...
const char* op_symbol(unary_op op);
const char* op_symbol(binary_op op);
const char* op_symbol(bool_op op);
const char* op_symbol(cmp_op op);

// Compact S-expression dumps, used by the tests and handy when debugging.
// Expressions: names as `x`; constants as Python literals (`1`, `2.5`, `1e+16`, `'s'`,
// `None`, `True`) and `(big DIGITS)` for big_integer; `(- a)`, `(not a)`, `(+ a b)`,
// `(and a b c)`, `(cmp a < b is-not c not-in d)`, `(ifexp test body orelse)`,
// `(call f a (kw name v))`, `(. value attr)`, `([] value index)`, `(slice lo hi)`,
// `(tuple ...)`, `(list ...)`, `(dict (k v) ...)`, `(listcomp elt (for t iter (if c)))`,
// `(lambda (a (b default)) body)`; `_` stands for an absent optional part.
// Statements: `(expr e)`, `(= t1 t2 value)`, `(+= t v)`, `(if test (body) (orelse))`,
// `(while test (body))`, `(for t iter (body))`, `(break)`, `(continue)`, `(pass)`,
// `(return [v])`, `(def name (params) (body) [(@ decorators)])`,
// `(class name base (body) [(@ decorators)])`, `(global a b)`, `(nonlocal a)`,
// `(del t1 t2)`, `(with ((as ctx target) ctx2) (body))`,
// `(try (body) (except type name (body)) (else (..)) (finally (..)))`, `(raise [e])`,
// `(assert test [msg])`. A module is `(module s1 s2 ...)`.
std::string dump(const expr& e);
std::string dump(const stmt& s);
std::string dump(const module& m);

}  // namespace minipy
