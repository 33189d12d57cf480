// minipy recursive-descent parser and AST dump; see parser.hpp / ast.hpp.
#include "minipy/parser.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <unordered_set>

#include "minipy/lexer.hpp"

namespace minipy {

namespace {

using tk = token_kind;

// Parsing functions are kept out of line: inlined into each other they produce huge
// frames (especially under AddressSanitizer), and stack per nesting level is what
// bounds how deep we can recurse.
#define MINIPY_NOINLINE [[gnu::noinline]]

// Recursion units (expression entries, unary operators) allowed before we report
// "too many nested parentheses". Generous enough for 200 bracket levels (the lexer's
// limit) each carrying a unary operator, small enough to bound the C++ stack.
constexpr int max_recursion = 1000;

const char* target_description(const expr& e) {
  switch (e.kind) {
    case expr_kind::constant: {
      const auto& c = e.as<constant_expr>();
      if (c.value_kind == constant_kind::none) return "None";
      if (c.value_kind == constant_kind::boolean) return c.bool_value ? "True" : "False";
      return "literal";
    }
    case expr_kind::unary:
    case expr_kind::binop:
    case expr_kind::boolop: return "expression";
    case expr_kind::compare: return "comparison";
    case expr_kind::if_exp: return "conditional expression";
    case expr_kind::call: return "function call";
    case expr_kind::lambda: return "lambda";
    case expr_kind::list_comp: return "list comprehension";
    case expr_kind::dict: return "dict literal";
    case expr_kind::tuple: return "tuple";
    case expr_kind::list: return "list";
    case expr_kind::slice: return "slice";
    case expr_kind::attribute: return "attribute";
    case expr_kind::subscript: return "subscript";
    case expr_kind::name: return "name";
  }
  return "expression";
}

// Message for a token that starts a construct outside the subset, or nullptr.
const char* unsupported_message(tk k) {
  switch (k) {
    case tk::kw_import:
    case tk::kw_from: return "'import' is not supported in minipy";
    case tk::kw_yield: return "'yield' is not supported in minipy";
    case tk::kw_async: return "'async' is not supported in minipy";
    case tk::kw_await: return "'await' is not supported in minipy";
    case tk::pipe: return "the '|' operator is not supported in minipy";
    case tk::amp: return "the '&' operator is not supported in minipy";
    case tk::caret: return "the '^' operator is not supported in minipy";
    case tk::tilde: return "the '~' operator is not supported in minipy";
    case tk::lshift: return "the '<<' operator is not supported in minipy";
    case tk::rshift: return "the '>>' operator is not supported in minipy";
    case tk::pipe_assign: return "the '|=' operator is not supported in minipy";
    case tk::amp_assign: return "the '&=' operator is not supported in minipy";
    case tk::caret_assign: return "the '^=' operator is not supported in minipy";
    case tk::lshift_assign: return "the '<<=' operator is not supported in minipy";
    case tk::rshift_assign: return "the '>>=' operator is not supported in minipy";
    case tk::walrus: return "assignment expressions (':=') are not supported in minipy";
    case tk::ellipsis: return "'...' (Ellipsis) is not supported in minipy";
    case tk::arrow: return "annotations are not supported in minipy";
    case tk::star:
    case tk::double_star: return "star expressions ('*' and '**') are not supported in minipy";
    default: return nullptr;
  }
}

bool starts_expression(tk k) {
  switch (k) {
    case tk::name:
    case tk::integer:
    case tk::big_integer:
    case tk::floating:
    case tk::string:
    case tk::kw_none:
    case tk::kw_true:
    case tk::kw_false:
    case tk::kw_not:
    case tk::kw_lambda:
    case tk::lparen:
    case tk::lbracket:
    case tk::lbrace:
    case tk::minus:
    case tk::plus:
    case tk::tilde:
    case tk::star:
    case tk::double_star:
    case tk::kw_await:
    case tk::kw_yield:
    case tk::ellipsis: return true;
    default: return false;
  }
}

std::optional<binary_op> aug_assign_op(tk k) {
  switch (k) {
    case tk::plus_assign: return binary_op::add;
    case tk::minus_assign: return binary_op::sub;
    case tk::star_assign: return binary_op::mul;
    case tk::slash_assign: return binary_op::div;
    case tk::double_slash_assign: return binary_op::floor_div;
    case tk::percent_assign: return binary_op::mod;
    case tk::double_star_assign: return binary_op::pow;
    case tk::at_assign: return binary_op::matmul;
    default: return std::nullopt;
  }
}

class parser {
 public:
  parser(std::string_view source, std::string_view filename) : lex_(source, filename), file_(filename) {}

  module parse_file() {
    module m;
    m.filename = file_;
    while (!at(tk::end_of_file)) parse_statement(m.body);
    if (deferred_) throw *deferred_;
    return m;
  }

 private:
  // ---- token access -------------------------------------------------------------

  const token& peek(std::size_t k = 0) {
    while (la_.size() - la_head_ <= k) la_.push_back(lex_.next());
    return la_[la_head_ + k];
  }
  tk kind(std::size_t k = 0) { return peek(k).kind; }
  bool at(tk k) { return peek().kind == k; }
  token take() {
    peek();
    token t = std::move(la_[la_head_++]);
    if (la_head_ == la_.size()) {
      la_.clear();
      la_head_ = 0;
    } else if (la_head_ >= 64 && 2 * la_head_ >= la_.size()) {  // drop consumed tokens
      la_.erase(la_.begin(), la_.begin() + static_cast<std::ptrdiff_t>(la_head_));
      la_head_ = 0;
    }
    if (t.kind != tk::newline && t.kind != tk::indent && t.kind != tk::dedent && t.kind != tk::end_of_file)
      prev_ = t.loc;
    return t;
  }
  bool accept(tk k) {
    if (!at(k)) return false;
    take();
    return true;
  }
  token expect(tk k) {
    if (!at(k)) unexpected();
    return take();
  }
  void expect_colon() {
    if (accept(tk::colon)) return;
    if (unsupported_message(kind())) unexpected();
    fail_at({prev_.end_line, prev_.end_col, prev_.end_line, prev_.end_col}, "expected ':'");
  }

  // ---- errors -------------------------------------------------------------------

  [[noreturn]] void fail_at(const location& l, const std::string& msg) {
    throw syntax_error(file_, l.line, l.col + 1, msg);
  }
  [[noreturn]] void unexpected() {
    const token& t = peek();
    if (const char* m = unsupported_message(t.kind)) fail_at(t.loc, m);
    if (t.kind == tk::indent) fail_at(t.loc, "unexpected indent");
    const location where = t.loc;
    // Like CPython, a tokenizer error later in the file (an unclosed bracket, an
    // unterminated string, ...) is more helpful than a generic "invalid syntax".
    while (lex_.next().kind != tk::end_of_file) {}
    fail_at(where, "invalid syntax");
  }
  // Errors CPython reports from its compiler, i.e. only if the whole file parses.
  void defer(const location& l, const char* msg) {
    if (!deferred_) deferred_.emplace(file_, l.line, l.col + 1, msg);
  }

  location span(const location& start) const { return {start.line, start.col, prev_.end_line, prev_.end_col}; }
  void set_height(expr& e, int child_height) {
    e.height = child_height + 1;
    if (e.height > max_expr_height) fail_at(e.loc, "expression too deeply nested");
  }
  static int h(const expr_ptr& e) { return e ? e->height : 0; }

  struct depth_guard {
    parser& p;
    explicit depth_guard(parser& owner) : p(owner) {
      if (++p.depth_ > max_recursion) {
        --p.depth_;
        p.fail_at(p.peek().loc, "too many nested parentheses");
      }
    }
    ~depth_guard() { --p.depth_; }
    depth_guard(const depth_guard&) = delete;
    depth_guard& operator=(const depth_guard&) = delete;
  };

  // ---- targets --------------------------------------------------------------------

  // Marks `e` as an assignment (store) or deletion (del) target, or reports why it
  // cannot be one. Tuple/list nesting is bounded by the bracket limit.
  void set_target(expr& e, expr_context ctx) {
    switch (e.kind) {
      case expr_kind::name: e.as<name_expr>().ctx = ctx; return;
      case expr_kind::attribute: e.as<attribute_expr>().ctx = ctx; return;
      case expr_kind::subscript: e.as<subscript_expr>().ctx = ctx; return;
      case expr_kind::tuple:
        for (auto& x : e.as<tuple_expr>().elts) set_target(*x, ctx);
        e.as<tuple_expr>().ctx = ctx;
        return;
      case expr_kind::list:
        for (auto& x : e.as<list_expr>().elts) set_target(*x, ctx);
        e.as<list_expr>().ctx = ctx;
        return;
      default:
        fail_at(e.loc,
                std::string(ctx == expr_context::del ? "cannot delete " : "cannot assign to ") + target_description(e));
    }
  }

  // ---- statements -----------------------------------------------------------------

  MINIPY_NOINLINE void parse_statement(stmt_list& out) {
    switch (kind()) {
      case tk::kw_if: out.push_back(parse_if()); return;
      case tk::kw_while: out.push_back(parse_while()); return;
      case tk::kw_for: out.push_back(parse_for()); return;
      case tk::kw_try: out.push_back(parse_try()); return;
      case tk::kw_with: out.push_back(parse_with()); return;
      case tk::kw_def: out.push_back(parse_def({})); return;
      case tk::kw_class: out.push_back(parse_class({})); return;
      case tk::at: out.push_back(parse_decorated()); return;
      default: parse_simple_stmts(out);
    }
  }

  // Parses `: suite` after a compound statement header. `what` names the statement
  // for "expected an indented block after ..." and `header` is where it started.
  stmt_list parse_suite(const char* what, const location& header) {
    expect_colon();
    if (++block_depth_ > max_block_nesting || ++stmt_depth_ > max_stmt_depth)
      fail_at(header, "too many statically nested blocks");
    stmt_list body;
    if (accept(tk::newline)) {
      if (!at(tk::indent))
        fail_at(peek().loc,
                std::string("expected an indented block after ") + what + " on line " + std::to_string(header.line));
      take();
      while (!at(tk::dedent) && !at(tk::end_of_file)) parse_statement(body);
      accept(tk::dedent);
    } else {
      parse_simple_stmts(body);
    }
    --block_depth_;
    --stmt_depth_;
    return body;
  }

  MINIPY_NOINLINE stmt_ptr parse_if() {
    const location start = take().loc;
    auto node = std::make_unique<if_stmt>(start);
    node->test = parse_test();
    node->body = parse_suite("'if' statement", start);
    std::vector<if_stmt*> chain{node.get()};
    // Each elif nests one level deeper in the AST; account for it in stmt_depth_.
    const int saved_depth = stmt_depth_;
    while (at(tk::kw_elif)) {
      const location eloc = take().loc;
      if (++stmt_depth_ > max_stmt_depth) fail_at(eloc, "too many statically nested blocks");
      auto n = std::make_unique<if_stmt>(eloc);
      n->test = parse_test();
      n->body = parse_suite("'elif' statement", eloc);
      if_stmt* raw = n.get();
      chain.back()->orelse.push_back(std::move(n));
      chain.push_back(raw);
    }
    if (at(tk::kw_else)) {
      const location eloc = take().loc;
      chain.back()->orelse = parse_suite("'else' statement", eloc);
    }
    stmt_depth_ = saved_depth;
    for (if_stmt* s : chain) s->loc = span(s->loc);
    return node;
  }

  MINIPY_NOINLINE stmt_ptr parse_while() {
    const location start = take().loc;
    auto node = std::make_unique<while_stmt>(start);
    node->test = parse_test();
    ++loop_depth_;
    node->body = parse_suite("'while' statement", start);
    --loop_depth_;
    if (at(tk::kw_else)) fail_at(peek().loc, "'while ... else' is not supported in minipy");
    node->loc = span(start);
    return node;
  }

  MINIPY_NOINLINE stmt_ptr parse_for() {
    const location start = take().loc;
    auto node = std::make_unique<for_stmt>(start);
    node->target = parse_target_list();
    set_target(*node->target, expr_context::store);
    expect(tk::kw_in);
    node->iter = parse_expr_list();
    ++loop_depth_;
    node->body = parse_suite("'for' statement", start);
    --loop_depth_;
    if (at(tk::kw_else)) fail_at(peek().loc, "'for ... else' is not supported in minipy");
    node->loc = span(start);
    return node;
  }

  MINIPY_NOINLINE stmt_ptr parse_try() {
    const location start = take().loc;
    auto node = std::make_unique<try_stmt>(start);
    node->body = parse_suite("'try' statement", start);
    std::optional<location> bare;
    while (at(tk::kw_except)) {
      except_handler hd;
      const location hloc = take().loc;
      if (bare) fail_at(*bare, "default 'except:' must be last");
      if (at(tk::star)) fail_at(peek().loc, "'except*' is not supported in minipy");
      if (!at(tk::colon)) {
        hd.type = parse_test();
        if (at(tk::comma)) fail_at(hd.type->loc, "multiple exception types must be parenthesized");
        if (accept(tk::kw_as)) hd.name = expect(tk::name).text;
      } else {
        bare = hloc;
      }
      hd.loc = span(hloc);
      hd.body = parse_suite("'except' statement", hloc);
      node->handlers.push_back(std::move(hd));
    }
    if (at(tk::kw_else) && !node->handlers.empty()) {
      const location eloc = take().loc;
      node->orelse = parse_suite("'else' statement", eloc);
    }
    if (at(tk::kw_finally)) {
      const location floc = take().loc;
      node->finalbody = parse_suite("'finally' statement", floc);
    } else if (node->handlers.empty()) {
      fail_at(peek().loc, "expected 'except' or 'finally' block");
    }
    node->loc = span(start);
    return node;
  }

  MINIPY_NOINLINE stmt_ptr parse_with() {
    const location start = take().loc;
    auto node = std::make_unique<with_stmt>(start);
    // `with (a as b, c):` (Python 3.10+) groups items in parentheses; it is that form
    // exactly when the matching ')' is followed by ':'. Otherwise the '(' starts an
    // ordinary expression, as in `with (a, b) as c:` or `with (a).b:`.
    const bool grouped = at(tk::lparen) && parenthesized_with_items();
    if (grouped) take();
    do {
      if (grouped && at(tk::rparen)) break;  // trailing comma
      with_item item;
      item.context = parse_test();
      if (accept(tk::kw_as)) {
        item.target = parse_arith();
        set_target(*item.target, expr_context::store);
      }
      node->items.push_back(std::move(item));
    } while (accept(tk::comma));
    if (grouped) expect(tk::rparen);
    node->body = parse_suite("'with' statement", start);
    node->loc = span(start);
    return node;
  }

  // With peek() at '(': is the token after the matching ')' a ':'? Buffers the tokens
  // in between; they are parsed right after, so the total work stays linear.
  bool parenthesized_with_items() {
    if (kind(1) == tk::rparen) return false;  // `with ():` is an (empty) tuple
    int depth = 0;
    for (std::size_t k = 0;; ++k) {
      switch (kind(k)) {
        case tk::lparen:
        case tk::lbracket:
        case tk::lbrace: ++depth; break;
        case tk::rparen:
        case tk::rbracket:
        case tk::rbrace:
          if (--depth == 0) return kind(k + 1) == tk::colon;
          break;
        case tk::newline:
        case tk::end_of_file: return false;
        default: break;
      }
    }
  }

  MINIPY_NOINLINE stmt_ptr parse_decorated() {
    std::vector<expr_ptr> decorators;
    while (at(tk::at)) {
      take();
      expr_ptr d = parse_test();
      bool ok = d->is<name_expr>() || (d->is<call_expr>() && d->as<call_expr>().func->is<name_expr>());
      if (!ok) fail_at(d->loc, "decorators other than a name or a call of a name are not supported in minipy");
      decorators.push_back(std::move(d));
      expect(tk::newline);
    }
    if (at(tk::kw_def)) return parse_def(std::move(decorators));
    if (at(tk::kw_class)) return parse_class(std::move(decorators));
    unexpected();
  }

  // Parameters of a def (until ')') or lambda (until ':').
  MINIPY_NOINLINE std::vector<parameter> parse_params(tk close) {
    std::vector<parameter> params;
    std::unordered_set<std::string> seen;
    bool any_default = false;
    while (!at(close)) {
      if (at(tk::star) || at(tk::double_star))
        fail_at(peek().loc, "'*' and '**' parameters are not supported in minipy");
      if (at(tk::slash)) fail_at(peek().loc, "'/' in parameter lists is not supported in minipy");
      token n = expect(tk::name);
      parameter p;
      p.name = std::move(n.text);
      p.loc = n.loc;
      if (close == tk::rparen && at(tk::colon)) fail_at(peek().loc, "annotations are not supported in minipy");
      if (accept(tk::assign)) {
        p.default_value = parse_test();
        any_default = true;
      } else if (any_default) {
        fail_at(p.loc, "non-default argument follows default argument");
      }
      if (!seen.insert(p.name).second) fail_at(p.loc, "duplicate argument '" + p.name + "' in function definition");
      params.push_back(std::move(p));
      if (!accept(tk::comma)) break;
    }
    return params;
  }

  MINIPY_NOINLINE stmt_ptr parse_def(std::vector<expr_ptr> decorators) {
    const location start = decorators.empty() ? peek().loc : decorators.front()->loc;
    const location kw = take().loc;
    auto node = std::make_unique<function_def>(start);
    node->decorators = std::move(decorators);
    node->name = expect(tk::name).text;
    expect(tk::lparen);
    node->params = parse_params(tk::rparen);
    expect(tk::rparen);
    const bool saved_fn = in_function_;
    const int saved_loop = loop_depth_;
    in_function_ = true;
    loop_depth_ = 0;
    node->body = parse_suite("function definition", kw);
    in_function_ = saved_fn;
    loop_depth_ = saved_loop;
    node->loc = span(start);
    return node;
  }

  MINIPY_NOINLINE stmt_ptr parse_class(std::vector<expr_ptr> decorators) {
    const location start = decorators.empty() ? peek().loc : decorators.front()->loc;
    const location kw = take().loc;
    auto node = std::make_unique<class_def>(start);
    node->decorators = std::move(decorators);
    node->name = expect(tk::name).text;
    if (accept(tk::lparen)) {
      if (at(tk::name) && kind(1) == tk::assign)
        fail_at(peek().loc, "class keyword arguments are not supported in minipy");
      if (!at(tk::rparen)) {
        node->base = parse_test();
        if (accept(tk::comma) && !at(tk::rparen))
          fail_at(peek().loc, "multiple inheritance is not supported in minipy");
      }
      expect(tk::rparen);
    }
    const bool saved_fn = in_function_;
    const int saved_loop = loop_depth_;
    in_function_ = false;
    loop_depth_ = 0;
    node->body = parse_suite("class definition", kw);
    in_function_ = saved_fn;
    loop_depth_ = saved_loop;
    node->loc = span(start);
    return node;
  }

  MINIPY_NOINLINE void parse_simple_stmts(stmt_list& out) {
    for (;;) {
      out.push_back(parse_simple_stmt());
      if (!accept(tk::semicolon) || at(tk::newline)) break;
    }
    expect(tk::newline);
  }

  bool at_stmt_end() { return at(tk::newline) || at(tk::semicolon); }

  MINIPY_NOINLINE stmt_ptr parse_simple_stmt() {
    const location start = peek().loc;
    switch (kind()) {
      case tk::kw_pass: take(); return std::make_unique<pass_stmt>(span(start));
      case tk::kw_break:
        take();
        if (loop_depth_ == 0) defer(start, "'break' outside loop");
        return std::make_unique<break_stmt>(span(start));
      case tk::kw_continue:
        take();
        if (loop_depth_ == 0) defer(start, "'continue' not properly in loop");
        return std::make_unique<continue_stmt>(span(start));
      case tk::kw_return: {
        take();
        auto node = std::make_unique<return_stmt>(start);
        if (!at_stmt_end()) node->value = parse_expr_list();
        node->loc = span(start);
        if (!in_function_) defer(node->loc, "'return' outside function");
        return node;
      }
      case tk::kw_raise: {
        take();
        auto node = std::make_unique<raise_stmt>(start);
        if (!at_stmt_end()) node->exc = parse_test();
        if (at(tk::kw_from)) fail_at(peek().loc, "'raise ... from ...' is not supported in minipy");
        node->loc = span(start);
        return node;
      }
      case tk::kw_global:
      case tk::kw_nonlocal: {
        const bool global = kind() == tk::kw_global;
        take();
        std::vector<std::string> names;
        do { names.push_back(expect(tk::name).text); } while (accept(tk::comma));
        if (global) {
          auto node = std::make_unique<global_stmt>(span(start));
          node->names = std::move(names);
          return node;
        }
        auto node = std::make_unique<nonlocal_stmt>(span(start));
        node->names = std::move(names);
        return node;
      }
      case tk::kw_del: {
        take();
        auto node = std::make_unique<del_stmt>(start);
        do {
          if (at_stmt_end() && !node->targets.empty()) break;  // trailing comma
          expr_ptr t = parse_arith();
          set_target(*t, expr_context::del);
          node->targets.push_back(std::move(t));
        } while (accept(tk::comma));
        node->loc = span(start);
        return node;
      }
      case tk::kw_assert: {
        take();
        auto node = std::make_unique<assert_stmt>(start);
        node->test = parse_test();
        if (accept(tk::comma)) node->msg = parse_test();
        node->loc = span(start);
        return node;
      }
      case tk::name:
        if (peek().text == "match") {
          switch (kind(1)) {  // `match <expr>` can only be a match statement
            case tk::name:
            case tk::integer:
            case tk::big_integer:
            case tk::floating:
            case tk::string:
            case tk::lbrace:
            case tk::kw_none:
            case tk::kw_true:
            case tk::kw_false:
            case tk::kw_not:
            case tk::kw_lambda: fail_at(start, "'match' statements are not supported in minipy");
            default: break;
          }
        }
        break;
      default: break;
    }
    return parse_expr_or_assign();
  }

  MINIPY_NOINLINE stmt_ptr parse_expr_or_assign() {
    const location start = peek().loc;
    expr_ptr first = parse_expr_list();
    if (at(tk::assign)) {
      auto node = std::make_unique<assign_stmt>(start);
      expr_ptr cur = std::move(first);
      while (accept(tk::assign)) {
        set_target(*cur, expr_context::store);
        node->targets.push_back(std::move(cur));
        cur = parse_expr_list();
      }
      node->value = std::move(cur);
      node->loc = span(start);
      return node;
    }
    if (auto op = aug_assign_op(kind())) {
      if (!first->is<name_expr>() && !first->is<attribute_expr>() && !first->is<subscript_expr>())
        fail_at(first->loc,
                std::string("'") + target_description(*first) + "' is an illegal expression for augmented assignment");
      set_target(*first, expr_context::store);
      take();
      auto node = std::make_unique<aug_assign_stmt>(start);
      node->target = std::move(first);
      node->op = *op;
      node->value = parse_expr_list();
      node->loc = span(start);
      return node;
    }
    if (at(tk::colon)) fail_at(peek().loc, "annotations are not supported in minipy");
    return std::make_unique<expr_stmt>(span(start), std::move(first));
  }

  // ---- expressions --------------------------------------------------------------

  // `test (',' test)* [',']`: a tuple when there is a comma (statement level, return,
  // for-iter, assignment values).
  MINIPY_NOINLINE expr_ptr parse_expr_list() {
    const location start = peek().loc;
    expr_ptr first = parse_test();
    if (!at(tk::comma)) return first;
    auto t = std::make_unique<tuple_expr>(start);
    int hmax = first->height;
    t->elts.push_back(std::move(first));
    while (accept(tk::comma)) {
      if (!starts_expression(kind())) break;
      t->elts.push_back(parse_test());
      hmax = std::max(hmax, t->elts.back()->height);
    }
    t->loc = span(start);
    set_height(*t, hmax);
    return t;
  }

  // Targets of `for` and comprehensions: operands below comparisons so `in` is left
  // for the caller; validated by set_target().
  MINIPY_NOINLINE expr_ptr parse_target_list() {
    const location start = peek().loc;
    expr_ptr first = parse_arith();
    if (!at(tk::comma)) return first;
    auto t = std::make_unique<tuple_expr>(start);
    int hmax = first->height;
    t->elts.push_back(std::move(first));
    while (accept(tk::comma)) {
      if (at(tk::kw_in)) break;
      t->elts.push_back(parse_arith());
      hmax = std::max(hmax, t->elts.back()->height);
    }
    t->loc = span(start);
    set_height(*t, hmax);
    return t;
  }

  MINIPY_NOINLINE expr_ptr parse_test() {
    depth_guard guard(*this);
    if (at(tk::kw_lambda)) return parse_lambda();
    const location start = peek().loc;
    expr_ptr e = parse_or_test();
    if (!at(tk::kw_if)) return e;
    return parse_if_exp(start, std::move(e));
  }

  MINIPY_NOINLINE expr_ptr parse_if_exp(const location& start, expr_ptr body) {
    take();  // 'if'
    auto node = std::make_unique<if_exp_expr>(start);
    node->body = std::move(body);
    node->test = parse_or_test();
    if (!accept(tk::kw_else)) fail_at(start, "expected 'else' after 'if' expression");
    node->orelse = parse_test();
    node->loc = span(start);
    set_height(*node, std::max({h(node->body), h(node->test), h(node->orelse)}));
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_lambda() {
    const location start = take().loc;
    auto node = std::make_unique<lambda_expr>(start);
    node->params = parse_params(tk::colon);
    expect_colon();
    node->body = parse_test();
    node->loc = span(start);
    int hmax = node->body->height;
    for (const auto& p : node->params) hmax = std::max(hmax, h(p.default_value));
    set_height(*node, hmax);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_or_test() { return parse_boolop(bool_op::or_); }

  MINIPY_NOINLINE expr_ptr parse_boolop(bool_op op) {
    const tk word = op == bool_op::or_ ? tk::kw_or : tk::kw_and;
    const location start = peek().loc;
    expr_ptr first = op == bool_op::or_ ? parse_boolop(bool_op::and_) : parse_not_test();
    if (!at(word)) return first;
    auto node = std::make_unique<boolop_expr>(start, op);
    int hmax = first->height;
    node->values.push_back(std::move(first));
    while (accept(word)) {
      node->values.push_back(op == bool_op::or_ ? parse_boolop(bool_op::and_) : parse_not_test());
      hmax = std::max(hmax, node->values.back()->height);
    }
    node->loc = span(start);
    set_height(*node, hmax);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_not_test() {
    if (!at(tk::kw_not)) return parse_comparison();
    return parse_not();
  }

  MINIPY_NOINLINE expr_ptr parse_not() {
    depth_guard guard(*this);
    const location start = take().loc;
    expr_ptr operand = parse_not_test();
    auto node = std::make_unique<unary_expr>(span(start), unary_op::not_, std::move(operand));
    set_height(*node, node->operand->height);
    return node;
  }

  std::optional<cmp_op> comparison_op() {
    switch (kind()) {
      case tk::lt: return cmp_op::lt;
      case tk::le: return cmp_op::le;
      case tk::eq: return cmp_op::eq;
      case tk::ne: return cmp_op::ne;
      case tk::gt: return cmp_op::gt;
      case tk::ge: return cmp_op::ge;
      case tk::kw_in: return cmp_op::in;
      case tk::kw_is: return kind(1) == tk::kw_not ? cmp_op::is_not : cmp_op::is;
      case tk::kw_not:
        if (kind(1) == tk::kw_in) return cmp_op::not_in;
        return std::nullopt;
      default: return std::nullopt;
    }
  }

  MINIPY_NOINLINE expr_ptr parse_comparison() {
    const location start = peek().loc;
    expr_ptr first = parse_arith();
    auto op = comparison_op();
    if (!op) return first;
    auto node = std::make_unique<compare_expr>(start);
    int hmax = first->height;
    node->left = std::move(first);
    while (op) {
      take();
      if (*op == cmp_op::is_not || *op == cmp_op::not_in) take();
      node->ops.push_back(*op);
      node->comparators.push_back(parse_arith());
      hmax = std::max(hmax, node->comparators.back()->height);
      op = comparison_op();
    }
    node->loc = span(start);
    set_height(*node, hmax);
    return node;
  }

  MINIPY_NOINLINE expr_ptr make_binop(const location& start, binary_op op, expr_ptr a, expr_ptr b) {
    int hmax = std::max(a->height, b->height);
    auto node = std::make_unique<binop_expr>(span(start), op, std::move(a), std::move(b));
    set_height(*node, hmax);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_arith() {
    const location start = peek().loc;
    expr_ptr e = parse_term();
    for (;;) {
      binary_op op;
      if (at(tk::plus))
        op = binary_op::add;
      else if (at(tk::minus))
        op = binary_op::sub;
      else
        return e;
      take();
      expr_ptr rhs = parse_term();
      e = make_binop(start, op, std::move(e), std::move(rhs));
    }
  }

  MINIPY_NOINLINE expr_ptr parse_term() {
    const location start = peek().loc;
    expr_ptr e = parse_factor();
    for (;;) {
      binary_op op;
      switch (kind()) {
        case tk::star: op = binary_op::mul; break;
        case tk::slash: op = binary_op::div; break;
        case tk::double_slash: op = binary_op::floor_div; break;
        case tk::percent: op = binary_op::mod; break;
        case tk::at: op = binary_op::matmul; break;
        default: return e;
      }
      take();
      expr_ptr rhs = parse_factor();
      e = make_binop(start, op, std::move(e), std::move(rhs));
    }
  }

  MINIPY_NOINLINE expr_ptr parse_factor() {
    if (at(tk::minus) || at(tk::plus)) return parse_unary();
    if (at(tk::tilde)) unexpected();
    return parse_power();
  }

  MINIPY_NOINLINE expr_ptr parse_unary() {
    depth_guard guard(*this);
    const bool neg = at(tk::minus);
    const location start = take().loc;
    expr_ptr operand = parse_factor();
    if (neg && operand->is<constant_expr>()) {
      auto& c = operand->as<constant_expr>();
      if (c.value_kind == constant_kind::big_integer && c.str_value == "9223372036854775808") {
        // The only int64 value whose literal overflows: fold it like Python would.
        auto folded = std::make_unique<constant_expr>(span(start), constant_kind::integer);
        folded->int_value = INT64_MIN;
        return folded;
      }
    }
    auto node = std::make_unique<unary_expr>(span(start), neg ? unary_op::neg : unary_op::pos, std::move(operand));
    set_height(*node, node->operand->height);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_power() {
    const location start = peek().loc;
    expr_ptr base = parse_primary();
    if (!at(tk::double_star)) return base;
    return parse_pow_rest(start, std::move(base));
  }

  MINIPY_NOINLINE expr_ptr parse_pow_rest(const location& start, expr_ptr base) {
    take();  // '**'
    depth_guard guard(*this);
    expr_ptr exponent = parse_factor();  // right-associative; binds tighter than unary on the left
    return make_binop(start, binary_op::pow, std::move(base), std::move(exponent));
  }

  MINIPY_NOINLINE expr_ptr parse_primary() {
    const location start = peek().loc;
    expr_ptr e = parse_atom();
    for (;;) {
      if (at(tk::dot))
        e = parse_attribute(start, std::move(e));
      else if (at(tk::lparen))
        e = parse_call(start, std::move(e));
      else if (at(tk::lbracket))
        e = parse_subscript(start, std::move(e));
      else
        return e;
    }
  }

  MINIPY_NOINLINE expr_ptr parse_attribute(const location& start, expr_ptr value) {
    take();  // '.'
    std::string attr = expect(tk::name).text;
    const int hv = value->height;
    auto node = std::make_unique<attribute_expr>(span(start), std::move(value), std::move(attr));
    set_height(*node, hv);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_subscript(const location& start, expr_ptr value) {
    take();  // '['
    expr_ptr index = parse_subscript_index();
    expect(tk::rbracket);
    const int hv = std::max(value->height, index->height);
    auto node = std::make_unique<subscript_expr>(span(start), std::move(value), std::move(index));
    set_height(*node, hv);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_call(const location& start, expr_ptr func) {
    take();  // '('
    auto node = std::make_unique<call_expr>(start);
    int hmax = func->height;
    node->func = std::move(func);
    std::unordered_set<std::string> seen;
    while (!at(tk::rparen)) {
      if (at(tk::star) || at(tk::double_star))
        fail_at(peek().loc, "'*' and '**' arguments are not supported in minipy");
      if (at(tk::name) && kind(1) == tk::assign) {
        keyword_arg kw;
        token n = take();
        take();  // '='
        kw.name = std::move(n.text);
        kw.value = parse_test();
        kw.loc = span(n.loc);
        if (!seen.insert(kw.name).second) fail_at(kw.loc, "keyword argument repeated: " + kw.name);
        hmax = std::max(hmax, kw.value->height);
        node->keywords.push_back(std::move(kw));
      } else {
        expr_ptr a = parse_test();
        if (at(tk::kw_for)) fail_at(a->loc, "generator expressions are not supported in minipy");
        if (at(tk::assign)) fail_at(a->loc, "expression cannot contain assignment, perhaps you meant \"==\"?");
        if (!node->keywords.empty()) fail_at(a->loc, "positional argument follows keyword argument");
        hmax = std::max(hmax, a->height);
        node->args.push_back(std::move(a));
      }
      if (!accept(tk::comma)) break;
    }
    expect(tk::rparen);
    node->loc = span(start);
    set_height(*node, hmax);
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_subscript_index() {
    const location start = peek().loc;
    expr_ptr first = parse_slice_item();
    if (!at(tk::comma)) return first;
    auto t = std::make_unique<tuple_expr>(start);
    int hmax = first->height;
    t->elts.push_back(std::move(first));
    while (accept(tk::comma)) {
      if (at(tk::rbracket)) break;
      t->elts.push_back(parse_slice_item());
      hmax = std::max(hmax, t->elts.back()->height);
    }
    for (const auto& x : t->elts)
      if (x->is<slice_expr>()) fail_at(x->loc, "slices inside a tuple index are not supported in minipy");
    t->loc = span(start);
    set_height(*t, hmax);
    return t;
  }

  MINIPY_NOINLINE expr_ptr parse_slice_item() {
    const location start = peek().loc;
    expr_ptr lower;
    if (!at(tk::colon)) {
      lower = parse_test();
      if (!at(tk::colon)) return lower;
    }
    take();  // ':'
    auto node = std::make_unique<slice_expr>(start);
    node->lower = std::move(lower);
    if (!at(tk::rbracket) && !at(tk::colon) && !at(tk::comma)) node->upper = parse_test();
    if (at(tk::colon)) fail_at(peek().loc, "slice steps are not supported in minipy");
    node->loc = span(start);
    set_height(*node, std::max(h(node->lower), h(node->upper)));
    return node;
  }

  MINIPY_NOINLINE expr_ptr parse_atom() {
    switch (kind()) {
      case tk::name: return parse_name();
      case tk::lparen: return parse_paren();
      case tk::lbracket: return parse_list();
      case tk::lbrace: return parse_dict();
      case tk::integer:
      case tk::big_integer:
      case tk::floating:
      case tk::string:
      case tk::kw_none:
      case tk::kw_true:
      case tk::kw_false: return parse_constant();
      default: unexpected();
    }
  }

  MINIPY_NOINLINE expr_ptr parse_name() {
    token n = take();
    return std::make_unique<name_expr>(n.loc, std::move(n.text));
  }

  MINIPY_NOINLINE expr_ptr parse_constant() {
    const location start = peek().loc;
    switch (kind()) {
      case tk::integer: {
        auto c = std::make_unique<constant_expr>(start, constant_kind::integer);
        c->int_value = take().int_value;
        return c;
      }
      case tk::big_integer: {
        auto c = std::make_unique<constant_expr>(start, constant_kind::big_integer);
        c->str_value = take().text;
        return c;
      }
      case tk::floating: {
        auto c = std::make_unique<constant_expr>(start, constant_kind::floating);
        c->float_value = take().float_value;
        return c;
      }
      case tk::string: {
        auto c = std::make_unique<constant_expr>(start, constant_kind::string);
        while (at(tk::string)) c->str_value += take().text;  // adjacent literals concatenate
        c->loc = span(start);
        return c;
      }
      case tk::kw_none: {
        take();
        return std::make_unique<constant_expr>(start, constant_kind::none);
      }
      default: {
        auto c = std::make_unique<constant_expr>(start, constant_kind::boolean);
        c->bool_value = take().kind == tk::kw_true;
        return c;
      }
    }
  }

  MINIPY_NOINLINE expr_ptr parse_paren() {
    const location start = take().loc;
    if (accept(tk::rparen)) return std::make_unique<tuple_expr>(span(start));
    expr_ptr first = parse_test();
    if (at(tk::kw_for)) fail_at(first->loc, "generator expressions are not supported in minipy");
    if (accept(tk::rparen)) return first;  // parentheses only group
    if (!at(tk::comma)) unexpected();
    auto t = std::make_unique<tuple_expr>(start);
    int hmax = first->height;
    t->elts.push_back(std::move(first));
    while (accept(tk::comma)) {
      if (at(tk::rparen)) break;
      t->elts.push_back(parse_test());
      hmax = std::max(hmax, t->elts.back()->height);
    }
    expect(tk::rparen);
    t->loc = span(start);
    set_height(*t, hmax);
    return t;
  }

  MINIPY_NOINLINE expr_ptr parse_list() {
    const location start = take().loc;
    if (accept(tk::rbracket)) return std::make_unique<list_expr>(span(start));
    expr_ptr first = parse_test();
    if (at(tk::kw_for)) {
      auto lc = std::make_unique<list_comp_expr>(start);
      int hmax = first->height;
      lc->element = std::move(first);
      while (at(tk::kw_for)) {
        const location floc = take().loc;
        comprehension gen;
        gen.target = parse_target_list();
        set_target(*gen.target, expr_context::store);
        expect(tk::kw_in);
        gen.iter = parse_or_test();
        hmax = std::max({hmax, gen.target->height, gen.iter->height});
        while (accept(tk::kw_if)) {
          gen.ifs.push_back(parse_or_test());
          hmax = std::max(hmax, gen.ifs.back()->height);
        }
        gen.loc = span(floc);
        lc->generators.push_back(std::move(gen));
      }
      if (at(tk::kw_async)) unexpected();
      expect(tk::rbracket);
      lc->loc = span(start);
      set_height(*lc, hmax);
      return lc;
    }
    auto l = std::make_unique<list_expr>(start);
    int hmax = first->height;
    l->elts.push_back(std::move(first));
    while (accept(tk::comma)) {
      if (at(tk::rbracket)) break;
      l->elts.push_back(parse_test());
      hmax = std::max(hmax, l->elts.back()->height);
    }
    expect(tk::rbracket);
    l->loc = span(start);
    set_height(*l, hmax);
    return l;
  }

  MINIPY_NOINLINE expr_ptr parse_dict() {
    const location start = take().loc;
    auto d = std::make_unique<dict_expr>(start);
    if (accept(tk::rbrace)) {
      d->loc = span(start);
      return d;
    }
    int hmax = 0;
    for (;;) {
      if (at(tk::double_star)) fail_at(peek().loc, "dict unpacking ('**') is not supported in minipy");
      expr_ptr k = parse_test();
      if (!at(tk::colon)) {
        if (d->keys.empty()) {
          if (at(tk::kw_for)) fail_at(start, "set comprehensions are not supported in minipy");
          if (at(tk::comma) || at(tk::rbrace)) fail_at(start, "set displays are not supported in minipy");
          unexpected();
        }
        if (at(tk::comma) || at(tk::rbrace)) fail_at(k->loc, "':' expected after dictionary key");
        unexpected();
      }
      take();
      expr_ptr v = parse_test();
      if (at(tk::kw_for)) fail_at(start, "dict comprehensions are not supported in minipy");
      hmax = std::max({hmax, k->height, v->height});
      d->keys.push_back(std::move(k));
      d->values.push_back(std::move(v));
      if (!accept(tk::comma) || at(tk::rbrace)) break;
    }
    expect(tk::rbrace);
    d->loc = span(start);
    set_height(*d, hmax);
    return d;
  }

  lexer lex_;
  std::string file_;
  // Peeked tokens from la_head_ on. Normally at most two; `with (` scans further.
  std::vector<token> la_;
  std::size_t la_head_ = 0;
  location prev_{1, 0, 1, 0};  // last consumed significant token
  int depth_ = 0;              // recursion units, see max_recursion
  int block_depth_ = 0;        // nested compound statement bodies
  int stmt_depth_ = 0;         // AST statement depth incl. elif chains
  bool in_function_ = false;   // for 'return' outside function
  int loop_depth_ = 0;         // loops in the current function/class body
  std::optional<syntax_error> deferred_;
};

// ---- dump -------------------------------------------------------------------------

void dump_string(std::string& out, const std::string& s) {
  out += '\'';
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\'': out += "\\'"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '\'';
}

void dump_expr(std::string& out, const expr* e);
void dump_body(std::string& out, const stmt_list& body);

void dump_params(std::string& out, const std::vector<parameter>& params) {
  out += '(';
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i) out += ' ';
    if (params[i].default_value) {
      out += '(' + params[i].name + ' ';
      dump_expr(out, params[i].default_value.get());
      out += ')';
    } else {
      out += params[i].name;
    }
  }
  out += ')';
}

void dump_list(std::string& out, const char* head, const std::vector<expr_ptr>& v) {
  out += '(';
  out += head;
  for (const auto& x : v) {
    out += ' ';
    dump_expr(out, x.get());
  }
  out += ')';
}

// Python's repr() of a float: shortest round-trip digits, positional notation when the
// decimal exponent is in [-4, 16), scientific otherwise.
std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (v == 0) return std::signbit(v) ? "-0.0" : "0.0";
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // [-]d[.ddd]e(+|-)dd
  std::string sign;
  if (sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  const std::size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  const int decpt = std::stoi(sci.substr(e + 1)) + 1;  // value = 0.digits * 10^decpt
  const int n = static_cast<int>(digits.size());
  if (decpt > 16 || decpt <= -4) {
    std::string m = digits.substr(0, 1);
    if (n > 1) m += "." + digits.substr(1);
    const int x = decpt - 1;
    std::string xs = std::to_string(x < 0 ? -x : x);
    if (xs.size() < 2) xs = "0" + xs;
    return sign + m + (x < 0 ? "e-" : "e+") + xs;
  }
  if (decpt <= 0) return sign + "0." + std::string(static_cast<std::size_t>(-decpt), '0') + digits;
  if (decpt >= n) return sign + digits + std::string(static_cast<std::size_t>(decpt - n), '0') + ".0";
  return sign + digits.substr(0, static_cast<std::size_t>(decpt)) + "." +
         digits.substr(static_cast<std::size_t>(decpt));
}

MINIPY_NOINLINE void dump_constant(std::string& out, const constant_expr& c) {
  switch (c.value_kind) {
    case constant_kind::none: out += "None"; return;
    case constant_kind::boolean: out += c.bool_value ? "True" : "False"; return;
    case constant_kind::integer: out += std::to_string(c.int_value); return;
    case constant_kind::big_integer: out += "(big " + c.str_value + ")"; return;
    case constant_kind::floating: out += float_repr(c.float_value); return;
    case constant_kind::string: dump_string(out, c.str_value); return;
  }
}

MINIPY_NOINLINE void dump_compare(std::string& out, const compare_expr& c) {
  out += "(cmp ";
  dump_expr(out, c.left.get());
  for (std::size_t i = 0; i < c.ops.size(); ++i) {
    out += ' ';
    std::string op = op_symbol(c.ops[i]);
    std::replace(op.begin(), op.end(), ' ', '-');
    out += op;
    out += ' ';
    dump_expr(out, c.comparators[i].get());
  }
  out += ')';
}

void dump_expr(std::string& out, const expr* e) {
  if (!e) {
    out += '_';
    return;
  }
  switch (e->kind) {
    case expr_kind::name: out += e->as<name_expr>().id; return;
    case expr_kind::constant: dump_constant(out, e->as<constant_expr>()); return;
    case expr_kind::unary: {
      const auto& u = e->as<unary_expr>();
      out += '(';
      out += op_symbol(u.op);
      out += ' ';
      dump_expr(out, u.operand.get());
      out += ')';
      return;
    }
    case expr_kind::binop: {
      const auto& b = e->as<binop_expr>();
      out += '(';
      out += op_symbol(b.op);
      out += ' ';
      dump_expr(out, b.left.get());
      out += ' ';
      dump_expr(out, b.right.get());
      out += ')';
      return;
    }
    case expr_kind::boolop: {
      const auto& b = e->as<boolop_expr>();
      dump_list(out, op_symbol(b.op), b.values);
      return;
    }
    case expr_kind::compare: dump_compare(out, e->as<compare_expr>()); return;
    case expr_kind::if_exp: {
      const auto& i = e->as<if_exp_expr>();
      out += "(ifexp ";
      dump_expr(out, i.test.get());
      out += ' ';
      dump_expr(out, i.body.get());
      out += ' ';
      dump_expr(out, i.orelse.get());
      out += ')';
      return;
    }
    case expr_kind::call: {
      const auto& c = e->as<call_expr>();
      out += "(call ";
      dump_expr(out, c.func.get());
      for (const auto& a : c.args) {
        out += ' ';
        dump_expr(out, a.get());
      }
      for (const auto& k : c.keywords) {
        out += " (kw " + k.name + ' ';
        dump_expr(out, k.value.get());
        out += ')';
      }
      out += ')';
      return;
    }
    case expr_kind::attribute: {
      const auto& a = e->as<attribute_expr>();
      out += "(. ";
      dump_expr(out, a.value.get());
      out += ' ' + a.attr + ')';
      return;
    }
    case expr_kind::subscript: {
      const auto& s = e->as<subscript_expr>();
      out += "([] ";
      dump_expr(out, s.value.get());
      out += ' ';
      dump_expr(out, s.index.get());
      out += ')';
      return;
    }
    case expr_kind::slice: {
      const auto& s = e->as<slice_expr>();
      out += "(slice ";
      dump_expr(out, s.lower.get());
      out += ' ';
      dump_expr(out, s.upper.get());
      out += ')';
      return;
    }
    case expr_kind::tuple: dump_list(out, "tuple", e->as<tuple_expr>().elts); return;
    case expr_kind::list: dump_list(out, "list", e->as<list_expr>().elts); return;
    case expr_kind::dict: {
      const auto& d = e->as<dict_expr>();
      out += "(dict";
      for (std::size_t i = 0; i < d.keys.size(); ++i) {
        out += " (";
        dump_expr(out, d.keys[i].get());
        out += ' ';
        dump_expr(out, d.values[i].get());
        out += ')';
      }
      out += ')';
      return;
    }
    case expr_kind::list_comp: {
      const auto& l = e->as<list_comp_expr>();
      out += "(listcomp ";
      dump_expr(out, l.element.get());
      for (const auto& g : l.generators) {
        out += " (for ";
        dump_expr(out, g.target.get());
        out += ' ';
        dump_expr(out, g.iter.get());
        for (const auto& c : g.ifs) {
          out += " (if ";
          dump_expr(out, c.get());
          out += ')';
        }
        out += ')';
      }
      out += ')';
      return;
    }
    case expr_kind::lambda: {
      const auto& l = e->as<lambda_expr>();
      out += "(lambda ";
      dump_params(out, l.params);
      out += ' ';
      dump_expr(out, l.body.get());
      out += ')';
      return;
    }
  }
}

void dump_stmt(std::string& out, const stmt& s) {
  switch (s.kind) {
    case stmt_kind::expr:
      out += "(expr ";
      dump_expr(out, s.as<expr_stmt>().value.get());
      out += ')';
      return;
    case stmt_kind::assign: {
      const auto& a = s.as<assign_stmt>();
      out += "(=";
      for (const auto& t : a.targets) {
        out += ' ';
        dump_expr(out, t.get());
      }
      out += ' ';
      dump_expr(out, a.value.get());
      out += ')';
      return;
    }
    case stmt_kind::aug_assign: {
      const auto& a = s.as<aug_assign_stmt>();
      out += '(';
      out += op_symbol(a.op);
      out += "= ";
      dump_expr(out, a.target.get());
      out += ' ';
      dump_expr(out, a.value.get());
      out += ')';
      return;
    }
    case stmt_kind::if_: {
      const auto& i = s.as<if_stmt>();
      out += "(if ";
      dump_expr(out, i.test.get());
      out += ' ';
      dump_body(out, i.body);
      if (!i.orelse.empty()) {
        out += ' ';
        dump_body(out, i.orelse);
      }
      out += ')';
      return;
    }
    case stmt_kind::while_: {
      const auto& w = s.as<while_stmt>();
      out += "(while ";
      dump_expr(out, w.test.get());
      out += ' ';
      dump_body(out, w.body);
      out += ')';
      return;
    }
    case stmt_kind::for_: {
      const auto& f = s.as<for_stmt>();
      out += "(for ";
      dump_expr(out, f.target.get());
      out += ' ';
      dump_expr(out, f.iter.get());
      out += ' ';
      dump_body(out, f.body);
      out += ')';
      return;
    }
    case stmt_kind::break_: out += "(break)"; return;
    case stmt_kind::continue_: out += "(continue)"; return;
    case stmt_kind::pass: out += "(pass)"; return;
    case stmt_kind::return_: {
      const auto& r = s.as<return_stmt>();
      out += "(return";
      if (r.value) {
        out += ' ';
        dump_expr(out, r.value.get());
      }
      out += ')';
      return;
    }
    case stmt_kind::function_def: {
      const auto& f = s.as<function_def>();
      out += "(def " + f.name + ' ';
      dump_params(out, f.params);
      out += ' ';
      dump_body(out, f.body);
      if (!f.decorators.empty()) {
        out += ' ';
        dump_list(out, "@", f.decorators);
      }
      out += ')';
      return;
    }
    case stmt_kind::class_def: {
      const auto& c = s.as<class_def>();
      out += "(class " + c.name + ' ';
      dump_expr(out, c.base.get());
      out += ' ';
      dump_body(out, c.body);
      if (!c.decorators.empty()) {
        out += ' ';
        dump_list(out, "@", c.decorators);
      }
      out += ')';
      return;
    }
    case stmt_kind::global:
    case stmt_kind::nonlocal: {
      const bool g = s.kind == stmt_kind::global;
      const auto& names = g ? s.as<global_stmt>().names : s.as<nonlocal_stmt>().names;
      out += g ? "(global" : "(nonlocal";
      for (const auto& n : names) out += ' ' + n;
      out += ')';
      return;
    }
    case stmt_kind::del: dump_list(out, "del", s.as<del_stmt>().targets); return;
    case stmt_kind::with: {
      const auto& w = s.as<with_stmt>();
      out += "(with (";
      for (std::size_t i = 0; i < w.items.size(); ++i) {
        if (i) out += ' ';
        if (w.items[i].target) {
          out += "(as ";
          dump_expr(out, w.items[i].context.get());
          out += ' ';
          dump_expr(out, w.items[i].target.get());
          out += ')';
        } else {
          dump_expr(out, w.items[i].context.get());
        }
      }
      out += ") ";
      dump_body(out, w.body);
      out += ')';
      return;
    }
    case stmt_kind::try_: {
      const auto& t = s.as<try_stmt>();
      out += "(try ";
      dump_body(out, t.body);
      for (const auto& hd : t.handlers) {
        out += " (except ";
        dump_expr(out, hd.type.get());
        out += ' ' + (hd.name.empty() ? std::string("_") : hd.name) + ' ';
        dump_body(out, hd.body);
        out += ')';
      }
      if (!t.orelse.empty()) {
        out += " (else ";
        dump_body(out, t.orelse);
        out += ')';
      }
      if (!t.finalbody.empty()) {
        out += " (finally ";
        dump_body(out, t.finalbody);
        out += ')';
      }
      out += ')';
      return;
    }
    case stmt_kind::raise: {
      const auto& r = s.as<raise_stmt>();
      out += "(raise";
      if (r.exc) {
        out += ' ';
        dump_expr(out, r.exc.get());
      }
      out += ')';
      return;
    }
    case stmt_kind::assert_: {
      const auto& a = s.as<assert_stmt>();
      out += "(assert ";
      dump_expr(out, a.test.get());
      if (a.msg) {
        out += ' ';
        dump_expr(out, a.msg.get());
      }
      out += ')';
      return;
    }
  }
}

void dump_body(std::string& out, const stmt_list& body) {
  out += '(';
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (i) out += ' ';
    dump_stmt(out, *body[i]);
  }
  out += ')';
}

}  // namespace

module parse_module(std::string_view source, std::string_view filename) {
  parser p(source, filename);
  return p.parse_file();
}

const char* op_symbol(unary_op op) {
  switch (op) {
    case unary_op::neg: return "-";
    case unary_op::pos: return "+";
    case unary_op::not_: return "not";
  }
  return "?";
}

const char* op_symbol(binary_op op) {
  switch (op) {
    case binary_op::add: return "+";
    case binary_op::sub: return "-";
    case binary_op::mul: return "*";
    case binary_op::div: return "/";
    case binary_op::floor_div: return "//";
    case binary_op::mod: return "%";
    case binary_op::pow: return "**";
    case binary_op::matmul: return "@";
  }
  return "?";
}

const char* op_symbol(bool_op op) { return op == bool_op::and_ ? "and" : "or"; }

const char* op_symbol(cmp_op op) {
  switch (op) {
    case cmp_op::lt: return "<";
    case cmp_op::le: return "<=";
    case cmp_op::eq: return "==";
    case cmp_op::ne: return "!=";
    case cmp_op::gt: return ">";
    case cmp_op::ge: return ">=";
    case cmp_op::is: return "is";
    case cmp_op::is_not: return "is not";
    case cmp_op::in: return "in";
    case cmp_op::not_in: return "not in";
  }
  return "?";
}

std::string dump(const expr& e) {
  std::string out;
  dump_expr(out, &e);
  return out;
}

std::string dump(const stmt& s) {
  std::string out;
  dump_stmt(out, s);
  return out;
}

std::string dump(const module& m) {
  std::string out = "(module";
  for (const auto& s : m.body) {
    out += ' ';
    dump_stmt(out, *s);
  }
  out += ')';
  return out;
}

}  // namespace minipy

#undef MINIPY_NOINLINE
