// Unit tests for minipy's tensors (minipy's numbers: unit-minipy-numeric.cpp).
//
// Every expected value below was produced by CPython running
// tests/minipy/prelude.py (the oracle), not by this implementation.  The only
// exceptions are marked "minipy-specific": int64 overflow, where CPython would
// produce a big int.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "minipy/numeric.hpp"
#include "minipy/repr.hpp"
#include "minipy/tensor.hpp"
#include "scalar-checks.hpp"

using namespace minipy;
using namespace minipy_tests;

namespace {

std::string to_text(const tensor& t);
std::string to_text(const nested& n);
std::string to_text(const scalar& s) { return show(s); }
std::string to_text(bool b) { return b ? "True" : "False"; }
std::string to_text(std::int64_t i) { return format_int(i); }
std::string to_text(const std::string& s) { return s; }

// A non-template helper like check_error_fn (scalar-checks.hpp): fast to compile.
void check_eq_fn(const std::function<std::string()>& f, const char* text, const std::string& want) {
  INFO(std::string(text));
  try {
    CHECK(f() == want);
  } catch (const py_error& e) { FAIL_CHECK("unexpected " << exc_name(e.kind) << ": " << e.message); }
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
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[2, 4, 6], [8, 10, 12]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")),
        "tensor([[1.5, 1.0, 5.0], [5.5, 5.25, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")),
        "tensor([[11, 22, 33], [14, 25, 36]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")),
        "tensor([[11, 12, 13], [24, 25, 26]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1], [2], [3]]"), TL("[10, 20]")),
        "tensor([[11, 21], [12, 22], [13, 23]]) int64 (3, 2)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}),
        "tensor([[3, 4, 5], [6, 7, 8]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}),
        "tensor([[3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[8, 9, 10], [11, 12, 13]]) int64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[1.5, 2.5, 3.5], [4.5, 5.5, 6.5]]) float64 (2, 3)");
  MP_EQ(binary(binop::add, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[2, 3, 4], [5, 6, 7]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::add, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError,
               "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::add, T(5), T(3)), "tensor(8) int64 ()");
  MP_EQ(binary(binop::add, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[0, 0, 0], [0, 0, 0]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")),
        "tensor([[0.5, 3.0, 1.0], [2.5, 4.75, 9.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")),
        "tensor([[-9, -18, -27], [-6, -15, -24]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")),
        "tensor([[-9, -8, -7], [-16, -15, -14]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1], [2], [3]]"), TL("[10, 20]")),
        "tensor([[-9, -19], [-8, -18], [-7, -17]]) int64 (3, 2)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}),
        "tensor([[-1, 0, 1], [2, 3, 4]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}),
        "tensor([[-1.0, 0.0, 1.0], [2.0, 3.0, 4.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[6, 5, 4], [3, 2, 1]]) int64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[-0.5, -1.5, -2.5], [-3.5, -4.5, -5.5]]) float64 (2, 3)");
  MP_EQ(binary(binop::sub, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[0, -1, -2], [-3, -4, -5]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::sub, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError,
               "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::sub, T(5), T(3)), "tensor(2) int64 ()");
  MP_EQ(binary(binop::sub, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[1, 4, 9], [16, 25, 36]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")),
        "tensor([[0.5, -2.0, 6.0], [6.0, 1.25, -18.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")),
        "tensor([[10, 40, 90], [40, 100, 180]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")),
        "tensor([[10, 20, 30], [80, 100, 120]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1], [2], [3]]"), TL("[10, 20]")),
        "tensor([[10, 20], [20, 40], [30, 60]]) int64 (3, 2)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}),
        "tensor([[2, 4, 6], [8, 10, 12]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}),
        "tensor([[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[7, 14, 21], [28, 35, 42]]) int64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::mul, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[1, 2, 3], [4, 5, 6]]) int64 (2, 3)");
  MP_CHECK_ERR(binary(binop::mul, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError,
               "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::mul, T(5), T(3)), "tensor(15) int64 ()");
  MP_EQ(binary(binop::mul, TL("[]"), T(3)), "tensor([]) int64 (0,)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")),
        "tensor([[2.0, -2.0, 1.5], [2.6666666666666665, 20.0, -2.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[10, 20, 30]")),
        "tensor([[0.1, 0.1, 0.1], [0.4, 0.25, 0.2]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[10], [20]]")),
        "tensor([[0.1, 0.2, 0.3], [0.2, 0.25, 0.3]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1], [2], [3]]"), TL("[10, 20]")),
        "tensor([[0.1, 0.05], [0.2, 0.1], [0.3, 0.15]]) float64 (3, 2)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{std::int64_t{2}}),
        "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), scalar{2.0}),
        "tensor([[0.5, 1.0, 1.5], [2.0, 2.5, 3.0]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{std::int64_t{7}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[7.0, 3.5, 2.3333333333333335], [1.75, 1.4, 1.1666666666666667]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{0.5}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[0.5, 0.25, 0.16666666666666666], [0.125, 0.1, 0.08333333333333333]]) float64 (2, 3)");
  MP_EQ(binary(binop::truediv, scalar{std::int64_t{1}}, TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[1.0, 0.5, 0.3333333333333333], [0.25, 0.2, 0.16666666666666666]]) float64 (2, 3)");
  MP_CHECK_ERR(binary(binop::truediv, TL("[[1, 2, 3], [4, 5, 6]]"), TL("[1, 2, 3, 4]")), ValueError,
               "shapes (2, 3) and (4,) cannot be broadcast");
  MP_EQ(binary(binop::truediv, T(5), T(3)), "tensor(1.6666666666666667) float64 ()");
  MP_EQ(binary(binop::truediv, TL("[]"), T(3)), "tensor([]) float64 (0,)");
  MP_EQ(binary(binop::add, TL("[[[1], [2]]]"), TL("[[10, 20, 30]]")),
        "tensor([[[11, 21, 31], [12, 22, 32]]]) int64 (1, 2, 3)");
  MP_EQ(
      binary(binop::add, zeros({2, 1, 3}), TL("[[1], [2], [3], [4]]")),
      "tensor([[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [3.0, 3.0, 3.0], [4.0, 4.0, 4.0]], [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0], [3.0, 3.0, 3.0], [4.0, 4.0, 4.0]]]) float64 (2, 4, 3)");
  MP_CHECK_ERR(binary(binop::add, zeros({2, 3}), zeros({4})), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_CHECK_ERR(binary(binop::add, zeros({4}), zeros({2, 3})), ValueError, "shapes (4,) and (2, 3) cannot be broadcast");
  MP_EQ(binary(binop::mul, zeros({0, 3}), zeros({1})), "tensor([]) float64 (0, 3)");
  MP_CHECK_ERR(binary(binop::mul, zeros({0, 3}), zeros({2, 3})), ValueError,
               "shapes (0, 3) and (2, 3) cannot be broadcast");
  MP_CHECK_ERR(binary(binop::truediv, TL("[1, 2]"), TL("[1, 0]")), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, TL("[1.5, 2]"), scalar{0.0}), ZeroDivisionError, "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, scalar{std::int64_t{1}}, TL("[2, 0]")), ZeroDivisionError,
               "float division by zero");
  MP_CHECK_ERR(binary(binop::truediv, TL("[0.0, -1.0]"), TL("[0.0, 0.0]")), ZeroDivisionError,
               "float division by zero");
  MP_EQ(binary(binop::truediv, T(9007199254740993), T(1)), "tensor(9007199254740992.0) float64 ()");
  MP_EQ(binary(binop::add, TL("[1e308]"), TL("[1e308]")), "tensor([inf]) float64 (1,)");
  MP_EQ(binary(binop::mul, TL("[0.1]"), TL("[3]")), "tensor([0.30000000000000004]) float64 (1,)");
  MP_EQ(binary(binop::sub, TL("[inf]"), TL("[inf]")), "tensor([nan]) float64 (1,)");
  MP_EQ(neg(TL("[[1, 2, 3], [4, 5, 6]]")), "tensor([[-1, -2, -3], [-4, -5, -6]]) int64 (2, 3)");
  MP_EQ(neg(TL("[[0.5, -1.0, 2.0], [1.5, 0.25, -3.0]]")),
        "tensor([[-0.5, 1.0, -2.0], [-1.5, -0.25, 3.0]]) float64 (2, 3)");
  MP_EQ(neg(TL("[0.0]")), "tensor([-0.0]) float64 (1,)");
}

TEST_CASE("minipy tensor: matmul") {
  MP_EQ(matmul(TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1.5, -2], [0.25, 4], [3, 0.5]]")),
        "tensor([[11.0, 7.5], [25.25, 15.0]]) float64 (2, 2)");
  MP_EQ(matmul(TL("[[1.5, -2], [0.25, 4], [3, 0.5]]"), TL("[[1, 2, 3], [4, 5, 6]]")),
        "tensor([[-6.5, -7.0, -7.5], [16.25, 20.5, 24.75], [5.0, 8.5, 12.0]]) float64 (3, 3)");
  MP_EQ(matmul(TL("[[1, 2, 3], [4, 5, 6]]"), TL("[[1, 2, 3], [4, 5, 6]]").t()),
        "tensor([[14, 32], [32, 77]]) int64 (2, 2)");
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
  MP_CHECK_ERR(matmul(zeros({1, 2, 3}), zeros({3, 2})), ValueError,
               "matmul: shapes (1, 2, 3) and (3, 2) are not aligned");
  MP_CHECK_ERR(matmul(zeros({3}), zeros({3, 2, 1})), ValueError, "matmul: shapes (3,) and (3, 2, 1) are not aligned");
}

TEST_CASE("minipy tensor: elementwise methods") {
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").relu(),
        "tensor([[0.0, 0.0, 2.0], [0.0, 3.0, 0.0]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").relu(), "tensor([0, 0, 3]) int64 (3,)");
  MP_EQ(TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").abs(), "tensor([[1.5, 0.0, 2.0], [0.0, 3.0, 4.0]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").abs(), "tensor([2, 0, 3]) int64 (3,)");
  MP_EQ(
      TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").exp(),
      "tensor([[0.22313016014842982, 1.0, 7.38905609893065], [1.0, 20.085536923187668, 0.01831563888873418]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").exp(), "tensor([0.1353352832366127, 1.0, 20.085536923187668]) float64 (3,)");
  MP_EQ(
      TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").tanh(),
      "tensor([[-0.9051482536448664, 0.0, 0.9640275800758169], [-0.0, 0.9950547536867305, -0.999329299739067]]) float64 (2, 3)");
  MP_EQ(TL("[-2, 0, 3]").tanh(), "tensor([-0.9640275800758169, 0.0, 0.9950547536867305]) float64 (3,)");
  MP_EQ(
      TL("[[-1.5, 0.0, 2.0], [-0.0, 3.0, -4.0]]").sigmoid(),
      "tensor([[0.18242552380635635, 0.5, 0.8807970779778823], [0.5, 0.9525741268224334, 0.01798620996209156]]) float64 (2, 3)");
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
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(-4), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(-3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(-2), "tensor([5, 7, 9]) int64 (3,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(-1), "tensor([6, 15]) int64 (2,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(0), "tensor([5, 7, 9]) int64 (3,)");
  MP_EQ(TL("[[1, 2, 3], [4, 5, 6]]").sum(1), "tensor([6, 15]) int64 (2,)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(2), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(TL("[[1, 2, 3], [4, 5, 6]]").sum(3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 3)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").mean(), "tensor(0.0) float64 ()");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").max(), "tensor(1e+16) float64 ()");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-4), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-2), "tensor([1e+16, 1.2, -1e+16]) float64 (3,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(-1), "tensor([0.6000000000000001, 0.0]) float64 (2,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(0), "tensor([1e+16, 1.2, -1e+16]) float64 (3,)");
  MP_EQ(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(1), "tensor([0.6000000000000001, 0.0]) float64 (2,)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(2), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(TL("[[0.1, 0.2, 0.3], [1e16, 1.0, -1e16]]").sum(3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 3)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(), "tensor(276.0) float64 ()");
  MP_EQ(arange(24).reshape({2, 3, 4}).mean(), "tensor(11.5) float64 ()");
  MP_EQ(arange(24).reshape({2, 3, 4}).max(), "tensor(23.0) float64 ()");
  MP_CHECK_ERR(arange(24).reshape({2, 3, 4}).sum(-4), IndexError,
               "dimension out of range (expected to be in range of [-3, 2], but got -4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-3),
        "tensor([[12.0, 14.0, 16.0, 18.0], [20.0, 22.0, 24.0, 26.0], [28.0, 30.0, 32.0, 34.0]]) float64 (3, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-2),
        "tensor([[12.0, 15.0, 18.0, 21.0], [48.0, 51.0, 54.0, 57.0]]) float64 (2, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(-1), "tensor([[6.0, 22.0, 38.0], [54.0, 70.0, 86.0]]) float64 (2, 3)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(0),
        "tensor([[12.0, 14.0, 16.0, 18.0], [20.0, 22.0, 24.0, 26.0], [28.0, 30.0, 32.0, 34.0]]) float64 (3, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(1),
        "tensor([[12.0, 15.0, 18.0, 21.0], [48.0, 51.0, 54.0, 57.0]]) float64 (2, 4)");
  MP_EQ(arange(24).reshape({2, 3, 4}).sum(2), "tensor([[6.0, 22.0, 38.0], [54.0, 70.0, 86.0]]) float64 (2, 3)");
  MP_CHECK_ERR(arange(24).reshape({2, 3, 4}).sum(3), IndexError,
               "dimension out of range (expected to be in range of [-3, 2], but got 3)");
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
  MP_CHECK_ERR(zeros({2, 0}).sum(-4), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -4)");
  MP_CHECK_ERR(zeros({2, 0}).sum(-3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got -3)");
  MP_EQ(zeros({2, 0}).sum(-2), "tensor([]) float64 (0,)");
  MP_EQ(zeros({2, 0}).sum(-1), "tensor([0.0, 0.0]) float64 (2,)");
  MP_EQ(zeros({2, 0}).sum(0), "tensor([]) float64 (0,)");
  MP_EQ(zeros({2, 0}).sum(1), "tensor([0.0, 0.0]) float64 (2,)");
  MP_CHECK_ERR(zeros({2, 0}).sum(2), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(zeros({2, 0}).sum(3), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 3)");
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
  MP_EQ(
      arange(6).reshape({1, -1, 3, 1, 1, 1, 1}),
      "tensor([[[[[[[0.0]]]], [[[[1.0]]]], [[[[2.0]]]]], [[[[[3.0]]]], [[[[4.0]]]], [[[[5.0]]]]]]]) float64 (1, 2, 3, 1, 1, 1, 1)");
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
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(3), IndexError,
               "index 3 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(-4), IndexError,
               "index -4 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(TL("[[1, 2], [3, 4], [5, 6]]").row(5), IndexError,
               "index 5 is out of bounds for dimension 0 with size 3");
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
  CHECK(format_shape(broadcast_shape(shape_t{2, 3}, shape_t{3})) == "(2, 3)");
  CHECK(format_shape(broadcast_shape(shape_t{4, 1, 3}, shape_t{2, 1})) == "(4, 2, 3)");
  CHECK(format_shape(broadcast_shape(shape_t{}, shape_t{0, 2})) == "(0, 2)");
  CHECK(format_shape(broadcast_shape(shape_t{1}, shape_t{0})) == "(0,)");
  MP_CHECK_ERR(broadcast_shape(shape_t{2, 3}, shape_t{4}), ValueError, "shapes (2, 3) and (4,) cannot be broadcast");
  MP_CHECK_ERR(broadcast_shape(shape_t{0}, shape_t{2}), ValueError, "shapes (0,) and (2,) cannot be broadcast");
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
  CHECK(format_shape(matmul_shape(shape_t{2, 3}, shape_t{3, 4})) == "(2, 4)");
  CHECK(format_shape(matmul_shape(shape_t{3}, shape_t{3})) == "()");
  CHECK(format_shape(matmul_shape(shape_t{3}, shape_t{3, 4})) == "(4,)");
  CHECK(format_shape(matmul_shape(shape_t{2, 3}, shape_t{3})) == "(2,)");
  MP_CHECK_ERR(matmul_shape(shape_t{2, 3}, shape_t{4, 5}), ValueError,
               "matmul: shapes (2, 3) and (4, 5) are not aligned");
  MP_CHECK_ERR(matmul_shape(shape_t{}, shape_t{}), ValueError, "matmul: shapes () and () are not aligned");
  CHECK(matmul_dtype(dtype_t::int64, dtype_t::int64) == dtype_t::int64);
  CHECK(matmul_dtype(dtype_t::int64, dtype_t::float64) == dtype_t::float64);
  CHECK(format_shape(reshape_shape(shape_t{2, 3}, shape_t{-1})) == "(6,)");
  CHECK(format_shape(reshape_shape(shape_t{2, 3}, shape_t{3, -1})) == "(3, 2)");
  MP_CHECK_ERR(reshape_shape(shape_t{2, 3}, shape_t{4}), ValueError,
               "cannot reshape tensor of shape (2, 3) into shape (4,)");
  MP_CHECK_ERR(reshape_shape(shape_t{2, 3}, shape_t{-1, -1}), ValueError,
               "reshape(): only one dimension can be inferred");
  CHECK(normalize_dim(shape_t{2, 3}, -1) == 1);
  CHECK(normalize_dim(shape_t{}, -1) == 0);
  CHECK(format_shape(sum_dim_shape(shape_t{2, 3, 4}, 1)) == "(2, 4)");
  CHECK(format_shape(sum_dim_shape(shape_t{}, 0)) == "()");
  MP_CHECK_ERR(sum_dim_shape(shape_t{2, 3}, 2), IndexError,
               "dimension out of range (expected to be in range of [-2, 1], but got 2)");
  MP_CHECK_ERR(sum_dim_shape(shape_t{}, 1), IndexError,
               "dimension out of range (expected to be in range of [-1, 0], but got 1)");
  CHECK(format_shape(transpose_shape(shape_t{2, 3})) == "(3, 2)");
  CHECK(format_shape(transpose_shape(shape_t{5})) == "(5,)");
  MP_CHECK_ERR(transpose_shape(shape_t{1, 2, 3}), ValueError, "t() expects a tensor with <= 2 dimensions, but got 3");
  CHECK(format_shape(creation_shape("zeros", shape_t{2, 0})) == "(2, 0)");
  MP_CHECK_ERR(creation_shape("full", shape_t{2, -5}), ValueError, "full(): negative dimension -5");
  CHECK(len_of(shape_t{3, 2}) == 3);
  MP_CHECK_ERR(len_of(shape_t{}), TypeError, "len() of a 0-d tensor");
  CHECK(normalize_index(shape_t{3}, -1) == 2);
  CHECK(format_shape(index_shape(shape_t{3, 4, 5}, 0)) == "(4, 5)");
  MP_CHECK_ERR(index_shape(shape_t{3}, -4), IndexError, "index -4 is out of bounds for dimension 0 with size 3");
  MP_CHECK_ERR(normalize_index(shape_t{}, 0), IndexError, "invalid index of a 0-d tensor");
  MP_CHECK_ERR(check_iter({}), TypeError, "iteration over a 0-d tensor");
  check_iter({0});
  MP_CHECK_ERR(check_item({2}), ValueError, "only one element tensors can be converted to Python scalars");
  MP_CHECK_ERR(check_truthy({0}), ValueError, "Boolean value of Tensor with more than one value is ambiguous");
  MP_CHECK_ERR(check_max(shape_t{2, 0}), ValueError, "max(): empty tensor");
  MP_CHECK_ERR(check_mean(shape_t{0}), ZeroDivisionError, "float division by zero");
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
  CHECK(binary(binop::add, a, b).meta() ==
        tensor_meta{dtype_t::float64, to_sym_shape(broadcast_shape(a.shape(), b.shape()))});
}

TEST_CASE("minipy tensor: meta rules on symbolic sizes") {
  // The same rules on sizes of a shape environment: s0 = 4, s1 = 3 when traced.
  lasso::symbolic::shape_env env;
  const lasso::sym_int s0 = lasso::sym_int::of_atom(env, env.add_symbol("L['x'].shape[0]", 4));
  const lasso::sym_int s1 = lasso::sym_int::of_atom(env, env.add_symbol("L['y'].shape[0]", 3));
  auto text = [](const sym_shape& s) {
    std::string out;
    for (const auto& d : s) out += (out.empty() ? "" : ", ") + d.text();
    return "[" + out + "]";
  };
  auto guards = [&] {
    std::vector<std::string> out;
    for (const auto& g : env.guards()) out.push_back(g.text);
    return out;
  };
  // Broadcasting against 1 and a missing dimension asks nothing (s0 >= 2 is known).
  CHECK(text(broadcast_shape(sym_shape{s0, 3}, sym_shape{1, 3})) == "[s0, 3]");
  CHECK(text(broadcast_shape(sym_shape{s0, 3}, sym_shape{3})) == "[s0, 3]");
  CHECK(guards().empty());
  // Two symbols that broadcast need a relation: 4 != 3, and neither is 1: the error,
  // with the traced sizes in its text, and the relation recorded.
  MP_CHECK_ERR(broadcast_shape(sym_shape{s0}, sym_shape{s1}), ValueError, "shapes (4,) and (3,) cannot be broadcast");
  CHECK(guards() == std::vector<std::string>{"s0 != s1"});
  // matmul's inner sizes: equal when traced is a relation; the result keeps the symbols.
  CHECK(text(matmul_shape(sym_shape{s1, s0}, sym_shape{s0, s1})) == "[s1, s1]");
  // reshape: -1 divides the element count as a polynomial; a count that does not match
  // is the compute path's error.
  CHECK(text(reshape_shape(sym_shape{s0, 3}, sym_shape{3, -1})) == "[3, s0]");
  CHECK(text(reshape_shape(sym_shape{s0, 3}, sym_shape{s0 * 3})) == "[3*s0]");
  MP_CHECK_ERR(reshape_shape(sym_shape{s0, 3}, sym_shape{s0, 2}), ValueError,
               "cannot reshape tensor of shape (4, 3) into shape (4, 2)");
  CHECK(guards() == std::vector<std::string>{"s0 != s1"});
  // Reductions, transposes, rows and constructors keep the sizes.
  CHECK(text(sum_dim_shape(sym_shape{s0, s1}, 0)) == "[s1]");
  CHECK(text(transpose_shape(sym_shape{s0, s1})) == "[s1, s0]");
  CHECK(text(index_shape(sym_shape{s0, s1}, -1)) == "[s1]");
  CHECK(len_of(sym_shape{s0, s1}).same_as(s0));
  CHECK(text(creation_shape("zeros", sym_shape{s0 - 1, 2})) == "[s0 - 1, 2]");
  check_max(sym_shape{s0, s1});
  // s0 - 1 >= 0 and s0*s1 != 0 follow from s0, s1 >= 2: nothing more was asked.
  CHECK(guards() == std::vector<std::string>{"s0 != s1"});
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
