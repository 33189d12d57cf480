// minipy's shape rules, written once for both kinds of shape: `shape_t` (int64 sizes,
// what tensors have) and `sym_shape` (lasso::sym_int sizes, what graph capture's
// metadata has when a dimension is dynamic). A rule compares and computes sizes with
// the same operators either way; on symbolic sizes each comparison the rule needs is
// answered with the traced sizes and recorded as a guard by lasso. Errors are the
// py_error the compute path throws, their text made from the traced sizes.
#pragma once

#include <lasso/symbolic/sym_int.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "minipy/numeric.hpp"

namespace minipy {

// The shape of capture metadata: sizes that may be symbolic.
using sym_shape = std::vector<lasso::sym_int>;

// What the rules need of a size type besides its operators.
template <class Size> struct size_ops;

template <> struct size_ops<std::int64_t> {
  static std::int64_t hint(std::int64_t v) noexcept { return v; }
  // false on overflow
  static bool multiply(std::int64_t a, std::int64_t b, std::int64_t& out) noexcept { return checked_mul(a, b, out); }
  static std::optional<std::int64_t> divide_exactly(std::int64_t a, std::int64_t b) {
    if (b == 0 || a % b != 0) return std::nullopt;
    return a / b;
  }
};

template <> struct size_ops<lasso::sym_int> {
  static std::int64_t hint(const lasso::sym_int& v) noexcept { return v.hint(); }
  // Symbolic arithmetic gives up (a graph break) on overflow of the traced sizes.
  static bool multiply(const lasso::sym_int& a, const lasso::sym_int& b, lasso::sym_int& out) {
    out = a * b;
    return true;
  }
  static std::optional<lasso::sym_int> divide_exactly(const lasso::sym_int& a, const lasso::sym_int& b) {
    return lasso::symbolic::divide_exactly(a, b);
  }
};

namespace shape_detail {
template <class Shape> using size_of_t = std::decay_t<decltype(std::declval<const Shape&>()[0])>;

[[noreturn]] inline void throw_py(exc_kind kind, std::string msg) { throw py_error(kind, std::move(msg)); }

// The shape as a Python tuple of its traced sizes: "()", "(4,)", "(2, 3)".
template <class Shape> std::string format(const Shape& s) {
  using Size = size_of_t<Shape>;
  std::string out = "(";
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(size_ops<Size>::hint(s[i]));
  }
  if (s.size() == 1) out += ',';
  return out + ')';
}
}  // namespace shape_detail

// Product of the sizes (1 for a 0-d shape).
template <class Shape> shape_detail::size_of_t<Shape> numel_of(const Shape& s) {
  shape_detail::size_of_t<Shape> n = 1;
  for (std::size_t i = 0; i < s.size(); ++i) n = n * s[i];
  return n;
}

// numpy broadcasting; ValueError("shapes (2, 3) and (4,) cannot be broadcast").
template <class Shape> Shape broadcast_shape(const Shape& a, const Shape& b) {
  using Size = shape_detail::size_of_t<Shape>;
  const std::size_t n = std::max(a.size(), b.size());
  Shape out;
  for (std::size_t i = 0; i < n; ++i) {
    // Align at the trailing dimension; missing leading dimensions count as 1.
    const Size da = i + a.size() >= n ? a[i + a.size() - n] : Size(1);
    const Size db = i + b.size() >= n ? b[i + b.size() - n] : Size(1);
    if (da == db || db == 1) {
      out.push_back(da);
    } else if (da == 1) {
      out.push_back(db);
    } else {
      shape_detail::throw_py(exc_kind::ValueError, "shapes " + shape_detail::format(a) + " and " +
                                                       shape_detail::format(b) + " cannot be broadcast");
    }
  }
  return out;
}

// 2-D@2-D, 1-D@1-D -> (), 1-D@2-D, 2-D@1-D; otherwise
// ValueError("matmul: shapes (2, 3) and (4, 5) are not aligned").
template <class Shape> Shape matmul_shape(const Shape& a, const Shape& b) {
  const std::size_t ra = a.size(), rb = b.size();
  Shape out;
  if (ra == 2 && rb == 2 && a[1] == b[0]) {
    out.push_back(a[0]);
    out.push_back(b[1]);
    return out;
  }
  if (ra == 1 && rb == 1 && a[0] == b[0]) return out;
  if (ra == 1 && rb == 2 && a[0] == b[0]) {
    out.push_back(b[1]);
    return out;
  }
  if (ra == 2 && rb == 1 && a[1] == b[0]) {
    out.push_back(a[0]);
    return out;
  }
  shape_detail::throw_py(exc_kind::ValueError, "matmul: shapes " + shape_detail::format(a) + " and " +
                                                   shape_detail::format(b) + " are not aligned");
}

// Resolves one -1; ValueError("cannot reshape tensor of shape (2, 3) into
// shape (4,)") with the requested shape as given.
template <class Shape> Shape reshape_shape(const Shape& from, const Shape& requested) {
  using Size = shape_detail::size_of_t<Shape>;
  const Size numel = numel_of(from);
  std::size_t inferred = 0;
  for (std::size_t i = 0; i < requested.size(); ++i)
    if (requested[i] == -1) ++inferred;
  if (inferred > 1) shape_detail::throw_py(exc_kind::ValueError, "reshape(): only one dimension can be inferred");
  Size known = 1;
  std::size_t unknown = requested.size();  // index of the -1, if any
  bool bad = false;
  for (std::size_t i = 0; i < requested.size(); ++i) {
    const Size& d = requested[i];
    if (d == -1) {
      unknown = i;
    } else if (d < 0 || !size_ops<Size>::multiply(known, d, known)) {
      bad = true;  // the product check cannot pass either
    }
  }
  if (!bad) {
    if (unknown == requested.size()) {
      if (known == numel) return requested;
    } else if (!(known == 0)) {
      if (auto rest = size_ops<Size>::divide_exactly(numel, known)) {
        Shape out = requested;
        out[unknown] = *rest;
        return out;
      }
    }
  }
  shape_detail::throw_py(exc_kind::ValueError, "cannot reshape tensor of shape " + shape_detail::format(from) +
                                                   " into shape " + shape_detail::format(requested));
}

// dim in [-ndim, ndim-1] (a 0-d tensor: [-1, 0]) -> non-negative dim;
// IndexError("dimension out of range (expected to be in range of [-2, 1],
// but got 2)").
template <class Shape> std::int64_t normalize_dim(const Shape& s, std::int64_t dim) {
  const auto n = static_cast<std::int64_t>(s.size());
  // A 0-d tensor behaves as if it had one dimension: dims -1 and 0 are valid.
  const std::int64_t lo = n > 0 ? -n : -1, hi = n > 0 ? n - 1 : 0;
  if (dim < lo || dim > hi)
    shape_detail::throw_py(exc_kind::IndexError, "dimension out of range (expected to be in range of [" +
                                                     std::to_string(lo) + ", " + std::to_string(hi) + "], but got " +
                                                     std::to_string(dim) + ")");
  if (n == 0) return 0;
  return dim < 0 ? dim + n : dim;
}

template <class Shape> Shape sum_dim_shape(const Shape& s, std::int64_t dim) {
  const auto d = static_cast<std::size_t>(normalize_dim(s, dim));
  if (s.empty()) return s;  // sum over the only element of a 0-d tensor
  Shape out;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (i != d) out.push_back(s[i]);
  return out;
}

// 2-D: swapped; 0-d/1-D unchanged; ValueError("t() expects a tensor with <= 2
// dimensions, but got 3").
template <class Shape> Shape transpose_shape(const Shape& s) {
  if (s.size() > 2)
    shape_detail::throw_py(exc_kind::ValueError,
                           "t() expects a tensor with <= 2 dimensions, but got " + std::to_string(s.size()));
  if (s.size() == 2) {
    Shape out;
    out.push_back(s[1]);
    out.push_back(s[0]);
    return out;
  }
  return s;
}

// zeros/ones/full (fn is the name): checks the sizes are non-negative,
// ValueError("zeros(): negative dimension -1").
template <class Shape> Shape creation_shape(std::string_view fn, const Shape& dims) {
  using Size = shape_detail::size_of_t<Shape>;
  for (std::size_t i = 0; i < dims.size(); ++i)
    if (dims[i] < 0)
      shape_detail::throw_py(exc_kind::ValueError, std::string(fn) + "(): negative dimension " +
                                                       std::to_string(size_ops<Size>::hint(dims[i])));
  Size n = 1;
  for (std::size_t i = 0; i < dims.size(); ++i)
    // Only reachable with absurd sizes; keeps numel arithmetic defined.
    if (!size_ops<Size>::multiply(n, dims[i], n)) shape_detail::throw_py(exc_kind::ValueError, "tensor is too large");
  return dims;
}

// len(t): shape[0]; TypeError("len() of a 0-d tensor").
template <class Shape> shape_detail::size_of_t<Shape> len_of(const Shape& s) {
  if (s.empty()) shape_detail::throw_py(exc_kind::TypeError, "len() of a 0-d tensor");
  return s[0];
}

// t[i]: i normalised to [0, shape[0]); IndexError("index 5 is out of bounds
// for dimension 0 with size 3") or IndexError("invalid index of a 0-d tensor").
template <class Shape> shape_detail::size_of_t<Shape> normalize_index(const Shape& s, std::int64_t i) {
  using Size = shape_detail::size_of_t<Shape>;
  if (s.empty()) shape_detail::throw_py(exc_kind::IndexError, "invalid index of a 0-d tensor");
  const Size& n = s[0];
  if (Size(i) < -n || Size(i) >= n)
    shape_detail::throw_py(exc_kind::IndexError, "index " + std::to_string(i) +
                                                     " is out of bounds for dimension 0 with size " +
                                                     std::to_string(size_ops<Size>::hint(n)));
  return i < 0 ? Size(i) + n : Size(i);
}

template <class Shape> Shape index_shape(const Shape& s, std::int64_t i) {
  normalize_index(s, i);
  Shape out;
  for (std::size_t k = 1; k < s.size(); ++k) out.push_back(s[k]);
  return out;
}

// ValueError("max(): empty tensor").
template <class Shape> void check_max(const Shape& s) {
  if (numel_of(s) == 0) shape_detail::throw_py(exc_kind::ValueError, "max(): empty tensor");
}

// ZeroDivisionError("float division by zero") for an empty tensor.
template <class Shape> void check_mean(const Shape& s) {
  if (numel_of(s) == 0) shape_detail::throw_py(exc_kind::ZeroDivisionError, "float division by zero");
}

}  // namespace minipy
