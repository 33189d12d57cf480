// Tests for the minipy front end: lexer, parser, AST dump and scope analysis.
#include <doctest/doctest.h>

#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "minipy/ast.hpp"
#include "minipy/lexer.hpp"
#include "minipy/parser.hpp"
#include "minipy/symtable.hpp"

using namespace minipy;

namespace {

// Dump of a whole module.
std::string P(std::string_view src) { return dump(parse_module(src, "t.py")); }

// Dump of the single expression statement in `src`.
std::string E(std::string_view src) {
  module m = parse_module(src, "t.py");
  REQUIRE(m.body.size() == 1);
  REQUIRE(m.body[0]->is<expr_stmt>());
  return dump(*m.body[0]->as<expr_stmt>().value);
}

// "LINE:COL: message" of the error that parsing + scope analysis of `src` reports.
std::string ERR(std::string_view src) {
  try {
    module m = parse_module(src, "t.py");
    build_symtable(m);
  } catch (const syntax_error& e) { return std::to_string(e.line) + ":" + std::to_string(e.col) + ": " + e.message; }
  return "no error";
}

// Message only (for inputs whose position is not the point of the test).
std::string MSG(std::string_view src) {
  std::string r = ERR(src);
  auto p = r.find(": ");
  return p == std::string::npos ? r : r.substr(p + 2);
}

// Checks f(src) == want for each case (one CHECK expansion keeps compile time low).
using text_fn = std::string (*)(std::string_view);
struct io {
  std::string_view src;
  std::string_view want;
};
void check_all(text_fn f, std::initializer_list<io> cases) {
  for (const io& c : cases) {
    INFO("input: ", std::string(c.src));
    CHECK(f(c.src) == std::string(c.want));
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
  return out;
}

const scope* find_scope(const symtable& st, std::string_view name) {
  for (const auto& s : st.scopes())
    if (s->name == name) return s.get();
  return nullptr;
}

std::string loc_str(const location& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col) + "-" + std::to_string(l.end_line) + ":" +
         std::to_string(l.end_col);
}

}  // namespace

TEST_SUITE("minipy frontend") {
  TEST_CASE("operator precedence and associativity") {
    check_all(E, {
                     {"-2**2", "(- (** 2 2))"},
                     {"2**-1", "(** 2 (- 1))"},
                     {"a**b**c", "(** a (** b c))"},
                     {"-x**-y", "(- (** x (- y)))"},
                     {"+-x", "(+ (- x))"},
                     {"a-b-c", "(- (- a b) c)"},
                     {"a+b*c", "(+ a (* b c))"},
                     {"(a+b)*c", "(* (+ a b) c)"},
                     {"a*b@c/d//e%f", "(% (// (/ (@ (* a b) c) d) e) f)"},
                     {"a - -b * c ** d", "(- a (* (- b) (** c d)))"},
                     {"a + b < c * d", "(cmp (+ a b) < (* c d))"},
                     {"a < b <= c == d != e > f >= g", "(cmp a < b <= c == d != e > f >= g)"},
                     {"a is b is not c in d not in e", "(cmp a is b is-not c in d not-in e)"},
                     {"not a == b", "(not (cmp a == b))"},
                     {"not not x", "(not (not x))"},
                     {"not a and not b", "(and (not a) (not b))"},
                     {"a or b and c", "(or a (and b c))"},
                     {"a and b or c and d", "(or (and a b) (and c d))"},
                     {"a or b or c", "(or a b c)"},
                     {"a and b and c or d", "(or (and a b c) d)"},
                     {"a if b else c", "(ifexp b a c)"},
                     {"a if b else c if d else e", "(ifexp b a (ifexp d c e))"},
                     {"a or b if c and d else e", "(ifexp (and c d) (or a b) e)"},
                     {"lambda: a if b else c", "(lambda () (ifexp b a c))"},
                     {"lambda x, y=1: lambda: x", "(lambda (x (y 1)) (lambda () x))"},
                     {"-a.b[c](d)", "(- (call ([] (. a b) c) d))"},
                     {"a.b.c", "(. (. a b) c)"},
                     {"f(x)(y)[0][1]", "([] ([] (call (call f x) y) 0) 1)"},
                     {"x[1] ** 2", "(** ([] x 1) 2)"},
                     {"a @ b @ c", "(@ (@ a b) c)"},
                     {"1 + 2 if x else 3", "(ifexp x (+ 1 2) 3)"},
                 });
  }

  TEST_CASE("expression forms") {
    SUBCASE("constants") {
      check_all(E, {
                       {"None", "None"},
                       {"True", "True"},
                       {"False", "False"},
                       {"0", "0"},
                       {"00", "0"},
                       {"1_000_000", "1000000"},
                       {"0x1F", "31"},
                       {"0XfF_fF", "65535"},
                       {"0o17", "15"},
                       {"0b1010", "10"},
                       {"0b_1", "1"},
                       {"9223372036854775807", "9223372036854775807"},
                       {"9223372036854775808", "(big 9223372036854775808)"},
                       {"-9223372036854775808", "-9223372036854775808"},
                       {"-9223372036854775809", "(- (big 9223372036854775809))"},
                       {"123_456_789_012_345_678_901", "(big 123456789012345678901)"},
                       {"0xFFFFFFFFFFFFFFFF", "(big 0xFFFFFFFFFFFFFFFF)"},
                       {"0x7FFFFFFFFFFFFFFF", "9223372036854775807"},
                       {"1.5", "1.5"},
                       {"1.", "1.0"},
                       {".5", "0.5"},
                       {"1e3", "1000.0"},
                       {"1E-3", "0.001"},
                       {"1_0.2_5e+0_1", "102.5"},
                       {"1e400", "inf"},
                       {"1e-400", "0.0"},
                       {"0.1", "0.1"},
                   });
    }
    SUBCASE("strings") {
      check_all(E, {
                       {"'abc'", "'abc'"},
                       {"\"abc\"", "'abc'"},
                       {"'a' \"b\" '''c'''", "'abc'"},
                       {"('a'\n 'b')", "'ab'"},
                       {"'''x\ny'''", "'x\\ny'"},
                       {"\"\"\"a\"b\"\"c\"\"\"", "'a\"b\"\"c'"},
                       {"'\\n\\t\\r\\\\\\'\\\"'", "'\\n\\t\\r\\\\\\'\"'"},
                       {"'\\0'", "'\\x00'"},
                       {"'\\x41\\101\\u00e9\\U0001F600'", "'AA\xC3\xA9\xF0\x9F\x98\x80'"},
                       {"'\\xff'", "'\xC3\xBF'"},
                       {"'\\d'", "'\\\\d'"},  // unknown escapes keep the backslash
                       {"'a\\\nb'", "'ab'"},  // backslash-newline inside a literal
                       {"r'\\n\\''", "'\\\\n\\\\\\''"},
                       {"R\"\\d\"", "'\\\\d'"},
                       {"'caf\xC3\xA9'", "'caf\xC3\xA9'"},
                   });
      module m = parse_module("x = '\\u20ac'\n", "t.py");
      CHECK(m.body[0]->as<assign_stmt>().value->as<constant_expr>().str_value == "\xE2\x82\xAC");
    }
    SUBCASE("displays") {
      check_all(E, {
                       {"()", "(tuple)"},
                       {"(a)", "a"},
                       {"(a,)", "(tuple a)"},
                       {"(a, b,)", "(tuple a b)"},
                       {"a, b", "(tuple a b)"},
                       {"a,", "(tuple a)"},
                       {"[]", "(list)"},
                       {"[1, [2], (3,)]", "(list 1 (list 2) (tuple 3))"},
                       {"[1,]", "(list 1)"},
                       {"{}", "(dict)"},
                       {"{1: 'a', b: [c],}", "(dict (1 'a') (b (list c)))"},
                   });
    }
    SUBCASE("comprehensions") {
      check_all(E, {
                       {"[x for x in a]", "(listcomp x (for x a))"},
                       {"[x * y for x in a if x if y > 1 for y in b]",
                        "(listcomp (* x y) (for x a (if x) (if (cmp y > 1))) (for y b))"},
                       {"[(i, j) for i, j in pairs]", "(listcomp (tuple i j) (for (tuple i j) pairs))"},
                       {"[a if b else c for [p, q] in r or s]", "(listcomp (ifexp b a c) (for (list p q) (or r s)))"},
                       {"[[y for y in x] for x in m]", "(listcomp (listcomp y (for y x)) (for x m))"},
                   });
    }
    SUBCASE("calls") {
      check_all(E, {
                       {"f()", "(call f)"},
                       {"f(a, b + 1,)", "(call f a (+ b 1))"},
                       {"f(a, k=1, j=x or y)", "(call f a (kw k 1) (kw j (or x y)))"},
                       {"print(1, sep='', end='\\n')", "(call print 1 (kw sep '') (kw end '\\n'))"},
                       {"f(lambda x: x, [1])", "(call f (lambda (x) x) (list 1))"},
                       {"o.m(1).n", "(. (call (. o m) 1) n)"},
                   });
    }
    SUBCASE("subscripts and slices") {
      check_all(E, {
                       {"a[1]", "([] a 1)"},
                       {"a[-1]", "([] a (- 1))"},
                       {"a[i:j]", "([] a (slice i j))"},
                       {"a[:]", "([] a (slice _ _))"},
                       {"a[1:]", "([] a (slice 1 _))"},
                       {"a[:n-1]", "([] a (slice _ (- n 1)))"},
                       {"d[1, 2]", "([] d (tuple 1 2))"},
                       {"d[1,]", "([] d (tuple 1))"},
                   });
    }
    SUBCASE("lambda") {
      check_all(E, {
                       {"lambda: 0", "(lambda () 0)"},
                       {"lambda a, b=2, c=[]: a + b", "(lambda (a (b 2) (c (list))) (+ a b))"},
                       {"lambda a,: a", "(lambda (a) a)"},
                   });
    }
  }

  TEST_CASE("statement forms") {
    check_all(
        P, {
               {"", "(module)"},
               {"\n\n# only a comment\n   \n", "(module)"},
               {"x", "(module (expr x))"},
               {"x = 1", "(module (= x 1))"},
               {"a = b = c", "(module (= a b c))"},
               {"a, b = b, a", "(module (= (tuple a b) (tuple b a)))"},
               {"[a, (b, c)] = x", "(module (= (list a (tuple b c)) x))"},
               {"a.b[c] = d", "(module (= ([] (. a b) c) d))"},
               {"x, = y", "(module (= (tuple x) y))"},
               {"x += 1", "(module (+= x 1))"},
               {"x -= 1; x *= 2; x /= 3; x //= 4; x %= 5; x **= 6; x @= m",
                "(module (-= x 1) (*= x 2) (/= x 3) (//= x 4) (%= x 5) (**= x 6) (@= x m))"},
               {"a.b += 1, 2", "(module (+= (. a b) (tuple 1 2)))"},
               {"if a: b", "(module (if a ((expr b))))"},
               {"if a:\n  b\nelif c:\n  d\nelif e:\n  f\nelse:\n  g\n",
                "(module (if a ((expr b)) ((if c ((expr d)) ((if e ((expr f)) ((expr g))))))))"},
               {"if a:\n  pass\nelse:\n  pass", "(module (if a ((pass)) ((pass))))"},
               {"while x < 3:\n  x += 1\n  if x: break\n  continue",
                "(module (while (cmp x < 3) ((+= x 1) (if x ((break))) (continue))))"},
               {"for i in range(3): print(i)", "(module (for i (call range 3) ((expr (call print i)))))"},
               {"for k, v in d.items():\n  pass", "(module (for (tuple k v) (call (. d items)) ((pass))))"},
               {"for x in 1, 2:\n  pass", "(module (for x (tuple 1 2) ((pass))))"},
               {"def f(): pass", "(module (def f () ((pass))))"},
               {"def f(a, b=1,):\n  return a\n", "(module (def f (a (b 1)) ((return a))))"},
               {"def f():\n  return\n", "(module (def f () ((return))))"},
               {"def f():\n  return 1, 2\n", "(module (def f () ((return (tuple 1 2)))))"},
               {"@capture\ndef f(): pass", "(module (def f () ((pass)) (@ capture)))"},
               {"@capture(backend='verify', fullgraph=True)\n@other\ndef f(): pass",
                "(module (def f () ((pass)) (@ (call capture (kw backend 'verify') (kw fullgraph True)) other)))"},
               {"class A: pass", "(module (class A _ ((pass))))"},
               {"class A(): pass", "(module (class A _ ((pass))))"},
               {"class B(A):\n  x = 1\n  def m(self): return self.x\n",
                "(module (class B A ((= x 1) (def m (self) ((return (. self x)))))))"},
               {"class E(Exception,): pass", "(module (class E Exception ((pass))))"},
               {"@deco\nclass A: pass", "(module (class A _ ((pass)) (@ deco)))"},
               {"def f():\n  global a, b\n  def g():\n    nonlocal c\n  c = 1",
                "(module (def f () ((global a b) (def g () ((nonlocal c))) (= c 1))))"},
               {"del x", "(module (del x))"},
               {"del x, a[0], b.c,", "(module (del x ([] a 0) (. b c)))"},
               {"del (a, [b])", "(module (del (tuple a (list b))))"},
               {"with a: pass", "(module (with (a) ((pass))))"},
               {"with a as b, c, d() as (e, f):\n  pass",
                "(module (with ((as a b) c (as (call d) (tuple e f))) ((pass))))"},
               {"try:\n  a\nexcept:\n  b", "(module (try ((expr a)) (except _ _ ((expr b)))))"},
               {"try:\n  a\nexcept (E, F) as e:\n  b\nexcept G:\n  c\nelse:\n  d\nfinally:\n  f",
                "(module (try ((expr a)) (except (tuple E F) e ((expr b))) (except G _ ((expr c))) "
                "(else ((expr d))) (finally ((expr f)))))"},
               {"try:\n  a\nfinally:\n  f", "(module (try ((expr a)) (finally ((expr f)))))"},
               {"raise", "(module (raise))"},
               {"raise ValueError('x')", "(module (raise (call ValueError 'x')))"},
               {"assert x", "(module (assert x))"},
               {"assert x, 'msg'", "(module (assert x 'msg'))"},
               {"pass; pass;", "(module (pass) (pass))"},
               {"match = 1\nmatch(x)\nmatch[0] = 2", "(module (= match 1) (expr (call match x)) (= ([] match 0) 2))"},
               {"x = (1 +\n  2)\ny = [\n1,\n\n2]", "(module (= x (+ 1 2)) (= y (list 1 2)))"},
               {"x = 1 + \\\n  2", "(module (= x (+ 1 2)))"},
               {"if x:\n\n  # comment\n  a\n\n  b\n# c\nc", "(module (if x ((expr a) (expr b))) (expr c))"},
               {"if x:\r\n  a\r\nb\r", "(module (if x ((expr a))) (expr b))"},
               {"\xEF\xBB\xBFx = 1", "(module (= x 1))"},
               {"if x:\n\tif y:\n\t\ta\n\tb", "(module (if x ((if y ((expr a))) (expr b))))"},
           });
    CHECK(ERR("if x:\n        a\n\tb") == "3:1: inconsistent use of tabs and spaces in indentation");
  }

  TEST_CASE("node details") {
    module m = parse_module("x = a + bc\nfoo(1,\n    k=2)\ndef f(a):\n    return a\n", "t.py");
    REQUIRE(m.body.size() == 3);
    CHECK(m.filename == "t.py");
    const auto& as = m.body[0]->as<assign_stmt>();
    CHECK(loc_str(as.loc) == "1:0-1:10");
    CHECK(loc_str(as.targets[0]->loc) == "1:0-1:1");
    CHECK(as.targets[0]->as<name_expr>().ctx == expr_context::store);
    const auto& add = as.value->as<binop_expr>();
    CHECK(loc_str(add.loc) == "1:4-1:10");
    CHECK(add.op == binary_op::add);
    CHECK(loc_str(add.right->loc) == "1:8-1:10");
    CHECK(add.left->as<name_expr>().ctx == expr_context::load);
    CHECK(add.height == 2);
    const auto& call = m.body[1]->as<expr_stmt>().value->as<call_expr>();
    CHECK(loc_str(call.loc) == "2:0-3:8");
    REQUIRE(call.keywords.size() == 1);
    CHECK(call.keywords[0].name == "k");
    CHECK(loc_str(call.keywords[0].loc) == "3:4-3:7");
    const auto& fn = m.body[2]->as<function_def>();
    CHECK(loc_str(fn.loc) == "4:0-5:12");
    CHECK_FALSE(fn.is_lambda);
    CHECK(loc_str(fn.params[0].loc) == "4:6-4:7");
    CHECK(loc_str(fn.body[0]->loc) == "5:4-5:12");

    module d = parse_module("del a, b[0]\nfor t in x: pass\nwith c as w: pass\n", "t.py");
    CHECK(d.body[0]->as<del_stmt>().targets[0]->as<name_expr>().ctx == expr_context::del);
    CHECK(d.body[0]->as<del_stmt>().targets[1]->as<subscript_expr>().ctx == expr_context::del);
    CHECK(d.body[1]->as<for_stmt>().target->as<name_expr>().ctx == expr_context::store);
    CHECK(d.body[2]->as<with_stmt>().items[0].target->as<name_expr>().ctx == expr_context::store);

    module s = parse_module("s = ('ab'\n     'cd')\nt = '''x\ny''' + z\n", "t.py");
    CHECK(loc_str(s.body[0]->as<assign_stmt>().value->loc) == "1:5-2:9");
    CHECK(loc_str(s.body[1]->as<assign_stmt>().value->loc) == "3:4-4:8");
    CHECK(loc_str(s.body[1]->as<assign_stmt>().value->as<binop_expr>().right->loc) == "4:7-4:8");

    module e = parse_module("if a:\n  pass\nelif b:\n  pass\nelse:\n  pass\n", "t.py");
    const auto& top = e.body[0]->as<if_stmt>();
    CHECK(loc_str(top.loc) == "1:0-6:6");
    REQUIRE(top.orelse.size() == 1);
    CHECK(loc_str(top.orelse[0]->loc) == "3:0-6:6");

    module lc = parse_module("[x for x in y if x for z in x]\n", "t.py");
    const auto& comp = lc.body[0]->as<expr_stmt>().value->as<list_comp_expr>();
    CHECK(loc_str(comp.loc) == "1:0-1:30");
    CHECK(loc_str(comp.generators[0].loc) == "1:3-1:18");
    CHECK(loc_str(comp.generators[1].loc) == "1:19-1:29");

    module c = parse_module("x = -9223372036854775808\ny = 99999999999999999999\n", "t.py");
    const auto& k1 = c.body[0]->as<assign_stmt>().value->as<constant_expr>();
    CHECK(k1.value_kind == constant_kind::integer);
    CHECK(k1.int_value == INT64_MIN);
    const auto& k2 = c.body[1]->as<assign_stmt>().value->as<constant_expr>();
    CHECK(k2.value_kind == constant_kind::big_integer);
    CHECK(k2.str_value == "99999999999999999999");

    CHECK(std::string(op_symbol(cmp_op::not_in)) == "not in");
    CHECK(std::string(op_symbol(binary_op::floor_div)) == "//");
    CHECK(std::string(op_symbol(unary_op::not_)) == "not");
    CHECK(std::string(op_symbol(bool_op::or_)) == "or");
  }

  TEST_CASE("lexer tokens") {
    lexer lx("if x:\n  y = 'a' 1.5\n", "t.py");
    std::vector<token> toks;
    for (;;) {
      toks.push_back(lx.next());
      if (toks.back().kind == token_kind::end_of_file) break;
    }
    std::vector<token_kind> kinds;
    for (const auto& t : toks) kinds.push_back(t.kind);
    using tk = token_kind;
    CHECK(kinds == std::vector<tk>{tk::kw_if, tk::name, tk::colon, tk::newline, tk::indent, tk::name, tk::assign,
                                   tk::string, tk::floating, tk::newline, tk::dedent, tk::end_of_file});
    CHECK(loc_str(toks[7].loc) == "2:6-2:9");
    CHECK(toks[7].text == "a");
    CHECK(toks[8].float_value == 1.5);
    CHECK(lx.next().kind == tk::end_of_file);  // stays at the end
    CHECK(std::string(token_kind_name(tk::kw_while)) == "while");
    CHECK(std::string(token_kind_name(tk::double_slash_assign)) == "//=");
  }

  TEST_CASE("syntax errors: messages and positions") {
    check_all(
        ERR,
        {
            {"a b", "1:3: invalid syntax"},
            {"x = 1 +", "1:8: invalid syntax"},
            {"else: pass", "1:1: invalid syntax"},
            {"x = $", "1:5: invalid syntax"},
            {"f(a,\n", "1:2: '(' was never closed"},
            {"x = [1, 2", "1:5: '[' was never closed"},
            {"f(a b", "1:2: '(' was never closed"},  // a later tokenizer error wins
            {"x = )", "1:5: unmatched ')'"},
            {"x = (]", "1:6: closing parenthesis ']' does not match opening parenthesis '('"},
            {"x = (\n]", "2:1: closing parenthesis ']' does not match opening parenthesis '(' on line 1"},
            {"if x\n  pass", "1:5: expected ':'"},
            {"def f()\n  pass", "1:8: expected ':'"},
            {" x = 1", "1:1: unexpected indent"},
            {"x = 1\n    y = 2", "2:1: unexpected indent"},
            {"if x:\npass", "2:1: expected an indented block after 'if' statement on line 1"},
            {"def f():\nreturn", "2:1: expected an indented block after function definition on line 1"},
            {"for x in y:\n\nz", "3:1: expected an indented block after 'for' statement on line 1"},
            {"if x:\n    a\n  b", "3:3: unindent does not match any outer indentation level"},
            {"if x:\n\tpass\n        pass", "3:1: inconsistent use of tabs and spaces in indentation"},
            {"1 = x", "1:1: cannot assign to literal"},
            {"x = 'a' = y", "1:5: cannot assign to literal"},
            {"None = 1", "1:1: cannot assign to None"},
            {"f() = 1", "1:1: cannot assign to function call"},
            {"a + b = 1", "1:1: cannot assign to expression"},
            {"(a, 1) = x", "1:5: cannot assign to literal"},
            {"for f() in x: pass", "1:5: cannot assign to function call"},
            {"with a as 1: pass", "1:11: cannot assign to literal"},
            {"[x for 1 in y]", "1:8: cannot assign to literal"},
            {"del f()", "1:5: cannot delete function call"},
            {"(a, b) += 1", "1:1: 'tuple' is an illegal expression for augmented assignment"},
            {"1 += 1", "1:1: 'literal' is an illegal expression for augmented assignment"},
            {"return 1", "1:1: 'return' outside function"},
            {"def f():\n  class A:\n    return 1", "3:5: 'return' outside function"},
            {"break", "1:1: 'break' outside loop"},
            {"while x:\n  def f():\n    break", "3:5: 'break' outside loop"},
            {"continue", "1:1: 'continue' not properly in loop"},
            {"for x in y:\n  class A:\n    continue", "3:5: 'continue' not properly in loop"},
            {"return 1\nx = (", "2:5: '(' was never closed"},  // grammar errors come first
            {"x = 'abc", "1:5: unterminated string literal (detected at line 1)"},
            {"x = 1\ny = \"abc\nz", "2:5: unterminated string literal (detected at line 2)"},
            {"x = r'\\'", "1:5: unterminated string literal (detected at line 1)"},
            {"x = '''abc\n\n", "1:5: unterminated triple-quoted string literal (detected at line 2)"},
            {"x = 0x", "1:5: invalid hexadecimal literal"},
            {"x = 0b2", "1:5: invalid digit '2' in binary literal"},
            {"x = 0o19", "1:5: invalid digit '9' in octal literal"},
            {"x = 1_", "1:5: invalid decimal literal"},
            {"x = 1__0", "1:5: invalid decimal literal"},
            {"x = 1e", "1:5: invalid decimal literal"},
            {"x = 12abc", "1:5: invalid decimal literal"},
            {"x = 01",
             "1:5: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"},
            {"x = '\\x4'", "1:5: (unicode error) 'unicodeescape' codec can't decode bytes: truncated \\xXX escape"},
            {"x = '\\U00110000'",
             "1:5: (unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character"},
            {"x = \\ y", "1:6: unexpected character after line continuation character"},
            {"x = 1 \\", "1:7: unexpected EOF while parsing"},
            {"x = \xE2\x82\xAC", "1:5: invalid character '\xE2\x82\xAC' (U+20AC)"},
            {"x = \x01", "1:5: invalid non-printable character U+0001"},
        });
    CHECK(ERR(std::string_view("x = 1\ny\0 = 2", 12)) == "2:2: source code cannot contain null bytes");
    check_all(ERR, {
                       {"x = '\xff'", "1:6: invalid UTF-8 in source (byte 0xff)"},
                       {"x = '\xC3'", "1:6: invalid UTF-8 in source (byte 0xc3)"},
                       {"x = '\xED\xA0\x80'", "1:6: invalid UTF-8 in source (byte 0xed)"},  // surrogate
                       {"f(a=1, b)", "1:8: positional argument follows keyword argument"},
                       {"f(a=1, a=2)", "1:8: keyword argument repeated: a"},
                       {"f(a.b=1)", "1:3: expression cannot contain assignment, perhaps you meant \"==\"?"},
                       {"def f(a=1, b): pass", "1:12: non-default argument follows default argument"},
                       {"def f(a, a): pass", "1:10: duplicate argument 'a' in function definition"},
                       {"lambda a, a: 0", "1:11: duplicate argument 'a' in function definition"},
                       {"try:\n  pass\nx = 1", "3:1: expected 'except' or 'finally' block"},
                       {"try:\n  pass\nelse:\n  pass", "3:1: expected 'except' or 'finally' block"},
                       {"try:\n  pass\nexcept:\n  pass\nexcept T:\n  pass", "3:1: default 'except:' must be last"},
                       {"try:\n  pass\nexcept T, e:\n  pass", "3:8: multiple exception types must be parenthesized"},
                       {"x = a if b", "1:5: expected 'else' after 'if' expression"},
                       {"x = {1: 2, 3}", "1:12: ':' expected after dictionary key"},
                       {"x = (", "1:5: '(' was never closed"},
                       {"class A(", "1:8: '(' was never closed"},
                   });
  }

  TEST_CASE("constructs outside the subset") {
    check_all(ERR, {
                       {"import os", "1:1: 'import' is not supported in minipy"},
                       {"from os import path", "1:1: 'import' is not supported in minipy"},
                       {"def f():\n  yield 1", "2:3: 'yield' is not supported in minipy"},
                       {"x = lambda: (yield)", "1:14: 'yield' is not supported in minipy"},
                       {"async def f(): pass", "1:1: 'async' is not supported in minipy"},
                       {"def f():\n  await g()", "2:3: 'await' is not supported in minipy"},
                       {"x = f'{a}'", "1:5: f-strings are not supported in minipy"},
                       {"x = rf'a'", "1:5: f-strings are not supported in minipy"},
                       {"x = b'a'", "1:5: bytes literals are not supported in minipy"},
                       {"x = Rb'a'", "1:5: bytes literals are not supported in minipy"},
                       {"x = u'a'", "1:5: string prefix 'u' is not supported in minipy"},
                       {"x = '\\N{DASH}'", "1:5: \\N{...} escapes are not supported in minipy"},
                       {"x = '\\ud800'", "1:5: surrogate escapes are not supported in minipy"},
                       {"f(*a)", "1:3: '*' and '**' arguments are not supported in minipy"},
                       {"f(**k)", "1:3: '*' and '**' arguments are not supported in minipy"},
                       {"def f(*a): pass", "1:7: '*' and '**' parameters are not supported in minipy"},
                       {"def f(a, /): pass", "1:10: '/' in parameter lists is not supported in minipy"},
                       {"lambda **k: 0", "1:8: '*' and '**' parameters are not supported in minipy"},
                       {"x = [*a]", "1:6: star expressions ('*' and '**') are not supported in minipy"},
                       {"*a, b = c", "1:1: star expressions ('*' and '**') are not supported in minipy"},
                       {"x = {1, 2}", "1:5: set displays are not supported in minipy"},
                       {"x = {a}", "1:5: set displays are not supported in minipy"},
                       {"x = {a for a in b}", "1:5: set comprehensions are not supported in minipy"},
                       {"x = {k: v for k in b}", "1:5: dict comprehensions are not supported in minipy"},
                       {"x = {**d}", "1:6: dict unpacking ('**') is not supported in minipy"},
                       {"x = (y for y in z)", "1:6: generator expressions are not supported in minipy"},
                       {"f(y for y in z)", "1:3: generator expressions are not supported in minipy"},
                       {"(x := 1)", "1:4: assignment expressions (':=') are not supported in minipy"},
                       {"if x := 1: pass", "1:6: assignment expressions (':=') are not supported in minipy"},
                       {"match x:\n  case 1: pass", "1:1: 'match' statements are not supported in minipy"},
                       {"for x in y:\n  pass\nelse:\n  pass", "3:1: 'for ... else' is not supported in minipy"},
                       {"while x:\n  pass\nelse:\n  pass", "3:1: 'while ... else' is not supported in minipy"},
                       {"a[1:2:3]", "1:6: slice steps are not supported in minipy"},
                       {"a[::2]", "1:4: slice steps are not supported in minipy"},
                       {"a[1:2, 3]", "1:3: slices inside a tuple index are not supported in minipy"},
                       {"@a.b\ndef f(): pass",
                        "1:2: decorators other than a name or a call of a name are not supported in minipy"},
                       {"@a[0]\nclass C: pass",
                        "1:2: decorators other than a name or a call of a name are not supported in minipy"},
                       {"x: int = 1", "1:2: annotations are not supported in minipy"},
                       {"def f(x: int): pass", "1:8: annotations are not supported in minipy"},
                       {"def f(x) -> int: pass", "1:10: annotations are not supported in minipy"},
                       {"class A(B, C): pass", "1:12: multiple inheritance is not supported in minipy"},
                       {"class A(metaclass=M): pass", "1:9: class keyword arguments are not supported in minipy"},
                       {"raise X from Y", "1:9: 'raise ... from ...' is not supported in minipy"},
                       {"try:\n  pass\nexcept* E:\n  pass", "3:7: 'except*' is not supported in minipy"},
                       {"x = a | b", "1:7: the '|' operator is not supported in minipy"},
                       {"x = a & b", "1:7: the '&' operator is not supported in minipy"},
                       {"x = a ^ b", "1:7: the '^' operator is not supported in minipy"},
                       {"x = ~a", "1:5: the '~' operator is not supported in minipy"},
                       {"x = a << 1", "1:7: the '<<' operator is not supported in minipy"},
                       {"if a >> 1: pass", "1:6: the '>>' operator is not supported in minipy"},
                       {"x |= 1", "1:3: the '|=' operator is not supported in minipy"},
                       {"x = ...", "1:5: '...' (Ellipsis) is not supported in minipy"},
                       {"x = 1j", "1:5: complex numbers are not supported in minipy"},
                   });
  }

  TEST_CASE("nesting limits") {
    auto parens = [](int n) { return "x = " + std::string(n, '(') + "a" + std::string(n, ')'); };
    CHECK(ERR(parens(200)) == "no error");
    CHECK(ERR(parens(201)) == "1:205: too many nested parentheses");
    CHECK(ERR("x = " + std::string(100000, '(')) == "1:205: too many nested parentheses");
    CHECK(ERR("x = " + std::string(100000, '[')) == "1:205: too many nested parentheses");
    // 200 brackets deep, each level also adding unary operators and calls.
    std::string mixed = "x = ";
    for (int i = 0; i < 100; ++i) mixed += "-(not [";
    mixed += "a";
    for (int i = 0; i < 100; ++i) mixed += "])";
    CHECK(ERR(mixed) == "no error");
    mixed = "x = ";
    for (int i = 0; i < 200; ++i) mixed += "- + f(not ";
    mixed += "a" + std::string(200, ')');
    CHECK(ERR(mixed) == "no error");

    auto repeat = [](std::string_view s, int n) {
      std::string out;
      for (int i = 0; i < n; ++i) out += s;
      return out;
    };
    CHECK(ERR("x = " + repeat("-", 900) + "a") == "no error");
    CHECK(MSG("x = " + repeat("-", 100000) + "a") == "too many nested parentheses");
    CHECK(MSG("x = " + repeat("not ", 100000) + "a") == "too many nested parentheses");
    CHECK(MSG("x = " + repeat("lambda: ", 100000) + "a") == "too many nested parentheses");
    CHECK(MSG("x = " + repeat("a if b else ", 100000) + "a") == "too many nested parentheses");
    CHECK(MSG("x = a" + repeat("**a", 100000)) == "too many nested parentheses");
    CHECK(MSG("x = a" + repeat("+a", 100000)) == "expression too deeply nested");
    CHECK(MSG("x = a" + repeat(".a", 100000)) == "expression too deeply nested");
    CHECK(MSG("x = a" + repeat("()", 100000)) == "expression too deeply nested");
    CHECK(MSG("x = a" + repeat("[0]", 100000)) == "expression too deeply nested");
    CHECK(ERR("x = a" + repeat("+a", 998)) == "no error");

    auto blocks = [](int n) {
      std::string s;
      for (int i = 0; i < n; ++i) s += std::string(static_cast<std::size_t>(i), ' ') + "if x:\n";
      return s + std::string(static_cast<std::size_t>(n), ' ') + "pass\n";
    };
    CHECK(ERR(blocks(100)) == "no error");
    CHECK(ERR(blocks(101)) == "101:101: too many statically nested blocks");
    CHECK(MSG(blocks(3000)) == "too many statically nested blocks");
    std::string defs;
    for (int i = 0; i < 20000; ++i) defs += std::string(static_cast<std::size_t>(i % 50), '\t') + "def f():\n";
    CHECK(ERR(defs).find("too many") == std::string::npos);  // dedents keep depth low: another error
    CHECK(ERR("if a:\n  pass\n" + repeat("elif b:\n  pass\n", 900)) == "no error");
    CHECK(MSG("if a:\n  pass\n" + repeat("elif b:\n  pass\n", 100000)) == "too many statically nested blocks");
  }

  TEST_CASE("big inputs are handled in linear time") {
    std::string prog;
    const char* lines[] = {"x = 1\n",
                           "y = x + 2 * z\n",
                           "print(a, b=1)\n",
                           "a[i] = b.c\n",
                           "if x: y = 1\n",
                           "def f(a, b=2): return a + b\n",
                           "l = [1, 'two', 3.0]\n"};
    int n = 0;
    while (prog.size() < 1000000) prog += lines[n++ % 7];
    module m = parse_module(prog, "big.py");
    CHECK(m.body.size() == static_cast<std::size_t>(n));
    symtable st = build_symtable(m);
    CHECK(st.scopes().size() == 1 + static_cast<std::size_t>(n / 7 + (n % 7 > 5)));

    std::string list = "x = [";
    for (int i = 0; i < 200000; ++i) list += "1, ";
    list += "]";
    module l = parse_module(list, "t.py");
    CHECK(l.body[0]->as<assign_stmt>().value->as<list_expr>().elts.size() == 200000);

    std::string digits(100000, '7');
    module d = parse_module("x = " + digits, "t.py");
    CHECK(d.body[0]->as<assign_stmt>().value->as<constant_expr>().str_value == digits);
    CHECK(E("'" + std::string(1000000, 'a') + "'").size() == 1000002);

    std::string params = "def f(";
    std::string call = "f(";
    for (int i = 0; i < 50000; ++i) {
      params += "p" + std::to_string(i) + ", ";
      call += "k" + std::to_string(i) + "=1, ";
    }
    CHECK(ERR(params + "): pass") == "no error");
    CHECK(ERR(call + ")") == "no error");
    CHECK(MSG(params + "p7): pass") == "duplicate argument 'p7' in function definition");
  }

  TEST_CASE("scope analysis") {
    SUBCASE("module level") {
      module m = parse_module("x = 1\ndef f(): pass\nprint(x)\nglobal y\n", "t.py");
      symtable st = build_symtable(m);
      const scope* mod = st.module_scope();
      REQUIRE(mod);
      CHECK(m.scope == mod);
      CHECK(mod->kind == scope_kind::module);
      CHECK(mod->scope_of("x") == name_scope::global_implicit);
      CHECK(mod->scope_of("f") == name_scope::global_implicit);
      CHECK(mod->scope_of("print") == name_scope::global_implicit);
      CHECK(mod->scope_of("y") == name_scope::global_explicit);
      CHECK(mod->scope_of("never_mentioned") == name_scope::global_implicit);
      CHECK(mod->varnames.empty());
      CHECK(mod->lookup("x")->is_assigned);
      CHECK(mod->lookup("print")->is_used);
      CHECK(mod->lookup("zzz") == nullptr);
    }
    SUBCASE("locals, parameters and varnames order") {
      module m = parse_module("def f(a, b=c):\n  print(z)\n  z = a\n  for i in b: w = i\n  del q\n  g = 1\n", "t.py");
      symtable st = build_symtable(m);
      const scope* f = m.body[0]->as<function_def>().scope;
      REQUIRE(f);
      CHECK(f->kind == scope_kind::function);
      CHECK(f->name == "f");
      CHECK(f->parent == st.module_scope());
      CHECK(join(f->params) == "a,b");
      CHECK(join(f->varnames) == "a,b,z,i,w,q,g");
      CHECK(f->cellvars.empty());
      CHECK(f->freevars.empty());
      CHECK(f->scope_of("a") == name_scope::local);
      CHECK(f->scope_of("z") == name_scope::local);
      CHECK(f->scope_of("print") == name_scope::global_implicit);
      CHECK(f->lookup("a")->is_param);
      CHECK(st.module_scope()->scope_of("c") == name_scope::global_implicit);  // default: outside
    }
    SUBCASE("cells and free variables through two levels") {
      module m = parse_module(
          "def outer(p):\n"
          "  x = 1\n"
          "  y = 2\n"
          "  def middle():\n"
          "    def inner():\n"
          "      return x + p + g\n"
          "    return inner\n"
          "  return middle, y\n",
          "t.py");
      symtable st = build_symtable(m);
      const auto& outer_def = m.body[0]->as<function_def>();
      const scope* outer = outer_def.scope;
      const auto& middle_def = outer_def.body[2]->as<function_def>();
      const scope* middle = middle_def.scope;
      const scope* inner = middle_def.body[0]->as<function_def>().scope;
      REQUIRE(outer);
      REQUIRE(middle);
      REQUIRE(inner);
      CHECK(inner->parent == middle);
      CHECK(middle->parent == outer);
      CHECK(join(outer->varnames) == "p,x,y,middle");
      CHECK(join(outer->cellvars) == "p,x");
      CHECK(outer->scope_of("x") == name_scope::cell);
      CHECK(outer->scope_of("p") == name_scope::cell);
      CHECK(outer->scope_of("y") == name_scope::local);
      CHECK(join(middle->freevars) == "x,p");  // passed through although middle never uses them
      CHECK(middle->scope_of("x") == name_scope::free);
      CHECK(middle->scope_of("inner") == name_scope::local);
      CHECK(join(inner->freevars) == "x,p");
      CHECK(inner->scope_of("x") == name_scope::free);
      CHECK(inner->scope_of("g") == name_scope::global_implicit);
      CHECK(inner->varnames.empty());
    }
    SUBCASE("nonlocal") {
      module m = parse_module(
          "def f():\n"
          "  n = 0\n"
          "  def inc():\n"
          "    nonlocal n\n"
          "    n += 1\n"
          "    def deeper():\n"
          "      nonlocal n\n"
          "      n = 5\n"
          "    return n\n"
          "  return inc\n",
          "t.py");
      symtable st = build_symtable(m);
      const scope* f = find_scope(st, "f");
      const scope* inc = find_scope(st, "inc");
      const scope* deeper = find_scope(st, "deeper");
      CHECK(f->scope_of("n") == name_scope::cell);
      CHECK(join(f->cellvars) == "n");
      CHECK(inc->scope_of("n") == name_scope::free);
      CHECK(inc->lookup("n")->is_nonlocal_decl);
      CHECK(join(inc->freevars) == "n");
      CHECK(join(inc->varnames) == "deeper");
      CHECK(deeper->scope_of("n") == name_scope::free);
      check_all(ERR, {
                         {"def f():\n  def g():\n    nonlocal x\n", "3:5: no binding for nonlocal 'x' found"},
                         {"x = 1\ndef g():\n  nonlocal x\n", "3:3: no binding for nonlocal 'x' found"},
                         {"def f():\n  x = 1\n  class C:\n    def m(self):\n      nonlocal x\n", "no error"},
                         {"def f():\n  class C:\n    x = 1\n    def m(self):\n      nonlocal x\n",
                          "5:7: no binding for nonlocal 'x' found"},  // class bodies provide no bindings
                         {"def f():\n  x = 1\n  def g():\n    global x\n    def h():\n      nonlocal x\n",
                          "6:7: no binding for nonlocal 'x' found"},
                         {"nonlocal x", "1:1: nonlocal declaration not allowed at module level"},
                         {"def f(x):\n  nonlocal x", "2:3: name 'x' is parameter and nonlocal"},
                         {"def f():\n  x = 1\n  def g():\n    x = 2\n    nonlocal x",
                          "5:5: name 'x' is assigned to before nonlocal declaration"},
                         {"def f():\n  x = 1\n  def g():\n    print(x)\n    nonlocal x",
                          "5:5: name 'x' is used prior to nonlocal declaration"},
                     });
    }
    SUBCASE("global") {
      module m = parse_module(
          "def f():\n"
          "  global g\n"
          "  g = 1\n"
          "  h = 2\n"
          "  def inner():\n"
          "    return g, h\n",
          "t.py");
      symtable st = build_symtable(m);
      const scope* f = find_scope(st, "f");
      const scope* inner = find_scope(st, "inner");
      CHECK(f->scope_of("g") == name_scope::global_explicit);
      CHECK(f->lookup("g")->is_global_decl);
      CHECK(join(f->varnames) == "h,inner");
      CHECK(join(f->cellvars) == "h");
      CHECK(inner->scope_of("g") == name_scope::global_implicit);
      CHECK(inner->scope_of("h") == name_scope::free);
      check_all(ERR, {
                         {"def f():\n  x = 1\n  global x", "3:3: name 'x' is assigned to before global declaration"},
                         {"def f():\n  print(x)\n  global x", "3:3: name 'x' is used prior to global declaration"},
                         {"def f(x):\n  global x", "2:3: name 'x' is parameter and global"},
                         {"def f():\n  x = 1\n  def g():\n    nonlocal x\n    global x",
                          "4:5: name 'x' is nonlocal and global"},  // the first declaration
                         {"def f():\n  global x\n  x = 1\n  del x\n", "no error"},
                     });
    }
    SUBCASE("class scopes") {
      module m = parse_module(
          "def f():\n"
          "  a = 1\n"
          "  b = 2\n"
          "  class C(Base):\n"
          "    a = 10\n"
          "    c = b\n"
          "    def m(self):\n"
          "      return a, c\n"
          "  return C\n",
          "t.py");
      symtable st = build_symtable(m);
      const scope* f = find_scope(st, "f");
      const auto& cdef = m.body[0]->as<function_def>().body[2]->as<class_def>();
      const scope* c = cdef.scope;
      const scope* meth = find_scope(st, "m");
      REQUIRE(c);
      CHECK(c->kind == scope_kind::class_body);
      CHECK(c->name == "C");
      CHECK(join(f->cellvars) == "a,b");
      CHECK(c->scope_of("a") == name_scope::local);  // class namespace
      CHECK(c->lookup("a")->is_class_free);          // ... and passed through to m
      CHECK(c->scope_of("b") == name_scope::free);
      CHECK(c->scope_of("c") == name_scope::local);
      CHECK(c->scope_of("Base") == name_scope::global_implicit);
      CHECK(join(c->freevars) == "a,b");
      CHECK(join(c->varnames) == "a,c,m");
      CHECK(meth->scope_of("a") == name_scope::free);             // f's a, not the class attribute
      CHECK(meth->scope_of("c") == name_scope::global_implicit);  // class names are invisible
      CHECK(f->scope_of("Base") == name_scope::global_implicit);  // base evaluated in f
    }
    SUBCASE("comprehension scopes") {
      module m = parse_module(
          "def f(xs, k):\n"
          "  return [x * k for x in xs if x for y in range(x)]\n"
          "class C:\n"
          "  v = 1\n"
          "  w = [v for _ in vs]\n",
          "t.py");
      symtable st = build_symtable(m);
      const scope* f = find_scope(st, "f");
      const auto& ret = m.body[0]->as<function_def>().body[0]->as<return_stmt>();
      const scope* comp = ret.value->as<list_comp_expr>().scope;
      REQUIRE(comp);
      CHECK(comp->kind == scope_kind::comprehension);
      CHECK(comp->name == "<listcomp>");
      CHECK(comp->parent == f);
      CHECK(join(comp->params) == ".0");
      CHECK(join(comp->varnames) == ".0,x,y");
      CHECK(join(comp->freevars) == "k");
      CHECK(comp->scope_of("range") == name_scope::global_implicit);
      CHECK(comp->lookup("xs") == nullptr);  // first iterable is evaluated in f
      CHECK(f->scope_of("xs") == name_scope::local);
      CHECK(f->scope_of("k") == name_scope::cell);
      CHECK(f->lookup("x") == nullptr);  // comprehension variables do not leak
      const scope* ccomp = nullptr;
      for (const auto& s : st.scopes())
        if (s->kind == scope_kind::comprehension && s->parent->kind == scope_kind::class_body) ccomp = s.get();
      REQUIRE(ccomp);
      CHECK(ccomp->scope_of("v") == name_scope::global_implicit);  // class variable not visible
      CHECK(find_scope(st, "C")->scope_of("vs") == name_scope::global_implicit);
    }
    SUBCASE("lambda scopes") {
      module m = parse_module("def f(a):\n  return lambda b, c=a: a + b\n", "t.py");
      symtable st = build_symtable(m);
      const auto& lam = m.body[0]->as<function_def>().body[0]->as<return_stmt>().value->as<lambda_expr>();
      REQUIRE(lam.scope);
      CHECK(lam.scope->kind == scope_kind::lambda);
      CHECK(lam.scope->name == "<lambda>");
      CHECK(join(lam.scope->params) == "b,c");
      CHECK(join(lam.scope->freevars) == "a");
      CHECK(lam.scope->scope_of("a") == name_scope::free);
      CHECK(find_scope(st, "f")->scope_of("a") == name_scope::cell);
    }
    SUBCASE("binding forms") {
      module m = parse_module(
          "def f():\n"
          "  try:\n    pass\n  except E as e:\n    pass\n"
          "  with c as (w1, w2):\n    pass\n"
          "  class K: pass\n"
          "  a.b = 1\n"
          "  s[0] = 2\n"
          "  t += 1\n",
          "t.py");
      symtable st = build_symtable(m);
      const scope* f = find_scope(st, "f");
      CHECK(join(f->varnames) == "e,w1,w2,K,t");
      CHECK(f->scope_of("a") == name_scope::global_implicit);
      CHECK(f->scope_of("s") == name_scope::global_implicit);
      CHECK(f->scope_of("E") == name_scope::global_implicit);
      CHECK(std::string(to_string(name_scope::cell)) == "cell");
    }
    SUBCASE("every scope node is linked") {
      module m = parse_module("@d\nclass A:\n  def m(self): return [lambda: x for x in y]\n", "t.py");
      symtable st = build_symtable(m);
      CHECK(st.scopes().size() == 5);
      const auto& a = m.body[0]->as<class_def>();
      REQUIRE(a.scope);
      const auto& meth = a.body[0]->as<function_def>();
      REQUIRE(meth.scope);
      const auto& lc = meth.body[0]->as<return_stmt>().value->as<list_comp_expr>();
      REQUIRE(lc.scope);
      REQUIRE(lc.element->as<lambda_expr>().scope);
      CHECK(lc.element->as<lambda_expr>().scope->parent == lc.scope);
      CHECK(lc.scope->scope_of("x") == name_scope::cell);
      CHECK(lc.scope->parent == meth.scope);
      CHECK(meth.scope->parent == a.scope);
      CHECK(a.scope->children.size() == 1);
    }
  }

  TEST_CASE("robustness: malformed inputs never crash") {
    std::mt19937 rng(12345);  // fixed seed: the sequence is specified by the standard
    auto rnd = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
    int inputs = 0, parsed = 0, failed = 0;
    std::string first_bad;
    auto feed = [&](const std::string& src) {
      ++inputs;
      try {
        module m = parse_module(src, "fuzz.py");
        symtable st = build_symtable(m);
        (void)dump(m);
        ++parsed;
      } catch (const syntax_error& e) {
        if (e.message.empty() || e.line < 1 || e.col < 1) {
          ++failed;
          if (first_bad.empty()) first_bad = src;
        }
      }
    };

    // Random bytes, biased towards characters that matter to the lexer.
    const std::string interesting = "()[]{}:'\"\\#\n\t \r0123456789.eExXjJ_abrfuBRF+-*/%@<>=!,;~|&^\x80\xff\xc3\xa9";
    for (int i = 0; i < 1200; ++i) {
      std::string s;
      std::uint32_t len = rnd(120);
      for (std::uint32_t k = 0; k < len; ++k)
        s += rnd(2) ? static_cast<char>(rnd(256)) : interesting[rnd(static_cast<std::uint32_t>(interesting.size()))];
      feed(s);
    }

    // Token soup: random sequences of valid tokens, newlines and indentation.
    const char* soup[] = {"x",      "y",      "f",       "1",        "2.5",    "'s'",      "\"t\"", "None",  "True",
                          "(",      ")",      "[",       "]",        "{",      "}",        ",",     ":",     ".",
                          ";",      "=",      "+",       "-",        "*",      "/",        "//",    "%",     "**",
                          "@",      "<",      "<=",      "==",       "!=",     "is",       "not",   "in",    "and",
                          "or",     "if",     "else",    "elif",     "while",  "for",      "def",   "class", "return",
                          "lambda", "pass",   "break",   "continue", "global", "nonlocal", "del",   "with",  "as",
                          "try",    "except", "finally", "raise",    "assert", "+=",       "\n",    "\n  ",  "\n    ",
                          "\n\t",   "\\\n",   "#c\n",    "import",   "yield",  "|",        ":="};
    const std::uint32_t nsoup = sizeof soup / sizeof soup[0];
    for (int i = 0; i < 1500; ++i) {
      std::string s;
      std::uint32_t len = 1 + rnd(40);
      for (std::uint32_t k = 0; k < len; ++k) {
        s += soup[rnd(nsoup)];
        s += rnd(3) ? " " : "";
      }
      feed(s);
    }

    // Every prefix of a few valid programs.
    const char* programs[] = {
        "def f(a, b=2):\n"
        "    '''doc'''\n"
        "    total = 0\n"
        "    for i in range(a):\n"
        "        if i % 2 == 0 and not b:\n"
        "            total += i ** 2\n"
        "        elif i > 3:\n"
        "            continue\n"
        "        else:\n"
        "            break\n"
        "    return [x * y for x in range(3) if x for y in (1, 2)]\n"
        "print(f(10, b=0), sep=', ', end='\\n')\n",
        "class Acc(Base):\n"
        "    scale = 2.5e-3\n"
        "    def __init__(self, v):\n"
        "        self.v = {'k': [v, -v], 2: (v,)}\n"
        "    def run(self):\n"
        "        try:\n"
        "            with no_grad() as g, ctx:\n"
        "                return self.v['k'][1:] @ t[:-1]\n"
        "        except (KeyError, ValueError) as e:\n"
        "            raise RuntimeError(str(e))\n"
        "        finally:\n"
        "            del self.v\n",
        "@capture(backend=\"verify\")\n"
        "def g(x):\n"
        "    n = 0\n"
        "    def inc():\n"
        "        nonlocal n\n"
        "        n += 1\n"
        "        return lambda y=1: n + y if y else -n\n"
        "    while n < 3 and x is not None:\n"
        "        inc()\n"
        "    assert n == 3, \"bad\"\n"
        "    return x\n"};
    for (const char* p : programs) {
      std::string prog = p;
      for (std::size_t n = 0; n <= prog.size(); ++n) feed(prog.substr(0, n));
      // Single-byte corruptions of the program.
      for (int i = 0; i < 100; ++i) {
        std::string s = prog;
        s[rnd(static_cast<std::uint32_t>(s.size()))] = static_cast<char>(rnd(256));
        feed(s);
      }
    }

    // Deep nesting of every kind.
    const char* openers[] = {"(",  "[",   "{1:",          "-",   "not ", "lambda: ", "a if b else ", "f(",
                             "a[", "a**", "[x for x in ", "(1, "};
    for (const char* o : openers) {
      for (int n : {50, 199, 200, 201, 1000, 100000}) {
        std::string s = "x = ";
        for (int k = 0; k < n; ++k) s += o;
        s += "a";
        feed(s);
      }
    }
    std::string deep_blocks;
    for (int k = 0; k < 3000; ++k) deep_blocks += std::string(static_cast<std::size_t>(k), ' ') + "while x:\n";
    feed(deep_blocks);
    feed(std::string(100000, '\t') + "x");
    feed(std::string(1000, '\n') + "  x");
    feed(std::string(50000, '\\'));
    feed(std::string(50000, '\''));
    feed(std::string(50000, '"'));
    feed(std::string(50000, '#'));
    feed(std::string(20000, '@'));
    feed(std::string("x = '") + std::string(1000, '\\'));

    INFO("first bad input: ", first_bad);
    CHECK(failed == 0);
    CHECK(inputs >= 3000);
    CHECK(parsed > 0);
  }

}  // TEST_SUITE
