// minipy tensors (SPEC.md, "Tensors"): dtype int64/float64, row-major
// contiguous data, numpy broadcasting, Python number semantics per element.
//
// Tensors are values: the data buffer is immutable and shared between copies,
// rows and reshapes, so copying a tensor is cheap.
//
// Two layers:
//  * meta functions (broadcast_shape, binary_dtype, matmul_shape, ...) are
//    pure functions of dtypes and shapes that throw exactly the py_error the
//    compute path throws; graph capture uses them to propagate metadata;
//  * compute functions call the meta functions first, then run the kernels.
//
// Where SPEC.md is silent this follows tests/minipy/prelude.py (the oracle):
//  * elements are Python numbers: `/` computes float(x) / float(y) even for
//    int64 operands and raises ZeroDivisionError("float division by zero");
//    exp()/sigmoid() overflow raises OverflowError("math range error") and
//    sqrt() of a negative ValueError("math domain error") as math.* do;
//    mean() of an empty tensor raises ZeroDivisionError("float division by
//    zero");
//  * int64 overflow (which CPython would turn into a big int; tests stay in
//    range) raises OverflowError("integer overflow") like minipy ints;
//  * tensor([]) is int64; nested data is checked depth-first (see make_tensor);
//  * zeros(-1): ValueError("zeros(): negative dimension -1") (also ones/full);
//    reshape with two -1: ValueError("reshape(): only one dimension can be
//    inferred");
//  * a 0-d tensor accepts sum(0) and sum(-1) (a copy); its error range is
//    [-1, 0].
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "minipy/numeric.hpp"
#include "minipy/shape_rules.hpp"

namespace minipy {

enum class dtype_t : std::uint8_t { int64, float64 };

// "int64" / "float64", the value of the Python attribute `dtype`.
std::string_view dtype_name(dtype_t dt) noexcept;
inline dtype_t scalar_dtype(const scalar& s) noexcept { return is_int(s) ? dtype_t::int64 : dtype_t::float64; }

// A tensor shape: a small vector of sizes, stored inline up to 6 dimensions.
class shape_t {
 public:
  static constexpr std::size_t inline_capacity = 6;

  shape_t() noexcept = default;
  shape_t(std::initializer_list<std::int64_t> dims) { assign(dims.begin(), dims.size()); }
  explicit shape_t(std::span<const std::int64_t> dims) { assign(dims.data(), dims.size()); }

  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  const std::int64_t* data() const noexcept { return size_ <= inline_capacity ? inline_ : heap_.data(); }
  std::int64_t* data() noexcept { return size_ <= inline_capacity ? inline_ : heap_.data(); }
  const std::int64_t* begin() const noexcept { return data(); }
  const std::int64_t* end() const noexcept { return data() + size_; }
  std::int64_t operator[](std::size_t i) const noexcept { return data()[i]; }
  std::int64_t& operator[](std::size_t i) noexcept { return data()[i]; }
  std::int64_t back() const noexcept { return data()[size_ - 1]; }
  operator std::span<const std::int64_t>() const noexcept { return {data(), size_}; }

  void push_back(std::int64_t v);
  void clear() noexcept {
    size_ = 0;
    heap_.clear();
  }

  friend bool operator==(const shape_t& a, const shape_t& b) noexcept {
    if (a.size_ != b.size_) return false;
    const std::int64_t* x = a.data();
    const std::int64_t* y = b.data();
    for (std::size_t i = 0; i < a.size_; ++i)
      if (x[i] != y[i]) return false;
    return true;
  }

 private:
  void assign(const std::int64_t* p, std::size_t n);

  std::size_t size_ = 0;
  std::int64_t inline_[inline_capacity] = {};
  std::vector<std::int64_t> heap_;  // holds all sizes when size_ > inline_capacity
};

// Product of the sizes (1 for a 0-d shape).
std::int64_t shape_numel(const shape_t& s) noexcept;
// The shape as a Python tuple: "()", "(4,)", "(2, 3)".
std::string format_shape(std::span<const std::int64_t> s);

// Nested input/output data, as Python's tensor(data) argument and tolist().
// std::monostate stands for an element that is not a number: tensor() reports
// it with TypeError in depth-first order together with raggedness.
struct nested {
  std::variant<scalar, std::vector<nested>, std::monostate> v;

  nested() : v(std::vector<nested>{}) {}                      // [] (so that `{}` is an empty list)
  nested(const scalar& s) : v(s) {}                           // NOLINT: implicit by design
  nested(std::int64_t i) : v(scalar{i}) {}                    // NOLINT
  nested(int i) : v(scalar{std::int64_t{i}}) {}               // NOLINT
  nested(double d) : v(scalar{d}) {}                          // NOLINT
  nested(std::vector<nested> items) : v(std::move(items)) {}  // NOLINT
  nested(std::initializer_list<nested> items) : v(std::vector<nested>(items)) {}
  static nested non_number() {
    nested n;
    n.v = std::monostate{};
    return n;
  }

  bool is_scalar() const noexcept { return v.index() == 0; }
  bool is_list() const noexcept { return v.index() == 1; }
  const scalar& as_scalar() const { return std::get<0>(v); }
  const std::vector<nested>& as_list() const { return std::get<1>(v); }
  friend bool operator==(const nested& a, const nested& b) = default;  // exact (NaN != NaN)
};

enum class binop : std::uint8_t { add, sub, mul, truediv };
std::string_view binop_symbol(binop op) noexcept;  // "+", "-", "*", "/"
enum class unop : std::uint8_t { neg, relu, abs, exp, tanh, sqrt, sigmoid };

// What graph capture knows of a tensor: its dtype and shape, whose sizes may be
// symbolic (lasso::sym_int). Two are equal when their sizes are the same
// expressions (comparing sizes with == would record guards).
struct tensor_meta {
  dtype_t dtype;
  sym_shape shape;
  friend bool operator==(const tensor_meta& a, const tensor_meta& b) noexcept {
    if (a.dtype != b.dtype || a.shape.size() != b.shape.size()) return false;
    for (std::size_t i = 0; i < a.shape.size(); ++i)
      if (!a.shape[i].same_as(b.shape[i])) return false;
    return true;
  }
};
// The sizes of a static shape, as capture metadata's.
sym_shape to_sym_shape(const shape_t& s);

// ---------------------------------------------------------------- meta rules
// The shape rules (broadcast_shape, matmul_shape, reshape_shape, normalize_dim,
// sum_dim_shape, transpose_shape, creation_shape, len_of, normalize_index,
// index_shape, check_max, check_mean) are templates in minipy/shape_rules.hpp,
// for static and symbolic shapes alike.
// float64 if either side is float64 (a float scalar counts as float64, an int
// or bool scalar as int64), else int64; truediv always float64.
dtype_t binary_dtype(binop op, dtype_t a, dtype_t b) noexcept;
// neg/relu/abs keep the dtype; exp/tanh/sqrt/sigmoid give float64.
dtype_t unary_dtype(unop op, dtype_t a) noexcept;
dtype_t matmul_dtype(dtype_t a, dtype_t b) noexcept;
// for row in t: TypeError("iteration over a 0-d tensor").
void check_iter(const shape_t& s);
// ValueError("only one element tensors can be converted to Python scalars").
void check_item(const shape_t& s);
// ValueError("Boolean value of Tensor with more than one value is ambiguous").
void check_truthy(const shape_t& s);

// ---------------------------------------------------------------- tensor
class tensor {
 public:
  tensor();  // tensor(0): 0-d int64

  // Row-major data; the element count must match the shape
  // (std::invalid_argument otherwise: a caller bug, not a Python error).
  static tensor from_ints(shape_t shape, std::vector<std::int64_t> data);
  static tensor from_floats(shape_t shape, std::vector<double> data);
  static tensor from_scalar(const scalar& s);  // 0-d
  // A tensor over elements its caller wrote: `data` points at numel(shape) elements of
  // the dtype (8 bytes each), which nobody changes while a tensor shares them.
  static tensor from_buffer(dtype_t dt, shape_t shape, std::shared_ptr<const void> data);

  dtype_t dtype() const noexcept { return dtype_; }
  const shape_t& shape() const noexcept { return shape_; }
  std::int64_t ndim() const noexcept { return static_cast<std::int64_t>(shape_.size()); }
  std::int64_t numel() const noexcept { return numel_; }
  tensor_meta meta() const { return {dtype_, to_sym_shape(shape_)}; }
  // Contiguous row-major elements; null unless the dtype matches.
  const std::int64_t* int_data() const noexcept;
  const double* float_data() const noexcept;
  scalar at(std::int64_t flat_index) const;  // element by row-major position (unchecked)

  // Python methods.
  std::int64_t len() const { return len_of(shape_); }
  tensor row(std::int64_t i) const;  // t[i], shares the data
  bool truthy() const;               // bool(t)
  tensor relu() const;
  tensor abs() const;
  tensor exp() const;
  tensor tanh() const;
  tensor sqrt() const;
  tensor sigmoid() const;
  tensor sum() const;
  tensor sum(std::int64_t dim) const;
  tensor mean() const;
  tensor max() const;
  tensor t() const;
  tensor reshape(const shape_t& requested) const;  // shares the data
  tensor to_float() const;                         // t.float()
  scalar item() const;
  nested tolist() const;  // a 0-d tensor gives the number

 private:
  tensor(dtype_t dt, shape_t shape, std::shared_ptr<const void> data);
  friend struct tensor_access;

  dtype_t dtype_;
  shape_t shape_;
  std::int64_t numel_;
  std::shared_ptr<const void> data_;  // points at element 0 (aliasing the owning buffer)
};

// tensor(data): int64 if every element is an int, else float64.  The shape
// is read along the first elements; then the data is walked depth-first and
// the first offending node decides: wrong length, a list at the element
// depth or a non-list above it gives ValueError("tensor(): ragged nested
// sequence"), a non-number element TypeError("tensor(): elements must be
// numbers").
tensor make_tensor(const nested& data);
// The rows stacked along a new first dimension (map_rows): ValueError("map_rows():
// no rows to stack") or ValueError("map_rows(): rows of different shapes or dtypes").
tensor stack_rows(const std::vector<tensor>& rows);
tensor zeros(const shape_t& shape);                      // float64
tensor ones(const shape_t& shape);                       // float64
tensor full(const shape_t& shape, const scalar& value);  // dtype of value
tensor arange(std::int64_t n);                           // float64 0.0 .. n-1

tensor binary(binop op, const tensor& a, const tensor& b);
tensor binary(binop op, const tensor& a, const scalar& b);
tensor binary(binop op, const scalar& a, const tensor& b);

// How a broadcasting loop walks its operands: the output's dimensions (size-1
// dimensions dropped, neighbours contiguous in both operands merged) and each
// operand's stride in elements along them (0 where it is broadcast).
struct broadcast_plan {
  shape_t dims, sa, sb;
};

// binary() compiled for operands of fixed dtypes and shapes (a Python number is a
// 0-d operand of its dtype): the result's dtype and shape and the broadcast plan are
// worked out once, so a call allocates the result and loops. The constructor raises
// what binary() raises for operands that do not broadcast. A call gives what binary()
// gives for operands of exactly those dtypes and shapes (the caller checks them with
// takes()), errors and memory accounting included.
class binary_kernel {
 public:
  binary_kernel(binop op, dtype_t a, const shape_t& a_shape, dtype_t b, const shape_t& b_shape);
  // Whether operand `side` (0 or 1) may be `t`.
  bool takes(std::size_t side, const tensor& t) const noexcept {
    return t.dtype() == dtypes_[side] && t.shape() == shapes_[side];
  }
  // The result for operands whose elements are at `a` and `b` (int64_t or double as
  // their dtypes say; a number operand: its one value).
  tensor operator()(const void* a, const void* b) const;

 private:
  binop op_;
  dtype_t dtypes_[2];
  shape_t shapes_[2];
  dtype_t result_dtype_;
  shape_t result_shape_;
  broadcast_plan plan_;
};
tensor unary(unop op, const tensor& a);
tensor neg(const tensor& a);
tensor matmul(const tensor& a, const tensor& b);
// True when abs(a - b) <= tol for every broadcast element pair (Python
// element semantics; NaN gives False).  Python numbers: pass 0-d tensors.
bool allclose(const tensor& a, const tensor& b, const scalar& tol = scalar{1e-9});

// "tensor(" + repr(t.tolist()) + ")".
std::string repr(const tensor& t);
void append_repr(std::string& out, const tensor& t);

// Same dtype, shape and elements (NaN equals NaN); for tests.  Python's ==
// on tensors is identity and is the VM's business.
bool equal_contents(const tensor& a, const tensor& b) noexcept;

}  // namespace minipy
