// Unit tests for minipy's numeric helpers, CPython-exact printing and tensors.
//
// Every expected value below was produced by CPython 3.11 (tensor results by
// CPython running tests/minipy/prelude.py, the oracle), not by this
// implementation.  The only exceptions are marked "minipy-specific": int64
// overflow, where CPython would produce a big int.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "minipy/numeric.hpp"
#include "minipy/repr.hpp"
#include "minipy/tensor.hpp"

using namespace minipy;

namespace {

constexpr double INF = std::numeric_limits<double>::infinity();
constexpr double NAN_ = std::numeric_limits<double>::quiet_NaN();

// constexpr so that the tables below are static data (fast to compile).
constexpr scalar I(std::int64_t v) { return scalar{v}; }
constexpr scalar F(double v) { return scalar{v}; }

// Equal as Python objects of the same type; floats compared bit for bit
// (so -0.0 != 0.0) except that every NaN matches.
bool same_scalar(const scalar& a, const scalar& b) {
  if (a.index() != b.index()) return false;
  if (is_int(a)) return as_int(a) == as_int(b);
  const double x = as_float(a), y = as_float(b);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return std::memcmp(&x, &y, sizeof x) == 0;
}

std::string show(const scalar& s) { return is_int(s) ? format_int(as_int(s)) : format_float(as_float(s)); }

// Expected outcome: a value, or a Python exception (msg != nullptr).
struct outcome {
  scalar value;
  exc_kind kind;
  const char* msg;
};
constexpr outcome V(const scalar& v) { return {v, exc_kind::Exception, nullptr}; }
constexpr outcome E(exc_kind k, const char* msg) { return {I(0), k, msg}; }

template <class F>
void check_outcome(F&& f, const outcome& want) {
  try {
    const scalar got = f();
    if (want.msg) {
      FAIL_CHECK("expected " << exc_name(want.kind) << ": " << std::string(want.msg) << ", got " << show(got));
    } else {
      INFO("got " << show(got) << ", want " << show(want.value));
      CHECK(same_scalar(got, want.value));
    }
  } catch (const py_error& e) {
    if (!want.msg) {
      FAIL_CHECK("unexpected " << exc_name(e.kind) << ": " << e.message);
    } else {
      CHECK(exc_name(e.kind) == exc_name(want.kind));
      CHECK(e.message == want.msg);
    }
  }
}

struct num_row {
  const char* op;
  scalar a, b;
  outcome want;
};

scalar eval_row(const num_row& r) {
  const std::string op = r.op;
  const auto ia = [&] { return as_int(r.a); };
  const auto ib = [&] { return as_int(r.b); };
  const auto fa = [&] { return as_float(r.a); };
  const auto fb = [&] { return as_float(r.b); };
  if (op == "int_floordiv") return int_floordiv(ia(), ib());
  if (op == "int_mod") return int_mod(ia(), ib());
  if (op == "int_add") return int_add(ia(), ib());
  if (op == "int_sub") return int_sub(ia(), ib());
  if (op == "int_mul") return int_mul(ia(), ib());
  if (op == "int_neg") return int_neg(ia());
  if (op == "int_abs") return int_abs(ia());
  if (op == "int_pow") return int_pow(ia(), ib());
  if (op == "int_truediv") return int_truediv(ia(), ib());
  if (op == "float_floordiv") return float_floordiv(fa(), fb());
  if (op == "float_mod") return float_mod(fa(), fb());
  if (op == "float_truediv") return float_truediv(fa(), fb());
  if (op == "float_pow") return float_pow(fa(), fb());
  if (op == "float_to_int") return float_to_int(fa());
  if (op == "add") return arith(arith_op::add, r.a, r.b);
  if (op == "sub") return arith(arith_op::sub, r.a, r.b);
  if (op == "mul") return arith(arith_op::mul, r.a, r.b);
  if (op == "truediv") return arith(arith_op::truediv, r.a, r.b);
  if (op == "floordiv") return arith(arith_op::floordiv, r.a, r.b);
  if (op == "mod") return arith(arith_op::mod, r.a, r.b);
  if (op == "pow") return arith(arith_op::pow, r.a, r.b);
  FAIL("unknown op " << op);
  return I(0);
}

void check_row(const num_row& r) {
  INFO(std::string(r.op) << "(" << show(r.a) << ", " << show(r.b) << ")");
  check_outcome([&] { return eval_row(r); }, r.want);
  // The checked primitives agree with the throwing versions.
  const std::string op = r.op;
  std::int64_t out = 0;
  if (op == "int_add") CHECK(checked_add(as_int(r.a), as_int(r.b), out) == (r.want.msg == nullptr));
  if (op == "int_sub") CHECK(checked_sub(as_int(r.a), as_int(r.b), out) == (r.want.msg == nullptr));
  if (op == "int_mul") CHECK(checked_mul(as_int(r.a), as_int(r.b), out) == (r.want.msg == nullptr));
  if (op == "int_neg") CHECK(checked_neg(as_int(r.a), out) == (r.want.msg == nullptr));
  if (op == "int_pow" && as_int(r.b) >= 0)
    CHECK(checked_pow(as_int(r.a), as_int(r.b), out) == (r.want.msg == nullptr));
}

enum cmp_result { LT, GT, EQ, UN };
struct cmp_row {
  scalar a, b;
  cmp_result want;
};

void check_cmp(const cmp_row& r) {
  INFO(show(r.a) << " vs " << show(r.b));
  const std::partial_ordering o = compare(r.a, r.b);
  const std::partial_ordering want = r.want == LT   ? std::partial_ordering::less
                                     : r.want == GT ? std::partial_ordering::greater
                                     : r.want == EQ ? std::partial_ordering::equivalent
                                                    : std::partial_ordering::unordered;
  CHECK(o == want);
  CHECK(num_equal(r.a, r.b) == (r.want == EQ));
  if (is_int(r.a) && !is_int(r.b)) CHECK(compare_int_float(as_int(r.a), as_float(r.b)) == want);
}

struct str_row {
  const char* fn;
  const char* text;
  outcome want;
};

void check_str_n(std::string_view fn, std::string_view text, const outcome& want) {
  INFO(std::string(fn) << "(" << repr_string(text) << ")");
  check_outcome([&]() -> scalar { return fn == "parse_int" ? I(parse_int(text)) : F(parse_float(text)); }, want);
}

void check_str(const str_row& r) { check_str_n(r.fn, r.text, r.want); }

struct repr_row {
  double value;
  const char* text;
};

// Checks run inside lambdas through non-template helpers: many small
// functions compile much faster than one huge test function.
void check_error_fn(const std::function<void()>& f, const char* text, std::string_view kind,
                    const std::string& msg) {
  INFO(std::string(text));
  bool thrown = false;
  try {
    f();
  } catch (const py_error& e) {
    thrown = true;
    CHECK(exc_name(e.kind) == kind);
    CHECK(e.message == msg);
  }
  if (!thrown) FAIL_CHECK("no exception");
}

// Checks that `expr` throws py_error of the given kind and message.
#define MP_CHECK_ERR(expr, KIND, MSG) check_error_fn([&] { (void)(expr); }, #expr, #KIND, MSG)

std::string to_text(const tensor& t);
std::string to_text(const nested& n);
std::string to_text(const scalar& s) { return show(s); }
std::string to_text(bool b) { return b ? "True" : "False"; }
std::string to_text(std::int64_t i) { return format_int(i); }
std::string to_text(const std::string& s) { return s; }

void check_eq_fn(const std::function<std::string()>& f, const char* text, const std::string& want) {
  INFO(std::string(text));
  try {
    CHECK(f() == want);
  } catch (const py_error& e) {
    FAIL_CHECK("unexpected " << exc_name(e.kind) << ": " << e.message);
  }
}

// Checks that the Python-style text of `expr` (see to_text) is `want`.
#define MP_EQ(expr, want) check_eq_fn([&] { return to_text(expr); }, #expr, want)

// Parses a Python-style literal of numbers and lists ("[[1, 2.5], [inf, nan]]",
// True/False as ints, 'x' for a non-number element) into tensor() input.
nested parse_literal(std::string_view& s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  if (s.front() == '[') {
    s.remove_prefix(1);
    std::vector<nested> items;
    for (;;) {
      while (s.front() == ' ' || s.front() == ',') s.remove_prefix(1);
      if (s.front() == ']') {
        s.remove_prefix(1);
        return nested(std::move(items));
      }
      items.push_back(parse_literal(s));
    }
  }
  if (s.front() == '\'') {
    s.remove_prefix(s.find('\'', 1) + 1);
    return nested::non_number();
  }
  const std::size_t n = s.find_first_of(", ]");
  const std::string tok(s.substr(0, n));
  s.remove_prefix(n == std::string_view::npos ? s.size() : n);
  if (tok == "True") return nested(1);
  if (tok == "False") return nested(0);
  if (tok.find_first_of(".eEn") != std::string::npos) return nested(std::strtod(tok.c_str(), nullptr));
  return nested(static_cast<std::int64_t>(std::stoll(tok)));
}

tensor TL(const char* text) {
  std::string_view s = text;
  return make_tensor(parse_literal(s));
}

tensor T(const nested& n) { return make_tensor(n); }

// repr, dtype and shape, as "tensor([1, 2]) int64 (2,)".
std::string S(const tensor& t) {
  return repr(t) + " " + std::string(dtype_name(t.dtype())) + " " + format_shape(t.shape());
}

void append_nested(std::string& out, const nested& n) {
  if (n.is_scalar()) {
    out += show(n.as_scalar());
    return;
  }
  out += '[';
  bool first = true;
  for (const nested& item : n.as_list()) {
    if (!first) out += ", ";
    first = false;
    append_nested(out, item);
  }
  out += ']';
}

std::string to_text(const nested& n) {
  std::string out;
  append_nested(out, n);
  return out;
}

std::string to_text(const tensor& t) { return S(t); }

}  // namespace

TEST_CASE("minipy numeric: exception names") {
  CHECK(exc_name(exc_kind::Exception) == "Exception");
  CHECK(exc_name(exc_kind::ValueError) == "ValueError");
  CHECK(exc_name(exc_kind::TypeError) == "TypeError");
  CHECK(exc_name(exc_kind::RuntimeError) == "RuntimeError");
  CHECK(exc_name(exc_kind::KeyError) == "KeyError");
  CHECK(exc_name(exc_kind::IndexError) == "IndexError");
  CHECK(exc_name(exc_kind::ZeroDivisionError) == "ZeroDivisionError");
  CHECK(exc_name(exc_kind::AssertionError) == "AssertionError");
  CHECK(exc_name(exc_kind::NameError) == "NameError");
  CHECK(exc_name(exc_kind::AttributeError) == "AttributeError");
  CHECK(exc_name(exc_kind::OverflowError) == "OverflowError");
  CHECK(exc_name(exc_kind::RecursionError) == "RecursionError");
  CHECK(exc_name(exc_kind::SyntaxError) == "SyntaxError");
  const py_error e(exc_kind::KeyError, "k");
  CHECK(std::string(e.what()) == "k");
  MP_CHECK_ERR(throw_int_overflow(), OverflowError, "integer overflow");
}

TEST_CASE("minipy numeric: int floor division and modulo") {
  static constexpr num_row rows[] = {
      {"int_floordiv", I(7), I(2), V(I(3))},
      {"int_mod", I(7), I(2), V(I(1))},
      {"int_floordiv", I(7), I(-2), V(I(-4))},
      {"int_mod", I(7), I(-2), V(I(-1))},
      {"int_floordiv", I(7), I(3), V(I(2))},
      {"int_mod", I(7), I(3), V(I(1))},
      {"int_floordiv", I(7), I(-3), V(I(-3))},
      {"int_mod", I(7), I(-3), V(I(-2))},
      {"int_floordiv", I(7), I(1), V(I(7))},
      {"int_mod", I(7), I(1), V(I(0))},
      {"int_floordiv", I(7), I(-1), V(I(-7))},
      {"int_mod", I(7), I(-1), V(I(0))},
      {"int_floordiv", I(7), I(7), V(I(1))},
      {"int_mod", I(7), I(7), V(I(0))},
      {"int_floordiv", I(7), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(7), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(7), I(9223372036854775807), V(I(0))},
      {"int_mod", I(7), I(9223372036854775807), V(I(7))},
      {"int_floordiv", I(7), I(INT64_MIN), V(I(-1))},
      {"int_mod", I(7), I(INT64_MIN), V(I(-9223372036854775801))},
      {"int_floordiv", I(-7), I(2), V(I(-4))},
      {"int_mod", I(-7), I(2), V(I(1))},
      {"int_floordiv", I(-7), I(-2), V(I(3))},
      {"int_mod", I(-7), I(-2), V(I(-1))},
      {"int_floordiv", I(-7), I(3), V(I(-3))},
      {"int_mod", I(-7), I(3), V(I(2))},
      {"int_floordiv", I(-7), I(-3), V(I(2))},
      {"int_mod", I(-7), I(-3), V(I(-1))},
      {"int_floordiv", I(-7), I(1), V(I(-7))},
      {"int_mod", I(-7), I(1), V(I(0))},
      {"int_floordiv", I(-7), I(-1), V(I(7))},
      {"int_mod", I(-7), I(-1), V(I(0))},
      {"int_floordiv", I(-7), I(7), V(I(-1))},
      {"int_mod", I(-7), I(7), V(I(0))},
      {"int_floordiv", I(-7), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(-7), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(-7), I(9223372036854775807), V(I(-1))},
      {"int_mod", I(-7), I(9223372036854775807), V(I(9223372036854775800))},
      {"int_floordiv", I(-7), I(INT64_MIN), V(I(0))},
      {"int_mod", I(-7), I(INT64_MIN), V(I(-7))},
      {"int_floordiv", I(0), I(2), V(I(0))},
      {"int_mod", I(0), I(2), V(I(0))},
      {"int_floordiv", I(0), I(-2), V(I(0))},
      {"int_mod", I(0), I(-2), V(I(0))},
      {"int_floordiv", I(0), I(3), V(I(0))},
      {"int_mod", I(0), I(3), V(I(0))},
      {"int_floordiv", I(0), I(-3), V(I(0))},
      {"int_mod", I(0), I(-3), V(I(0))},
      {"int_floordiv", I(0), I(1), V(I(0))},
      {"int_mod", I(0), I(1), V(I(0))},
      {"int_floordiv", I(0), I(-1), V(I(0))},
      {"int_mod", I(0), I(-1), V(I(0))},
      {"int_floordiv", I(0), I(7), V(I(0))},
      {"int_mod", I(0), I(7), V(I(0))},
      {"int_floordiv", I(0), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(0), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(0), I(9223372036854775807), V(I(0))},
      {"int_mod", I(0), I(9223372036854775807), V(I(0))},
      {"int_floordiv", I(0), I(INT64_MIN), V(I(0))},
      {"int_mod", I(0), I(INT64_MIN), V(I(0))},
      {"int_floordiv", I(1), I(2), V(I(0))},
      {"int_mod", I(1), I(2), V(I(1))},
      {"int_floordiv", I(1), I(-2), V(I(-1))},
      {"int_mod", I(1), I(-2), V(I(-1))},
      {"int_floordiv", I(1), I(3), V(I(0))},
      {"int_mod", I(1), I(3), V(I(1))},
      {"int_floordiv", I(1), I(-3), V(I(-1))},
      {"int_mod", I(1), I(-3), V(I(-2))},
      {"int_floordiv", I(1), I(1), V(I(1))},
      {"int_mod", I(1), I(1), V(I(0))},
      {"int_floordiv", I(1), I(-1), V(I(-1))},
      {"int_mod", I(1), I(-1), V(I(0))},
      {"int_floordiv", I(1), I(7), V(I(0))},
      {"int_mod", I(1), I(7), V(I(1))},
      {"int_floordiv", I(1), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(1), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(1), I(9223372036854775807), V(I(0))},
      {"int_mod", I(1), I(9223372036854775807), V(I(1))},
      {"int_floordiv", I(1), I(INT64_MIN), V(I(-1))},
      {"int_mod", I(1), I(INT64_MIN), V(I(-9223372036854775807))},
      {"int_floordiv", I(-1), I(2), V(I(-1))},
      {"int_mod", I(-1), I(2), V(I(1))},
      {"int_floordiv", I(-1), I(-2), V(I(0))},
      {"int_mod", I(-1), I(-2), V(I(-1))},
      {"int_floordiv", I(-1), I(3), V(I(-1))},
      {"int_mod", I(-1), I(3), V(I(2))},
      {"int_floordiv", I(-1), I(-3), V(I(0))},
      {"int_mod", I(-1), I(-3), V(I(-1))},
      {"int_floordiv", I(-1), I(1), V(I(-1))},
      {"int_mod", I(-1), I(1), V(I(0))},
      {"int_floordiv", I(-1), I(-1), V(I(1))},
      {"int_mod", I(-1), I(-1), V(I(0))},
      {"int_floordiv", I(-1), I(7), V(I(-1))},
      {"int_mod", I(-1), I(7), V(I(6))},
      {"int_floordiv", I(-1), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(-1), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(-1), I(9223372036854775807), V(I(-1))},
      {"int_mod", I(-1), I(9223372036854775807), V(I(9223372036854775806))},
      {"int_floordiv", I(-1), I(INT64_MIN), V(I(0))},
      {"int_mod", I(-1), I(INT64_MIN), V(I(-1))},
      {"int_floordiv", I(6), I(2), V(I(3))},
      {"int_mod", I(6), I(2), V(I(0))},
      {"int_floordiv", I(6), I(-2), V(I(-3))},
      {"int_mod", I(6), I(-2), V(I(0))},
      {"int_floordiv", I(6), I(3), V(I(2))},
      {"int_mod", I(6), I(3), V(I(0))},
      {"int_floordiv", I(6), I(-3), V(I(-2))},
      {"int_mod", I(6), I(-3), V(I(0))},
      {"int_floordiv", I(6), I(1), V(I(6))},
      {"int_mod", I(6), I(1), V(I(0))},
      {"int_floordiv", I(6), I(-1), V(I(-6))},
      {"int_mod", I(6), I(-1), V(I(0))},
      {"int_floordiv", I(6), I(7), V(I(0))},
      {"int_mod", I(6), I(7), V(I(6))},
      {"int_floordiv", I(6), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(6), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(6), I(9223372036854775807), V(I(0))},
      {"int_mod", I(6), I(9223372036854775807), V(I(6))},
      {"int_floordiv", I(6), I(INT64_MIN), V(I(-1))},
      {"int_mod", I(6), I(INT64_MIN), V(I(-9223372036854775802))},
      {"int_floordiv", I(-6), I(2), V(I(-3))},
      {"int_mod", I(-6), I(2), V(I(0))},
      {"int_floordiv", I(-6), I(-2), V(I(3))},
      {"int_mod", I(-6), I(-2), V(I(0))},
      {"int_floordiv", I(-6), I(3), V(I(-2))},
      {"int_mod", I(-6), I(3), V(I(0))},
      {"int_floordiv", I(-6), I(-3), V(I(2))},
      {"int_mod", I(-6), I(-3), V(I(0))},
      {"int_floordiv", I(-6), I(1), V(I(-6))},
      {"int_mod", I(-6), I(1), V(I(0))},
      {"int_floordiv", I(-6), I(-1), V(I(6))},
      {"int_mod", I(-6), I(-1), V(I(0))},
      {"int_floordiv", I(-6), I(7), V(I(-1))},
      {"int_mod", I(-6), I(7), V(I(1))},
      {"int_floordiv", I(-6), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(-6), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(-6), I(9223372036854775807), V(I(-1))},
      {"int_mod", I(-6), I(9223372036854775807), V(I(9223372036854775801))},
      {"int_floordiv", I(-6), I(INT64_MIN), V(I(0))},
      {"int_mod", I(-6), I(INT64_MIN), V(I(-6))},
      {"int_floordiv", I(9223372036854775807), I(2), V(I(4611686018427387903))},
      {"int_mod", I(9223372036854775807), I(2), V(I(1))},
      {"int_floordiv", I(9223372036854775807), I(-2), V(I(-4611686018427387904))},
      {"int_mod", I(9223372036854775807), I(-2), V(I(-1))},
      {"int_floordiv", I(9223372036854775807), I(3), V(I(3074457345618258602))},
      {"int_mod", I(9223372036854775807), I(3), V(I(1))},
      {"int_floordiv", I(9223372036854775807), I(-3), V(I(-3074457345618258603))},
      {"int_mod", I(9223372036854775807), I(-3), V(I(-2))},
      {"int_floordiv", I(9223372036854775807), I(1), V(I(9223372036854775807))},
      {"int_mod", I(9223372036854775807), I(1), V(I(0))},
      {"int_floordiv", I(9223372036854775807), I(-1), V(I(-9223372036854775807))},
      {"int_mod", I(9223372036854775807), I(-1), V(I(0))},
      {"int_floordiv", I(9223372036854775807), I(7), V(I(1317624576693539401))},
      {"int_mod", I(9223372036854775807), I(7), V(I(0))},
      {"int_floordiv", I(9223372036854775807), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(9223372036854775807), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(9223372036854775807), I(9223372036854775807), V(I(1))},
      {"int_mod", I(9223372036854775807), I(9223372036854775807), V(I(0))},
      {"int_floordiv", I(9223372036854775807), I(INT64_MIN), V(I(-1))},
      {"int_mod", I(9223372036854775807), I(INT64_MIN), V(I(-1))},
      {"int_floordiv", I(INT64_MIN), I(2), V(I(-4611686018427387904))},
      {"int_mod", I(INT64_MIN), I(2), V(I(0))},
      {"int_floordiv", I(INT64_MIN), I(-2), V(I(4611686018427387904))},
      {"int_mod", I(INT64_MIN), I(-2), V(I(0))},
      {"int_floordiv", I(INT64_MIN), I(3), V(I(-3074457345618258603))},
      {"int_mod", I(INT64_MIN), I(3), V(I(1))},
      {"int_floordiv", I(INT64_MIN), I(-3), V(I(3074457345618258602))},
      {"int_mod", I(INT64_MIN), I(-3), V(I(-2))},
      {"int_floordiv", I(INT64_MIN), I(1), V(I(INT64_MIN))},
      {"int_mod", I(INT64_MIN), I(1), V(I(0))},
      {"int_floordiv", I(INT64_MIN), I(-1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mod", I(INT64_MIN), I(-1), V(I(0))},
      {"int_floordiv", I(INT64_MIN), I(7), V(I(-1317624576693539402))},
      {"int_mod", I(INT64_MIN), I(7), V(I(6))},
      {"int_floordiv", I(INT64_MIN), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(INT64_MIN), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(INT64_MIN), I(9223372036854775807), V(I(-2))},
      {"int_mod", I(INT64_MIN), I(9223372036854775807), V(I(9223372036854775806))},
      {"int_floordiv", I(INT64_MIN), I(INT64_MIN), V(I(1))},
      {"int_mod", I(INT64_MIN), I(INT64_MIN), V(I(0))},
      {"int_floordiv", I(1000000000000000007), I(2), V(I(500000000000000003))},
      {"int_mod", I(1000000000000000007), I(2), V(I(1))},
      {"int_floordiv", I(1000000000000000007), I(-2), V(I(-500000000000000004))},
      {"int_mod", I(1000000000000000007), I(-2), V(I(-1))},
      {"int_floordiv", I(1000000000000000007), I(3), V(I(333333333333333335))},
      {"int_mod", I(1000000000000000007), I(3), V(I(2))},
      {"int_floordiv", I(1000000000000000007), I(-3), V(I(-333333333333333336))},
      {"int_mod", I(1000000000000000007), I(-3), V(I(-1))},
      {"int_floordiv", I(1000000000000000007), I(1), V(I(1000000000000000007))},
      {"int_mod", I(1000000000000000007), I(1), V(I(0))},
      {"int_floordiv", I(1000000000000000007), I(-1), V(I(-1000000000000000007))},
      {"int_mod", I(1000000000000000007), I(-1), V(I(0))},
      {"int_floordiv", I(1000000000000000007), I(7), V(I(142857142857142858))},
      {"int_mod", I(1000000000000000007), I(7), V(I(1))},
      {"int_floordiv", I(1000000000000000007), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(1000000000000000007), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(1000000000000000007), I(9223372036854775807), V(I(0))},
      {"int_mod", I(1000000000000000007), I(9223372036854775807), V(I(1000000000000000007))},
      {"int_floordiv", I(1000000000000000007), I(INT64_MIN), V(I(-1))},
      {"int_mod", I(1000000000000000007), I(INT64_MIN), V(I(-8223372036854775801))},
      {"int_floordiv", I(-1000000000000000007), I(2), V(I(-500000000000000004))},
      {"int_mod", I(-1000000000000000007), I(2), V(I(1))},
      {"int_floordiv", I(-1000000000000000007), I(-2), V(I(500000000000000003))},
      {"int_mod", I(-1000000000000000007), I(-2), V(I(-1))},
      {"int_floordiv", I(-1000000000000000007), I(3), V(I(-333333333333333336))},
      {"int_mod", I(-1000000000000000007), I(3), V(I(1))},
      {"int_floordiv", I(-1000000000000000007), I(-3), V(I(333333333333333335))},
      {"int_mod", I(-1000000000000000007), I(-3), V(I(-2))},
      {"int_floordiv", I(-1000000000000000007), I(1), V(I(-1000000000000000007))},
      {"int_mod", I(-1000000000000000007), I(1), V(I(0))},
      {"int_floordiv", I(-1000000000000000007), I(-1), V(I(1000000000000000007))},
      {"int_mod", I(-1000000000000000007), I(-1), V(I(0))},
      {"int_floordiv", I(-1000000000000000007), I(7), V(I(-142857142857142859))},
      {"int_mod", I(-1000000000000000007), I(7), V(I(6))},
      {"int_floordiv", I(-1000000000000000007), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"int_mod", I(-1000000000000000007), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"int_floordiv", I(-1000000000000000007), I(9223372036854775807), V(I(-1))},
      {"int_mod", I(-1000000000000000007), I(9223372036854775807), V(I(8223372036854775800))},
      {"int_floordiv", I(-1000000000000000007), I(INT64_MIN), V(I(0))},
      {"int_mod", I(-1000000000000000007), I(INT64_MIN), V(I(-1000000000000000007))},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: checked int64 arithmetic") {
  static constexpr num_row rows[] = {
      {"int_add", I(0), I(0), V(I(0))},
      {"int_sub", I(0), I(0), V(I(0))},
      {"int_mul", I(0), I(0), V(I(0))},
      {"int_add", I(0), I(1), V(I(1))},
      {"int_sub", I(0), I(1), V(I(-1))},
      {"int_mul", I(0), I(1), V(I(0))},
      {"int_add", I(0), I(-1), V(I(-1))},
      {"int_sub", I(0), I(-1), V(I(1))},
      {"int_mul", I(0), I(-1), V(I(0))},
      {"int_add", I(0), I(-2), V(I(-2))},
      {"int_sub", I(0), I(-2), V(I(2))},
      {"int_mul", I(0), I(-2), V(I(0))},
      {"int_add", I(0), I(4611686018427387904), V(I(4611686018427387904))},
      {"int_sub", I(0), I(4611686018427387904), V(I(-4611686018427387904))},
      {"int_mul", I(0), I(4611686018427387904), V(I(0))},
      {"int_add", I(0), I(-4611686018427387904), V(I(-4611686018427387904))},
      {"int_sub", I(0), I(-4611686018427387904), V(I(4611686018427387904))},
      {"int_mul", I(0), I(-4611686018427387904), V(I(0))},
      {"int_add", I(0), I(9223372036854775807), V(I(9223372036854775807))},
      {"int_sub", I(0), I(9223372036854775807), V(I(-9223372036854775807))},
      {"int_mul", I(0), I(9223372036854775807), V(I(0))},
      {"int_add", I(0), I(INT64_MIN), V(I(INT64_MIN))},
      {"int_sub", I(0), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(0), I(INT64_MIN), V(I(0))},
      {"int_add", I(0), I(3037000499), V(I(3037000499))},
      {"int_sub", I(0), I(3037000499), V(I(-3037000499))},
      {"int_mul", I(0), I(3037000499), V(I(0))},
      {"int_add", I(0), I(-3037000500), V(I(-3037000500))},
      {"int_sub", I(0), I(-3037000500), V(I(3037000500))},
      {"int_mul", I(0), I(-3037000500), V(I(0))},
      {"int_neg", I(0), I(0), V(I(0))},
      {"int_abs", I(0), I(0), V(I(0))},
      {"int_add", I(1), I(0), V(I(1))},
      {"int_sub", I(1), I(0), V(I(1))},
      {"int_mul", I(1), I(0), V(I(0))},
      {"int_add", I(1), I(1), V(I(2))},
      {"int_sub", I(1), I(1), V(I(0))},
      {"int_mul", I(1), I(1), V(I(1))},
      {"int_add", I(1), I(-1), V(I(0))},
      {"int_sub", I(1), I(-1), V(I(2))},
      {"int_mul", I(1), I(-1), V(I(-1))},
      {"int_add", I(1), I(-2), V(I(-1))},
      {"int_sub", I(1), I(-2), V(I(3))},
      {"int_mul", I(1), I(-2), V(I(-2))},
      {"int_add", I(1), I(4611686018427387904), V(I(4611686018427387905))},
      {"int_sub", I(1), I(4611686018427387904), V(I(-4611686018427387903))},
      {"int_mul", I(1), I(4611686018427387904), V(I(4611686018427387904))},
      {"int_add", I(1), I(-4611686018427387904), V(I(-4611686018427387903))},
      {"int_sub", I(1), I(-4611686018427387904), V(I(4611686018427387905))},
      {"int_mul", I(1), I(-4611686018427387904), V(I(-4611686018427387904))},
      {"int_add", I(1), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(1), I(9223372036854775807), V(I(-9223372036854775806))},
      {"int_mul", I(1), I(9223372036854775807), V(I(9223372036854775807))},
      {"int_add", I(1), I(INT64_MIN), V(I(-9223372036854775807))},
      {"int_sub", I(1), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(1), I(INT64_MIN), V(I(INT64_MIN))},
      {"int_add", I(1), I(3037000499), V(I(3037000500))},
      {"int_sub", I(1), I(3037000499), V(I(-3037000498))},
      {"int_mul", I(1), I(3037000499), V(I(3037000499))},
      {"int_add", I(1), I(-3037000500), V(I(-3037000499))},
      {"int_sub", I(1), I(-3037000500), V(I(3037000501))},
      {"int_mul", I(1), I(-3037000500), V(I(-3037000500))},
      {"int_neg", I(1), I(0), V(I(-1))},
      {"int_abs", I(1), I(0), V(I(1))},
      {"int_add", I(-1), I(0), V(I(-1))},
      {"int_sub", I(-1), I(0), V(I(-1))},
      {"int_mul", I(-1), I(0), V(I(0))},
      {"int_add", I(-1), I(1), V(I(0))},
      {"int_sub", I(-1), I(1), V(I(-2))},
      {"int_mul", I(-1), I(1), V(I(-1))},
      {"int_add", I(-1), I(-1), V(I(-2))},
      {"int_sub", I(-1), I(-1), V(I(0))},
      {"int_mul", I(-1), I(-1), V(I(1))},
      {"int_add", I(-1), I(-2), V(I(-3))},
      {"int_sub", I(-1), I(-2), V(I(1))},
      {"int_mul", I(-1), I(-2), V(I(2))},
      {"int_add", I(-1), I(4611686018427387904), V(I(4611686018427387903))},
      {"int_sub", I(-1), I(4611686018427387904), V(I(-4611686018427387905))},
      {"int_mul", I(-1), I(4611686018427387904), V(I(-4611686018427387904))},
      {"int_add", I(-1), I(-4611686018427387904), V(I(-4611686018427387905))},
      {"int_sub", I(-1), I(-4611686018427387904), V(I(4611686018427387903))},
      {"int_mul", I(-1), I(-4611686018427387904), V(I(4611686018427387904))},
      {"int_add", I(-1), I(9223372036854775807), V(I(9223372036854775806))},
      {"int_sub", I(-1), I(9223372036854775807), V(I(INT64_MIN))},
      {"int_mul", I(-1), I(9223372036854775807), V(I(-9223372036854775807))},
      {"int_add", I(-1), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(-1), I(INT64_MIN), V(I(9223372036854775807))},
      {"int_mul", I(-1), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-1), I(3037000499), V(I(3037000498))},
      {"int_sub", I(-1), I(3037000499), V(I(-3037000500))},
      {"int_mul", I(-1), I(3037000499), V(I(-3037000499))},
      {"int_add", I(-1), I(-3037000500), V(I(-3037000501))},
      {"int_sub", I(-1), I(-3037000500), V(I(3037000499))},
      {"int_mul", I(-1), I(-3037000500), V(I(3037000500))},
      {"int_neg", I(-1), I(0), V(I(1))},
      {"int_abs", I(-1), I(0), V(I(1))},
      {"int_add", I(-2), I(0), V(I(-2))},
      {"int_sub", I(-2), I(0), V(I(-2))},
      {"int_mul", I(-2), I(0), V(I(0))},
      {"int_add", I(-2), I(1), V(I(-1))},
      {"int_sub", I(-2), I(1), V(I(-3))},
      {"int_mul", I(-2), I(1), V(I(-2))},
      {"int_add", I(-2), I(-1), V(I(-3))},
      {"int_sub", I(-2), I(-1), V(I(-1))},
      {"int_mul", I(-2), I(-1), V(I(2))},
      {"int_add", I(-2), I(-2), V(I(-4))},
      {"int_sub", I(-2), I(-2), V(I(0))},
      {"int_mul", I(-2), I(-2), V(I(4))},
      {"int_add", I(-2), I(4611686018427387904), V(I(4611686018427387902))},
      {"int_sub", I(-2), I(4611686018427387904), V(I(-4611686018427387906))},
      {"int_mul", I(-2), I(4611686018427387904), V(I(INT64_MIN))},
      {"int_add", I(-2), I(-4611686018427387904), V(I(-4611686018427387906))},
      {"int_sub", I(-2), I(-4611686018427387904), V(I(4611686018427387902))},
      {"int_mul", I(-2), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-2), I(9223372036854775807), V(I(9223372036854775805))},
      {"int_sub", I(-2), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(-2), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-2), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(-2), I(INT64_MIN), V(I(9223372036854775806))},
      {"int_mul", I(-2), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-2), I(3037000499), V(I(3037000497))},
      {"int_sub", I(-2), I(3037000499), V(I(-3037000501))},
      {"int_mul", I(-2), I(3037000499), V(I(-6074000998))},
      {"int_add", I(-2), I(-3037000500), V(I(-3037000502))},
      {"int_sub", I(-2), I(-3037000500), V(I(3037000498))},
      {"int_mul", I(-2), I(-3037000500), V(I(6074001000))},
      {"int_neg", I(-2), I(0), V(I(2))},
      {"int_abs", I(-2), I(0), V(I(2))},
      {"int_add", I(4611686018427387904), I(0), V(I(4611686018427387904))},
      {"int_sub", I(4611686018427387904), I(0), V(I(4611686018427387904))},
      {"int_mul", I(4611686018427387904), I(0), V(I(0))},
      {"int_add", I(4611686018427387904), I(1), V(I(4611686018427387905))},
      {"int_sub", I(4611686018427387904), I(1), V(I(4611686018427387903))},
      {"int_mul", I(4611686018427387904), I(1), V(I(4611686018427387904))},
      {"int_add", I(4611686018427387904), I(-1), V(I(4611686018427387903))},
      {"int_sub", I(4611686018427387904), I(-1), V(I(4611686018427387905))},
      {"int_mul", I(4611686018427387904), I(-1), V(I(-4611686018427387904))},
      {"int_add", I(4611686018427387904), I(-2), V(I(4611686018427387902))},
      {"int_sub", I(4611686018427387904), I(-2), V(I(4611686018427387906))},
      {"int_mul", I(4611686018427387904), I(-2), V(I(INT64_MIN))},
      {"int_add", I(4611686018427387904), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(4611686018427387904), I(4611686018427387904), V(I(0))},
      {"int_mul", I(4611686018427387904), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(4611686018427387904), I(-4611686018427387904), V(I(0))},
      {"int_sub", I(4611686018427387904), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(4611686018427387904), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(4611686018427387904), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(4611686018427387904), I(9223372036854775807), V(I(-4611686018427387903))},
      {"int_mul", I(4611686018427387904), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(4611686018427387904), I(INT64_MIN), V(I(-4611686018427387904))},
      {"int_sub", I(4611686018427387904), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(4611686018427387904), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(4611686018427387904), I(3037000499), V(I(4611686021464388403))},
      {"int_sub", I(4611686018427387904), I(3037000499), V(I(4611686015390387405))},
      {"int_mul", I(4611686018427387904), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(4611686018427387904), I(-3037000500), V(I(4611686015390387404))},
      {"int_sub", I(4611686018427387904), I(-3037000500), V(I(4611686021464388404))},
      {"int_mul", I(4611686018427387904), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_neg", I(4611686018427387904), I(0), V(I(-4611686018427387904))},
      {"int_abs", I(4611686018427387904), I(0), V(I(4611686018427387904))},
      {"int_add", I(-4611686018427387904), I(0), V(I(-4611686018427387904))},
      {"int_sub", I(-4611686018427387904), I(0), V(I(-4611686018427387904))},
      {"int_mul", I(-4611686018427387904), I(0), V(I(0))},
      {"int_add", I(-4611686018427387904), I(1), V(I(-4611686018427387903))},
      {"int_sub", I(-4611686018427387904), I(1), V(I(-4611686018427387905))},
      {"int_mul", I(-4611686018427387904), I(1), V(I(-4611686018427387904))},
      {"int_add", I(-4611686018427387904), I(-1), V(I(-4611686018427387905))},
      {"int_sub", I(-4611686018427387904), I(-1), V(I(-4611686018427387903))},
      {"int_mul", I(-4611686018427387904), I(-1), V(I(4611686018427387904))},
      {"int_add", I(-4611686018427387904), I(-2), V(I(-4611686018427387906))},
      {"int_sub", I(-4611686018427387904), I(-2), V(I(-4611686018427387902))},
      {"int_mul", I(-4611686018427387904), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(4611686018427387904), V(I(0))},
      {"int_sub", I(-4611686018427387904), I(4611686018427387904), V(I(INT64_MIN))},
      {"int_mul", I(-4611686018427387904), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(-4611686018427387904), V(I(INT64_MIN))},
      {"int_sub", I(-4611686018427387904), I(-4611686018427387904), V(I(0))},
      {"int_mul", I(-4611686018427387904), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(9223372036854775807), V(I(4611686018427387903))},
      {"int_sub", I(-4611686018427387904), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(-4611686018427387904), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(-4611686018427387904), I(INT64_MIN), V(I(4611686018427387904))},
      {"int_mul", I(-4611686018427387904), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(3037000499), V(I(-4611686015390387405))},
      {"int_sub", I(-4611686018427387904), I(3037000499), V(I(-4611686021464388403))},
      {"int_mul", I(-4611686018427387904), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-4611686018427387904), I(-3037000500), V(I(-4611686021464388404))},
      {"int_sub", I(-4611686018427387904), I(-3037000500), V(I(-4611686015390387404))},
      {"int_mul", I(-4611686018427387904), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_neg", I(-4611686018427387904), I(0), V(I(4611686018427387904))},
      {"int_abs", I(-4611686018427387904), I(0), V(I(4611686018427387904))},
      {"int_add", I(9223372036854775807), I(0), V(I(9223372036854775807))},
      {"int_sub", I(9223372036854775807), I(0), V(I(9223372036854775807))},
      {"int_mul", I(9223372036854775807), I(0), V(I(0))},
      {"int_add", I(9223372036854775807), I(1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(9223372036854775807), I(1), V(I(9223372036854775806))},
      {"int_mul", I(9223372036854775807), I(1), V(I(9223372036854775807))},
      {"int_add", I(9223372036854775807), I(-1), V(I(9223372036854775806))},
      {"int_sub", I(9223372036854775807), I(-1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(9223372036854775807), I(-1), V(I(-9223372036854775807))},
      {"int_add", I(9223372036854775807), I(-2), V(I(9223372036854775805))},
      {"int_sub", I(9223372036854775807), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(9223372036854775807), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(9223372036854775807), I(4611686018427387904), V(I(4611686018427387903))},
      {"int_mul", I(9223372036854775807), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(-4611686018427387904), V(I(4611686018427387903))},
      {"int_sub", I(9223372036854775807), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(9223372036854775807), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(9223372036854775807), I(9223372036854775807), V(I(0))},
      {"int_mul", I(9223372036854775807), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(INT64_MIN), V(I(-1))},
      {"int_sub", I(9223372036854775807), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(9223372036854775807), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(9223372036854775807), I(3037000499), V(I(9223372033817775308))},
      {"int_mul", I(9223372036854775807), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(9223372036854775807), I(-3037000500), V(I(9223372033817775307))},
      {"int_sub", I(9223372036854775807), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(9223372036854775807), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_neg", I(9223372036854775807), I(0), V(I(-9223372036854775807))},
      {"int_abs", I(9223372036854775807), I(0), V(I(9223372036854775807))},
      {"int_add", I(INT64_MIN), I(0), V(I(INT64_MIN))},
      {"int_sub", I(INT64_MIN), I(0), V(I(INT64_MIN))},
      {"int_mul", I(INT64_MIN), I(0), V(I(0))},
      {"int_add", I(INT64_MIN), I(1), V(I(-9223372036854775807))},
      {"int_sub", I(INT64_MIN), I(1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(INT64_MIN), I(1), V(I(INT64_MIN))},
      {"int_add", I(INT64_MIN), I(-1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(INT64_MIN), I(-1), V(I(-9223372036854775807))},
      {"int_mul", I(INT64_MIN), I(-1), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(INT64_MIN), I(-2), V(I(-9223372036854775806))},
      {"int_mul", I(INT64_MIN), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(4611686018427387904), V(I(-4611686018427387904))},
      {"int_sub", I(INT64_MIN), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(INT64_MIN), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(INT64_MIN), I(-4611686018427387904), V(I(-4611686018427387904))},
      {"int_mul", I(INT64_MIN), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(9223372036854775807), V(I(-1))},
      {"int_sub", I(INT64_MIN), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(INT64_MIN), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(INT64_MIN), I(INT64_MIN), V(I(0))},
      {"int_mul", I(INT64_MIN), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(3037000499), V(I(-9223372033817775309))},
      {"int_sub", I(INT64_MIN), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(INT64_MIN), I(3037000499), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(INT64_MIN), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(INT64_MIN), I(-3037000500), V(I(-9223372033817775308))},
      {"int_mul", I(INT64_MIN), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_neg", I(INT64_MIN), I(0), E(exc_kind::OverflowError, "integer overflow")},
      {"int_abs", I(INT64_MIN), I(0), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(3037000499), I(0), V(I(3037000499))},
      {"int_sub", I(3037000499), I(0), V(I(3037000499))},
      {"int_mul", I(3037000499), I(0), V(I(0))},
      {"int_add", I(3037000499), I(1), V(I(3037000500))},
      {"int_sub", I(3037000499), I(1), V(I(3037000498))},
      {"int_mul", I(3037000499), I(1), V(I(3037000499))},
      {"int_add", I(3037000499), I(-1), V(I(3037000498))},
      {"int_sub", I(3037000499), I(-1), V(I(3037000500))},
      {"int_mul", I(3037000499), I(-1), V(I(-3037000499))},
      {"int_add", I(3037000499), I(-2), V(I(3037000497))},
      {"int_sub", I(3037000499), I(-2), V(I(3037000501))},
      {"int_mul", I(3037000499), I(-2), V(I(-6074000998))},
      {"int_add", I(3037000499), I(4611686018427387904), V(I(4611686021464388403))},
      {"int_sub", I(3037000499), I(4611686018427387904), V(I(-4611686015390387405))},
      {"int_mul", I(3037000499), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(3037000499), I(-4611686018427387904), V(I(-4611686015390387405))},
      {"int_sub", I(3037000499), I(-4611686018427387904), V(I(4611686021464388403))},
      {"int_mul", I(3037000499), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(3037000499), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(3037000499), I(9223372036854775807), V(I(-9223372033817775308))},
      {"int_mul", I(3037000499), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(3037000499), I(INT64_MIN), V(I(-9223372033817775309))},
      {"int_sub", I(3037000499), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(3037000499), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(3037000499), I(3037000499), V(I(6074000998))},
      {"int_sub", I(3037000499), I(3037000499), V(I(0))},
      {"int_mul", I(3037000499), I(3037000499), V(I(9223372030926249001))},
      {"int_add", I(3037000499), I(-3037000500), V(I(-1))},
      {"int_sub", I(3037000499), I(-3037000500), V(I(6074000999))},
      {"int_mul", I(3037000499), I(-3037000500), V(I(-9223372033963249500))},
      {"int_neg", I(3037000499), I(0), V(I(-3037000499))},
      {"int_abs", I(3037000499), I(0), V(I(3037000499))},
      {"int_add", I(-3037000500), I(0), V(I(-3037000500))},
      {"int_sub", I(-3037000500), I(0), V(I(-3037000500))},
      {"int_mul", I(-3037000500), I(0), V(I(0))},
      {"int_add", I(-3037000500), I(1), V(I(-3037000499))},
      {"int_sub", I(-3037000500), I(1), V(I(-3037000501))},
      {"int_mul", I(-3037000500), I(1), V(I(-3037000500))},
      {"int_add", I(-3037000500), I(-1), V(I(-3037000501))},
      {"int_sub", I(-3037000500), I(-1), V(I(-3037000499))},
      {"int_mul", I(-3037000500), I(-1), V(I(3037000500))},
      {"int_add", I(-3037000500), I(-2), V(I(-3037000502))},
      {"int_sub", I(-3037000500), I(-2), V(I(-3037000498))},
      {"int_mul", I(-3037000500), I(-2), V(I(6074001000))},
      {"int_add", I(-3037000500), I(4611686018427387904), V(I(4611686015390387404))},
      {"int_sub", I(-3037000500), I(4611686018427387904), V(I(-4611686021464388404))},
      {"int_mul", I(-3037000500), I(4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-3037000500), I(-4611686018427387904), V(I(-4611686021464388404))},
      {"int_sub", I(-3037000500), I(-4611686018427387904), V(I(4611686015390387404))},
      {"int_mul", I(-3037000500), I(-4611686018427387904), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-3037000500), I(9223372036854775807), V(I(9223372033817775307))},
      {"int_sub", I(-3037000500), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_mul", I(-3037000500), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-3037000500), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_sub", I(-3037000500), I(INT64_MIN), V(I(9223372033817775308))},
      {"int_mul", I(-3037000500), I(INT64_MIN), E(exc_kind::OverflowError, "integer overflow")},
      {"int_add", I(-3037000500), I(3037000499), V(I(-1))},
      {"int_sub", I(-3037000500), I(3037000499), V(I(-6074000999))},
      {"int_mul", I(-3037000500), I(3037000499), V(I(-9223372033963249500))},
      {"int_add", I(-3037000500), I(-3037000500), V(I(-6074001000))},
      {"int_sub", I(-3037000500), I(-3037000500), V(I(0))},
      {"int_mul", I(-3037000500), I(-3037000500), E(exc_kind::OverflowError, "integer overflow")},
      {"int_neg", I(-3037000500), I(0), V(I(3037000500))},
      {"int_abs", I(-3037000500), I(0), V(I(3037000500))},
      {"int_pow", I(2), I(62), V(I(4611686018427387904))},
      {"int_pow", I(2), I(63), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(-2), I(63), V(I(INT64_MIN))},
      {"int_pow", I(-2), I(64), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(3), I(39), V(I(4052555153018976267))},
      {"int_pow", I(3), I(40), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(-3), I(39), V(I(-4052555153018976267))},
      {"int_pow", I(10), I(18), V(I(1000000000000000000))},
      {"int_pow", I(10), I(19), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(0), I(0), V(I(1))},
      {"int_pow", I(0), I(5), V(I(0))},
      {"int_pow", I(1), I(1000000000000000000), V(I(1))},
      {"int_pow", I(-1), I(1000000000000000001), V(I(-1))},
      {"int_pow", I(-1), I(1000000000000000000), V(I(1))},
      {"int_pow", I(7), I(0), V(I(1))},
      {"int_pow", I(2), I(100), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(3037000499), I(2), V(I(9223372030926249001))},
      {"int_pow", I(3037000500), I(2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(-3037000500), I(2), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(2), I(1000000), E(exc_kind::OverflowError, "integer overflow")},
      {"int_pow", I(5), I(-1), V(F(0.2))},
      {"int_pow", I(2), I(-1), V(F(0.5))},
      {"int_pow", I(-2), I(-3), V(F(-0.125))},
      {"int_pow", I(10), I(-400), V(F(0.0))},
      {"int_pow", I(0), I(-1), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"int_pow", I(0), I(-2), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"int_pow", I(9223372036854775807), I(1), V(I(9223372036854775807))},
      {"int_pow", I(INT64_MIN), I(1), V(I(INT64_MIN))},
      {"int_pow", I(INT64_MIN), I(2), E(exc_kind::OverflowError, "integer overflow")},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: int true division is correctly rounded") {
  static constexpr num_row rows[] = {
      {"int_truediv", I(1), I(3), V(F(0.3333333333333333))},
      {"int_truediv", I(-1), I(3), V(F(-0.3333333333333333))},
      {"int_truediv", I(2), I(4), V(F(0.5))},
      {"int_truediv", I(0), I(-5), V(F(-0.0))},
      {"int_truediv", I(0), I(5), V(F(0.0))},
      {"int_truediv", I(7), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"int_truediv", I(9007199254740993), I(1), V(F(9007199254740992.0))},
      {"int_truediv", I(9007199254740993), I(2), V(F(4503599627370496.0))},
      {"int_truediv", I(9223372036854775807), I(3), V(F(3.0744573456182584e+18))},
      {"int_truediv", I(INT64_MIN), I(7), V(F(-1.3176245766935393e+18))},
      {"int_truediv", I(INT64_MIN), I(-1), V(F(9.223372036854776e+18))},
      {"int_truediv", I(9223372036854775807), I(4611686018427387905), V(F(2.0))},
      {"int_truediv", I(1), I(9223372036854775807), V(F(1.0842021724855044e-19))},
      {"int_truediv", I(1000000000000000001), I(1000000000000000000), V(F(1.0))},
      {"int_truediv", I(18014398509481987), I(4), V(F(4503599627370497.0))},
      {"int_truediv", I(123456789012345679), I(1000), V(F(123456789012345.67))},
      {"int_truediv", I(1), I(INT64_MIN), V(F(-1.0842021724855044e-19))},
      {"int_truediv", I(0), I(INT64_MIN), V(F(-0.0))},
      {"int_truediv", I(INT64_MIN), I(9007199254740993), V(F(-1023.9999999999999))},
      {"int_truediv", I(9007199254740993), I(9007199254740993), V(F(1.0))},
      {"int_truediv", I(3), I(1152921504606846977), V(F(2.6020852139652106e-18))},
      {"int_truediv", I(1152921504606847105), I(1), V(F(1.1529215046068472e+18))},
      {"int_truediv", I(1152921504606847104), I(1), V(F(1.152921504606847e+18))},
      {"int_truediv", I(1152921504606847360), I(1), V(F(1.1529215046068475e+18))},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: float division, floor division and modulo") {
  static constexpr num_row rows[] = {
      {"float_floordiv", F(7.0), F(7.0), V(F(1.0))},
      {"float_mod", F(7.0), F(7.0), V(F(0.0))},
      {"float_truediv", F(7.0), F(7.0), V(F(1.0))},
      {"float_floordiv", F(7.0), F(-7.0), V(F(-1.0))},
      {"float_mod", F(7.0), F(-7.0), V(F(-0.0))},
      {"float_truediv", F(7.0), F(-7.0), V(F(-1.0))},
      {"float_floordiv", F(7.0), F(0.5), V(F(14.0))},
      {"float_mod", F(7.0), F(0.5), V(F(0.0))},
      {"float_truediv", F(7.0), F(0.5), V(F(14.0))},
      {"float_floordiv", F(7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(7.0), F(0.1), V(F(69.0))},
      {"float_mod", F(7.0), F(0.1), V(F(0.09999999999999962))},
      {"float_truediv", F(7.0), F(0.1), V(F(70.0))},
      {"float_floordiv", F(7.0), F(-2.5), V(F(-3.0))},
      {"float_mod", F(7.0), F(-2.5), V(F(-0.5))},
      {"float_truediv", F(7.0), F(-2.5), V(F(-2.8))},
      {"float_floordiv", F(7.0), F(1e+300), V(F(0.0))},
      {"float_mod", F(7.0), F(1e+300), V(F(7.0))},
      {"float_truediv", F(7.0), F(1e+300), V(F(6.999999999999999e-300))},
      {"float_floordiv", F(7.0), F(5e-324), V(F(INF))},
      {"float_mod", F(7.0), F(5e-324), V(F(0.0))},
      {"float_truediv", F(7.0), F(5e-324), V(F(INF))},
      {"float_floordiv", F(7.0), F(INF), V(F(0.0))},
      {"float_mod", F(7.0), F(INF), V(F(7.0))},
      {"float_truediv", F(7.0), F(INF), V(F(0.0))},
      {"float_floordiv", F(7.0), F(-INF), V(F(-1.0))},
      {"float_mod", F(7.0), F(-INF), V(F(-INF))},
      {"float_truediv", F(7.0), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(7.0), F(NAN_), V(F(NAN_))},
      {"float_mod", F(7.0), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(7.0), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(-7.0), F(7.0), V(F(-1.0))},
      {"float_mod", F(-7.0), F(7.0), V(F(0.0))},
      {"float_truediv", F(-7.0), F(7.0), V(F(-1.0))},
      {"float_floordiv", F(-7.0), F(-7.0), V(F(1.0))},
      {"float_mod", F(-7.0), F(-7.0), V(F(-0.0))},
      {"float_truediv", F(-7.0), F(-7.0), V(F(1.0))},
      {"float_floordiv", F(-7.0), F(0.5), V(F(-14.0))},
      {"float_mod", F(-7.0), F(0.5), V(F(0.0))},
      {"float_truediv", F(-7.0), F(0.5), V(F(-14.0))},
      {"float_floordiv", F(-7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-7.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-7.0), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-7.0), F(0.1), V(F(-70.0))},
      {"float_mod", F(-7.0), F(0.1), V(F(3.885780586188048e-16))},
      {"float_truediv", F(-7.0), F(0.1), V(F(-70.0))},
      {"float_floordiv", F(-7.0), F(-2.5), V(F(2.0))},
      {"float_mod", F(-7.0), F(-2.5), V(F(-2.0))},
      {"float_truediv", F(-7.0), F(-2.5), V(F(2.8))},
      {"float_floordiv", F(-7.0), F(1e+300), V(F(-1.0))},
      {"float_mod", F(-7.0), F(1e+300), V(F(1e+300))},
      {"float_truediv", F(-7.0), F(1e+300), V(F(-6.999999999999999e-300))},
      {"float_floordiv", F(-7.0), F(5e-324), V(F(-INF))},
      {"float_mod", F(-7.0), F(5e-324), V(F(0.0))},
      {"float_truediv", F(-7.0), F(5e-324), V(F(-INF))},
      {"float_floordiv", F(-7.0), F(INF), V(F(-1.0))},
      {"float_mod", F(-7.0), F(INF), V(F(INF))},
      {"float_truediv", F(-7.0), F(INF), V(F(-0.0))},
      {"float_floordiv", F(-7.0), F(-INF), V(F(0.0))},
      {"float_mod", F(-7.0), F(-INF), V(F(-7.0))},
      {"float_truediv", F(-7.0), F(-INF), V(F(0.0))},
      {"float_floordiv", F(-7.0), F(NAN_), V(F(NAN_))},
      {"float_mod", F(-7.0), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(-7.0), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(0.5), F(7.0), V(F(0.0))},
      {"float_mod", F(0.5), F(7.0), V(F(0.5))},
      {"float_truediv", F(0.5), F(7.0), V(F(0.07142857142857142))},
      {"float_floordiv", F(0.5), F(-7.0), V(F(-1.0))},
      {"float_mod", F(0.5), F(-7.0), V(F(-6.5))},
      {"float_truediv", F(0.5), F(-7.0), V(F(-0.07142857142857142))},
      {"float_floordiv", F(0.5), F(0.5), V(F(1.0))},
      {"float_mod", F(0.5), F(0.5), V(F(0.0))},
      {"float_truediv", F(0.5), F(0.5), V(F(1.0))},
      {"float_floordiv", F(0.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.5), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.5), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.5), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.5), F(0.1), V(F(4.0))},
      {"float_mod", F(0.5), F(0.1), V(F(0.09999999999999998))},
      {"float_truediv", F(0.5), F(0.1), V(F(5.0))},
      {"float_floordiv", F(0.5), F(-2.5), V(F(-1.0))},
      {"float_mod", F(0.5), F(-2.5), V(F(-2.0))},
      {"float_truediv", F(0.5), F(-2.5), V(F(-0.2))},
      {"float_floordiv", F(0.5), F(1e+300), V(F(0.0))},
      {"float_mod", F(0.5), F(1e+300), V(F(0.5))},
      {"float_truediv", F(0.5), F(1e+300), V(F(5e-301))},
      {"float_floordiv", F(0.5), F(5e-324), V(F(INF))},
      {"float_mod", F(0.5), F(5e-324), V(F(0.0))},
      {"float_truediv", F(0.5), F(5e-324), V(F(INF))},
      {"float_floordiv", F(0.5), F(INF), V(F(0.0))},
      {"float_mod", F(0.5), F(INF), V(F(0.5))},
      {"float_truediv", F(0.5), F(INF), V(F(0.0))},
      {"float_floordiv", F(0.5), F(-INF), V(F(-1.0))},
      {"float_mod", F(0.5), F(-INF), V(F(-INF))},
      {"float_truediv", F(0.5), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(0.5), F(NAN_), V(F(NAN_))},
      {"float_mod", F(0.5), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(0.5), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(-0.0), F(7.0), V(F(-0.0))},
      {"float_mod", F(-0.0), F(7.0), V(F(0.0))},
      {"float_truediv", F(-0.0), F(7.0), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(-7.0), V(F(0.0))},
      {"float_mod", F(-0.0), F(-7.0), V(F(-0.0))},
      {"float_truediv", F(-0.0), F(-7.0), V(F(0.0))},
      {"float_floordiv", F(-0.0), F(0.5), V(F(-0.0))},
      {"float_mod", F(-0.0), F(0.5), V(F(0.0))},
      {"float_truediv", F(-0.0), F(0.5), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-0.0), F(0.1), V(F(-0.0))},
      {"float_mod", F(-0.0), F(0.1), V(F(0.0))},
      {"float_truediv", F(-0.0), F(0.1), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(-2.5), V(F(0.0))},
      {"float_mod", F(-0.0), F(-2.5), V(F(-0.0))},
      {"float_truediv", F(-0.0), F(-2.5), V(F(0.0))},
      {"float_floordiv", F(-0.0), F(1e+300), V(F(-0.0))},
      {"float_mod", F(-0.0), F(1e+300), V(F(0.0))},
      {"float_truediv", F(-0.0), F(1e+300), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(5e-324), V(F(-0.0))},
      {"float_mod", F(-0.0), F(5e-324), V(F(0.0))},
      {"float_truediv", F(-0.0), F(5e-324), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(INF), V(F(-0.0))},
      {"float_mod", F(-0.0), F(INF), V(F(0.0))},
      {"float_truediv", F(-0.0), F(INF), V(F(-0.0))},
      {"float_floordiv", F(-0.0), F(-INF), V(F(0.0))},
      {"float_mod", F(-0.0), F(-INF), V(F(-0.0))},
      {"float_truediv", F(-0.0), F(-INF), V(F(0.0))},
      {"float_floordiv", F(-0.0), F(NAN_), V(F(NAN_))},
      {"float_mod", F(-0.0), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(-0.0), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(0.0), F(7.0), V(F(0.0))},
      {"float_mod", F(0.0), F(7.0), V(F(0.0))},
      {"float_truediv", F(0.0), F(7.0), V(F(0.0))},
      {"float_floordiv", F(0.0), F(-7.0), V(F(-0.0))},
      {"float_mod", F(0.0), F(-7.0), V(F(-0.0))},
      {"float_truediv", F(0.0), F(-7.0), V(F(-0.0))},
      {"float_floordiv", F(0.0), F(0.5), V(F(0.0))},
      {"float_mod", F(0.0), F(0.5), V(F(0.0))},
      {"float_truediv", F(0.0), F(0.5), V(F(0.0))},
      {"float_floordiv", F(0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.0), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.0), F(0.1), V(F(0.0))},
      {"float_mod", F(0.0), F(0.1), V(F(0.0))},
      {"float_truediv", F(0.0), F(0.1), V(F(0.0))},
      {"float_floordiv", F(0.0), F(-2.5), V(F(-0.0))},
      {"float_mod", F(0.0), F(-2.5), V(F(-0.0))},
      {"float_truediv", F(0.0), F(-2.5), V(F(-0.0))},
      {"float_floordiv", F(0.0), F(1e+300), V(F(0.0))},
      {"float_mod", F(0.0), F(1e+300), V(F(0.0))},
      {"float_truediv", F(0.0), F(1e+300), V(F(0.0))},
      {"float_floordiv", F(0.0), F(5e-324), V(F(0.0))},
      {"float_mod", F(0.0), F(5e-324), V(F(0.0))},
      {"float_truediv", F(0.0), F(5e-324), V(F(0.0))},
      {"float_floordiv", F(0.0), F(INF), V(F(0.0))},
      {"float_mod", F(0.0), F(INF), V(F(0.0))},
      {"float_truediv", F(0.0), F(INF), V(F(0.0))},
      {"float_floordiv", F(0.0), F(-INF), V(F(-0.0))},
      {"float_mod", F(0.0), F(-INF), V(F(-0.0))},
      {"float_truediv", F(0.0), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(0.0), F(NAN_), V(F(NAN_))},
      {"float_mod", F(0.0), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(0.0), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(0.1), F(7.0), V(F(0.0))},
      {"float_mod", F(0.1), F(7.0), V(F(0.1))},
      {"float_truediv", F(0.1), F(7.0), V(F(0.014285714285714287))},
      {"float_floordiv", F(0.1), F(-7.0), V(F(-1.0))},
      {"float_mod", F(0.1), F(-7.0), V(F(-6.9))},
      {"float_truediv", F(0.1), F(-7.0), V(F(-0.014285714285714287))},
      {"float_floordiv", F(0.1), F(0.5), V(F(0.0))},
      {"float_mod", F(0.1), F(0.5), V(F(0.1))},
      {"float_truediv", F(0.1), F(0.5), V(F(0.2))},
      {"float_floordiv", F(0.1), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.1), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.1), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.1), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(0.1), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(0.1), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(0.1), F(0.1), V(F(1.0))},
      {"float_mod", F(0.1), F(0.1), V(F(0.0))},
      {"float_truediv", F(0.1), F(0.1), V(F(1.0))},
      {"float_floordiv", F(0.1), F(-2.5), V(F(-1.0))},
      {"float_mod", F(0.1), F(-2.5), V(F(-2.4))},
      {"float_truediv", F(0.1), F(-2.5), V(F(-0.04))},
      {"float_floordiv", F(0.1), F(1e+300), V(F(0.0))},
      {"float_mod", F(0.1), F(1e+300), V(F(0.1))},
      {"float_truediv", F(0.1), F(1e+300), V(F(1e-301))},
      {"float_floordiv", F(0.1), F(5e-324), V(F(INF))},
      {"float_mod", F(0.1), F(5e-324), V(F(0.0))},
      {"float_truediv", F(0.1), F(5e-324), V(F(INF))},
      {"float_floordiv", F(0.1), F(INF), V(F(0.0))},
      {"float_mod", F(0.1), F(INF), V(F(0.1))},
      {"float_truediv", F(0.1), F(INF), V(F(0.0))},
      {"float_floordiv", F(0.1), F(-INF), V(F(-1.0))},
      {"float_mod", F(0.1), F(-INF), V(F(-INF))},
      {"float_truediv", F(0.1), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(0.1), F(NAN_), V(F(NAN_))},
      {"float_mod", F(0.1), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(0.1), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(-2.5), F(7.0), V(F(-1.0))},
      {"float_mod", F(-2.5), F(7.0), V(F(4.5))},
      {"float_truediv", F(-2.5), F(7.0), V(F(-0.35714285714285715))},
      {"float_floordiv", F(-2.5), F(-7.0), V(F(0.0))},
      {"float_mod", F(-2.5), F(-7.0), V(F(-2.5))},
      {"float_truediv", F(-2.5), F(-7.0), V(F(0.35714285714285715))},
      {"float_floordiv", F(-2.5), F(0.5), V(F(-5.0))},
      {"float_mod", F(-2.5), F(0.5), V(F(0.0))},
      {"float_truediv", F(-2.5), F(0.5), V(F(-5.0))},
      {"float_floordiv", F(-2.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-2.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-2.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-2.5), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-2.5), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-2.5), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-2.5), F(0.1), V(F(-25.0))},
      {"float_mod", F(-2.5), F(0.1), V(F(1.3877787807814457e-16))},
      {"float_truediv", F(-2.5), F(0.1), V(F(-25.0))},
      {"float_floordiv", F(-2.5), F(-2.5), V(F(1.0))},
      {"float_mod", F(-2.5), F(-2.5), V(F(-0.0))},
      {"float_truediv", F(-2.5), F(-2.5), V(F(1.0))},
      {"float_floordiv", F(-2.5), F(1e+300), V(F(-1.0))},
      {"float_mod", F(-2.5), F(1e+300), V(F(1e+300))},
      {"float_truediv", F(-2.5), F(1e+300), V(F(-2.5e-300))},
      {"float_floordiv", F(-2.5), F(5e-324), V(F(-INF))},
      {"float_mod", F(-2.5), F(5e-324), V(F(0.0))},
      {"float_truediv", F(-2.5), F(5e-324), V(F(-INF))},
      {"float_floordiv", F(-2.5), F(INF), V(F(-1.0))},
      {"float_mod", F(-2.5), F(INF), V(F(INF))},
      {"float_truediv", F(-2.5), F(INF), V(F(-0.0))},
      {"float_floordiv", F(-2.5), F(-INF), V(F(0.0))},
      {"float_mod", F(-2.5), F(-INF), V(F(-2.5))},
      {"float_truediv", F(-2.5), F(-INF), V(F(0.0))},
      {"float_floordiv", F(-2.5), F(NAN_), V(F(NAN_))},
      {"float_mod", F(-2.5), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(-2.5), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(1e+300), F(7.0), V(F(1.4285714285714286e+299))},
      {"float_mod", F(1e+300), F(7.0), V(F(1.0))},
      {"float_truediv", F(1e+300), F(7.0), V(F(1.4285714285714286e+299))},
      {"float_floordiv", F(1e+300), F(-7.0), V(F(-1.4285714285714286e+299))},
      {"float_mod", F(1e+300), F(-7.0), V(F(-6.0))},
      {"float_truediv", F(1e+300), F(-7.0), V(F(-1.4285714285714286e+299))},
      {"float_floordiv", F(1e+300), F(0.5), V(F(2e+300))},
      {"float_mod", F(1e+300), F(0.5), V(F(0.0))},
      {"float_truediv", F(1e+300), F(0.5), V(F(2e+300))},
      {"float_floordiv", F(1e+300), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(1e+300), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(1e+300), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(1e+300), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(1e+300), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(1e+300), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(1e+300), F(0.1), V(F(1e+301))},
      {"float_mod", F(1e+300), F(0.1), V(F(0.00011215964963492975))},
      {"float_truediv", F(1e+300), F(0.1), V(F(1e+301))},
      {"float_floordiv", F(1e+300), F(-2.5), V(F(-4e+299))},
      {"float_mod", F(1e+300), F(-2.5), V(F(-0.0))},
      {"float_truediv", F(1e+300), F(-2.5), V(F(-4e+299))},
      {"float_floordiv", F(1e+300), F(1e+300), V(F(1.0))},
      {"float_mod", F(1e+300), F(1e+300), V(F(0.0))},
      {"float_truediv", F(1e+300), F(1e+300), V(F(1.0))},
      {"float_floordiv", F(1e+300), F(5e-324), V(F(INF))},
      {"float_mod", F(1e+300), F(5e-324), V(F(0.0))},
      {"float_truediv", F(1e+300), F(5e-324), V(F(INF))},
      {"float_floordiv", F(1e+300), F(INF), V(F(0.0))},
      {"float_mod", F(1e+300), F(INF), V(F(1e+300))},
      {"float_truediv", F(1e+300), F(INF), V(F(0.0))},
      {"float_floordiv", F(1e+300), F(-INF), V(F(-1.0))},
      {"float_mod", F(1e+300), F(-INF), V(F(-INF))},
      {"float_truediv", F(1e+300), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(1e+300), F(NAN_), V(F(NAN_))},
      {"float_mod", F(1e+300), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(1e+300), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(5e-324), F(7.0), V(F(0.0))},
      {"float_mod", F(5e-324), F(7.0), V(F(5e-324))},
      {"float_truediv", F(5e-324), F(7.0), V(F(0.0))},
      {"float_floordiv", F(5e-324), F(-7.0), V(F(-1.0))},
      {"float_mod", F(5e-324), F(-7.0), V(F(-7.0))},
      {"float_truediv", F(5e-324), F(-7.0), V(F(-0.0))},
      {"float_floordiv", F(5e-324), F(0.5), V(F(0.0))},
      {"float_mod", F(5e-324), F(0.5), V(F(5e-324))},
      {"float_truediv", F(5e-324), F(0.5), V(F(1e-323))},
      {"float_floordiv", F(5e-324), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(5e-324), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(5e-324), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(5e-324), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(5e-324), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(5e-324), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(5e-324), F(0.1), V(F(0.0))},
      {"float_mod", F(5e-324), F(0.1), V(F(5e-324))},
      {"float_truediv", F(5e-324), F(0.1), V(F(5e-323))},
      {"float_floordiv", F(5e-324), F(-2.5), V(F(-1.0))},
      {"float_mod", F(5e-324), F(-2.5), V(F(-2.5))},
      {"float_truediv", F(5e-324), F(-2.5), V(F(-0.0))},
      {"float_floordiv", F(5e-324), F(1e+300), V(F(0.0))},
      {"float_mod", F(5e-324), F(1e+300), V(F(5e-324))},
      {"float_truediv", F(5e-324), F(1e+300), V(F(0.0))},
      {"float_floordiv", F(5e-324), F(5e-324), V(F(1.0))},
      {"float_mod", F(5e-324), F(5e-324), V(F(0.0))},
      {"float_truediv", F(5e-324), F(5e-324), V(F(1.0))},
      {"float_floordiv", F(5e-324), F(INF), V(F(0.0))},
      {"float_mod", F(5e-324), F(INF), V(F(5e-324))},
      {"float_truediv", F(5e-324), F(INF), V(F(0.0))},
      {"float_floordiv", F(5e-324), F(-INF), V(F(-1.0))},
      {"float_mod", F(5e-324), F(-INF), V(F(-INF))},
      {"float_truediv", F(5e-324), F(-INF), V(F(-0.0))},
      {"float_floordiv", F(5e-324), F(NAN_), V(F(NAN_))},
      {"float_mod", F(5e-324), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(5e-324), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(INF), F(7.0), V(F(NAN_))},
      {"float_mod", F(INF), F(7.0), V(F(NAN_))},
      {"float_truediv", F(INF), F(7.0), V(F(INF))},
      {"float_floordiv", F(INF), F(-7.0), V(F(NAN_))},
      {"float_mod", F(INF), F(-7.0), V(F(NAN_))},
      {"float_truediv", F(INF), F(-7.0), V(F(-INF))},
      {"float_floordiv", F(INF), F(0.5), V(F(NAN_))},
      {"float_mod", F(INF), F(0.5), V(F(NAN_))},
      {"float_truediv", F(INF), F(0.5), V(F(INF))},
      {"float_floordiv", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(INF), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(INF), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(INF), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(INF), F(0.1), V(F(NAN_))},
      {"float_mod", F(INF), F(0.1), V(F(NAN_))},
      {"float_truediv", F(INF), F(0.1), V(F(INF))},
      {"float_floordiv", F(INF), F(-2.5), V(F(NAN_))},
      {"float_mod", F(INF), F(-2.5), V(F(NAN_))},
      {"float_truediv", F(INF), F(-2.5), V(F(-INF))},
      {"float_floordiv", F(INF), F(1e+300), V(F(NAN_))},
      {"float_mod", F(INF), F(1e+300), V(F(NAN_))},
      {"float_truediv", F(INF), F(1e+300), V(F(INF))},
      {"float_floordiv", F(INF), F(5e-324), V(F(NAN_))},
      {"float_mod", F(INF), F(5e-324), V(F(NAN_))},
      {"float_truediv", F(INF), F(5e-324), V(F(INF))},
      {"float_floordiv", F(INF), F(INF), V(F(NAN_))},
      {"float_mod", F(INF), F(INF), V(F(NAN_))},
      {"float_truediv", F(INF), F(INF), V(F(NAN_))},
      {"float_floordiv", F(INF), F(-INF), V(F(NAN_))},
      {"float_mod", F(INF), F(-INF), V(F(NAN_))},
      {"float_truediv", F(INF), F(-INF), V(F(NAN_))},
      {"float_floordiv", F(INF), F(NAN_), V(F(NAN_))},
      {"float_mod", F(INF), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(INF), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(-INF), F(7.0), V(F(NAN_))},
      {"float_mod", F(-INF), F(7.0), V(F(NAN_))},
      {"float_truediv", F(-INF), F(7.0), V(F(-INF))},
      {"float_floordiv", F(-INF), F(-7.0), V(F(NAN_))},
      {"float_mod", F(-INF), F(-7.0), V(F(NAN_))},
      {"float_truediv", F(-INF), F(-7.0), V(F(INF))},
      {"float_floordiv", F(-INF), F(0.5), V(F(NAN_))},
      {"float_mod", F(-INF), F(0.5), V(F(NAN_))},
      {"float_truediv", F(-INF), F(0.5), V(F(-INF))},
      {"float_floordiv", F(-INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-INF), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(-INF), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(-INF), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(-INF), F(0.1), V(F(NAN_))},
      {"float_mod", F(-INF), F(0.1), V(F(NAN_))},
      {"float_truediv", F(-INF), F(0.1), V(F(-INF))},
      {"float_floordiv", F(-INF), F(-2.5), V(F(NAN_))},
      {"float_mod", F(-INF), F(-2.5), V(F(NAN_))},
      {"float_truediv", F(-INF), F(-2.5), V(F(INF))},
      {"float_floordiv", F(-INF), F(1e+300), V(F(NAN_))},
      {"float_mod", F(-INF), F(1e+300), V(F(NAN_))},
      {"float_truediv", F(-INF), F(1e+300), V(F(-INF))},
      {"float_floordiv", F(-INF), F(5e-324), V(F(NAN_))},
      {"float_mod", F(-INF), F(5e-324), V(F(NAN_))},
      {"float_truediv", F(-INF), F(5e-324), V(F(-INF))},
      {"float_floordiv", F(-INF), F(INF), V(F(NAN_))},
      {"float_mod", F(-INF), F(INF), V(F(NAN_))},
      {"float_truediv", F(-INF), F(INF), V(F(NAN_))},
      {"float_floordiv", F(-INF), F(-INF), V(F(NAN_))},
      {"float_mod", F(-INF), F(-INF), V(F(NAN_))},
      {"float_truediv", F(-INF), F(-INF), V(F(NAN_))},
      {"float_floordiv", F(-INF), F(NAN_), V(F(NAN_))},
      {"float_mod", F(-INF), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(-INF), F(NAN_), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(7.0), V(F(NAN_))},
      {"float_mod", F(NAN_), F(7.0), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(7.0), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(-7.0), V(F(NAN_))},
      {"float_mod", F(NAN_), F(-7.0), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(-7.0), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(0.5), V(F(NAN_))},
      {"float_mod", F(NAN_), F(0.5), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(0.5), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(NAN_), F(0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"float_mod", F(NAN_), F(0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"float_truediv", F(NAN_), F(0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"float_floordiv", F(NAN_), F(0.1), V(F(NAN_))},
      {"float_mod", F(NAN_), F(0.1), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(0.1), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(-2.5), V(F(NAN_))},
      {"float_mod", F(NAN_), F(-2.5), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(-2.5), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(1e+300), V(F(NAN_))},
      {"float_mod", F(NAN_), F(1e+300), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(1e+300), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(5e-324), V(F(NAN_))},
      {"float_mod", F(NAN_), F(5e-324), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(5e-324), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(INF), V(F(NAN_))},
      {"float_mod", F(NAN_), F(INF), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(INF), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(-INF), V(F(NAN_))},
      {"float_mod", F(NAN_), F(-INF), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(-INF), V(F(NAN_))},
      {"float_floordiv", F(NAN_), F(NAN_), V(F(NAN_))},
      {"float_mod", F(NAN_), F(NAN_), V(F(NAN_))},
      {"float_truediv", F(NAN_), F(NAN_), V(F(NAN_))},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: float power") {
  static constexpr num_row rows[] = {
      {"float_pow", F(0.0), F(0.0), V(F(1.0))},
      {"float_pow", F(0.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(0.0), F(1.0), V(F(0.0))},
      {"float_pow", F(0.0), F(-1.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(0.0), F(2.0), V(F(0.0))},
      {"float_pow", F(0.0), F(-2.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(0.0), F(0.5), V(F(0.0))},
      {"float_pow", F(0.0), F(-0.5), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(0.0), F(3.0), V(F(0.0))},
      {"float_pow", F(0.0), F(-3.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(0.0), F(10.0), V(F(0.0))},
      {"float_pow", F(0.0), F(INF), V(F(0.0))},
      {"float_pow", F(0.0), F(-INF), V(F(INF))},
      {"float_pow", F(0.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(0.0), F(1e+308), V(F(0.0))},
      {"float_pow", F(0.0), F(-8.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(0.0), F(400.0), V(F(0.0))},
      {"float_pow", F(0.0), F(-1075.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-0.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-0.0), F(1.0), V(F(-0.0))},
      {"float_pow", F(-0.0), F(-1.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(2.0), V(F(0.0))},
      {"float_pow", F(-0.0), F(-2.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(0.5), V(F(0.0))},
      {"float_pow", F(-0.0), F(-0.5), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(3.0), V(F(-0.0))},
      {"float_pow", F(-0.0), F(-3.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(10.0), V(F(0.0))},
      {"float_pow", F(-0.0), F(INF), V(F(0.0))},
      {"float_pow", F(-0.0), F(-INF), V(F(INF))},
      {"float_pow", F(-0.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-0.0), F(1e+308), V(F(0.0))},
      {"float_pow", F(-0.0), F(-8.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(-0.0), F(400.0), V(F(0.0))},
      {"float_pow", F(-0.0), F(-1075.0), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"float_pow", F(1.0), F(0.0), V(F(1.0))},
      {"float_pow", F(1.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(1.0), F(1.0), V(F(1.0))},
      {"float_pow", F(1.0), F(-1.0), V(F(1.0))},
      {"float_pow", F(1.0), F(2.0), V(F(1.0))},
      {"float_pow", F(1.0), F(-2.0), V(F(1.0))},
      {"float_pow", F(1.0), F(0.5), V(F(1.0))},
      {"float_pow", F(1.0), F(-0.5), V(F(1.0))},
      {"float_pow", F(1.0), F(3.0), V(F(1.0))},
      {"float_pow", F(1.0), F(-3.0), V(F(1.0))},
      {"float_pow", F(1.0), F(10.0), V(F(1.0))},
      {"float_pow", F(1.0), F(INF), V(F(1.0))},
      {"float_pow", F(1.0), F(-INF), V(F(1.0))},
      {"float_pow", F(1.0), F(NAN_), V(F(1.0))},
      {"float_pow", F(1.0), F(1e+308), V(F(1.0))},
      {"float_pow", F(1.0), F(-8.0), V(F(1.0))},
      {"float_pow", F(1.0), F(400.0), V(F(1.0))},
      {"float_pow", F(1.0), F(-1075.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(1.0), V(F(-1.0))},
      {"float_pow", F(-1.0), F(-1.0), V(F(-1.0))},
      {"float_pow", F(-1.0), F(2.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(-2.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-1.0), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-1.0), F(3.0), V(F(-1.0))},
      {"float_pow", F(-1.0), F(-3.0), V(F(-1.0))},
      {"float_pow", F(-1.0), F(10.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(INF), V(F(1.0))},
      {"float_pow", F(-1.0), F(-INF), V(F(1.0))},
      {"float_pow", F(-1.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-1.0), F(1e+308), V(F(1.0))},
      {"float_pow", F(-1.0), F(-8.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(400.0), V(F(1.0))},
      {"float_pow", F(-1.0), F(-1075.0), V(F(-1.0))},
      {"float_pow", F(2.0), F(0.0), V(F(1.0))},
      {"float_pow", F(2.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(2.0), F(1.0), V(F(2.0))},
      {"float_pow", F(2.0), F(-1.0), V(F(0.5))},
      {"float_pow", F(2.0), F(2.0), V(F(4.0))},
      {"float_pow", F(2.0), F(-2.0), V(F(0.25))},
      {"float_pow", F(2.0), F(0.5), V(F(1.4142135623730951))},
      {"float_pow", F(2.0), F(-0.5), V(F(0.7071067811865476))},
      {"float_pow", F(2.0), F(3.0), V(F(8.0))},
      {"float_pow", F(2.0), F(-3.0), V(F(0.125))},
      {"float_pow", F(2.0), F(10.0), V(F(1024.0))},
      {"float_pow", F(2.0), F(INF), V(F(INF))},
      {"float_pow", F(2.0), F(-INF), V(F(0.0))},
      {"float_pow", F(2.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(2.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(2.0), F(-8.0), V(F(0.00390625))},
      {"float_pow", F(2.0), F(400.0), V(F(2.5822498780869086e+120))},
      {"float_pow", F(2.0), F(-1075.0), V(F(0.0))},
      {"float_pow", F(-2.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-2.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-2.0), F(1.0), V(F(-2.0))},
      {"float_pow", F(-2.0), F(-1.0), V(F(-0.5))},
      {"float_pow", F(-2.0), F(2.0), V(F(4.0))},
      {"float_pow", F(-2.0), F(-2.0), V(F(0.25))},
      {"float_pow", F(-2.0), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-2.0), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-2.0), F(3.0), V(F(-8.0))},
      {"float_pow", F(-2.0), F(-3.0), V(F(-0.125))},
      {"float_pow", F(-2.0), F(10.0), V(F(1024.0))},
      {"float_pow", F(-2.0), F(INF), V(F(INF))},
      {"float_pow", F(-2.0), F(-INF), V(F(0.0))},
      {"float_pow", F(-2.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-2.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-2.0), F(-8.0), V(F(0.00390625))},
      {"float_pow", F(-2.0), F(400.0), V(F(2.5822498780869086e+120))},
      {"float_pow", F(-2.0), F(-1075.0), V(F(-0.0))},
      {"float_pow", F(0.5), F(0.0), V(F(1.0))},
      {"float_pow", F(0.5), F(-0.0), V(F(1.0))},
      {"float_pow", F(0.5), F(1.0), V(F(0.5))},
      {"float_pow", F(0.5), F(-1.0), V(F(2.0))},
      {"float_pow", F(0.5), F(2.0), V(F(0.25))},
      {"float_pow", F(0.5), F(-2.0), V(F(4.0))},
      {"float_pow", F(0.5), F(0.5), V(F(0.7071067811865476))},
      {"float_pow", F(0.5), F(-0.5), V(F(1.4142135623730951))},
      {"float_pow", F(0.5), F(3.0), V(F(0.125))},
      {"float_pow", F(0.5), F(-3.0), V(F(8.0))},
      {"float_pow", F(0.5), F(10.0), V(F(0.0009765625))},
      {"float_pow", F(0.5), F(INF), V(F(0.0))},
      {"float_pow", F(0.5), F(-INF), V(F(INF))},
      {"float_pow", F(0.5), F(NAN_), V(F(NAN_))},
      {"float_pow", F(0.5), F(1e+308), V(F(0.0))},
      {"float_pow", F(0.5), F(-8.0), V(F(256.0))},
      {"float_pow", F(0.5), F(400.0), V(F(3.8725919148493183e-121))},
      {"float_pow", F(0.5), F(-1075.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-0.5), F(0.0), V(F(1.0))},
      {"float_pow", F(-0.5), F(-0.0), V(F(1.0))},
      {"float_pow", F(-0.5), F(1.0), V(F(-0.5))},
      {"float_pow", F(-0.5), F(-1.0), V(F(-2.0))},
      {"float_pow", F(-0.5), F(2.0), V(F(0.25))},
      {"float_pow", F(-0.5), F(-2.0), V(F(4.0))},
      {"float_pow", F(-0.5), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-0.5), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-0.5), F(3.0), V(F(-0.125))},
      {"float_pow", F(-0.5), F(-3.0), V(F(-8.0))},
      {"float_pow", F(-0.5), F(10.0), V(F(0.0009765625))},
      {"float_pow", F(-0.5), F(INF), V(F(0.0))},
      {"float_pow", F(-0.5), F(-INF), V(F(INF))},
      {"float_pow", F(-0.5), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-0.5), F(1e+308), V(F(0.0))},
      {"float_pow", F(-0.5), F(-8.0), V(F(256.0))},
      {"float_pow", F(-0.5), F(400.0), V(F(3.8725919148493183e-121))},
      {"float_pow", F(-0.5), F(-1075.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(3.0), F(0.0), V(F(1.0))},
      {"float_pow", F(3.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(3.0), F(1.0), V(F(3.0))},
      {"float_pow", F(3.0), F(-1.0), V(F(0.3333333333333333))},
      {"float_pow", F(3.0), F(2.0), V(F(9.0))},
      {"float_pow", F(3.0), F(-2.0), V(F(0.1111111111111111))},
      {"float_pow", F(3.0), F(0.5), V(F(1.7320508075688772))},
      {"float_pow", F(3.0), F(-0.5), V(F(0.5773502691896257))},
      {"float_pow", F(3.0), F(3.0), V(F(27.0))},
      {"float_pow", F(3.0), F(-3.0), V(F(0.037037037037037035))},
      {"float_pow", F(3.0), F(10.0), V(F(59049.0))},
      {"float_pow", F(3.0), F(INF), V(F(INF))},
      {"float_pow", F(3.0), F(-INF), V(F(0.0))},
      {"float_pow", F(3.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(3.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(3.0), F(-8.0), V(F(0.00015241579027587258))},
      {"float_pow", F(3.0), F(400.0), V(F(7.055079108655333e+190))},
      {"float_pow", F(3.0), F(-1075.0), V(F(0.0))},
      {"float_pow", F(-3.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-3.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-3.0), F(1.0), V(F(-3.0))},
      {"float_pow", F(-3.0), F(-1.0), V(F(-0.3333333333333333))},
      {"float_pow", F(-3.0), F(2.0), V(F(9.0))},
      {"float_pow", F(-3.0), F(-2.0), V(F(0.1111111111111111))},
      {"float_pow", F(-3.0), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-3.0), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-3.0), F(3.0), V(F(-27.0))},
      {"float_pow", F(-3.0), F(-3.0), V(F(-0.037037037037037035))},
      {"float_pow", F(-3.0), F(10.0), V(F(59049.0))},
      {"float_pow", F(-3.0), F(INF), V(F(INF))},
      {"float_pow", F(-3.0), F(-INF), V(F(0.0))},
      {"float_pow", F(-3.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-3.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-3.0), F(-8.0), V(F(0.00015241579027587258))},
      {"float_pow", F(-3.0), F(400.0), V(F(7.055079108655333e+190))},
      {"float_pow", F(-3.0), F(-1075.0), V(F(-0.0))},
      {"float_pow", F(10.0), F(0.0), V(F(1.0))},
      {"float_pow", F(10.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(10.0), F(1.0), V(F(10.0))},
      {"float_pow", F(10.0), F(-1.0), V(F(0.1))},
      {"float_pow", F(10.0), F(2.0), V(F(100.0))},
      {"float_pow", F(10.0), F(-2.0), V(F(0.01))},
      {"float_pow", F(10.0), F(0.5), V(F(3.1622776601683795))},
      {"float_pow", F(10.0), F(-0.5), V(F(0.31622776601683794))},
      {"float_pow", F(10.0), F(3.0), V(F(1000.0))},
      {"float_pow", F(10.0), F(-3.0), V(F(0.001))},
      {"float_pow", F(10.0), F(10.0), V(F(10000000000.0))},
      {"float_pow", F(10.0), F(INF), V(F(INF))},
      {"float_pow", F(10.0), F(-INF), V(F(0.0))},
      {"float_pow", F(10.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(10.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(10.0), F(-8.0), V(F(1e-08))},
      {"float_pow", F(10.0), F(400.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(10.0), F(-1075.0), V(F(0.0))},
      {"float_pow", F(INF), F(0.0), V(F(1.0))},
      {"float_pow", F(INF), F(-0.0), V(F(1.0))},
      {"float_pow", F(INF), F(1.0), V(F(INF))},
      {"float_pow", F(INF), F(-1.0), V(F(0.0))},
      {"float_pow", F(INF), F(2.0), V(F(INF))},
      {"float_pow", F(INF), F(-2.0), V(F(0.0))},
      {"float_pow", F(INF), F(0.5), V(F(INF))},
      {"float_pow", F(INF), F(-0.5), V(F(0.0))},
      {"float_pow", F(INF), F(3.0), V(F(INF))},
      {"float_pow", F(INF), F(-3.0), V(F(0.0))},
      {"float_pow", F(INF), F(10.0), V(F(INF))},
      {"float_pow", F(INF), F(INF), V(F(INF))},
      {"float_pow", F(INF), F(-INF), V(F(0.0))},
      {"float_pow", F(INF), F(NAN_), V(F(NAN_))},
      {"float_pow", F(INF), F(1e+308), V(F(INF))},
      {"float_pow", F(INF), F(-8.0), V(F(0.0))},
      {"float_pow", F(INF), F(400.0), V(F(INF))},
      {"float_pow", F(INF), F(-1075.0), V(F(0.0))},
      {"float_pow", F(-INF), F(0.0), V(F(1.0))},
      {"float_pow", F(-INF), F(-0.0), V(F(1.0))},
      {"float_pow", F(-INF), F(1.0), V(F(-INF))},
      {"float_pow", F(-INF), F(-1.0), V(F(-0.0))},
      {"float_pow", F(-INF), F(2.0), V(F(INF))},
      {"float_pow", F(-INF), F(-2.0), V(F(0.0))},
      {"float_pow", F(-INF), F(0.5), V(F(INF))},
      {"float_pow", F(-INF), F(-0.5), V(F(0.0))},
      {"float_pow", F(-INF), F(3.0), V(F(-INF))},
      {"float_pow", F(-INF), F(-3.0), V(F(-0.0))},
      {"float_pow", F(-INF), F(10.0), V(F(INF))},
      {"float_pow", F(-INF), F(INF), V(F(INF))},
      {"float_pow", F(-INF), F(-INF), V(F(0.0))},
      {"float_pow", F(-INF), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-INF), F(1e+308), V(F(INF))},
      {"float_pow", F(-INF), F(-8.0), V(F(0.0))},
      {"float_pow", F(-INF), F(400.0), V(F(INF))},
      {"float_pow", F(-INF), F(-1075.0), V(F(-0.0))},
      {"float_pow", F(NAN_), F(0.0), V(F(1.0))},
      {"float_pow", F(NAN_), F(-0.0), V(F(1.0))},
      {"float_pow", F(NAN_), F(1.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-1.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(2.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-2.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(0.5), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-0.5), V(F(NAN_))},
      {"float_pow", F(NAN_), F(3.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-3.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(10.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(INF), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-INF), V(F(NAN_))},
      {"float_pow", F(NAN_), F(NAN_), V(F(NAN_))},
      {"float_pow", F(NAN_), F(1e+308), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-8.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(400.0), V(F(NAN_))},
      {"float_pow", F(NAN_), F(-1075.0), V(F(NAN_))},
      {"float_pow", F(1e+308), F(0.0), V(F(1.0))},
      {"float_pow", F(1e+308), F(-0.0), V(F(1.0))},
      {"float_pow", F(1e+308), F(1.0), V(F(1e+308))},
      {"float_pow", F(1e+308), F(-1.0), V(F(1e-308))},
      {"float_pow", F(1e+308), F(2.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(1e+308), F(-2.0), V(F(0.0))},
      {"float_pow", F(1e+308), F(0.5), V(F(1e+154))},
      {"float_pow", F(1e+308), F(-0.5), V(F(1e-154))},
      {"float_pow", F(1e+308), F(3.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(1e+308), F(-3.0), V(F(0.0))},
      {"float_pow", F(1e+308), F(10.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(1e+308), F(INF), V(F(INF))},
      {"float_pow", F(1e+308), F(-INF), V(F(0.0))},
      {"float_pow", F(1e+308), F(NAN_), V(F(NAN_))},
      {"float_pow", F(1e+308), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(1e+308), F(-8.0), V(F(0.0))},
      {"float_pow", F(1e+308), F(400.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(1e+308), F(-1075.0), V(F(0.0))},
      {"float_pow", F(-8.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-8.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-8.0), F(1.0), V(F(-8.0))},
      {"float_pow", F(-8.0), F(-1.0), V(F(-0.125))},
      {"float_pow", F(-8.0), F(2.0), V(F(64.0))},
      {"float_pow", F(-8.0), F(-2.0), V(F(0.015625))},
      {"float_pow", F(-8.0), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-8.0), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-8.0), F(3.0), V(F(-512.0))},
      {"float_pow", F(-8.0), F(-3.0), V(F(-0.001953125))},
      {"float_pow", F(-8.0), F(10.0), V(F(1073741824.0))},
      {"float_pow", F(-8.0), F(INF), V(F(INF))},
      {"float_pow", F(-8.0), F(-INF), V(F(0.0))},
      {"float_pow", F(-8.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-8.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-8.0), F(-8.0), V(F(5.960464477539063e-08))},
      {"float_pow", F(-8.0), F(400.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-8.0), F(-1075.0), V(F(-0.0))},
      {"float_pow", F(400.0), F(0.0), V(F(1.0))},
      {"float_pow", F(400.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(400.0), F(1.0), V(F(400.0))},
      {"float_pow", F(400.0), F(-1.0), V(F(0.0025))},
      {"float_pow", F(400.0), F(2.0), V(F(160000.0))},
      {"float_pow", F(400.0), F(-2.0), V(F(6.25e-06))},
      {"float_pow", F(400.0), F(0.5), V(F(20.0))},
      {"float_pow", F(400.0), F(-0.5), V(F(0.05))},
      {"float_pow", F(400.0), F(3.0), V(F(64000000.0))},
      {"float_pow", F(400.0), F(-3.0), V(F(1.5625e-08))},
      {"float_pow", F(400.0), F(10.0), V(F(1.048576e+26))},
      {"float_pow", F(400.0), F(INF), V(F(INF))},
      {"float_pow", F(400.0), F(-INF), V(F(0.0))},
      {"float_pow", F(400.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(400.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(400.0), F(-8.0), V(F(1.52587890625e-21))},
      {"float_pow", F(400.0), F(400.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(400.0), F(-1075.0), V(F(0.0))},
      {"float_pow", F(-1075.0), F(0.0), V(F(1.0))},
      {"float_pow", F(-1075.0), F(-0.0), V(F(1.0))},
      {"float_pow", F(-1075.0), F(1.0), V(F(-1075.0))},
      {"float_pow", F(-1075.0), F(-1.0), V(F(-0.0009302325581395349))},
      {"float_pow", F(-1075.0), F(2.0), V(F(1155625.0))},
      {"float_pow", F(-1075.0), F(-2.0), V(F(8.653326122228232e-07))},
      {"float_pow", F(-1075.0), F(0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-1075.0), F(-0.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"float_pow", F(-1075.0), F(3.0), V(F(-1242296875.0))},
      {"float_pow", F(-1075.0), F(-3.0), V(F(-8.049605695096029e-10))},
      {"float_pow", F(-1075.0), F(10.0), V(F(2.061031562164712e+30))},
      {"float_pow", F(-1075.0), F(INF), V(F(INF))},
      {"float_pow", F(-1075.0), F(-INF), V(F(0.0))},
      {"float_pow", F(-1075.0), F(NAN_), V(F(NAN_))},
      {"float_pow", F(-1075.0), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-1075.0), F(-8.0), V(F(5.6070223339337955e-25))},
      {"float_pow", F(-1075.0), F(400.0), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"float_pow", F(-1075.0), F(-1075.0), V(F(-0.0))},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: mixed int/float arithmetic") {
  static constexpr num_row rows[] = {
      {"add", I(7), I(7), V(I(14))},
      {"sub", I(7), I(7), V(I(0))},
      {"mul", I(7), I(7), V(I(49))},
      {"truediv", I(7), I(7), V(F(1.0))},
      {"floordiv", I(7), I(7), V(I(1))},
      {"mod", I(7), I(7), V(I(0))},
      {"pow", I(7), I(7), V(I(823543))},
      {"add", I(7), I(0), V(I(7))},
      {"sub", I(7), I(0), V(I(7))},
      {"mul", I(7), I(0), V(I(0))},
      {"truediv", I(7), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"floordiv", I(7), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"mod", I(7), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"pow", I(7), I(0), V(I(1))},
      {"add", I(7), I(-2), V(I(5))},
      {"sub", I(7), I(-2), V(I(9))},
      {"mul", I(7), I(-2), V(I(-14))},
      {"truediv", I(7), I(-2), V(F(-3.5))},
      {"floordiv", I(7), I(-2), V(I(-4))},
      {"mod", I(7), I(-2), V(I(-1))},
      {"pow", I(7), I(-2), V(F(0.02040816326530612))},
      {"add", I(7), I(9007199254740993), V(I(9007199254741000))},
      {"sub", I(7), I(9007199254740993), V(I(-9007199254740986))},
      {"mul", I(7), I(9007199254740993), V(I(63050394783186951))},
      {"truediv", I(7), I(9007199254740993), V(F(7.771561172376095e-16))},
      {"floordiv", I(7), I(9007199254740993), V(I(0))},
      {"mod", I(7), I(9007199254740993), V(I(7))},
      {"pow", I(7), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(7), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"sub", I(7), I(9223372036854775807), V(I(-9223372036854775800))},
      {"mul", I(7), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(7), I(9223372036854775807), V(F(7.589415207398531e-19))},
      {"floordiv", I(7), I(9223372036854775807), V(I(0))},
      {"mod", I(7), I(9223372036854775807), V(I(7))},
      {"pow", I(7), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(7), F(3.5), V(F(10.5))},
      {"sub", I(7), F(3.5), V(F(3.5))},
      {"mul", I(7), F(3.5), V(F(24.5))},
      {"truediv", I(7), F(3.5), V(F(2.0))},
      {"floordiv", I(7), F(3.5), V(F(2.0))},
      {"mod", I(7), F(3.5), V(F(0.0))},
      {"pow", I(7), F(3.5), V(F(907.4926996951546))},
      {"add", I(7), F(-0.0), V(F(7.0))},
      {"sub", I(7), F(-0.0), V(F(7.0))},
      {"mul", I(7), F(-0.0), V(F(-0.0))},
      {"truediv", I(7), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", I(7), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", I(7), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", I(7), F(-0.0), V(F(1.0))},
      {"add", I(7), F(-1.5), V(F(5.5))},
      {"sub", I(7), F(-1.5), V(F(8.5))},
      {"mul", I(7), F(-1.5), V(F(-10.5))},
      {"truediv", I(7), F(-1.5), V(F(-4.666666666666667))},
      {"floordiv", I(7), F(-1.5), V(F(-5.0))},
      {"mod", I(7), F(-1.5), V(F(-0.5))},
      {"pow", I(7), F(-1.5), V(F(0.05399492471560389))},
      {"add", I(7), F(INF), V(F(INF))},
      {"sub", I(7), F(INF), V(F(-INF))},
      {"mul", I(7), F(INF), V(F(INF))},
      {"truediv", I(7), F(INF), V(F(0.0))},
      {"floordiv", I(7), F(INF), V(F(0.0))},
      {"mod", I(7), F(INF), V(F(7.0))},
      {"pow", I(7), F(INF), V(F(INF))},
      {"add", I(7), F(NAN_), V(F(NAN_))},
      {"sub", I(7), F(NAN_), V(F(NAN_))},
      {"mul", I(7), F(NAN_), V(F(NAN_))},
      {"truediv", I(7), F(NAN_), V(F(NAN_))},
      {"floordiv", I(7), F(NAN_), V(F(NAN_))},
      {"mod", I(7), F(NAN_), V(F(NAN_))},
      {"pow", I(7), F(NAN_), V(F(NAN_))},
      {"add", I(7), F(1e+308), V(F(1e+308))},
      {"sub", I(7), F(1e+308), V(F(-1e+308))},
      {"mul", I(7), F(1e+308), V(F(INF))},
      {"truediv", I(7), F(1e+308), V(F(7e-308))},
      {"floordiv", I(7), F(1e+308), V(F(0.0))},
      {"mod", I(7), F(1e+308), V(F(7.0))},
      {"pow", I(7), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", I(0), I(7), V(I(7))},
      {"sub", I(0), I(7), V(I(-7))},
      {"mul", I(0), I(7), V(I(0))},
      {"truediv", I(0), I(7), V(F(0.0))},
      {"floordiv", I(0), I(7), V(I(0))},
      {"mod", I(0), I(7), V(I(0))},
      {"pow", I(0), I(7), V(I(0))},
      {"add", I(0), I(0), V(I(0))},
      {"sub", I(0), I(0), V(I(0))},
      {"mul", I(0), I(0), V(I(0))},
      {"truediv", I(0), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"floordiv", I(0), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"mod", I(0), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"pow", I(0), I(0), V(I(1))},
      {"add", I(0), I(-2), V(I(-2))},
      {"sub", I(0), I(-2), V(I(2))},
      {"mul", I(0), I(-2), V(I(0))},
      {"truediv", I(0), I(-2), V(F(-0.0))},
      {"floordiv", I(0), I(-2), V(I(0))},
      {"mod", I(0), I(-2), V(I(0))},
      {"pow", I(0), I(-2), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"add", I(0), I(9007199254740993), V(I(9007199254740993))},
      {"sub", I(0), I(9007199254740993), V(I(-9007199254740993))},
      {"mul", I(0), I(9007199254740993), V(I(0))},
      {"truediv", I(0), I(9007199254740993), V(F(0.0))},
      {"floordiv", I(0), I(9007199254740993), V(I(0))},
      {"mod", I(0), I(9007199254740993), V(I(0))},
      {"pow", I(0), I(9007199254740993), V(I(0))},
      {"add", I(0), I(9223372036854775807), V(I(9223372036854775807))},
      {"sub", I(0), I(9223372036854775807), V(I(-9223372036854775807))},
      {"mul", I(0), I(9223372036854775807), V(I(0))},
      {"truediv", I(0), I(9223372036854775807), V(F(0.0))},
      {"floordiv", I(0), I(9223372036854775807), V(I(0))},
      {"mod", I(0), I(9223372036854775807), V(I(0))},
      {"pow", I(0), I(9223372036854775807), V(I(0))},
      {"add", I(0), F(3.5), V(F(3.5))},
      {"sub", I(0), F(3.5), V(F(-3.5))},
      {"mul", I(0), F(3.5), V(F(0.0))},
      {"truediv", I(0), F(3.5), V(F(0.0))},
      {"floordiv", I(0), F(3.5), V(F(0.0))},
      {"mod", I(0), F(3.5), V(F(0.0))},
      {"pow", I(0), F(3.5), V(F(0.0))},
      {"add", I(0), F(-0.0), V(F(0.0))},
      {"sub", I(0), F(-0.0), V(F(0.0))},
      {"mul", I(0), F(-0.0), V(F(-0.0))},
      {"truediv", I(0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", I(0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", I(0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", I(0), F(-0.0), V(F(1.0))},
      {"add", I(0), F(-1.5), V(F(-1.5))},
      {"sub", I(0), F(-1.5), V(F(1.5))},
      {"mul", I(0), F(-1.5), V(F(-0.0))},
      {"truediv", I(0), F(-1.5), V(F(-0.0))},
      {"floordiv", I(0), F(-1.5), V(F(-0.0))},
      {"mod", I(0), F(-1.5), V(F(-0.0))},
      {"pow", I(0), F(-1.5), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"add", I(0), F(INF), V(F(INF))},
      {"sub", I(0), F(INF), V(F(-INF))},
      {"mul", I(0), F(INF), V(F(NAN_))},
      {"truediv", I(0), F(INF), V(F(0.0))},
      {"floordiv", I(0), F(INF), V(F(0.0))},
      {"mod", I(0), F(INF), V(F(0.0))},
      {"pow", I(0), F(INF), V(F(0.0))},
      {"add", I(0), F(NAN_), V(F(NAN_))},
      {"sub", I(0), F(NAN_), V(F(NAN_))},
      {"mul", I(0), F(NAN_), V(F(NAN_))},
      {"truediv", I(0), F(NAN_), V(F(NAN_))},
      {"floordiv", I(0), F(NAN_), V(F(NAN_))},
      {"mod", I(0), F(NAN_), V(F(NAN_))},
      {"pow", I(0), F(NAN_), V(F(NAN_))},
      {"add", I(0), F(1e+308), V(F(1e+308))},
      {"sub", I(0), F(1e+308), V(F(-1e+308))},
      {"mul", I(0), F(1e+308), V(F(0.0))},
      {"truediv", I(0), F(1e+308), V(F(0.0))},
      {"floordiv", I(0), F(1e+308), V(F(0.0))},
      {"mod", I(0), F(1e+308), V(F(0.0))},
      {"pow", I(0), F(1e+308), V(F(0.0))},
      {"add", I(-2), I(7), V(I(5))},
      {"sub", I(-2), I(7), V(I(-9))},
      {"mul", I(-2), I(7), V(I(-14))},
      {"truediv", I(-2), I(7), V(F(-0.2857142857142857))},
      {"floordiv", I(-2), I(7), V(I(-1))},
      {"mod", I(-2), I(7), V(I(5))},
      {"pow", I(-2), I(7), V(I(-128))},
      {"add", I(-2), I(0), V(I(-2))},
      {"sub", I(-2), I(0), V(I(-2))},
      {"mul", I(-2), I(0), V(I(0))},
      {"truediv", I(-2), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"floordiv", I(-2), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"mod", I(-2), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"pow", I(-2), I(0), V(I(1))},
      {"add", I(-2), I(-2), V(I(-4))},
      {"sub", I(-2), I(-2), V(I(0))},
      {"mul", I(-2), I(-2), V(I(4))},
      {"truediv", I(-2), I(-2), V(F(1.0))},
      {"floordiv", I(-2), I(-2), V(I(1))},
      {"mod", I(-2), I(-2), V(I(0))},
      {"pow", I(-2), I(-2), V(F(0.25))},
      {"add", I(-2), I(9007199254740993), V(I(9007199254740991))},
      {"sub", I(-2), I(9007199254740993), V(I(-9007199254740995))},
      {"mul", I(-2), I(9007199254740993), V(I(-18014398509481986))},
      {"truediv", I(-2), I(9007199254740993), V(F(-2.2204460492503128e-16))},
      {"floordiv", I(-2), I(9007199254740993), V(I(-1))},
      {"mod", I(-2), I(9007199254740993), V(I(9007199254740991))},
      {"pow", I(-2), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(-2), I(9223372036854775807), V(I(9223372036854775805))},
      {"sub", I(-2), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"mul", I(-2), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(-2), I(9223372036854775807), V(F(-2.168404344971009e-19))},
      {"floordiv", I(-2), I(9223372036854775807), V(I(-1))},
      {"mod", I(-2), I(9223372036854775807), V(I(9223372036854775805))},
      {"pow", I(-2), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(-2), F(3.5), V(F(1.5))},
      {"sub", I(-2), F(3.5), V(F(-5.5))},
      {"mul", I(-2), F(3.5), V(F(-7.0))},
      {"truediv", I(-2), F(3.5), V(F(-0.5714285714285714))},
      {"floordiv", I(-2), F(3.5), V(F(-1.0))},
      {"mod", I(-2), F(3.5), V(F(1.5))},
      {"pow", I(-2), F(3.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"add", I(-2), F(-0.0), V(F(-2.0))},
      {"sub", I(-2), F(-0.0), V(F(-2.0))},
      {"mul", I(-2), F(-0.0), V(F(0.0))},
      {"truediv", I(-2), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", I(-2), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", I(-2), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", I(-2), F(-0.0), V(F(1.0))},
      {"add", I(-2), F(-1.5), V(F(-3.5))},
      {"sub", I(-2), F(-1.5), V(F(-0.5))},
      {"mul", I(-2), F(-1.5), V(F(3.0))},
      {"truediv", I(-2), F(-1.5), V(F(1.3333333333333333))},
      {"floordiv", I(-2), F(-1.5), V(F(1.0))},
      {"mod", I(-2), F(-1.5), V(F(-0.5))},
      {"pow", I(-2), F(-1.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"add", I(-2), F(INF), V(F(INF))},
      {"sub", I(-2), F(INF), V(F(-INF))},
      {"mul", I(-2), F(INF), V(F(-INF))},
      {"truediv", I(-2), F(INF), V(F(-0.0))},
      {"floordiv", I(-2), F(INF), V(F(-1.0))},
      {"mod", I(-2), F(INF), V(F(INF))},
      {"pow", I(-2), F(INF), V(F(INF))},
      {"add", I(-2), F(NAN_), V(F(NAN_))},
      {"sub", I(-2), F(NAN_), V(F(NAN_))},
      {"mul", I(-2), F(NAN_), V(F(NAN_))},
      {"truediv", I(-2), F(NAN_), V(F(NAN_))},
      {"floordiv", I(-2), F(NAN_), V(F(NAN_))},
      {"mod", I(-2), F(NAN_), V(F(NAN_))},
      {"pow", I(-2), F(NAN_), V(F(NAN_))},
      {"add", I(-2), F(1e+308), V(F(1e+308))},
      {"sub", I(-2), F(1e+308), V(F(-1e+308))},
      {"mul", I(-2), F(1e+308), V(F(-INF))},
      {"truediv", I(-2), F(1e+308), V(F(-2e-308))},
      {"floordiv", I(-2), F(1e+308), V(F(-1.0))},
      {"mod", I(-2), F(1e+308), V(F(1e+308))},
      {"pow", I(-2), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", I(9007199254740993), I(7), V(I(9007199254741000))},
      {"sub", I(9007199254740993), I(7), V(I(9007199254740986))},
      {"mul", I(9007199254740993), I(7), V(I(63050394783186951))},
      {"truediv", I(9007199254740993), I(7), V(F(1286742750677284.8))},
      {"floordiv", I(9007199254740993), I(7), V(I(1286742750677284))},
      {"mod", I(9007199254740993), I(7), V(I(5))},
      {"pow", I(9007199254740993), I(7), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9007199254740993), I(0), V(I(9007199254740993))},
      {"sub", I(9007199254740993), I(0), V(I(9007199254740993))},
      {"mul", I(9007199254740993), I(0), V(I(0))},
      {"truediv", I(9007199254740993), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"floordiv", I(9007199254740993), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"mod", I(9007199254740993), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"pow", I(9007199254740993), I(0), V(I(1))},
      {"add", I(9007199254740993), I(-2), V(I(9007199254740991))},
      {"sub", I(9007199254740993), I(-2), V(I(9007199254740995))},
      {"mul", I(9007199254740993), I(-2), V(I(-18014398509481986))},
      {"truediv", I(9007199254740993), I(-2), V(F(-4503599627370496.0))},
      {"floordiv", I(9007199254740993), I(-2), V(I(-4503599627370497))},
      {"mod", I(9007199254740993), I(-2), V(I(-1))},
      {"pow", I(9007199254740993), I(-2), V(F(1.232595164407831e-32))},
      {"add", I(9007199254740993), I(9007199254740993), V(I(18014398509481986))},
      {"sub", I(9007199254740993), I(9007199254740993), V(I(0))},
      {"mul", I(9007199254740993), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9007199254740993), I(9007199254740993), V(F(1.0))},
      {"floordiv", I(9007199254740993), I(9007199254740993), V(I(1))},
      {"mod", I(9007199254740993), I(9007199254740993), V(I(0))},
      {"pow", I(9007199254740993), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9007199254740993), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"sub", I(9007199254740993), I(9223372036854775807), V(I(-9214364837600034814))},
      {"mul", I(9007199254740993), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9007199254740993), I(9223372036854775807), V(F(0.0009765625000000002))},
      {"floordiv", I(9007199254740993), I(9223372036854775807), V(I(0))},
      {"mod", I(9007199254740993), I(9223372036854775807), V(I(9007199254740993))},
      {"pow", I(9007199254740993), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9007199254740993), F(3.5), V(F(9007199254740996.0))},
      {"sub", I(9007199254740993), F(3.5), V(F(9007199254740988.0))},
      {"mul", I(9007199254740993), F(3.5), V(F(3.152519739159347e+16))},
      {"truediv", I(9007199254740993), F(3.5), V(F(2573485501354569.0))},
      {"floordiv", I(9007199254740993), F(3.5), V(F(2573485501354569.0))},
      {"mod", I(9007199254740993), F(3.5), V(F(0.5))},
      {"pow", I(9007199254740993), F(3.5), V(F(6.935283130140262e+55))},
      {"add", I(9007199254740993), F(-0.0), V(F(9007199254740992.0))},
      {"sub", I(9007199254740993), F(-0.0), V(F(9007199254740992.0))},
      {"mul", I(9007199254740993), F(-0.0), V(F(-0.0))},
      {"truediv", I(9007199254740993), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", I(9007199254740993), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", I(9007199254740993), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", I(9007199254740993), F(-0.0), V(F(1.0))},
      {"add", I(9007199254740993), F(-1.5), V(F(9007199254740990.0))},
      {"sub", I(9007199254740993), F(-1.5), V(F(9007199254740994.0))},
      {"mul", I(9007199254740993), F(-1.5), V(F(-1.3510798882111488e+16))},
      {"truediv", I(9007199254740993), F(-1.5), V(F(-6004799503160661.0))},
      {"floordiv", I(9007199254740993), F(-1.5), V(F(-6004799503160662.0))},
      {"mod", I(9007199254740993), F(-1.5), V(F(-1.0))},
      {"pow", I(9007199254740993), F(-1.5), V(F(1.1698100408045763e-24))},
      {"add", I(9007199254740993), F(INF), V(F(INF))},
      {"sub", I(9007199254740993), F(INF), V(F(-INF))},
      {"mul", I(9007199254740993), F(INF), V(F(INF))},
      {"truediv", I(9007199254740993), F(INF), V(F(0.0))},
      {"floordiv", I(9007199254740993), F(INF), V(F(0.0))},
      {"mod", I(9007199254740993), F(INF), V(F(9007199254740992.0))},
      {"pow", I(9007199254740993), F(INF), V(F(INF))},
      {"add", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"sub", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"mul", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"truediv", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"floordiv", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"mod", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"pow", I(9007199254740993), F(NAN_), V(F(NAN_))},
      {"add", I(9007199254740993), F(1e+308), V(F(1e+308))},
      {"sub", I(9007199254740993), F(1e+308), V(F(-1e+308))},
      {"mul", I(9007199254740993), F(1e+308), V(F(INF))},
      {"truediv", I(9007199254740993), F(1e+308), V(F(9.007199254740992e-293))},
      {"floordiv", I(9007199254740993), F(1e+308), V(F(0.0))},
      {"mod", I(9007199254740993), F(1e+308), V(F(9007199254740992.0))},
      {"pow", I(9007199254740993), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", I(9223372036854775807), I(7), E(exc_kind::OverflowError, "integer overflow")},
      {"sub", I(9223372036854775807), I(7), V(I(9223372036854775800))},
      {"mul", I(9223372036854775807), I(7), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9223372036854775807), I(7), V(F(1.3176245766935393e+18))},
      {"floordiv", I(9223372036854775807), I(7), V(I(1317624576693539401))},
      {"mod", I(9223372036854775807), I(7), V(I(0))},
      {"pow", I(9223372036854775807), I(7), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9223372036854775807), I(0), V(I(9223372036854775807))},
      {"sub", I(9223372036854775807), I(0), V(I(9223372036854775807))},
      {"mul", I(9223372036854775807), I(0), V(I(0))},
      {"truediv", I(9223372036854775807), I(0), E(exc_kind::ZeroDivisionError, "division by zero")},
      {"floordiv", I(9223372036854775807), I(0), E(exc_kind::ZeroDivisionError, "integer division or modulo by zero")},
      {"mod", I(9223372036854775807), I(0), E(exc_kind::ZeroDivisionError, "integer modulo by zero")},
      {"pow", I(9223372036854775807), I(0), V(I(1))},
      {"add", I(9223372036854775807), I(-2), V(I(9223372036854775805))},
      {"sub", I(9223372036854775807), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"mul", I(9223372036854775807), I(-2), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9223372036854775807), I(-2), V(F(-4.611686018427388e+18))},
      {"floordiv", I(9223372036854775807), I(-2), V(I(-4611686018427387904))},
      {"mod", I(9223372036854775807), I(-2), V(I(-1))},
      {"pow", I(9223372036854775807), I(-2), V(F(1.1754943508222875e-38))},
      {"add", I(9223372036854775807), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"sub", I(9223372036854775807), I(9007199254740993), V(I(9214364837600034814))},
      {"mul", I(9223372036854775807), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9223372036854775807), I(9007199254740993), V(F(1023.9999999999999))},
      {"floordiv", I(9223372036854775807), I(9007199254740993), V(I(1023))},
      {"mod", I(9223372036854775807), I(9007199254740993), V(I(9007199254739968))},
      {"pow", I(9223372036854775807), I(9007199254740993), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9223372036854775807), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"sub", I(9223372036854775807), I(9223372036854775807), V(I(0))},
      {"mul", I(9223372036854775807), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"truediv", I(9223372036854775807), I(9223372036854775807), V(F(1.0))},
      {"floordiv", I(9223372036854775807), I(9223372036854775807), V(I(1))},
      {"mod", I(9223372036854775807), I(9223372036854775807), V(I(0))},
      {"pow", I(9223372036854775807), I(9223372036854775807), E(exc_kind::OverflowError, "integer overflow")},
      {"add", I(9223372036854775807), F(3.5), V(F(9.223372036854776e+18))},
      {"sub", I(9223372036854775807), F(3.5), V(F(9.223372036854776e+18))},
      {"mul", I(9223372036854775807), F(3.5), V(F(3.2281802128991715e+19))},
      {"truediv", I(9223372036854775807), F(3.5), V(F(2.6352491533870787e+18))},
      {"floordiv", I(9223372036854775807), F(3.5), V(F(2.6352491533870787e+18))},
      {"mod", I(9223372036854775807), F(3.5), V(F(1.0))},
      {"pow", I(9223372036854775807), F(3.5), V(F(2.382945138596235e+66))},
      {"add", I(9223372036854775807), F(-0.0), V(F(9.223372036854776e+18))},
      {"sub", I(9223372036854775807), F(-0.0), V(F(9.223372036854776e+18))},
      {"mul", I(9223372036854775807), F(-0.0), V(F(-0.0))},
      {"truediv", I(9223372036854775807), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", I(9223372036854775807), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", I(9223372036854775807), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", I(9223372036854775807), F(-0.0), V(F(1.0))},
      {"add", I(9223372036854775807), F(-1.5), V(F(9.223372036854776e+18))},
      {"sub", I(9223372036854775807), F(-1.5), V(F(9.223372036854776e+18))},
      {"mul", I(9223372036854775807), F(-1.5), V(F(-1.3835058055282164e+19))},
      {"truediv", I(9223372036854775807), F(-1.5), V(F(-6.148914691236517e+18))},
      {"floordiv", I(9223372036854775807), F(-1.5), V(F(-6.148914691236517e+18))},
      {"mod", I(9223372036854775807), F(-1.5), V(F(-1.0))},
      {"pow", I(9223372036854775807), F(-1.5), V(F(3.5699769311663094e-29))},
      {"add", I(9223372036854775807), F(INF), V(F(INF))},
      {"sub", I(9223372036854775807), F(INF), V(F(-INF))},
      {"mul", I(9223372036854775807), F(INF), V(F(INF))},
      {"truediv", I(9223372036854775807), F(INF), V(F(0.0))},
      {"floordiv", I(9223372036854775807), F(INF), V(F(0.0))},
      {"mod", I(9223372036854775807), F(INF), V(F(9.223372036854776e+18))},
      {"pow", I(9223372036854775807), F(INF), V(F(INF))},
      {"add", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"sub", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"mul", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"truediv", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"floordiv", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"mod", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"pow", I(9223372036854775807), F(NAN_), V(F(NAN_))},
      {"add", I(9223372036854775807), F(1e+308), V(F(1e+308))},
      {"sub", I(9223372036854775807), F(1e+308), V(F(-1e+308))},
      {"mul", I(9223372036854775807), F(1e+308), V(F(INF))},
      {"truediv", I(9223372036854775807), F(1e+308), V(F(9.223372036854776e-290))},
      {"floordiv", I(9223372036854775807), F(1e+308), V(F(0.0))},
      {"mod", I(9223372036854775807), F(1e+308), V(F(9.223372036854776e+18))},
      {"pow", I(9223372036854775807), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(3.5), I(7), V(F(10.5))},
      {"sub", F(3.5), I(7), V(F(-3.5))},
      {"mul", F(3.5), I(7), V(F(24.5))},
      {"truediv", F(3.5), I(7), V(F(0.5))},
      {"floordiv", F(3.5), I(7), V(F(0.0))},
      {"mod", F(3.5), I(7), V(F(3.5))},
      {"pow", F(3.5), I(7), V(F(6433.9296875))},
      {"add", F(3.5), I(0), V(F(3.5))},
      {"sub", F(3.5), I(0), V(F(3.5))},
      {"mul", F(3.5), I(0), V(F(0.0))},
      {"truediv", F(3.5), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(3.5), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(3.5), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(3.5), I(0), V(F(1.0))},
      {"add", F(3.5), I(-2), V(F(1.5))},
      {"sub", F(3.5), I(-2), V(F(5.5))},
      {"mul", F(3.5), I(-2), V(F(-7.0))},
      {"truediv", F(3.5), I(-2), V(F(-1.75))},
      {"floordiv", F(3.5), I(-2), V(F(-2.0))},
      {"mod", F(3.5), I(-2), V(F(-0.5))},
      {"pow", F(3.5), I(-2), V(F(0.08163265306122448))},
      {"add", F(3.5), I(9007199254740993), V(F(9007199254740996.0))},
      {"sub", F(3.5), I(9007199254740993), V(F(-9007199254740988.0))},
      {"mul", F(3.5), I(9007199254740993), V(F(3.152519739159347e+16))},
      {"truediv", F(3.5), I(9007199254740993), V(F(3.885780586188048e-16))},
      {"floordiv", F(3.5), I(9007199254740993), V(F(0.0))},
      {"mod", F(3.5), I(9007199254740993), V(F(3.5))},
      {"pow", F(3.5), I(9007199254740993), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(3.5), I(9223372036854775807), V(F(9.223372036854776e+18))},
      {"sub", F(3.5), I(9223372036854775807), V(F(-9.223372036854776e+18))},
      {"mul", F(3.5), I(9223372036854775807), V(F(3.2281802128991715e+19))},
      {"truediv", F(3.5), I(9223372036854775807), V(F(3.7947076036992655e-19))},
      {"floordiv", F(3.5), I(9223372036854775807), V(F(0.0))},
      {"mod", F(3.5), I(9223372036854775807), V(F(3.5))},
      {"pow", F(3.5), I(9223372036854775807), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(3.5), F(3.5), V(F(7.0))},
      {"sub", F(3.5), F(3.5), V(F(0.0))},
      {"mul", F(3.5), F(3.5), V(F(12.25))},
      {"truediv", F(3.5), F(3.5), V(F(1.0))},
      {"floordiv", F(3.5), F(3.5), V(F(1.0))},
      {"mod", F(3.5), F(3.5), V(F(0.0))},
      {"pow", F(3.5), F(3.5), V(F(80.21178022896636))},
      {"add", F(3.5), F(-0.0), V(F(3.5))},
      {"sub", F(3.5), F(-0.0), V(F(3.5))},
      {"mul", F(3.5), F(-0.0), V(F(-0.0))},
      {"truediv", F(3.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(3.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(3.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(3.5), F(-0.0), V(F(1.0))},
      {"add", F(3.5), F(-1.5), V(F(2.0))},
      {"sub", F(3.5), F(-1.5), V(F(5.0))},
      {"mul", F(3.5), F(-1.5), V(F(-5.25))},
      {"truediv", F(3.5), F(-1.5), V(F(-2.3333333333333335))},
      {"floordiv", F(3.5), F(-1.5), V(F(-3.0))},
      {"mod", F(3.5), F(-1.5), V(F(-1.0))},
      {"pow", F(3.5), F(-1.5), V(F(0.1527207096642425))},
      {"add", F(3.5), F(INF), V(F(INF))},
      {"sub", F(3.5), F(INF), V(F(-INF))},
      {"mul", F(3.5), F(INF), V(F(INF))},
      {"truediv", F(3.5), F(INF), V(F(0.0))},
      {"floordiv", F(3.5), F(INF), V(F(0.0))},
      {"mod", F(3.5), F(INF), V(F(3.5))},
      {"pow", F(3.5), F(INF), V(F(INF))},
      {"add", F(3.5), F(NAN_), V(F(NAN_))},
      {"sub", F(3.5), F(NAN_), V(F(NAN_))},
      {"mul", F(3.5), F(NAN_), V(F(NAN_))},
      {"truediv", F(3.5), F(NAN_), V(F(NAN_))},
      {"floordiv", F(3.5), F(NAN_), V(F(NAN_))},
      {"mod", F(3.5), F(NAN_), V(F(NAN_))},
      {"pow", F(3.5), F(NAN_), V(F(NAN_))},
      {"add", F(3.5), F(1e+308), V(F(1e+308))},
      {"sub", F(3.5), F(1e+308), V(F(-1e+308))},
      {"mul", F(3.5), F(1e+308), V(F(INF))},
      {"truediv", F(3.5), F(1e+308), V(F(3.5e-308))},
      {"floordiv", F(3.5), F(1e+308), V(F(0.0))},
      {"mod", F(3.5), F(1e+308), V(F(3.5))},
      {"pow", F(3.5), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(-0.0), I(7), V(F(7.0))},
      {"sub", F(-0.0), I(7), V(F(-7.0))},
      {"mul", F(-0.0), I(7), V(F(-0.0))},
      {"truediv", F(-0.0), I(7), V(F(-0.0))},
      {"floordiv", F(-0.0), I(7), V(F(-0.0))},
      {"mod", F(-0.0), I(7), V(F(0.0))},
      {"pow", F(-0.0), I(7), V(F(-0.0))},
      {"add", F(-0.0), I(0), V(F(0.0))},
      {"sub", F(-0.0), I(0), V(F(-0.0))},
      {"mul", F(-0.0), I(0), V(F(-0.0))},
      {"truediv", F(-0.0), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(-0.0), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(-0.0), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(-0.0), I(0), V(F(1.0))},
      {"add", F(-0.0), I(-2), V(F(-2.0))},
      {"sub", F(-0.0), I(-2), V(F(2.0))},
      {"mul", F(-0.0), I(-2), V(F(0.0))},
      {"truediv", F(-0.0), I(-2), V(F(0.0))},
      {"floordiv", F(-0.0), I(-2), V(F(0.0))},
      {"mod", F(-0.0), I(-2), V(F(-0.0))},
      {"pow", F(-0.0), I(-2), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"add", F(-0.0), I(9007199254740993), V(F(9007199254740992.0))},
      {"sub", F(-0.0), I(9007199254740993), V(F(-9007199254740992.0))},
      {"mul", F(-0.0), I(9007199254740993), V(F(-0.0))},
      {"truediv", F(-0.0), I(9007199254740993), V(F(-0.0))},
      {"floordiv", F(-0.0), I(9007199254740993), V(F(-0.0))},
      {"mod", F(-0.0), I(9007199254740993), V(F(0.0))},
      {"pow", F(-0.0), I(9007199254740993), V(F(0.0))},
      {"add", F(-0.0), I(9223372036854775807), V(F(9.223372036854776e+18))},
      {"sub", F(-0.0), I(9223372036854775807), V(F(-9.223372036854776e+18))},
      {"mul", F(-0.0), I(9223372036854775807), V(F(-0.0))},
      {"truediv", F(-0.0), I(9223372036854775807), V(F(-0.0))},
      {"floordiv", F(-0.0), I(9223372036854775807), V(F(-0.0))},
      {"mod", F(-0.0), I(9223372036854775807), V(F(0.0))},
      {"pow", F(-0.0), I(9223372036854775807), V(F(0.0))},
      {"add", F(-0.0), F(3.5), V(F(3.5))},
      {"sub", F(-0.0), F(3.5), V(F(-3.5))},
      {"mul", F(-0.0), F(3.5), V(F(-0.0))},
      {"truediv", F(-0.0), F(3.5), V(F(-0.0))},
      {"floordiv", F(-0.0), F(3.5), V(F(-0.0))},
      {"mod", F(-0.0), F(3.5), V(F(0.0))},
      {"pow", F(-0.0), F(3.5), V(F(0.0))},
      {"add", F(-0.0), F(-0.0), V(F(-0.0))},
      {"sub", F(-0.0), F(-0.0), V(F(0.0))},
      {"mul", F(-0.0), F(-0.0), V(F(0.0))},
      {"truediv", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(-0.0), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(-0.0), F(-0.0), V(F(1.0))},
      {"add", F(-0.0), F(-1.5), V(F(-1.5))},
      {"sub", F(-0.0), F(-1.5), V(F(1.5))},
      {"mul", F(-0.0), F(-1.5), V(F(0.0))},
      {"truediv", F(-0.0), F(-1.5), V(F(0.0))},
      {"floordiv", F(-0.0), F(-1.5), V(F(0.0))},
      {"mod", F(-0.0), F(-1.5), V(F(-0.0))},
      {"pow", F(-0.0), F(-1.5), E(exc_kind::ZeroDivisionError, "0.0 cannot be raised to a negative power")},
      {"add", F(-0.0), F(INF), V(F(INF))},
      {"sub", F(-0.0), F(INF), V(F(-INF))},
      {"mul", F(-0.0), F(INF), V(F(NAN_))},
      {"truediv", F(-0.0), F(INF), V(F(-0.0))},
      {"floordiv", F(-0.0), F(INF), V(F(-0.0))},
      {"mod", F(-0.0), F(INF), V(F(0.0))},
      {"pow", F(-0.0), F(INF), V(F(0.0))},
      {"add", F(-0.0), F(NAN_), V(F(NAN_))},
      {"sub", F(-0.0), F(NAN_), V(F(NAN_))},
      {"mul", F(-0.0), F(NAN_), V(F(NAN_))},
      {"truediv", F(-0.0), F(NAN_), V(F(NAN_))},
      {"floordiv", F(-0.0), F(NAN_), V(F(NAN_))},
      {"mod", F(-0.0), F(NAN_), V(F(NAN_))},
      {"pow", F(-0.0), F(NAN_), V(F(NAN_))},
      {"add", F(-0.0), F(1e+308), V(F(1e+308))},
      {"sub", F(-0.0), F(1e+308), V(F(-1e+308))},
      {"mul", F(-0.0), F(1e+308), V(F(-0.0))},
      {"truediv", F(-0.0), F(1e+308), V(F(-0.0))},
      {"floordiv", F(-0.0), F(1e+308), V(F(-0.0))},
      {"mod", F(-0.0), F(1e+308), V(F(0.0))},
      {"pow", F(-0.0), F(1e+308), V(F(0.0))},
      {"add", F(-1.5), I(7), V(F(5.5))},
      {"sub", F(-1.5), I(7), V(F(-8.5))},
      {"mul", F(-1.5), I(7), V(F(-10.5))},
      {"truediv", F(-1.5), I(7), V(F(-0.21428571428571427))},
      {"floordiv", F(-1.5), I(7), V(F(-1.0))},
      {"mod", F(-1.5), I(7), V(F(5.5))},
      {"pow", F(-1.5), I(7), V(F(-17.0859375))},
      {"add", F(-1.5), I(0), V(F(-1.5))},
      {"sub", F(-1.5), I(0), V(F(-1.5))},
      {"mul", F(-1.5), I(0), V(F(-0.0))},
      {"truediv", F(-1.5), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(-1.5), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(-1.5), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(-1.5), I(0), V(F(1.0))},
      {"add", F(-1.5), I(-2), V(F(-3.5))},
      {"sub", F(-1.5), I(-2), V(F(0.5))},
      {"mul", F(-1.5), I(-2), V(F(3.0))},
      {"truediv", F(-1.5), I(-2), V(F(0.75))},
      {"floordiv", F(-1.5), I(-2), V(F(0.0))},
      {"mod", F(-1.5), I(-2), V(F(-1.5))},
      {"pow", F(-1.5), I(-2), V(F(0.4444444444444444))},
      {"add", F(-1.5), I(9007199254740993), V(F(9007199254740990.0))},
      {"sub", F(-1.5), I(9007199254740993), V(F(-9007199254740994.0))},
      {"mul", F(-1.5), I(9007199254740993), V(F(-1.3510798882111488e+16))},
      {"truediv", F(-1.5), I(9007199254740993), V(F(-1.6653345369377348e-16))},
      {"floordiv", F(-1.5), I(9007199254740993), V(F(-1.0))},
      {"mod", F(-1.5), I(9007199254740993), V(F(9007199254740990.0))},
      {"pow", F(-1.5), I(9007199254740993), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(-1.5), I(9223372036854775807), V(F(9.223372036854776e+18))},
      {"sub", F(-1.5), I(9223372036854775807), V(F(-9.223372036854776e+18))},
      {"mul", F(-1.5), I(9223372036854775807), V(F(-1.3835058055282164e+19))},
      {"truediv", F(-1.5), I(9223372036854775807), V(F(-1.6263032587282567e-19))},
      {"floordiv", F(-1.5), I(9223372036854775807), V(F(-1.0))},
      {"mod", F(-1.5), I(9223372036854775807), V(F(9.223372036854776e+18))},
      {"pow", F(-1.5), I(9223372036854775807), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(-1.5), F(3.5), V(F(2.0))},
      {"sub", F(-1.5), F(3.5), V(F(-5.0))},
      {"mul", F(-1.5), F(3.5), V(F(-5.25))},
      {"truediv", F(-1.5), F(3.5), V(F(-0.42857142857142855))},
      {"floordiv", F(-1.5), F(3.5), V(F(-1.0))},
      {"mod", F(-1.5), F(3.5), V(F(2.0))},
      {"pow", F(-1.5), F(3.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"add", F(-1.5), F(-0.0), V(F(-1.5))},
      {"sub", F(-1.5), F(-0.0), V(F(-1.5))},
      {"mul", F(-1.5), F(-0.0), V(F(0.0))},
      {"truediv", F(-1.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(-1.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(-1.5), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(-1.5), F(-0.0), V(F(1.0))},
      {"add", F(-1.5), F(-1.5), V(F(-3.0))},
      {"sub", F(-1.5), F(-1.5), V(F(0.0))},
      {"mul", F(-1.5), F(-1.5), V(F(2.25))},
      {"truediv", F(-1.5), F(-1.5), V(F(1.0))},
      {"floordiv", F(-1.5), F(-1.5), V(F(1.0))},
      {"mod", F(-1.5), F(-1.5), V(F(-0.0))},
      {"pow", F(-1.5), F(-1.5), E(exc_kind::ValueError, "negative number cannot be raised to a fractional power")},
      {"add", F(-1.5), F(INF), V(F(INF))},
      {"sub", F(-1.5), F(INF), V(F(-INF))},
      {"mul", F(-1.5), F(INF), V(F(-INF))},
      {"truediv", F(-1.5), F(INF), V(F(-0.0))},
      {"floordiv", F(-1.5), F(INF), V(F(-1.0))},
      {"mod", F(-1.5), F(INF), V(F(INF))},
      {"pow", F(-1.5), F(INF), V(F(INF))},
      {"add", F(-1.5), F(NAN_), V(F(NAN_))},
      {"sub", F(-1.5), F(NAN_), V(F(NAN_))},
      {"mul", F(-1.5), F(NAN_), V(F(NAN_))},
      {"truediv", F(-1.5), F(NAN_), V(F(NAN_))},
      {"floordiv", F(-1.5), F(NAN_), V(F(NAN_))},
      {"mod", F(-1.5), F(NAN_), V(F(NAN_))},
      {"pow", F(-1.5), F(NAN_), V(F(NAN_))},
      {"add", F(-1.5), F(1e+308), V(F(1e+308))},
      {"sub", F(-1.5), F(1e+308), V(F(-1e+308))},
      {"mul", F(-1.5), F(1e+308), V(F(-1.5e+308))},
      {"truediv", F(-1.5), F(1e+308), V(F(-1.5e-308))},
      {"floordiv", F(-1.5), F(1e+308), V(F(-1.0))},
      {"mod", F(-1.5), F(1e+308), V(F(1e+308))},
      {"pow", F(-1.5), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(INF), I(7), V(F(INF))},
      {"sub", F(INF), I(7), V(F(INF))},
      {"mul", F(INF), I(7), V(F(INF))},
      {"truediv", F(INF), I(7), V(F(INF))},
      {"floordiv", F(INF), I(7), V(F(NAN_))},
      {"mod", F(INF), I(7), V(F(NAN_))},
      {"pow", F(INF), I(7), V(F(INF))},
      {"add", F(INF), I(0), V(F(INF))},
      {"sub", F(INF), I(0), V(F(INF))},
      {"mul", F(INF), I(0), V(F(NAN_))},
      {"truediv", F(INF), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(INF), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(INF), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(INF), I(0), V(F(1.0))},
      {"add", F(INF), I(-2), V(F(INF))},
      {"sub", F(INF), I(-2), V(F(INF))},
      {"mul", F(INF), I(-2), V(F(-INF))},
      {"truediv", F(INF), I(-2), V(F(-INF))},
      {"floordiv", F(INF), I(-2), V(F(NAN_))},
      {"mod", F(INF), I(-2), V(F(NAN_))},
      {"pow", F(INF), I(-2), V(F(0.0))},
      {"add", F(INF), I(9007199254740993), V(F(INF))},
      {"sub", F(INF), I(9007199254740993), V(F(INF))},
      {"mul", F(INF), I(9007199254740993), V(F(INF))},
      {"truediv", F(INF), I(9007199254740993), V(F(INF))},
      {"floordiv", F(INF), I(9007199254740993), V(F(NAN_))},
      {"mod", F(INF), I(9007199254740993), V(F(NAN_))},
      {"pow", F(INF), I(9007199254740993), V(F(INF))},
      {"add", F(INF), I(9223372036854775807), V(F(INF))},
      {"sub", F(INF), I(9223372036854775807), V(F(INF))},
      {"mul", F(INF), I(9223372036854775807), V(F(INF))},
      {"truediv", F(INF), I(9223372036854775807), V(F(INF))},
      {"floordiv", F(INF), I(9223372036854775807), V(F(NAN_))},
      {"mod", F(INF), I(9223372036854775807), V(F(NAN_))},
      {"pow", F(INF), I(9223372036854775807), V(F(INF))},
      {"add", F(INF), F(3.5), V(F(INF))},
      {"sub", F(INF), F(3.5), V(F(INF))},
      {"mul", F(INF), F(3.5), V(F(INF))},
      {"truediv", F(INF), F(3.5), V(F(INF))},
      {"floordiv", F(INF), F(3.5), V(F(NAN_))},
      {"mod", F(INF), F(3.5), V(F(NAN_))},
      {"pow", F(INF), F(3.5), V(F(INF))},
      {"add", F(INF), F(-0.0), V(F(INF))},
      {"sub", F(INF), F(-0.0), V(F(INF))},
      {"mul", F(INF), F(-0.0), V(F(NAN_))},
      {"truediv", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(INF), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(INF), F(-0.0), V(F(1.0))},
      {"add", F(INF), F(-1.5), V(F(INF))},
      {"sub", F(INF), F(-1.5), V(F(INF))},
      {"mul", F(INF), F(-1.5), V(F(-INF))},
      {"truediv", F(INF), F(-1.5), V(F(-INF))},
      {"floordiv", F(INF), F(-1.5), V(F(NAN_))},
      {"mod", F(INF), F(-1.5), V(F(NAN_))},
      {"pow", F(INF), F(-1.5), V(F(0.0))},
      {"add", F(INF), F(INF), V(F(INF))},
      {"sub", F(INF), F(INF), V(F(NAN_))},
      {"mul", F(INF), F(INF), V(F(INF))},
      {"truediv", F(INF), F(INF), V(F(NAN_))},
      {"floordiv", F(INF), F(INF), V(F(NAN_))},
      {"mod", F(INF), F(INF), V(F(NAN_))},
      {"pow", F(INF), F(INF), V(F(INF))},
      {"add", F(INF), F(NAN_), V(F(NAN_))},
      {"sub", F(INF), F(NAN_), V(F(NAN_))},
      {"mul", F(INF), F(NAN_), V(F(NAN_))},
      {"truediv", F(INF), F(NAN_), V(F(NAN_))},
      {"floordiv", F(INF), F(NAN_), V(F(NAN_))},
      {"mod", F(INF), F(NAN_), V(F(NAN_))},
      {"pow", F(INF), F(NAN_), V(F(NAN_))},
      {"add", F(INF), F(1e+308), V(F(INF))},
      {"sub", F(INF), F(1e+308), V(F(INF))},
      {"mul", F(INF), F(1e+308), V(F(INF))},
      {"truediv", F(INF), F(1e+308), V(F(INF))},
      {"floordiv", F(INF), F(1e+308), V(F(NAN_))},
      {"mod", F(INF), F(1e+308), V(F(NAN_))},
      {"pow", F(INF), F(1e+308), V(F(INF))},
      {"add", F(NAN_), I(7), V(F(NAN_))},
      {"sub", F(NAN_), I(7), V(F(NAN_))},
      {"mul", F(NAN_), I(7), V(F(NAN_))},
      {"truediv", F(NAN_), I(7), V(F(NAN_))},
      {"floordiv", F(NAN_), I(7), V(F(NAN_))},
      {"mod", F(NAN_), I(7), V(F(NAN_))},
      {"pow", F(NAN_), I(7), V(F(NAN_))},
      {"add", F(NAN_), I(0), V(F(NAN_))},
      {"sub", F(NAN_), I(0), V(F(NAN_))},
      {"mul", F(NAN_), I(0), V(F(NAN_))},
      {"truediv", F(NAN_), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(NAN_), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(NAN_), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(NAN_), I(0), V(F(1.0))},
      {"add", F(NAN_), I(-2), V(F(NAN_))},
      {"sub", F(NAN_), I(-2), V(F(NAN_))},
      {"mul", F(NAN_), I(-2), V(F(NAN_))},
      {"truediv", F(NAN_), I(-2), V(F(NAN_))},
      {"floordiv", F(NAN_), I(-2), V(F(NAN_))},
      {"mod", F(NAN_), I(-2), V(F(NAN_))},
      {"pow", F(NAN_), I(-2), V(F(NAN_))},
      {"add", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"sub", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"mul", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"truediv", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"floordiv", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"mod", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"pow", F(NAN_), I(9007199254740993), V(F(NAN_))},
      {"add", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"sub", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"mul", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"truediv", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"floordiv", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"mod", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"pow", F(NAN_), I(9223372036854775807), V(F(NAN_))},
      {"add", F(NAN_), F(3.5), V(F(NAN_))},
      {"sub", F(NAN_), F(3.5), V(F(NAN_))},
      {"mul", F(NAN_), F(3.5), V(F(NAN_))},
      {"truediv", F(NAN_), F(3.5), V(F(NAN_))},
      {"floordiv", F(NAN_), F(3.5), V(F(NAN_))},
      {"mod", F(NAN_), F(3.5), V(F(NAN_))},
      {"pow", F(NAN_), F(3.5), V(F(NAN_))},
      {"add", F(NAN_), F(-0.0), V(F(NAN_))},
      {"sub", F(NAN_), F(-0.0), V(F(NAN_))},
      {"mul", F(NAN_), F(-0.0), V(F(NAN_))},
      {"truediv", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(NAN_), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(NAN_), F(-0.0), V(F(1.0))},
      {"add", F(NAN_), F(-1.5), V(F(NAN_))},
      {"sub", F(NAN_), F(-1.5), V(F(NAN_))},
      {"mul", F(NAN_), F(-1.5), V(F(NAN_))},
      {"truediv", F(NAN_), F(-1.5), V(F(NAN_))},
      {"floordiv", F(NAN_), F(-1.5), V(F(NAN_))},
      {"mod", F(NAN_), F(-1.5), V(F(NAN_))},
      {"pow", F(NAN_), F(-1.5), V(F(NAN_))},
      {"add", F(NAN_), F(INF), V(F(NAN_))},
      {"sub", F(NAN_), F(INF), V(F(NAN_))},
      {"mul", F(NAN_), F(INF), V(F(NAN_))},
      {"truediv", F(NAN_), F(INF), V(F(NAN_))},
      {"floordiv", F(NAN_), F(INF), V(F(NAN_))},
      {"mod", F(NAN_), F(INF), V(F(NAN_))},
      {"pow", F(NAN_), F(INF), V(F(NAN_))},
      {"add", F(NAN_), F(NAN_), V(F(NAN_))},
      {"sub", F(NAN_), F(NAN_), V(F(NAN_))},
      {"mul", F(NAN_), F(NAN_), V(F(NAN_))},
      {"truediv", F(NAN_), F(NAN_), V(F(NAN_))},
      {"floordiv", F(NAN_), F(NAN_), V(F(NAN_))},
      {"mod", F(NAN_), F(NAN_), V(F(NAN_))},
      {"pow", F(NAN_), F(NAN_), V(F(NAN_))},
      {"add", F(NAN_), F(1e+308), V(F(NAN_))},
      {"sub", F(NAN_), F(1e+308), V(F(NAN_))},
      {"mul", F(NAN_), F(1e+308), V(F(NAN_))},
      {"truediv", F(NAN_), F(1e+308), V(F(NAN_))},
      {"floordiv", F(NAN_), F(1e+308), V(F(NAN_))},
      {"mod", F(NAN_), F(1e+308), V(F(NAN_))},
      {"pow", F(NAN_), F(1e+308), V(F(NAN_))},
      {"add", F(1e+308), I(7), V(F(1e+308))},
      {"sub", F(1e+308), I(7), V(F(1e+308))},
      {"mul", F(1e+308), I(7), V(F(INF))},
      {"truediv", F(1e+308), I(7), V(F(1.4285714285714286e+307))},
      {"floordiv", F(1e+308), I(7), V(F(1.4285714285714286e+307))},
      {"mod", F(1e+308), I(7), V(F(3.0))},
      {"pow", F(1e+308), I(7), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(1e+308), I(0), V(F(1e+308))},
      {"sub", F(1e+308), I(0), V(F(1e+308))},
      {"mul", F(1e+308), I(0), V(F(0.0))},
      {"truediv", F(1e+308), I(0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(1e+308), I(0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(1e+308), I(0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(1e+308), I(0), V(F(1.0))},
      {"add", F(1e+308), I(-2), V(F(1e+308))},
      {"sub", F(1e+308), I(-2), V(F(1e+308))},
      {"mul", F(1e+308), I(-2), V(F(-INF))},
      {"truediv", F(1e+308), I(-2), V(F(-5e+307))},
      {"floordiv", F(1e+308), I(-2), V(F(-5e+307))},
      {"mod", F(1e+308), I(-2), V(F(-0.0))},
      {"pow", F(1e+308), I(-2), V(F(0.0))},
      {"add", F(1e+308), I(9007199254740993), V(F(1e+308))},
      {"sub", F(1e+308), I(9007199254740993), V(F(1e+308))},
      {"mul", F(1e+308), I(9007199254740993), V(F(INF))},
      {"truediv", F(1e+308), I(9007199254740993), V(F(1.1102230246251566e+292))},
      {"floordiv", F(1e+308), I(9007199254740993), V(F(1.1102230246251566e+292))},
      {"mod", F(1e+308), I(9007199254740993), V(F(0.0))},
      {"pow", F(1e+308), I(9007199254740993), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(1e+308), I(9223372036854775807), V(F(1e+308))},
      {"sub", F(1e+308), I(9223372036854775807), V(F(1e+308))},
      {"mul", F(1e+308), I(9223372036854775807), V(F(INF))},
      {"truediv", F(1e+308), I(9223372036854775807), V(F(1.0842021724855044e+289))},
      {"floordiv", F(1e+308), I(9223372036854775807), V(F(1.0842021724855044e+289))},
      {"mod", F(1e+308), I(9223372036854775807), V(F(0.0))},
      {"pow", F(1e+308), I(9223372036854775807), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(1e+308), F(3.5), V(F(1e+308))},
      {"sub", F(1e+308), F(3.5), V(F(1e+308))},
      {"mul", F(1e+308), F(3.5), V(F(INF))},
      {"truediv", F(1e+308), F(3.5), V(F(2.857142857142857e+307))},
      {"floordiv", F(1e+308), F(3.5), V(F(2.857142857142857e+307))},
      {"mod", F(1e+308), F(3.5), V(F(3.0))},
      {"pow", F(1e+308), F(3.5), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
      {"add", F(1e+308), F(-0.0), V(F(1e+308))},
      {"sub", F(1e+308), F(-0.0), V(F(1e+308))},
      {"mul", F(1e+308), F(-0.0), V(F(-0.0))},
      {"truediv", F(1e+308), F(-0.0), E(exc_kind::ZeroDivisionError, "float division by zero")},
      {"floordiv", F(1e+308), F(-0.0), E(exc_kind::ZeroDivisionError, "float floor division by zero")},
      {"mod", F(1e+308), F(-0.0), E(exc_kind::ZeroDivisionError, "float modulo")},
      {"pow", F(1e+308), F(-0.0), V(F(1.0))},
      {"add", F(1e+308), F(-1.5), V(F(1e+308))},
      {"sub", F(1e+308), F(-1.5), V(F(1e+308))},
      {"mul", F(1e+308), F(-1.5), V(F(-1.5e+308))},
      {"truediv", F(1e+308), F(-1.5), V(F(-6.666666666666666e+307))},
      {"floordiv", F(1e+308), F(-1.5), V(F(-6.666666666666666e+307))},
      {"mod", F(1e+308), F(-1.5), V(F(-1.0))},
      {"pow", F(1e+308), F(-1.5), V(F(0.0))},
      {"add", F(1e+308), F(INF), V(F(INF))},
      {"sub", F(1e+308), F(INF), V(F(-INF))},
      {"mul", F(1e+308), F(INF), V(F(INF))},
      {"truediv", F(1e+308), F(INF), V(F(0.0))},
      {"floordiv", F(1e+308), F(INF), V(F(0.0))},
      {"mod", F(1e+308), F(INF), V(F(1e+308))},
      {"pow", F(1e+308), F(INF), V(F(INF))},
      {"add", F(1e+308), F(NAN_), V(F(NAN_))},
      {"sub", F(1e+308), F(NAN_), V(F(NAN_))},
      {"mul", F(1e+308), F(NAN_), V(F(NAN_))},
      {"truediv", F(1e+308), F(NAN_), V(F(NAN_))},
      {"floordiv", F(1e+308), F(NAN_), V(F(NAN_))},
      {"mod", F(1e+308), F(NAN_), V(F(NAN_))},
      {"pow", F(1e+308), F(NAN_), V(F(NAN_))},
      {"add", F(1e+308), F(1e+308), V(F(INF))},
      {"sub", F(1e+308), F(1e+308), V(F(0.0))},
      {"mul", F(1e+308), F(1e+308), V(F(INF))},
      {"truediv", F(1e+308), F(1e+308), V(F(1.0))},
      {"floordiv", F(1e+308), F(1e+308), V(F(1.0))},
      {"mod", F(1e+308), F(1e+308), V(F(0.0))},
      {"pow", F(1e+308), F(1e+308), E(exc_kind::OverflowError, "(34, 'Numerical result out of range')")},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: float to int") {
  static constexpr num_row rows[] = {
      {"float_to_int", F(0.0), I(0), V(I(0))},
      {"float_to_int", F(-0.0), I(0), V(I(0))},
      {"float_to_int", F(0.9), I(0), V(I(0))},
      {"float_to_int", F(-0.9), I(0), V(I(0))},
      {"float_to_int", F(1.5), I(0), V(I(1))},
      {"float_to_int", F(-1.5), I(0), V(I(-1))},
      {"float_to_int", F(1e+18), I(0), V(I(1000000000000000000))},
      {"float_to_int", F(-1e+18), I(0), V(I(-1000000000000000000))},
      {"float_to_int", F(9.2e+18), I(0), V(I(9200000000000000000))},
      {"float_to_int", F(9.3e+18), I(0), E(exc_kind::OverflowError, "integer overflow")},
      {"float_to_int", F(-9.3e+18), I(0), E(exc_kind::OverflowError, "integer overflow")},
      {"float_to_int", F(9.223372036854776e+18), I(0), E(exc_kind::OverflowError, "integer overflow")},
      {"float_to_int", F(-9.223372036854776e+18), I(0), V(I(INT64_MIN))},
      {"float_to_int", F(9.223372036854775e+18), I(0), V(I(9223372036854774784))},
      {"float_to_int", F(INF), I(0), E(exc_kind::OverflowError, "cannot convert float infinity to integer")},
      {"float_to_int", F(-INF), I(0), E(exc_kind::OverflowError, "cannot convert float infinity to integer")},
      {"float_to_int", F(NAN_), I(0), E(exc_kind::ValueError, "cannot convert float NaN to integer")},
      {"float_to_int", F(5e-324), I(0), V(I(0))},
      {"float_to_int", F(123456789.987), I(0), V(I(123456789))},
  };
  for (const auto& r : rows) check_row(r);
}

TEST_CASE("minipy numeric: int/float comparisons") {
  static constexpr cmp_row rows[] = {
      {I(0), F(0.0), EQ},
      {I(0), F(-0.0), EQ},
      {I(0), F(0.5), LT},
      {I(0), F(-0.5), GT},
      {I(0), F(1.0), LT},
      {I(0), F(9007199254740992.0), LT},
      {I(0), F(9007199254740994.0), LT},
      {I(0), F(9.223372036854776e+18), LT},
      {I(0), F(-9.223372036854776e+18), GT},
      {I(0), F(1.8446744073709552e+19), LT},
      {I(0), F(INF), LT},
      {I(0), F(-INF), GT},
      {I(0), F(NAN_), UN},
      {I(0), F(1e+18), LT},
      {I(0), F(4503599627370495.5), LT},
      {I(0), F(1e+19), LT},
      {I(0), F(-1e+19), GT},
      {I(1), F(0.0), GT},
      {I(1), F(-0.0), GT},
      {I(1), F(0.5), GT},
      {I(1), F(-0.5), GT},
      {I(1), F(1.0), EQ},
      {I(1), F(9007199254740992.0), LT},
      {I(1), F(9007199254740994.0), LT},
      {I(1), F(9.223372036854776e+18), LT},
      {I(1), F(-9.223372036854776e+18), GT},
      {I(1), F(1.8446744073709552e+19), LT},
      {I(1), F(INF), LT},
      {I(1), F(-INF), GT},
      {I(1), F(NAN_), UN},
      {I(1), F(1e+18), LT},
      {I(1), F(4503599627370495.5), LT},
      {I(1), F(1e+19), LT},
      {I(1), F(-1e+19), GT},
      {I(-1), F(0.0), LT},
      {I(-1), F(-0.0), LT},
      {I(-1), F(0.5), LT},
      {I(-1), F(-0.5), LT},
      {I(-1), F(1.0), LT},
      {I(-1), F(9007199254740992.0), LT},
      {I(-1), F(9007199254740994.0), LT},
      {I(-1), F(9.223372036854776e+18), LT},
      {I(-1), F(-9.223372036854776e+18), GT},
      {I(-1), F(1.8446744073709552e+19), LT},
      {I(-1), F(INF), LT},
      {I(-1), F(-INF), GT},
      {I(-1), F(NAN_), UN},
      {I(-1), F(1e+18), LT},
      {I(-1), F(4503599627370495.5), LT},
      {I(-1), F(1e+19), LT},
      {I(-1), F(-1e+19), GT},
      {I(9007199254740992), F(0.0), GT},
      {I(9007199254740992), F(-0.0), GT},
      {I(9007199254740992), F(0.5), GT},
      {I(9007199254740992), F(-0.5), GT},
      {I(9007199254740992), F(1.0), GT},
      {I(9007199254740992), F(9007199254740992.0), EQ},
      {I(9007199254740992), F(9007199254740994.0), LT},
      {I(9007199254740992), F(9.223372036854776e+18), LT},
      {I(9007199254740992), F(-9.223372036854776e+18), GT},
      {I(9007199254740992), F(1.8446744073709552e+19), LT},
      {I(9007199254740992), F(INF), LT},
      {I(9007199254740992), F(-INF), GT},
      {I(9007199254740992), F(NAN_), UN},
      {I(9007199254740992), F(1e+18), LT},
      {I(9007199254740992), F(4503599627370495.5), GT},
      {I(9007199254740992), F(1e+19), LT},
      {I(9007199254740992), F(-1e+19), GT},
      {I(9007199254740993), F(0.0), GT},
      {I(9007199254740993), F(-0.0), GT},
      {I(9007199254740993), F(0.5), GT},
      {I(9007199254740993), F(-0.5), GT},
      {I(9007199254740993), F(1.0), GT},
      {I(9007199254740993), F(9007199254740992.0), GT},
      {I(9007199254740993), F(9007199254740994.0), LT},
      {I(9007199254740993), F(9.223372036854776e+18), LT},
      {I(9007199254740993), F(-9.223372036854776e+18), GT},
      {I(9007199254740993), F(1.8446744073709552e+19), LT},
      {I(9007199254740993), F(INF), LT},
      {I(9007199254740993), F(-INF), GT},
      {I(9007199254740993), F(NAN_), UN},
      {I(9007199254740993), F(1e+18), LT},
      {I(9007199254740993), F(4503599627370495.5), GT},
      {I(9007199254740993), F(1e+19), LT},
      {I(9007199254740993), F(-1e+19), GT},
      {I(9007199254740991), F(0.0), GT},
      {I(9007199254740991), F(-0.0), GT},
      {I(9007199254740991), F(0.5), GT},
      {I(9007199254740991), F(-0.5), GT},
      {I(9007199254740991), F(1.0), GT},
      {I(9007199254740991), F(9007199254740992.0), LT},
      {I(9007199254740991), F(9007199254740994.0), LT},
      {I(9007199254740991), F(9.223372036854776e+18), LT},
      {I(9007199254740991), F(-9.223372036854776e+18), GT},
      {I(9007199254740991), F(1.8446744073709552e+19), LT},
      {I(9007199254740991), F(INF), LT},
      {I(9007199254740991), F(-INF), GT},
      {I(9007199254740991), F(NAN_), UN},
      {I(9007199254740991), F(1e+18), LT},
      {I(9007199254740991), F(4503599627370495.5), GT},
      {I(9007199254740991), F(1e+19), LT},
      {I(9007199254740991), F(-1e+19), GT},
      {I(-9007199254740993), F(0.0), LT},
      {I(-9007199254740993), F(-0.0), LT},
      {I(-9007199254740993), F(0.5), LT},
      {I(-9007199254740993), F(-0.5), LT},
      {I(-9007199254740993), F(1.0), LT},
      {I(-9007199254740993), F(9007199254740992.0), LT},
      {I(-9007199254740993), F(9007199254740994.0), LT},
      {I(-9007199254740993), F(9.223372036854776e+18), LT},
      {I(-9007199254740993), F(-9.223372036854776e+18), GT},
      {I(-9007199254740993), F(1.8446744073709552e+19), LT},
      {I(-9007199254740993), F(INF), LT},
      {I(-9007199254740993), F(-INF), GT},
      {I(-9007199254740993), F(NAN_), UN},
      {I(-9007199254740993), F(1e+18), LT},
      {I(-9007199254740993), F(4503599627370495.5), LT},
      {I(-9007199254740993), F(1e+19), LT},
      {I(-9007199254740993), F(-1e+19), GT},
      {I(9223372036854775807), F(0.0), GT},
      {I(9223372036854775807), F(-0.0), GT},
      {I(9223372036854775807), F(0.5), GT},
      {I(9223372036854775807), F(-0.5), GT},
      {I(9223372036854775807), F(1.0), GT},
      {I(9223372036854775807), F(9007199254740992.0), GT},
      {I(9223372036854775807), F(9007199254740994.0), GT},
      {I(9223372036854775807), F(9.223372036854776e+18), LT},
      {I(9223372036854775807), F(-9.223372036854776e+18), GT},
      {I(9223372036854775807), F(1.8446744073709552e+19), LT},
      {I(9223372036854775807), F(INF), LT},
      {I(9223372036854775807), F(-INF), GT},
      {I(9223372036854775807), F(NAN_), UN},
      {I(9223372036854775807), F(1e+18), GT},
      {I(9223372036854775807), F(4503599627370495.5), GT},
      {I(9223372036854775807), F(1e+19), LT},
      {I(9223372036854775807), F(-1e+19), GT},
      {I(INT64_MIN), F(0.0), LT},
      {I(INT64_MIN), F(-0.0), LT},
      {I(INT64_MIN), F(0.5), LT},
      {I(INT64_MIN), F(-0.5), LT},
      {I(INT64_MIN), F(1.0), LT},
      {I(INT64_MIN), F(9007199254740992.0), LT},
      {I(INT64_MIN), F(9007199254740994.0), LT},
      {I(INT64_MIN), F(9.223372036854776e+18), LT},
      {I(INT64_MIN), F(-9.223372036854776e+18), EQ},
      {I(INT64_MIN), F(1.8446744073709552e+19), LT},
      {I(INT64_MIN), F(INF), LT},
      {I(INT64_MIN), F(-INF), GT},
      {I(INT64_MIN), F(NAN_), UN},
      {I(INT64_MIN), F(1e+18), LT},
      {I(INT64_MIN), F(4503599627370495.5), LT},
      {I(INT64_MIN), F(1e+19), LT},
      {I(INT64_MIN), F(-1e+19), GT},
      {I(1000000000000000000), F(0.0), GT},
      {I(1000000000000000000), F(-0.0), GT},
      {I(1000000000000000000), F(0.5), GT},
      {I(1000000000000000000), F(-0.5), GT},
      {I(1000000000000000000), F(1.0), GT},
      {I(1000000000000000000), F(9007199254740992.0), GT},
      {I(1000000000000000000), F(9007199254740994.0), GT},
      {I(1000000000000000000), F(9.223372036854776e+18), LT},
      {I(1000000000000000000), F(-9.223372036854776e+18), GT},
      {I(1000000000000000000), F(1.8446744073709552e+19), LT},
      {I(1000000000000000000), F(INF), LT},
      {I(1000000000000000000), F(-INF), GT},
      {I(1000000000000000000), F(NAN_), UN},
      {I(1000000000000000000), F(1e+18), EQ},
      {I(1000000000000000000), F(4503599627370495.5), GT},
      {I(1000000000000000000), F(1e+19), LT},
      {I(1000000000000000000), F(-1e+19), GT},
      {F(0.0), I(0), EQ},
      {F(-0.0), I(0), EQ},
      {F(0.5), I(0), GT},
      {F(-0.5), I(0), LT},
      {F(1.0), I(0), GT},
      {F(9007199254740992.0), I(0), GT},
      {F(9007199254740994.0), I(0), GT},
      {F(9.223372036854776e+18), I(0), GT},
      {F(-9.223372036854776e+18), I(0), LT},
      {F(1.8446744073709552e+19), I(0), GT},
      {F(INF), I(0), GT},
      {F(-INF), I(0), LT},
      {F(NAN_), I(0), UN},
      {F(1e+18), I(0), GT},
      {F(4503599627370495.5), I(0), GT},
      {F(1e+19), I(0), GT},
      {F(-1e+19), I(0), LT},
      {F(0.0), I(1), LT},
      {F(-0.0), I(1), LT},
      {F(0.5), I(1), LT},
      {F(-0.5), I(1), LT},
      {F(1.0), I(1), EQ},
      {F(9007199254740992.0), I(1), GT},
      {F(9007199254740994.0), I(1), GT},
      {F(9.223372036854776e+18), I(1), GT},
      {F(-9.223372036854776e+18), I(1), LT},
      {F(1.8446744073709552e+19), I(1), GT},
      {F(INF), I(1), GT},
      {F(-INF), I(1), LT},
      {F(NAN_), I(1), UN},
      {F(1e+18), I(1), GT},
      {F(4503599627370495.5), I(1), GT},
      {F(1e+19), I(1), GT},
      {F(-1e+19), I(1), LT},
      {F(0.0), I(-1), GT},
      {F(-0.0), I(-1), GT},
      {F(0.5), I(-1), GT},
      {F(-0.5), I(-1), GT},
      {F(1.0), I(-1), GT},
      {F(9007199254740992.0), I(-1), GT},
      {F(9007199254740994.0), I(-1), GT},
      {F(9.223372036854776e+18), I(-1), GT},
      {F(-9.223372036854776e+18), I(-1), LT},
      {F(1.8446744073709552e+19), I(-1), GT},
      {F(INF), I(-1), GT},
      {F(-INF), I(-1), LT},
      {F(NAN_), I(-1), UN},
      {F(1e+18), I(-1), GT},
      {F(4503599627370495.5), I(-1), GT},
      {F(1e+19), I(-1), GT},
      {F(-1e+19), I(-1), LT},
      {F(0.0), I(9007199254740992), LT},
      {F(-0.0), I(9007199254740992), LT},
      {F(0.5), I(9007199254740992), LT},
      {F(-0.5), I(9007199254740992), LT},
      {F(1.0), I(9007199254740992), LT},
      {F(9007199254740992.0), I(9007199254740992), EQ},
      {F(9007199254740994.0), I(9007199254740992), GT},
      {F(9.223372036854776e+18), I(9007199254740992), GT},
      {F(-9.223372036854776e+18), I(9007199254740992), LT},
      {F(1.8446744073709552e+19), I(9007199254740992), GT},
      {F(INF), I(9007199254740992), GT},
      {F(-INF), I(9007199254740992), LT},
      {F(NAN_), I(9007199254740992), UN},
      {F(1e+18), I(9007199254740992), GT},
      {F(4503599627370495.5), I(9007199254740992), LT},
      {F(1e+19), I(9007199254740992), GT},
      {F(-1e+19), I(9007199254740992), LT},
      {F(0.0), I(9007199254740993), LT},
      {F(-0.0), I(9007199254740993), LT},
      {F(0.5), I(9007199254740993), LT},
      {F(-0.5), I(9007199254740993), LT},
      {F(1.0), I(9007199254740993), LT},
      {F(9007199254740992.0), I(9007199254740993), LT},
      {F(9007199254740994.0), I(9007199254740993), GT},
      {F(9.223372036854776e+18), I(9007199254740993), GT},
      {F(-9.223372036854776e+18), I(9007199254740993), LT},
      {F(1.8446744073709552e+19), I(9007199254740993), GT},
      {F(INF), I(9007199254740993), GT},
      {F(-INF), I(9007199254740993), LT},
      {F(NAN_), I(9007199254740993), UN},
      {F(1e+18), I(9007199254740993), GT},
      {F(4503599627370495.5), I(9007199254740993), LT},
      {F(1e+19), I(9007199254740993), GT},
      {F(-1e+19), I(9007199254740993), LT},
      {I(1), I(1), EQ},
      {I(1), I(2), LT},
      {I(1), I(9007199254740993), LT},
      {I(9007199254740993), I(1), GT},
      {I(9007199254740993), I(2), GT},
      {I(9007199254740993), I(9007199254740993), EQ},
      {F(1.0), F(0.0), GT},
      {F(1.0), F(1.0), EQ},
      {F(1.0), F(NAN_), UN},
      {F(NAN_), F(0.0), UN},
      {F(NAN_), F(1.0), UN},
      {F(NAN_), F(NAN_), UN},
      {F(-0.0), F(0.0), EQ},
      {F(-0.0), F(1.0), LT},
      {F(-0.0), F(NAN_), UN},
  };
  for (const auto& r : rows) check_cmp(r);
  CHECK(truthy(I(0)) == false);
  CHECK(truthy(I(5)) == true);
  CHECK(truthy(F(0.0)) == false);
  CHECK(truthy(F(-0.0)) == false);
  CHECK(truthy(F(NAN_)) == true);
  CHECK(truthy(F(0.1)) == true);
}

TEST_CASE("minipy numeric: int() of strings") {
  static constexpr str_row rows[] = {
      {"parse_int", "0", V(I(0))},
      {"parse_int", "-0", V(I(0))},
      {"parse_int", "+0", V(I(0))},
      {"parse_int", "12", V(I(12))},
      {"parse_int", "  12  ", V(I(12))},
      {"parse_int", "\011\012\013\014\01512\015", V(I(12))},
      {"parse_int", "1_000", V(I(1000))},
      {"parse_int", "1__000", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1__000'")},
      {"parse_int", "_1", E(exc_kind::ValueError, "invalid literal for int() with base 10: '_1'")},
      {"parse_int", "1_", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1_'")},
      {"parse_int", "+", E(exc_kind::ValueError, "invalid literal for int() with base 10: '+'")},
      {"parse_int", "-", E(exc_kind::ValueError, "invalid literal for int() with base 10: '-'")},
      {"parse_int", "", E(exc_kind::ValueError, "invalid literal for int() with base 10: ''")},
      {"parse_int", "  ", E(exc_kind::ValueError, "invalid literal for int() with base 10: '  '")},
      {"parse_int", "1e3", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1e3'")},
      {"parse_int", "1.5", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1.5'")},
      {"parse_int", "0x10", E(exc_kind::ValueError, "invalid literal for int() with base 10: '0x10'")},
      {"parse_int", "007", V(I(7))},
      {"parse_int", "0_7", V(I(7))},
      {"parse_int", "9223372036854775807", V(I(9223372036854775807))},
      {"parse_int", "9223372036854775808", E(exc_kind::OverflowError, "integer overflow")},
      {"parse_int", "-9223372036854775808", V(I(INT64_MIN))},
      {"parse_int", "-9223372036854775809", E(exc_kind::OverflowError, "integer overflow")},
      {"parse_int", "99999999999999999999999", E(exc_kind::OverflowError, "integer overflow")},
      {"parse_int", "\302\24012\343\200\200", V(I(12))},
      {"parse_int", "\331\241\331\242", V(I(12))},
      {"parse_int", "\357\274\221\357\274\222", V(I(12))},
      {"parse_int", "\03412", E(exc_kind::ValueError, "invalid literal for int() with base 10: '\\x1c12'")},
      {"parse_int", "- 1", E(exc_kind::ValueError, "invalid literal for int() with base 10: '- 1'")},
      {"parse_int", "+-1", E(exc_kind::ValueError, "invalid literal for int() with base 10: '+-1'")},
      {"parse_int", "--1", E(exc_kind::ValueError, "invalid literal for int() with base 10: '--1'")},
      {"parse_int", "1 2", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1 2'")},
      {"parse_int", "it's", E(exc_kind::ValueError, "invalid literal for int() with base 10: \"it's\"")},
      {"parse_int", "a\"b", E(exc_kind::ValueError, "invalid literal for int() with base 10: 'a\"b'")},
      {"parse_int", "x", E(exc_kind::ValueError, "invalid literal for int() with base 10: 'x'")},
      {"parse_int", "\303\251", E(exc_kind::ValueError, "invalid literal for int() with base 10: '\303\251'")},
      {"parse_int", "\360\237\230\200", E(exc_kind::ValueError, "invalid literal for int() with base 10: '\360\237\230\200'")},
      {"parse_int", "\302\205-5\302\205", V(I(-5))},
      {"parse_int", "1\342\200\2002", E(exc_kind::ValueError, "invalid literal for int() with base 10: '1\\u20002'")},
  };
  for (const auto& r : rows) check_str(r);
}

TEST_CASE("minipy numeric: float() of strings") {
  static constexpr str_row rows[] = {
      {"parse_float", "0", V(F(0.0))},
      {"parse_float", "1.5", V(F(1.5))},
      {"parse_float", "  1.5  ", V(F(1.5))},
      {"parse_float", "-1.5", V(F(-1.5))},
      {"parse_float", "+1.5", V(F(1.5))},
      {"parse_float", ".5", V(F(0.5))},
      {"parse_float", "5.", V(F(5.0))},
      {"parse_float", ".", E(exc_kind::ValueError, "could not convert string to float: '.'")},
      {"parse_float", "5.e3", V(F(5000.0))},
      {"parse_float", "1e", E(exc_kind::ValueError, "could not convert string to float: '1e'")},
      {"parse_float", "1e+", E(exc_kind::ValueError, "could not convert string to float: '1e+'")},
      {"parse_float", "1e-5", V(F(1e-05))},
      {"parse_float", "1E5", V(F(100000.0))},
      {"parse_float", "+.5e-3", V(F(0.0005))},
      {"parse_float", "1_0.5_5e1_0", V(F(105500000000.0))},
      {"parse_float", "1_.5", E(exc_kind::ValueError, "could not convert string to float: '1_.5'")},
      {"parse_float", "1._5", E(exc_kind::ValueError, "could not convert string to float: '1._5'")},
      {"parse_float", "1e_5", E(exc_kind::ValueError, "could not convert string to float: '1e_5'")},
      {"parse_float", "1e5_", E(exc_kind::ValueError, "could not convert string to float: '1e5_'")},
      {"parse_float", "_1.5", E(exc_kind::ValueError, "could not convert string to float: '_1.5'")},
      {"parse_float", "1.5_", E(exc_kind::ValueError, "could not convert string to float: '1.5_'")},
      {"parse_float", "1__0", E(exc_kind::ValueError, "could not convert string to float: '1__0'")},
      {"parse_float", "inf", V(F(INF))},
      {"parse_float", "-inf", V(F(-INF))},
      {"parse_float", "+inf", V(F(INF))},
      {"parse_float", "INF", V(F(INF))},
      {"parse_float", "Infinity", V(F(INF))},
      {"parse_float", "-iNfInItY", V(F(-INF))},
      {"parse_float", "nan", V(F(NAN_))},
      {"parse_float", "-nan", V(F(NAN_))},
      {"parse_float", "NaN", V(F(NAN_))},
      {"parse_float", "nan(1)", E(exc_kind::ValueError, "could not convert string to float: 'nan(1)'")},
      {"parse_float", "infi", E(exc_kind::ValueError, "could not convert string to float: 'infi'")},
      {"parse_float", "in", E(exc_kind::ValueError, "could not convert string to float: 'in'")},
      {"parse_float", "i_nf", E(exc_kind::ValueError, "could not convert string to float: 'i_nf'")},
      {"parse_float", "0x10", E(exc_kind::ValueError, "could not convert string to float: '0x10'")},
      {"parse_float", "1e400", V(F(INF))},
      {"parse_float", "-1e400", V(F(-INF))},
      {"parse_float", "1e-400", V(F(0.0))},
      {"parse_float", "-1e-400", V(F(-0.0))},
      {"parse_float", "2.4703282292062328e-324", V(F(5e-324))},
      {"parse_float", "2.4703282292062327e-324", V(F(0.0))},
      {"parse_float", "1.7976931348623158e308", V(F(1.7976931348623157e+308))},
      {"parse_float", "1.7976931348623159e308", V(F(INF))},
      {"parse_float", "0.000000001e99999999999999999999", V(F(INF))},
      {"parse_float", "1e99999999999999999999", V(F(INF))},
      {"parse_float", "1e-99999999999999999999", V(F(0.0))},
      {"parse_float", "0e999999999999999999999", V(F(0.0))},
      {"parse_float", "-0.0", V(F(-0.0))},
      {"parse_float", "00_1", V(F(1.0))},
      {"parse_float", "1 .5", E(exc_kind::ValueError, "could not convert string to float: '1 .5'")},
      {"parse_float", "--1", E(exc_kind::ValueError, "could not convert string to float: '--1'")},
      {"parse_float", "+-1", E(exc_kind::ValueError, "could not convert string to float: '+-1'")},
      {"parse_float", "", E(exc_kind::ValueError, "could not convert string to float: ''")},
      {"parse_float", "   ", E(exc_kind::ValueError, "could not convert string to float: '   '")},
      {"parse_float", "x", E(exc_kind::ValueError, "could not convert string to float: 'x'")},
      {"parse_float", "it's", E(exc_kind::ValueError, "could not convert string to float: \"it's\"")},
      {"parse_float", "\302\2401.5\342\200\250", V(F(1.5))},
      {"parse_float", "\331\241.\331\242", V(F(1.2))},
      {"parse_float", "1\302\2402", E(exc_kind::ValueError, "could not convert string to float: '1\\xa02'")},
      {"parse_float", "\0341.5", E(exc_kind::ValueError, "could not convert string to float: '\\x1c1.5'")},
      {"parse_float", "0.1", V(F(0.1))},
      {"parse_float", "0.30000000000000004", V(F(0.30000000000000004))},
      {"parse_float", "9007199254740993", V(F(9007199254740992.0))},
      {"parse_float", "123456789012345678901234567890", V(F(1.2345678901234568e+29))},
      {"parse_float", "4.9406564584124654e-324", V(F(5e-324))},
      {"parse_float", "2.2250738585072011e-308", V(F(2.225073858507201e-308))},
      {"parse_float", "2.2250738585072014e-308", V(F(2.2250738585072014e-308))},
  };
  for (const auto& r : rows) check_str(r);
}

TEST_CASE("minipy numeric: strings with NUL characters") {
  check_str_n("parse_int", std::string_view("12\000", 3), E(exc_kind::ValueError, "invalid literal for int() with base 10: '12\\x00'"));
  check_str_n("parse_float", std::string_view("1.5\000", 4), E(exc_kind::ValueError, "could not convert string to float: '1.5\\x00'"));
}

TEST_CASE("minipy repr: float repr matches CPython") {
  static constexpr repr_row rows[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {-1.0, "-1.0"},
      {0.1, "0.1"},
      {0.2, "0.2"},
      {0.30000000000000004, "0.30000000000000004"},
      {0.3333333333333333, "0.3333333333333333"},
      {0.6666666666666666, "0.6666666666666666"},
      {1e-05, "1e-05"},
      {0.0001, "0.0001"},
      {0.0001234, "0.0001234"},
      {1.234e-05, "1.234e-05"},
      {1e+16, "1e+16"},
      {1000000000000000.0, "1000000000000000.0"},
      {9999999999999998.0, "9999999999999998.0"},
      {1e+17, "1e+17"},
      {1.2345678901234568e+17, "1.2345678901234568e+17"},
      {1.5e+300, "1.5e+300"},
      {-1.5e-300, "-1.5e-300"},
      {5e-324, "5e-324"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {1.7976931348623157e+308, "1.7976931348623157e+308"},
      {INF, "inf"},
      {-INF, "-inf"},
      {NAN_, "nan"},
      {100.0, "100.0"},
      {1234.5, "1234.5"},
      {1.2345678901234568e+16, "1.2345678901234568e+16"},
      {0.5, "0.5"},
      {3.141592653589793, "3.141592653589793"},
      {9007199254740992.0, "9007199254740992.0"},
      {9.223372036854776e+18, "9.223372036854776e+18"},
      {1e+22, "1e+22"},
      {1e+23, "1e+23"},
      {1e+21, "1e+21"},
      {1e+23, "1e+23"},
      {0.3, "0.3"},
      {4.35, "4.35"},
      {2.675, "2.675"},
      {1e-07, "1e-07"},
      {1.23e-18, "1.23e-18"},
      {5e-05, "5e-05"},
      {9.999999999999999e-05, "9.999999999999999e-05"},
      {999999999999999.9, "999999999999999.9"},
      {1e+16, "1e+16"},
      {1e+100, "1e+100"},
      {-2.5e-10, "-2.5e-10"},
      {7e-10, "7e-10"},
      {1.0000000000000002, "1.0000000000000002"},
      {0.9999999999999999, "0.9999999999999999"},
      {-1e-05, "-1e-05"},
      {1.5, "1.5"},
      {9999999999999998.0, "9999999999999998.0"},
  };
  for (const auto& r : rows) {
    INFO(std::string(r.text));
    CHECK(format_float(r.value) == r.text);
    std::string appended = "x";
    append_float(appended, r.value);
    CHECK(appended == std::string("x") + r.text);
  }
}

TEST_CASE("minipy repr: ints and strings") {
  CHECK(format_int(std::int64_t{0}) == "0");
  CHECK(format_int(std::int64_t{1}) == "1");
  CHECK(format_int(std::int64_t{-1}) == "-1");
  CHECK(format_int(std::int64_t{42}) == "42");
  CHECK(format_int(std::int64_t{-42}) == "-42");
  CHECK(format_int(std::int64_t{9223372036854775807}) == "9223372036854775807");
  CHECK(format_int(INT64_MIN) == "-9223372036854775808");
  CHECK(format_int(std::int64_t{1000000000000000000}) == "1000000000000000000");
  CHECK(repr_string(std::string_view("", 0)) == "''");
  CHECK(repr_string(std::string_view("abc", 3)) == "'abc'");
  CHECK(repr_string(std::string_view("it's", 4)) == "\"it's\"");
  CHECK(repr_string(std::string_view("say \"hi\"", 8)) == "'say \"hi\"'");
  CHECK(repr_string(std::string_view("both ' and \"", 12)) == "'both \\' and \"'");
  CHECK(repr_string(std::string_view("\\", 1)) == "'\\\\'");
  CHECK(repr_string(std::string_view("a\012b\011c\015d", 7)) == "'a\\nb\\tc\\rd'");
  CHECK(repr_string(std::string_view("\000\001\037\177", 4)) == "'\\x00\\x01\\x1f\\x7f'");
  CHECK(repr_string(std::string_view("\302\200\302\237\302\240\302\255", 8)) == "'\\x80\\x9f\\xa0\\xad'");
  CHECK(repr_string(std::string_view("\303\251\344\270\255\346\226\207", 8)) == "'\303\251\344\270\255\346\226\207'");
  CHECK(repr_string(std::string_view("\360\237\230\200", 4)) == "'\360\237\230\200'");
  CHECK(repr_string(std::string_view("\342\200\250\342\200\251", 6)) == "'\\u2028\\u2029'");
  CHECK(repr_string(std::string_view("\342\200\213", 3)) == "'\\u200b'");
  CHECK(repr_string(std::string_view("\357\273\277", 3)) == "'\\ufeff'");
  CHECK(repr_string(std::string_view("\356\200\200", 3)) == "'\\ue000'");
  CHECK(repr_string(std::string_view("\363\240\200\201", 4)) == "'\\U000e0001'");
  CHECK(repr_string(std::string_view("\364\217\277\277", 4)) == "'\\U0010ffff'");
  CHECK(repr_string(std::string_view("\315\270", 2)) == "'\\u0378'");
  CHECK(repr_string(std::string_view(" ~", 2)) == "' ~'");
  CHECK(repr_string(std::string_view("'", 1)) == "\"'\"");
  CHECK(repr_string(std::string_view("\"", 1)) == "'\"'");
  CHECK(repr_string(std::string_view("'\"", 2)) == "'\\'\"'");
  CHECK(repr_string(std::string_view("\033[0m", 4)) == "'\\x1b[0m'");
}

TEST_CASE("minipy numeric: long numeric strings") {
  // Expected messages and values from CPython 3.11.
  CHECK(parse_int(std::string(4300, '0')) == 0);
  const char* limit = "Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; "
                      "use sys.set_int_max_str_digits() to increase the limit";
  MP_CHECK_ERR(parse_int(std::string(4301, '0')), ValueError, limit);
  MP_CHECK_ERR(parse_int(std::string(4301, '1') + "x"), ValueError, limit);
  MP_CHECK_ERR(parse_int(" -" + std::string(5000, '1') + " "), ValueError,
               "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; "
               "use sys.set_int_max_str_digits() to increase the limit");
  // The repr in the message is cut to 200 characters.
  MP_CHECK_ERR(parse_int(std::string(4301, '1') + "_"), ValueError,
               "invalid literal for int() with base 10: '" + std::string(199, '1'));
  MP_CHECK_ERR(parse_int(std::string(300, '1') + "x"), ValueError,
               "invalid literal for int() with base 10: '" + std::string(199, '1'));
  CHECK(same_scalar(F(parse_float(std::string(400, '1') + "e-400")), F(0.1111111111111111)));
  CHECK(same_scalar(F(parse_float("0." + std::string(500, '0') + "1")), F(0.0)));
  CHECK(same_scalar(F(parse_float(std::string(5000, '1'))), F(INF)));
  CHECK(same_scalar(F(parse_float(std::string(5000, '1') + "e-4990")), F(1111111111.1111112)));
  CHECK(same_scalar(F(parse_float("-" + std::string(800, '9') + "e-1100")), F(-1e-300)));
}

TEST_CASE("minipy numeric: minipy-specific int64 overflow") {
  // CPython would return big ints here; minipy raises OverflowError.
  MP_CHECK_ERR(parse_int("9223372036854775808"), OverflowError, "integer overflow");
  MP_CHECK_ERR(float_to_int(9.3e18), OverflowError, "integer overflow");
  MP_CHECK_ERR(int_pow(2, 63), OverflowError, "integer overflow");
  MP_CHECK_ERR(int_floordiv(INT64_MIN, -1), OverflowError, "integer overflow");
  CHECK(int_mod(INT64_MIN, -1) == 0);
}

TEST_CASE("minipy tensor: construction") {
  MP_EQ(T(3), "tensor(3) int64 ()");
  MP_EQ(T(2.5), "tensor(2.5) float64 ()");
  MP_EQ(T(true), "tensor(1) int64 ()");
  MP_EQ(TL("[1, 2, 3]"), "tensor([1, 2, 3]) int64 (3,)");
  MP_EQ(TL("[1, 2.0, 3]"), "tensor([1.0, 2.0, 3.0]) float64 (3,)");
  MP_EQ(TL("[[1, 2], [3, 4]]"), "tensor([[1, 2], [3, 4]]) int64 (2, 2)");
  MP_EQ(TL("[[1.5, 2], [3, 4]]"), "tensor([[1.5, 2.0], [3.0, 4.0]]) float64 (2, 2)");
  MP_EQ(TL("[True, False, 2]"), "tensor([1, 0, 2]) int64 (3,)");
  MP_EQ(TL("[]"), "tensor([]) int64 (0,)");
  MP_EQ(TL("[[], []]"), "tensor([[], []]) int64 (2, 0)");
  MP_EQ(TL("[[[1], [2]], [[3], [4]]]"), "tensor([[[1], [2]], [[3], [4]]]) int64 (2, 2, 1)");
  MP_CHECK_ERR(TL("[[1, 2], [3]]"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[[1, 2], 3]"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[1, [2]]"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[[], [1]]"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[1, 'a']"), TypeError, "tensor(): elements must be numbers");
  MP_CHECK_ERR(T(nested::non_number()), TypeError, "tensor(): elements must be numbers");
  MP_CHECK_ERR(TL("[[1, 2], 'a']"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[[1], [2, 'a']]"), ValueError, "tensor(): ragged nested sequence");
  MP_CHECK_ERR(TL("[[1, 'a'], [2]]"), TypeError, "tensor(): elements must be numbers");
  MP_CHECK_ERR(TL("['a', [1]]"), TypeError, "tensor(): elements must be numbers");
  MP_EQ(TL("[-0.0, 1e16, 1e-05, 0.1]"), "tensor([-0.0, 1e+16, 1e-05, 0.1]) float64 (4,)");
  MP_EQ(TL("[inf, -inf, nan]"), "tensor([inf, -inf, nan]) float64 (3,)");
  MP_EQ(zeros({2, 3}), "tensor([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]) float64 (2, 3)");
  MP_EQ(zeros({}), "tensor(0.0) float64 ()");
  MP_EQ(zeros({0}), "tensor([]) float64 (0,)");
  MP_CHECK_ERR(zeros({2, -1}), ValueError, "zeros(): negative dimension -1");
  MP_EQ(ones({3}), "tensor([1.0, 1.0, 1.0]) float64 (3,)");
  MP_EQ(ones({1, 0, 2}), "tensor([[]]) float64 (1, 0, 2)");
  MP_CHECK_ERR(ones({-3}), ValueError, "ones(): negative dimension -3");
  MP_EQ(full({2, 2}, scalar{std::int64_t{7}}), "tensor([[7, 7], [7, 7]]) int64 (2, 2)");
  MP_EQ(full({2}, scalar{-1.5}), "tensor([-1.5, -1.5]) float64 (2,)");
  MP_EQ(full({}, scalar{std::int64_t{1}}), "tensor(1) int64 ()");
  MP_CHECK_ERR(full({-2}, scalar{std::int64_t{1}}), ValueError, "full(): negative dimension -2");
  MP_EQ(arange(4), "tensor([0.0, 1.0, 2.0, 3.0]) float64 (4,)");
  MP_EQ(arange(0), "tensor([]) float64 (0,)");
  MP_EQ(arange(-3), "tensor([]) float64 (0,)");
  MP_EQ(tensor::from_ints({2, 2}, {1, 2, 3, 4}), "tensor([[1, 2], [3, 4]]) int64 (2, 2)");
  MP_EQ(tensor::from_floats({3}, {1.0, -0.5, 2.0}), "tensor([1.0, -0.5, 2.0]) float64 (3,)");
  MP_EQ(tensor::from_scalar(scalar{std::int64_t{-4}}), "tensor(-4) int64 ()");
  MP_EQ(tensor(), "tensor(0) int64 ()");
}

TEST_CASE("minipy tensor: binary operators, dtypes and broadcasting") {
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[2, 4, 6], [8, 10, 12]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")), "tensor([[1.5, 1.0, 5.0], [5.5, 5.25, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")), "tensor([[11, 22, 33], [14, 25, 36]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")), "tensor([[11, 12, 13], [24, 25, 26]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1], [2], [3]]"), TL("[10, 20]")), "tensor([[11, 21], [12, 22], [13, 23]]) int64 (3, 2)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}), "tensor([[3, 4, 5], [6, 7, 8]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}), "tensor([[3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[8, 9, 10], [11, 12, 13]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[2, 3, 4], [5, 6, 7]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::add, T(5), T(3)), "tensor(8) int64 ()");
  MP_EQ(binary(binop::add, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[0, 0, 0], [0, 0, 0]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")), "tensor([[0.5, 3.0, 1.0], [2.5, 4.75, 9.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")), "tensor([[-9, -18, -27], [-6, -15, -24]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")), "tensor([[-9, -8, -7], [-16, -15, -14]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1], [2], [3]]"), TL("[10, 20]")), "tensor([[-9, -19], [-8, -18], [-7, -17]]) int64 (3, 2)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}), "tensor([[-1, 0, 1], [2, 3, 4]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}), "tensor([[-1.0, 0.0, 1.0], [2.0, 3.0, 4.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[6, 5, 4], [3, 2, 1]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[-0.5, -1.5, -2.5], [-3.5, -4.5, -5.5]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[0, -1, -2], [-3, -4, -5]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::sub, T(5), T(3)), "tensor(2) int64 ()");
  MP_EQ(binary(binop::sub, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[1, 4, 9], [16, 25, 36]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")), "tensor([[0.5, -2.0, 6.0], [6.0, 1.25, -18.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")), "tensor([[10, 40, 90], [40, 100, 180]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")), "tensor([[10, 20, 30], [80, 100, 120]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1], [2], [3]]"), TL("[10, 20]")), "tensor([[10, 20], [20, 40], [30, 60]]) int64 (3, 2)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}), "tensor([[2, 4, 6], [8, 10, 12]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}), "tensor([[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[7, 14, 21], [28, 35, 42]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[1, 2, 3], [4, 5, 6]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::mul, T(5), T(3)), "tensor(15) int64 ()");
  MP_EQ(binary(binop::mul, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")), "tensor([[2.0, -2.0, 1.5], [2.6666666666666665, 20.0, -2.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")), "tensor([[0.1, 0.1, 0.1], [0.4, 0.25, 0.2]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")), "tensor([[0.1, 0.2, 0.3], [0.2, 0.25, 0.3]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1], [2], [3]]"), TL("[10, 20]")), "tensor([[0.1, 0.05], [0.2, 0.1], [0.3, 0.15]]) float64 (3, 2)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}), "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}), "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[7.0, 3.5, 2.3333333333333335], [1.75, 1.4, 1.1666666666666667]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[0.5, 0.25, 0.16666666666666666], [0.125, 0.1, 0.08333333333333333]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[1.0, 0.5, 0.3333333333333333], [0.25, 0.2, 0.16666666666666666]]) float64 (2, 3)");
  MP_CHECK_ERR(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::truediv, T(5), T(3)), "tensor(1.6666666666666667) float64 ()");
  MP_EQ(binary(binop::truediv, TL("[]"), T(3)), "tensor([]) float64 (0,)");
  MP_EQ(binary(binop::add, TL("[[[1], [2]]]"), TL("[[10, 20, 30]]")), "tensor([[[11, 21, 31], [12, 22, 32]]]) int64 (1, 2, 3)");
  MP_EQ(binary(binop::add, zeros({2, 1, 3}), TL("[[1], [2], [3], [4]]")), "tensor([[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [3.0, 3.0, 3.0], [4.0, 4.0, 4.0]], [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [3.0, 3.0, 3.0], [4.0, 4.0, 4.0]]]) float64 (2, 4, 3)");
  MP_CHECK_ERR(binary(binop::add, zeros({2, 3}), zeros({4})), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_CHECK_ERR(binary(binop::add, zeros({4}), zeros({2, 3})), ValueError, "shapes (4,) and (2, 3) cannot be broadcast");
  MP_EQ(binary(binop::mul, zeros({0, 3}), zeros({1})), "tensor([]) float64 (0, 3)");
  MP_CHECK_ERR(binary(binop::mul, zeros({0, 3}), zeros({2, 3})), ValueError, "shapes (0, 3) and (2, 3) cannot be broadcast");
  MP_CHECK_ERR(binary(binop::truediv, TL("[1, 2]"), TL("[1, 0]")), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, TL("[1.5, 2]"), scalar{0.0}), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, scalar{std::int64_t{1}}, TL("[2, 0]")), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, TL("[0.0, -1.0]"), TL("[0.0, 0.0]")), ZeroDivisionError, "float division by zero");
  MP_EQ(binary(binop::truediv, T(9007199254740993), T(1)), "tensor(9007199254740992.0) float64 ()");
  MP_EQ(binary(binop::add, TL("[1e308]"), TL("[1e308]")), "tensor([inf]) float64 (1,)");
  MP_EQ(binary(binop::mul, TL("[0.1]"), TL("[3]")), "tensor([0.30000000000000004]) float64 (1,)");
  MP_EQ(binary(binop::sub, TL("[inf]"), TL("[inf]")), "tensor([nan]) float64 (1,)");
  MP_EQ(neg(TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[-1, -2, -3], [-4, -5, -6]]) int64 (2, 3)");
  MP_EQ(neg(TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")), "tensor([[-0.5, 1.0, -2.0], [-1.5, -0.25, 3.0]]) float64 (2, 3)");
  MP_EQ(neg(TL("[0.0]")), "tensor([-0.0]) float64 (1,)");
}

TEST_CASE("minipy tensor: matmul") {
  MP_EQ(matmul(TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1.5, -2], [0.25, 4], [3, 0.5]]")), "tensor([[11.0, 7.5], [25.25, 15.0]]) float64 (2, 2)");
  MP_EQ(matmul(TL("[[1.5, -2], [0.25, 4], [3, 0.5]]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[-6.5, -7.0, -7.5], [16.25, 20.5, 24.75], [5.0, 8.5, 12.0]]) float64 (3, 3)");
  MP_EQ(matmul(TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]").t()), "tensor([[14, 32], [32, 77]]) int64 (2, 2)");
  MP_EQ(matmul(TL("[1, 2, 3]"), TL("[4, 5, 6]")), "tensor(32) int64 ()");
  MP_EQ(matmul(TL("[1, 2]"), TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([9, 12, 15]) int64 (3,)");
  MP_EQ(matmul(TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 0, -1]")), "tensor([-2, -2]) int64 (2,)");
  MP_EQ(matmul(TL("[0.1, 0.2, 0.3]"), TL("[0.3, 0.2, 0.1]")), "tensor(0.1) float64 ()");
  MP_EQ(matmul(TL("[1e16, 1.0, -1e16]"), TL("[1.0, 1.0, 1.0]")), "tensor(0.0) float64 ()");
  MP_EQ(matmul(TL("[-0.0]"), TL("[0.0]")), "tensor(0.0) float64 ()");
  MP_EQ(matmul(zeros({2, 0}), zeros({0, 3})), "tensor([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]) float64 (2, 3)");
  MP_EQ(matmul(TL("[[1, 2], [3, 4]]"), TL("[[1, 2], [3, 4]]")), "tensor([[7, 10], [15, 22]]) int64 (2, 2)");
  MP_CHECK_ERR(matmul(zeros({2, 3}), zeros({4, 5})), ValueError, "matmul: shapes (2, 3) and (4, 5) are not aligned");
  MP_CHECK_ERR(matmul(zeros({3}), zeros({4})), ValueError, "matmul: shapes (3,) and (4,) are not aligned");
  MP_CHECK_ERR(matmul(zeros({2, 3}), zeros({2})), ValueError, "matmul: shapes (2, 3) and (2,) are not aligned");
  MP_CHECK_ERR(matmul(T(1), T(2)), ValueError, "matmul: shapes () and () are not aligned");
  MP_CHECK_ERR(matmul(zeros({1, 2, 3}), zeros({3, 2})), ValueError, "matmul: shapes (1, 2, 3) and (3, 2) are not aligned");
  MP_CHECK_ERR(matmul(zeros({3}), zeros({3, 2, 1})), ValueError, "matmul: shapes (3,) and (3, 2, 1) are not aligned");
}

TEST_CASE("minipy tensor: elementwise methods") {
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").relu(), "tensor([[0.0, 0.0, 2.0], [0.0, 3.0, 0.0]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").relu(), "tensor([0, 0, 3]) int64 (3,)");
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").abs(), "tensor([[1.5, 0.0, 2.0], [0.0, 3.0, 4.0]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").abs(), "tensor([2, 0, 3]) int64 (3,)");
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").exp(), "tensor([[0.22313016014842982, 1.0, 7.38905609893065], [1.0, 20.085536923187668, 0.01831563888873418]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").exp(), "tensor([0.1353352832366127, 1.0, 20.085536923187668]) float64 (3,)");
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").tanh(), "tensor([[-0.9051482536448664, 0.0, 0.9640275800758169], [-0.0, 0.9950547536867305, -0.999329299739067]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").tanh(), "tensor([-0.9640275800758169, 0.0, 0.9950547536867305]) float64 (3,)");
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").sigmoid(), "tensor([[0.18242552380635635, 0.5, 0.8807970779778823], [0.5, 0.9525741268224334, 0.01798620996209156]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").sigmoid(), "tensor([0.11920292202211755, 0.5, 0.9525741268224334]) float64 (3,)");
  MP_EQ(TL("[0.0, 1.0, 2.0, 0.25]").sqrt(), "tensor([0.0, 1.0, 1.4142135623730951, 0.5]) float64 (4,)");
  MP_EQ(TL("[4, 9, 2]").sqrt(), "tensor([2.0, 3.0, 1.4142135623730951]) float64 (3,)");
  MP_EQ(TL("[-0.0]").sqrt(), "tensor([-0.0]) float64 (1,)");
  MP_CHECK_ERR(TL("[1.0, -1.0]").sqrt(), ValueError, "math domain error");
  MP_CHECK_ERR(TL("[1.0, -inf]").sqrt(), ValueError, "math domain error");
  MP_EQ(TL("[nan, inf, -inf]").exp(), "tensor([nan, inf, 0.0]) float64 (3,)");
  MP_EQ(TL("[nan, inf, -inf]").relu(), "tensor([0.0, inf, 0.0]) float64 (3,)");
  MP_EQ(TL("[nan, -inf]").abs(), "tensor([nan, inf]) float64 (2,)");
  MP_CHECK_ERR(TL("[709.0, 710.0]").exp(), OverflowError, "math range error");
  MP_EQ(TL("[-745.0, -746.0]").exp(), "tensor([5e-324, 0.0]) float64 (2,)");
  MP_CHECK_ERR(TL("[-709.0, -710.0]").sigmoid(), OverflowError, "math range error");
  MP_EQ(TL("[710.0, 40.0, -40.0]").sigmoid(), "tensor([1.0, 1.0, 4.248354255291589e-18]) float64 (3,)");
  MP_EQ(TL("[inf, -inf, nan]").sigmoid(), "tensor([1.0, 0.0, nan]) float64 (3,)");
  MP_CHECK_ERR(TL("[1000]").exp(), OverflowError, "math range error");
  MP_EQ(TL("[0.5, 20.0, -0.0]").tanh(), "tensor([0.46211715726000974, 1.0, -0.0]) float64 (3,)");
  MP_EQ(T(-3).abs(), "tensor(3) int64 ()");
  MP_EQ(unary(unop::relu, TL("[-1, 5]")), "tensor([0, 5]) int64 (2,)");
  MP_EQ(unary(unop::exp, T(0)), "tensor(1.0) float64 ()");
  MP_EQ(unary(unop::tanh, T(1)), "tensor(0.7615941559557649) float64 ()");
  MP_EQ(unary(unop::sigmoid, T(0)), "tensor(0.5) float64 ()");
  MP_EQ(unary(unop::neg, TL("[1.5]")), "tensor([-1.5]) float64 (1,)");
}

TEST_CASE("minipy tensor: reductions") {
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(), "tensor(21) int64 ()");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").mean(), "tensor(3.5) float64 ()");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").max(), "tensor(6) int64 ()");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(-4), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(-3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(-2), "tensor([5, 7, 9]) int64 (3,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(-1), "tensor([6, 15]) int64 (2,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(0), "tensor([5, 7, 9]) int64 (3,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(1), "tensor([6, 15]) int64 (2,)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(2), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 3)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").mean(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").max(), "tensor(1e+16) float64 ()");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-4), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-2), "tensor([1e+16, 1.2, -1e+16]) float64 (3,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-1), "tensor([0.6000000000000001, 0.0]) float64 (2,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(0), "tensor([1e+16, 1.2, -1e+16]) float64 (3,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(1), "tensor([0.6000000000000001, 0.0]) float64 (2,)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(2), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 3)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(), "tensor(276.0) float64 ()");
  MP_EQ(arange(24).reshape({2, 3, 4}).mean(), "tensor(11.5) float64 ()");
  MP_EQ(arange(24).reshape({2, 3, 4}).max(), "tensor(23.0) float64 ()");
  MP_CHECK_ERR(arange(24).reshape({2, 3, 4}).sum(-4), IndexError, "dimension out of range (expected to be in range of [-3, 2], but got -4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-3), "tensor([[12.0, 14.0, 16.0, 18.0], [20.0, 22.0, 24.0, 26.0], [28.0, 30.0, 32.0, 34.0]]) float64 (3, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-2), "tensor([[12.0, 15.0, 18.0, 21.0], [48.0, 51.0, 54.0, 57.0]]) float64 (2, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-1), "tensor([[6.0, 22.0, 38.0], [54.0, 70.0, 86.0]]) float64 (2, 3)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(0), "tensor([[12.0, 14.0, 16.0, 18.0], [20.0, 22.0, 24.0, 26.0], [28.0, 30.0, 32.0, 34.0]]) float64 (3, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(1), "tensor([[12.0, 15.0, 18.0, 21.0], [48.0, 51.0, 54.0, 57.0]]) float64 (2, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(2), "tensor([[6.0, 22.0, 38.0], [54.0, 70.0, 86.0]]) float64 (2, 3)");
  MP_CHECK_ERR(arange(24).reshape({2, 3, 4}).sum(3), IndexError, "dimension out of range (expected to be in range of [-3, 2], but got 3)");
  MP_EQ(T(5).sum(), "tensor(5) int64 ()");
  MP_EQ(T(5).mean(), "tensor(5.0) float64 ()");
  MP_EQ(T(5).max(), "tensor(5) int64 ()");
  MP_CHECK_ERR(T(5).sum(-4), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -4)");
  MP_CHECK_ERR(T(5).sum(-3), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -3)");
  MP_CHECK_ERR(T(5).sum(-2), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -2)");
  MP_EQ(T(5).sum(-1), "tensor(5) int64 ()");
  MP_EQ(T(5).sum(0), "tensor(5) int64 ()");
  MP_CHECK_ERR(T(5).sum(1), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 1)");
  MP_CHECK_ERR(T(5).sum(2), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 2)");
  MP_CHECK_ERR(T(5).sum(3), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 3)");
  MP_EQ(TL("[]").sum(), "tensor(0) int64 ()");
  MP_CHECK_ERR(TL("[]").mean(), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(TL("[]").max(), ValueError, "max(): empty tensor");
  MP_CHECK_ERR(TL("[]").sum(-4), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -4)");
  MP_CHECK_ERR(TL("[]").sum(-3), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -3)");
  MP_CHECK_ERR(TL("[]").sum(-2), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got -2)");
  MP_EQ(TL("[]").sum(-1), "tensor(0) int64 ()");
  MP_EQ(TL("[]").sum(0), "tensor(0) int64 ()");
  MP_CHECK_ERR(TL("[]").sum(1), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 1)");
  MP_CHECK_ERR(TL("[]").sum(2), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 2)");
  MP_CHECK_ERR(TL("[]").sum(3), IndexError, "dimension out of range (expected to be in range of [-1, 0], but got 3)");
  MP_EQ(zeros({2, 0}).sum(), "tensor(0.0) float64 ()");
  MP_CHECK_ERR(zeros({2, 0}).mean(), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(zeros({2, 0}).max(), ValueError, "max(): empty tensor");
  MP_CHECK_ERR(zeros({2, 0}).sum(-4), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(zeros({2, 0}).sum(-3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(zeros({2, 0}).sum(-2), "tensor([]) float64 (0,)");
  MP_EQ(zeros({2, 0}).sum(-1), "tensor([0.0, 0.0]) float64 (2,)");
  MP_EQ(zeros({2, 0}).sum(0), "tensor([]) float64 (0,)");
  MP_EQ(zeros({2, 0}).sum(1), "tensor([0.0, 0.0]) float64 (2,)");
  MP_CHECK_ERR(zeros({2, 0}).sum(2), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(zeros({2, 0}).sum(3), IndexError, "dimension out of range (expected to be in range of [-2, 1], but got 3)");
  MP_EQ(TL("[0.1, 0.2, 0.3]").sum(), "tensor(0.6000000000000001) float64 ()");
  MP_EQ(TL("[0.3, 0.2, 0.1]").sum(), "tensor(0.6) float64 ()");
  MP_EQ(TL("[-0.0, -0.0]").sum(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[-0.0]").sum(0), "tensor(0.0) float64 ()");
  MP_EQ(TL("[nan, 1.0, 2.0]").max(), "tensor(nan) float64 ()");
  MP_EQ(TL("[1.0, nan, 2.0]").max(), "tensor(2.0) float64 ()");
  MP_EQ(TL("[0.0, -0.0]").max(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[-0.0, 0.0]").max(), "tensor(-0.0) float64 ()");
  MP_EQ(TL("[-5, -2, -9]").max(), "tensor(-2) int64 ()");
  MP_EQ(TL("[1, 2, 4]").mean(), "tensor(2.3333333333333335) float64 ()");
  MP_EQ(TL("[9007199254740993, 1]").mean(), "tensor(4503599627370496.0) float64 ()");
}

TEST_CASE("minipy tensor: shape operations") {
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").t(), "tensor([[1, 4], [2, 5], [3, 6]]) int64 (3, 2)");
  MP_EQ(TL("[[1.5], [2.5]]").t(), "tensor([[1.5, 2.5]]) float64 (1, 2)");
  MP_EQ(TL("[1, 2]").t(), "tensor([1, 2]) int64 (2,)");
  MP_EQ(T(3).t(), "tensor(3) int64 ()");
  MP_EQ(zeros({0, 2}).t(), "tensor([[], []]) float64 (2, 0)");
  MP_CHECK_ERR(zeros({1, 2, 3}).t(), ValueError, "t() expects a tensor with <= 2 dimensions, but got 3");
  MP_EQ(arange(6).reshape({2, 3}), "tensor([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]) float64 (2, 3)");
  MP_EQ(arange(6).reshape({3, 2}), "tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]) float64 (3, 2)");
  MP_EQ(arange(6).reshape({-1, 2}), "tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]) float64 (3, 2)");
  MP_EQ(arange(6).reshape({3, -1}), "tensor([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]) float64 (3, 2)");
  MP_EQ(arange(6).reshape({-1}), "tensor([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]) float64 (6,)");
  MP_EQ(arange(6).reshape({6}), "tensor([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]) float64 (6,)");
  MP_EQ(arange(6).reshape({1, 6, 1}), "tensor([[[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]]) float64 (1, 6, 1)");
  MP_CHECK_ERR(arange(6).reshape({4}), ValueError, "cannot reshape tensor of shape (6,) into shape (4,)");
  MP_CHECK_ERR(arange(6).reshape({2, 2}), ValueError, "cannot reshape tensor of shape (6,) into shape (2, 2)");
  MP_CHECK_ERR(arange(6).reshape({-1, 4}), ValueError, "cannot reshape tensor of shape (6,) into shape (-1, 4)");
  MP_CHECK_ERR(arange(6).reshape({-1, -1}), ValueError, "reshape(): only one dimension can be inferred");
  MP_CHECK_ERR(arange(6).reshape({-2, -3}), ValueError, "cannot reshape tensor of shape (6,) into shape (-2, -3)");
  MP_CHECK_ERR(arange(6).reshape({0, -1}), ValueError, "cannot reshape tensor of shape (6,) into shape (0, -1)");
  MP_CHECK_ERR(arange(6).reshape({6, 0}), ValueError, "cannot reshape tensor of shape (6,) into shape (6, 0)");
  MP_CHECK_ERR(arange(6).reshape({}), ValueError, "cannot reshape tensor of shape (6,) into shape ()");
  MP_EQ(arange(6).reshape({1, -1, 3, 1, 1, 1, 1}), "tensor([[[[[[[0.0]]]], [[[[1.0]]]], [[[[2.0]]]]], [[[[[3.0]]]], [[[[4.0]]]], [[[[5.0]]]]]]]) float64 (1, 2, 3, 1, 1, 1, 1)");
  MP_EQ(T(7).reshape({}), "tensor(7) int64 ()");
  MP_EQ(T(7).reshape({1, 1}), "tensor([[7]]) int64 (1, 1)");
  MP_EQ(T(7).reshape({-1}), "tensor([7]) int64 (1,)");
  MP_EQ(zeros({0, 3}).reshape({-1, 3}), "tensor([]) float64 (0, 3)");
  MP_EQ(zeros({0, 3}).reshape({3, -1}), "tensor([[], [], []]) float64 (3, 0)");
  MP_CHECK_ERR(zeros({0, 3}).reshape({0, -1}), ValueError, "cannot reshape tensor of shape (0, 3) into shape (0, -1)");
  MP_CHECK_ERR(zeros({2, 3}).reshape({4}), ValueError, "cannot reshape tensor of shape (2, 3) into shape (4,)");
  MP_EQ(TL("[[1, 2], [3, 4]]").reshape({4}).reshape({2, 2}), "tensor([[1, 2], [3, 4]]) int64 (2, 2)");
  MP_EQ(TL("[[1, 2], [3, 4]]").to_float(), "tensor([[1.0, 2.0], [3.0, 4.0]]) float64 (2, 2)");
  MP_EQ(TL("[0.5]").to_float(), "tensor([0.5]) float64 (1,)");
  MP_EQ(T(9007199254740993).to_float(), "tensor(9007199254740992.0) float64 ()");
}

TEST_CASE("minipy tensor: rows, len, bool, item, tolist") {
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").row(0), "tensor([1, 2]) int64 (2,)");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").row(2), "tensor([5, 6]) int64 (2,)");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").row(-1), "tensor([5, 6]) int64 (2,)");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").row(-3), "tensor([1, 2]) int64 (2,)");
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(3), IndexError, "index 3 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(-4), IndexError, "index -4 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(5), IndexError, "index 5 is out of bounds for dimension 0 with size 3");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").row(1).row(-1), "tensor(4) int64 ()");
  MP_CHECK_ERR(T(4).row(0), IndexError, "invalid index of a 0-d tensor");
  MP_CHECK_ERR(TL("[]").row(0), IndexError, "index 0 is out of bounds for dimension 0 with size 0");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").len(), "3");
  MP_EQ(TL("[]").len(), "0");
  MP_CHECK_ERR(T(1).len(), TypeError, "len() of a 0-d tensor");
  MP_EQ(T(1.5).truthy(), "True");
  MP_EQ(TL("[0]").truthy(), "False");
  MP_EQ(TL("[[-0.0]]").truthy(), "False");
  MP_EQ(TL("[nan]").truthy(), "True");
  MP_CHECK_ERR(TL("[1, 2]").truthy(), ValueError, "Boolean value of Tensor with more than one value is ambiguous");
  MP_CHECK_ERR(TL("[]").truthy(), ValueError, "Boolean value of Tensor with more than one value is ambiguous");
  MP_EQ(TL("[[7]]").item(), "7");
  MP_EQ(T(2.5).item(), "2.5");
  MP_CHECK_ERR(TL("[1, 2]").item(), ValueError, "only one element tensors can be converted to Python scalars");
  MP_CHECK_ERR(TL("[]").item(), ValueError, "only one element tensors can be converted to Python scalars");
  MP_EQ(TL("[[1, 2], [3, 4], [5, 6]]").tolist(), "[[1, 2], [3, 4], [5, 6]]");
  MP_EQ(T(3.0).tolist(), "3.0");
  MP_EQ(TL("[]").tolist(), "[]");
  MP_EQ(zeros({2, 0}).tolist(), "[[], []]");
  MP_EQ(TL("[1e16, 1e-05, -0.0]").tolist(), "[1e+16, 1e-05, -0.0]");
}

TEST_CASE("minipy tensor: allclose") {
  MP_EQ(allclose(TL("[1.0, 2.0]"), TL("[1.0, 2.0]")), "True");
  MP_EQ(allclose(TL("[1.0, 2.0]"), TL("[1.0, 2.0000000001]")), "True");
  MP_EQ(allclose(TL("[1.0, 2.0]"), TL("[1.0, 2.00000001]")), "False");
  MP_EQ(allclose(TL("[1, 2]"), TL("[1, 3]"), scalar{std::int64_t{1}}), "True");
  MP_EQ(allclose(TL("[1, 2]"), TL("[1, 3]"), scalar{0.5}), "False");
  MP_EQ(allclose(TL("[1, 2]"), TL("[1, 3]")), "False");
  MP_EQ(allclose(TL("[[1.0, 2.0], [1.0, 2.0]]"), TL("[1.0, 2.0]")), "True");
  MP_EQ(allclose(TL("[1.0, 2.0]"), T(1.0), scalar{std::int64_t{1}}), "True");
  MP_EQ(allclose(TL("[nan]"), TL("[nan]")), "False");
  MP_EQ(allclose(TL("[inf]"), TL("[inf]")), "False");
  MP_EQ(allclose(TL("[]"), TL("[]")), "True");
  MP_CHECK_ERR(allclose(zeros({2, 3}), zeros({4})), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(allclose(TL("[9007199254740993]"), TL("[9007199254740992.0]"), scalar{0.5}), "True");
  MP_EQ(allclose(TL("[9007199254740993]"), TL("[9007199254740992]"), scalar{0.5}), "False");
}

TEST_CASE("minipy tensor: repr") {
  MP_EQ(repr(TL("[[1.0, 2.0], [3.0, 4.0]]")), "tensor([[1.0, 2.0], [3.0, 4.0]])");
  MP_EQ(repr(TL("[[1.0, 2.0], [3.0, 4.0]]")), "tensor([[1.0, 2.0], [3.0, 4.0]])");
  MP_EQ(repr(T(3)), "tensor(3)");
  MP_EQ(repr(T(3)), "tensor(3)");
  MP_EQ(repr(TL("[]")), "tensor([])");
  MP_EQ(repr(TL("[]")), "tensor([])");
  MP_EQ(repr(zeros({2, 0})), "tensor([[], []])");
  MP_EQ(repr(zeros({2, 0})), "tensor([[], []])");
  MP_EQ(repr(zeros({0, 2})), "tensor([])");
  MP_EQ(repr(zeros({0, 2})), "tensor([])");
  MP_EQ(repr(TL("[1e16, 1e-05, 0.0001, 123456789.0]")), "tensor([1e+16, 1e-05, 0.0001, 123456789.0])");
  MP_EQ(repr(TL("[1e16, 1e-05, 0.0001, 123456789.0]")), "tensor([1e+16, 1e-05, 0.0001, 123456789.0])");
  MP_EQ(repr(TL("[[[1]]]")), "tensor([[[1]]])");
  MP_EQ(repr(TL("[[[1]]]")), "tensor([[[1]]])");
  MP_EQ(repr(TL("[-0.0, nan, -inf]")), "tensor([-0.0, nan, -inf])");
  MP_EQ(repr(TL("[-0.0, nan, -inf]")), "tensor([-0.0, nan, -inf])");
  MP_EQ(repr(arange(3)), "tensor([0.0, 1.0, 2.0])");
  MP_EQ(repr(arange(3)), "tensor([0.0, 1.0, 2.0])");
}

TEST_CASE("minipy tensor: attributes") {
  MP_EQ(format_shape(TL("[[1.0, 2.0], [3.0, 4.0]]").shape()), "(2, 2)");
  MP_EQ(TL("[[1.0, 2.0], [3.0, 4.0]]").ndim(), "2");
  MP_EQ(std::string(dtype_name(TL("[[1.0, 2.0], [3.0, 4.0]]").dtype())), "float64");
  MP_EQ(format_shape(T(3).shape()), "()");
  MP_EQ(T(3).ndim(), "0");
  MP_EQ(std::string(dtype_name(T(3).dtype())), "int64");
  MP_EQ(format_shape(zeros({2, 0, 1}).shape()), "(2, 0, 1)");
  MP_EQ(zeros({2, 0, 1}).ndim(), "3");
  MP_EQ(std::string(dtype_name(zeros({2, 0, 1}).dtype())), "float64");
}

TEST_CASE("minipy tensor: minipy-specific int64 overflow") {
  // CPython (the prelude) would produce big ints; minipy raises like its ints.
  MP_CHECK_ERR(binary(binop::add, TL("[9223372036854775807]"), TL("[1]")), OverflowError, "integer overflow");
  MP_CHECK_ERR(binary(binop::sub, scalar{INT64_MIN}, TL("[1]")), OverflowError, "integer overflow");
  MP_CHECK_ERR(binary(binop::mul, TL("[4611686018427387904]"), scalar{std::int64_t{2}}), OverflowError,
               "integer overflow");
  MP_CHECK_ERR(neg(T(INT64_MIN)), OverflowError, "integer overflow");
  MP_CHECK_ERR(T(INT64_MIN).abs(), OverflowError, "integer overflow");
  MP_CHECK_ERR(TL("[9223372036854775807, 1]").sum(), OverflowError, "integer overflow");
  MP_CHECK_ERR(TL("[[9223372036854775807], [1]]").sum(0), OverflowError, "integer overflow");
  MP_CHECK_ERR(matmul(TL("[4611686018427387904, 1]"), TL("[2, 1]")), OverflowError, "integer overflow");
  MP_CHECK_ERR(matmul(TL("[9223372036854775807, 1]"), TL("[1, 1]")), OverflowError, "integer overflow");
  CHECK(S(binary(binop::add, TL("[9223372036854775806]"), TL("[1]"))) == "tensor([9223372036854775807]) int64 (1,)");
}

TEST_CASE("minipy tensor: meta rules") {
  // Shapes and messages as in the compute tests above (CPython prelude).
  CHECK(format_shape(broadcast_shape({2, 3}, {3})) == "(2, 3)");
  CHECK(format_shape(broadcast_shape({4, 1, 3}, {2, 1})) == "(4, 2, 3)");
  CHECK(format_shape(broadcast_shape({}, {0, 2})) == "(0, 2)");
  CHECK(format_shape(broadcast_shape({1}, {0})) == "(0,)");
  MP_CHECK_ERR(broadcast_shape({2, 3}, {4}), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_CHECK_ERR(broadcast_shape({0}, {2}), ValueError, "shapes (0,) and (2,) cannot be broadcast");
  CHECK(binary_dtype(binop::add, dtype_t::int64, dtype_t::int64) == dtype_t::int64);
  CHECK(binary_dtype(binop::mul, dtype_t::int64, dtype_t::float64) == dtype_t::float64);
  CHECK(binary_dtype(binop::sub, dtype_t::float64, scalar_dtype(I(1))) == dtype_t::float64);
  CHECK(binary_dtype(binop::sub, dtype_t::int64, scalar_dtype(F(1.0))) == dtype_t::float64);
  CHECK(binary_dtype(binop::truediv, dtype_t::int64, dtype_t::int64) == dtype_t::float64);
  CHECK(unary_dtype(unop::neg, dtype_t::int64) == dtype_t::int64);
  CHECK(unary_dtype(unop::relu, dtype_t::int64) == dtype_t::int64);
  CHECK(unary_dtype(unop::abs, dtype_t::int64) == dtype_t::int64);
  CHECK(unary_dtype(unop::exp, dtype_t::int64) == dtype_t::float64);
  CHECK(unary_dtype(unop::sqrt, dtype_t::int64) == dtype_t::float64);
  CHECK(unary_dtype(unop::sigmoid, dtype_t::int64) == dtype_t::float64);
  CHECK(unary_dtype(unop::tanh, dtype_t::float64) == dtype_t::float64);
  CHECK(format_shape(matmul_shape({2, 3}, {3, 4})) == "(2, 4)");
  CHECK(format_shape(matmul_shape({3}, {3})) == "()");
  CHECK(format_shape(matmul_shape({3}, {3, 4})) == "(4,)");
  CHECK(format_shape(matmul_shape({2, 3}, {3})) == "(2,)");
  MP_CHECK_ERR(matmul_shape({2, 3}, {4, 5}), ValueError, "matmul: shapes (2, 3) and (4, 5) are not aligned");
  MP_CHECK_ERR(matmul_shape({}, {}), ValueError, "matmul: shapes () and () are not aligned");
  CHECK(matmul_dtype(dtype_t::int64, dtype_t::int64) == dtype_t::int64);
  CHECK(matmul_dtype(dtype_t::int64, dtype_t::float64) == dtype_t::float64);
  CHECK(format_shape(reshape_shape({2, 3}, {-1})) == "(6,)");
  CHECK(format_shape(reshape_shape({2, 3}, {3, -1})) == "(3, 2)");
  MP_CHECK_ERR(reshape_shape({2, 3}, {4}), ValueError, "cannot reshape tensor of shape (2, 3) into shape (4,)");
  MP_CHECK_ERR(reshape_shape({2, 3}, {-1, -1}), ValueError, "reshape(): only one dimension can be inferred");
  CHECK(normalize_dim({2, 3}, -1) == 1);
  CHECK(normalize_dim({}, -1) == 0);
  CHECK(format_shape(sum_dim_shape({2, 3, 4}, 1)) == "(2, 4)");
  CHECK(format_shape(sum_dim_shape({}, 0)) == "()");
  MP_CHECK_ERR(sum_dim_shape({2, 3}, 2), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(sum_dim_shape({}, 1), IndexError,
               "dimension out of range (expected to be in range of [-1, 0], but got 1)");
  CHECK(format_shape(transpose_shape({2, 3})) == "(3, 2)");
  CHECK(format_shape(transpose_shape({5})) == "(5,)");
  MP_CHECK_ERR(transpose_shape({1, 2, 3}), ValueError, "t() expects a tensor with <= 2 dimensions, but got 3");
  CHECK(format_shape(creation_shape("zeros", {2, 0})) == "(2, 0)");
  MP_CHECK_ERR(creation_shape("full", {2, -5}), ValueError, "full(): negative dimension -5");
  CHECK(len_of({3, 2}) == 3);
  MP_CHECK_ERR(len_of({}), TypeError, "len() of a 0-d tensor");
  CHECK(normalize_index({3}, -1) == 2);
  CHECK(format_shape(index_shape({3, 4, 5}, 0)) == "(4, 5)");
  MP_CHECK_ERR(index_shape({3}, -4), IndexError, "index -4 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(normalize_index({}, 0), IndexError, "invalid index of a 0-d tensor");
  MP_CHECK_ERR(check_iter({}), TypeError, "iteration over a 0-d tensor");
  check_iter({0});
  MP_CHECK_ERR(check_item({2}), ValueError, "only one element tensors can be converted to Python scalars");
  MP_CHECK_ERR(check_truthy({0}), ValueError, "Boolean value of Tensor with more than one value is ambiguous");
  MP_CHECK_ERR(check_max({2, 0}), ValueError, "max(): empty tensor");
  MP_CHECK_ERR(check_mean({0}), ZeroDivisionError, "float division by zero");
  CHECK(shape_numel({}) == 1);
  CHECK(shape_numel({2, 0, 3}) == 0);
  CHECK(format_shape(shape_t{}) == "()");
  CHECK(format_shape(shape_t{4}) == "(4,)");
  CHECK(dtype_name(dtype_t::int64) == "int64");
  CHECK(dtype_name(dtype_t::float64) == "float64");
  CHECK(binop_symbol(binop::truediv) == "/");
  // Meta results agree with the computed tensors.
  const tensor a = ones({4, 1, 3});
  const tensor b = TL("[[1], [2]]");
  CHECK(binary(binop::add, a, b).meta() == tensor_meta{dtype_t::float64, broadcast_shape(a.shape(), b.shape())});
}

TEST_CASE("minipy tensor: shapes with many dimensions") {
  // Beyond the inline capacity of shape_t.
  const shape_t big{1, 2, 1, 2, 1, 2, 1, 2};
  const tensor z = zeros(big);
  CHECK(z.ndim() == 8);
  CHECK(format_shape(z.shape()) == "(1, 2, 1, 2, 1, 2, 1, 2)");
  const tensor r = arange(16).reshape(big);
  CHECK(format_shape(binary(binop::add, r, TL("[10, 20]")).shape()) == "(1, 2, 1, 2, 1, 2, 1, 2)");
  CHECK(repr(binary(binop::add, r, TL("[10, 20]")).reshape({16})) ==
        "tensor([10.0, 21.0, 12.0, 23.0, 14.0, 25.0, 16.0, 27.0, 18.0, 29.0, 20.0, 31.0, 22.0, 33.0, 24.0, "
        "35.0])");
  shape_t s;
  for (int i = 0; i < 9; ++i) s.push_back(i + 1);
  CHECK(s.size() == 9);
  CHECK(s[8] == 9);
  shape_t copy = s;
  CHECK(copy == s);
  copy.push_back(1);
  CHECK(!(copy == s));
}

TEST_CASE("minipy tensor: values share data but behave as values") {
  const tensor a = TL("[[1, 2], [3, 4]]");
  const tensor row = a.row(1);
  const tensor b = binary(binop::add, row, scalar{std::int64_t{10}});
  CHECK(repr(a) == "tensor([[1, 2], [3, 4]])");
  CHECK(repr(row) == "tensor([3, 4])");
  CHECK(repr(b) == "tensor([13, 14])");
  CHECK(equal_contents(a.reshape({4}).reshape({2, 2}), a));
  CHECK(!equal_contents(a, a.to_float()));
  CHECK(!equal_contents(a, a.t()));
  CHECK(equal_contents(TL("[nan, 1.0]"), TL("[nan, 1.0]")));
  CHECK(same_scalar(a.at(3), I(4)));
  CHECK(a.int_data() != nullptr);
  CHECK(a.float_data() == nullptr);
  CHECK(a.numel() == 4);
  // tolist() of an int tensor gives ints, of a float tensor floats.
  const nested l = a.tolist();
  CHECK(l.is_list());
  CHECK(same_scalar(l.as_list()[1].as_list()[0].as_scalar(), I(3)));
  CHECK(l == nested{{1, 2}, {3, 4}});
}

TEST_CASE("minipy tensor: large inputs") {
  // Sequential float accumulation: sum of 0.1 one million times, as CPython's
  // `acc = acc + x` loop gives.
  const tensor x = full({1000000}, F(0.1));
  CHECK(format_float(as_float(x.sum().item())) == "100000.00000133288");
  CHECK(format_float(as_float(x.mean().item())) == "0.10000000000133288");
  const tensor m = ones({300, 200});
  const tensor p = matmul(m, ones({200, 100}));
  CHECK(format_shape(p.shape()) == "(300, 100)");
  CHECK(same_scalar(p.max().item(), F(200.0)));
}
