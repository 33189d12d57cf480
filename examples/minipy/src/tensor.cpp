// minipy tensors; see tensor.hpp for the semantics and the choices made.
#include "minipy/tensor.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "minipy/element_ops.hpp"
#include "minipy/repr.hpp"

// The oracle rounds after every + and * (acc = acc + a*b in Python); a fused
// multiply-add would change results, so contraction is disabled here.
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace minipy {

// ======================================================================
// shapes, names

void shape_t::assign(const std::int64_t* p, std::size_t n) {
  size_ = n;
  if (n <= inline_capacity) {
    std::copy(p, p + n, inline_);
    heap_.clear();
  } else {
    heap_.assign(p, p + n);
  }
}

void shape_t::push_back(std::int64_t v) {
  if (size_ < inline_capacity) {
    inline_[size_] = v;
  } else {
    if (size_ == inline_capacity) heap_.assign(inline_, inline_ + inline_capacity);
    heap_.push_back(v);
  }
  ++size_;
}

std::int64_t shape_numel(const shape_t& s) noexcept {
  std::int64_t n = 1;
  for (const std::int64_t d : s) n *= d;
  return n;
}

std::string format_shape(std::span<const std::int64_t> s) {
  std::string out = "(";
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    append_int(out, s[i]);
  }
  if (s.size() == 1) out += ',';
  out += ')';
  return out;
}

std::string_view dtype_name(dtype_t dt) noexcept { return dt == dtype_t::int64 ? "int64" : "float64"; }

std::string_view binop_symbol(binop op) noexcept {
  switch (op) {
    case binop::add: return "+";
    case binop::sub: return "-";
    case binop::mul: return "*";
    case binop::truediv: return "/";
  }
  return "?";
}

// ======================================================================
// meta rules

namespace {

[[noreturn]] void throw_py(exc_kind kind, std::string msg) { throw py_error(kind, std::move(msg)); }

}  // namespace

dtype_t binary_dtype(binop op, dtype_t a, dtype_t b) noexcept {
  if (op == binop::truediv || a == dtype_t::float64 || b == dtype_t::float64) return dtype_t::float64;
  return dtype_t::int64;
}

dtype_t unary_dtype(unop op, dtype_t a) noexcept {
  switch (op) {
    case unop::neg:
    case unop::relu:
    case unop::abs: return a;
    case unop::exp:
    case unop::tanh:
    case unop::sqrt:
    case unop::sigmoid: return dtype_t::float64;
  }
  return a;
}

dtype_t matmul_dtype(dtype_t a, dtype_t b) noexcept {
  return a == dtype_t::float64 || b == dtype_t::float64 ? dtype_t::float64 : dtype_t::int64;
}

sym_shape to_sym_shape(const shape_t& s) {
  sym_shape out;
  out.reserve(s.size());
  for (const std::int64_t d : s) out.emplace_back(d);
  return out;
}

void check_iter(const shape_t& s) {
  if (s.empty()) throw_py(exc_kind::TypeError, "iteration over a 0-d tensor");
}

void check_item(const shape_t& s) {
  if (shape_numel(s) != 1)
    throw_py(exc_kind::ValueError, "only one element tensors can be converted to Python scalars");
}

void check_truthy(const shape_t& s) {
  if (shape_numel(s) != 1)
    throw_py(exc_kind::ValueError, "Boolean value of Tensor with more than one value is ambiguous");
}

// ======================================================================
// storage

struct tensor_access {
  static tensor make(dtype_t dt, shape_t shape, std::shared_ptr<const void> data) {
    return tensor(dt, std::move(shape), std::move(data));
  }
};

namespace {

template <class T> constexpr dtype_t dtype_of = std::is_same_v<T, double> ? dtype_t::float64 : dtype_t::int64;

// A fresh tensor of the given shape and the writable pointer to fill it
// before anyone else sees it.
template <class T> std::pair<tensor, T*> new_tensor(shape_t shape) {
  const std::int64_t n = shape_numel(shape);
  check_allocation(n, sizeof(T));
  std::shared_ptr<T[]> buf = std::make_shared_for_overwrite<T[]>(static_cast<std::size_t>(n > 0 ? n : 1));
  T* p = buf.get();
  return {tensor_access::make(dtype_of<T>, std::move(shape), std::shared_ptr<const void>(std::move(buf), p)), p};
}

const std::int64_t zero_int = 0;

}  // namespace

tensor::tensor()
    : dtype_(dtype_t::int64),
      numel_(1),
      data_(std::shared_ptr<const void>(), &zero_int) {}  // non-owning alias of a static zero

tensor::tensor(dtype_t dt, shape_t shape, std::shared_ptr<const void> data)
    : dtype_(dt), shape_(std::move(shape)), numel_(shape_numel(shape_)), data_(std::move(data)) {}

tensor tensor::from_ints(shape_t shape, std::vector<std::int64_t> data) {
  if (static_cast<std::int64_t>(data.size()) != shape_numel(shape))
    throw std::invalid_argument("tensor::from_ints: data size does not match the shape");
  auto owner = std::make_shared<const std::vector<std::int64_t>>(std::move(data));
  const void* p = owner->data();
  return tensor(dtype_t::int64, std::move(shape), std::shared_ptr<const void>(std::move(owner), p));
}

tensor tensor::from_floats(shape_t shape, std::vector<double> data) {
  if (static_cast<std::int64_t>(data.size()) != shape_numel(shape))
    throw std::invalid_argument("tensor::from_floats: data size does not match the shape");
  auto owner = std::make_shared<const std::vector<double>>(std::move(data));
  const void* p = owner->data();
  return tensor(dtype_t::float64, std::move(shape), std::shared_ptr<const void>(std::move(owner), p));
}

tensor tensor::from_buffer(dtype_t dt, shape_t shape, std::shared_ptr<const void> data) {
  return tensor(dt, std::move(shape), std::move(data));
}

tensor tensor::from_scalar(const scalar& s) {
  if (is_int(s)) {
    auto [t, p] = new_tensor<std::int64_t>({});
    *p = as_int(s);
    return t;
  }
  auto [t, p] = new_tensor<double>({});
  *p = as_float(s);
  return t;
}

const std::int64_t* tensor::int_data() const noexcept {
  return dtype_ == dtype_t::int64 ? static_cast<const std::int64_t*>(data_.get()) : nullptr;
}

const double* tensor::float_data() const noexcept {
  return dtype_ == dtype_t::float64 ? static_cast<const double*>(data_.get()) : nullptr;
}

scalar tensor::at(std::int64_t i) const {
  if (dtype_ == dtype_t::int64) return int_data()[i];
  return float_data()[i];
}

tensor tensor::row(std::int64_t i) const {
  const std::int64_t r = normalize_index(shape_, i);
  shape_t rs(std::span<const std::int64_t>(shape_).subspan(1));
  const std::int64_t offset = r * shape_numel(rs);
  // Both element types are 8 bytes; the alias keeps the whole buffer alive.
  const void* p = dtype_ == dtype_t::int64 ? static_cast<const void*>(int_data() + offset)
                                           : static_cast<const void*>(float_data() + offset);
  return tensor(dtype_, std::move(rs), std::shared_ptr<const void>(data_, p));
}

// ======================================================================
// construction

namespace {

// The shape is read off the first element at each depth; the data is then
// walked depth-first in row-major order and the first offending element
// decides: a wrong length, a list where a number belongs or a non-list where
// a list belongs is ragged (ValueError), a non-number leaf is a TypeError.
shape_t first_path_shape(const nested& data) {
  shape_t shape;
  const nested* x = &data;
  while (x->is_list()) {
    const auto& items = x->as_list();
    shape.push_back(static_cast<std::int64_t>(items.size()));
    if (items.empty()) break;
    x = &items[0];
  }
  return shape;
}

void check_nested(const nested& x, const shape_t& shape, std::size_t depth, bool& all_int) {
  if (depth < shape.size()) {
    if (!x.is_list() || static_cast<std::int64_t>(x.as_list().size()) != shape[depth])
      throw_py(exc_kind::ValueError, "tensor(): ragged nested sequence");
    for (const nested& item : x.as_list()) check_nested(item, shape, depth + 1, all_int);
    return;
  }
  if (x.is_list()) throw_py(exc_kind::ValueError, "tensor(): ragged nested sequence");
  if (!x.is_scalar()) throw_py(exc_kind::TypeError, "tensor(): elements must be numbers");
  if (!is_int(x.as_scalar())) all_int = false;
}

template <class T> void flatten_into(const nested& x, T*& out) {
  if (x.is_scalar()) {
    const scalar& s = x.as_scalar();
    if constexpr (std::is_same_v<T, double>)
      *out++ = to_double(s);
    else
      *out++ = as_int(s);
    return;
  }
  for (const nested& item : x.as_list()) flatten_into(item, out);
}

template <class T> tensor filled(std::string_view fn, const shape_t& shape, T value) {
  auto [t, p] = new_tensor<T>(creation_shape(fn, shape));
  std::fill(p, p + t.numel(), value);
  return t;
}

}  // namespace

tensor make_tensor(const nested& data) {
  bool all_int = true;
  shape_t shape = first_path_shape(data);
  check_nested(data, shape, 0, all_int);
  if (all_int) {
    auto [t, p] = new_tensor<std::int64_t>(std::move(shape));
    flatten_into(data, p);
    return t;
  }
  auto [t, p] = new_tensor<double>(std::move(shape));
  flatten_into(data, p);
  return t;
}

tensor zeros(const shape_t& shape) { return filled<double>("zeros", shape, 0.0); }
tensor ones(const shape_t& shape) { return filled<double>("ones", shape, 1.0); }

tensor full(const shape_t& shape, const scalar& value) {
  if (is_int(value)) return filled<std::int64_t>("full", shape, as_int(value));
  return filled<double>("full", shape, as_float(value));
}

tensor arange(std::int64_t n) {
  auto [t, p] = new_tensor<double>({std::max<std::int64_t>(n, 0)});
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<double>(i);
  return t;
}

// ======================================================================
// broadcasting elementwise kernels

namespace {

// Iteration plan for out = f(a, b) under broadcasting: output dimensions of
// size 1 are dropped and neighbours that are contiguous in both operands are
// merged, so the common cases (same shape, tensor with scalar, row/column
// broadcast) become one or two flat loops.  Strides are in elements, 0 for
// a broadcast dimension.
using plan = broadcast_plan;

plan make_plan(const shape_t& out, const shape_t& a, const shape_t& b) {
  const std::size_t n = out.size();
  shape_t dims, sa, sb;                  // innermost first while building
  std::int64_t ra = 1, rb = 1;           // contiguous strides of a and b at the current dimension
  for (std::size_t k = 0; k < n; ++k) {  // k-th dimension from the right
    const std::int64_t size = out[n - 1 - k];
    const std::int64_t da = k < a.size() ? a[a.size() - 1 - k] : 1;
    const std::int64_t db = k < b.size() ? b[b.size() - 1 - k] : 1;
    const std::int64_t xa = da == 1 ? 0 : ra, xb = db == 1 ? 0 : rb;
    ra *= da;
    rb *= db;
    if (size == 1) continue;
    const std::size_t last = dims.size() - 1;
    if (!dims.empty() && xa == sa[last] * dims[last] && xb == sb[last] * dims[last]) {
      dims[last] *= size;  // merges with the inner dimension, keeping its strides
    } else {
      dims.push_back(size);
      sa.push_back(xa);
      sb.push_back(xb);
    }
  }
  plan p;
  if (dims.empty()) {
    p.dims = {1};
    p.sa = {0};
    p.sb = {0};
    return p;
  }
  for (std::size_t i = dims.size(); i-- > 0;) {
    p.dims.push_back(dims[i]);
    p.sa.push_back(sa[i]);
    p.sb.push_back(sb[i]);
  }
  return p;
}

// Calls visit(pa, ia, pb, ib, len) for each innermost run of the plan, in
// row-major order of the output; pa/pb are element offsets.
template <class Visit> void walk_plan(const plan& p, Visit visit) {
  const std::size_t nd = p.dims.size();
  const std::int64_t len = p.dims[nd - 1];
  std::int64_t outer = 1;
  for (std::size_t d = 0; d + 1 < nd; ++d) outer *= p.dims[d];
  shape_t counter;
  for (std::size_t d = 0; d + 1 < nd; ++d) counter.push_back(0);
  std::int64_t oa = 0, ob = 0;
  for (std::int64_t o = 0; o < outer; ++o) {
    if (!visit(oa, p.sa[nd - 1], ob, p.sb[nd - 1], len)) return;
    for (std::size_t d = nd - 1; d-- > 0;) {  // odometer over the outer dimensions
      if (++counter[d] < p.dims[d]) {
        oa += p.sa[d];
        ob += p.sb[d];
        break;
      }
      counter[d] = 0;
      oa -= p.sa[d] * (p.dims[d] - 1);
      ob -= p.sb[d] * (p.dims[d] - 1);
    }
  }
}

// out[i] = op(a, b, bad) over the plan; returns the OR of the `bad` flags the
// op raised (kept as a flag so the loops stay branch-free and vectorisable).
template <class Out, class A, class B, class Op>
std::uint64_t run_binary(const plan& p, const A* a, const B* b, Out* out, Op op) {
  std::uint64_t bad = 0;
  walk_plan(p, [&](std::int64_t oa, std::int64_t ia, std::int64_t ob, std::int64_t ib, std::int64_t len) {
    const A* pa = a + oa;
    const B* pb = b + ob;
    std::uint64_t flag = 0;
    if (ia == 1 && ib == 1) {
      for (std::int64_t j = 0; j < len; ++j) out[j] = op(pa[j], pb[j], flag);
    } else if (ia == 1 && ib == 0) {
      const B y = *pb;
      for (std::int64_t j = 0; j < len; ++j) out[j] = op(pa[j], y, flag);
    } else if (ia == 0 && ib == 1) {
      const A x = *pa;
      for (std::int64_t j = 0; j < len; ++j) out[j] = op(x, pb[j], flag);
    } else {
      for (std::int64_t j = 0; j < len; ++j) out[j] = op(pa[j * ia], pb[j * ib], flag);
    }
    bad |= flag;
    out += len;
    return true;
  });
  return bad;
}

using element::add_i;
using element::float_kind;
using element::float_op;
using element::mul_i;
using element::sub_i;

// One operand of a binary op: a tensor, or a Python number seen as 0-d.
struct operand {
  dtype_t dt;
  const shape_t* shape;
  const void* data;
};

template <class Op> std::uint64_t run_float(const plan& p, const operand& a, const operand& b, double* out) {
  const bool ai = a.dt == dtype_t::int64, bi = b.dt == dtype_t::int64;
  const auto* af = static_cast<const double*>(a.data);
  const auto* bf = static_cast<const double*>(b.data);
  const auto* an = static_cast<const std::int64_t*>(a.data);
  const auto* bn = static_cast<const std::int64_t*>(b.data);
  if (ai && bi) return run_binary(p, an, bn, out, Op{});
  if (ai) return run_binary(p, an, bf, out, Op{});
  if (bi) return run_binary(p, af, bn, out, Op{});
  return run_binary(p, af, bf, out, Op{});
}

// Writes op(a, b) over plan `p` into `out`, whose dtype `dt` is binary_dtype's of the
// operands; raises what binary() raises for the elements (after the result's allocation,
// as binary() does).
[[gnu::always_inline]] inline void binary_into(binop op, dtype_t dt, const plan& p, const operand& a, const operand& b,
                                               void* out) {
  std::uint64_t bad = 0;
  if (dt == dtype_t::int64) {
    const auto* x = static_cast<const std::int64_t*>(a.data);
    const auto* y = static_cast<const std::int64_t*>(b.data);
    auto* o = static_cast<std::int64_t*>(out);
    switch (op) {
      case binop::add: bad = run_binary(p, x, y, o, add_i{}); break;
      case binop::sub: bad = run_binary(p, x, y, o, sub_i{}); break;
      case binop::mul: bad = run_binary(p, x, y, o, mul_i{}); break;
      case binop::truediv: break;  // always float64
    }
    if (bad) throw_int_overflow();
    return;
  }
  auto* o = static_cast<double*>(out);
  switch (op) {
    case binop::add: bad = run_float<float_op<float_kind::add>>(p, a, b, o); break;
    case binop::sub: bad = run_float<float_op<float_kind::sub>>(p, a, b, o); break;
    case binop::mul: bad = run_float<float_op<float_kind::mul>>(p, a, b, o); break;
    case binop::truediv: bad = run_float<float_op<float_kind::div>>(p, a, b, o); break;
  }
  // Only division can flag here: float(x) / 0.0.
  if (bad) throw_py(exc_kind::ZeroDivisionError, "float division by zero");
}

// op(a, b) as a new tensor of T's dtype (binary_dtype's of the operands) and `shape`
// (charged to the memory budget), over plan `p`, or over the plan made for the operands
// when `p` is null.
template <class T> tensor binary_new(binop op, shape_t shape, const plan* p, const operand& a, const operand& b) {
  auto [t, out] = new_tensor<T>(std::move(shape));
  if (t.numel() == 0) return t;
  if (p)
    binary_into(op, dtype_of<T>, *p, a, b, out);
  else
    binary_into(op, dtype_of<T>, make_plan(t.shape(), *a.shape, *b.shape), a, b, out);
  return t;
}

tensor binary_impl(binop op, const operand& a, const operand& b) {
  if (binary_dtype(op, a.dt, b.dt) == dtype_t::int64)
    return binary_new<std::int64_t>(op, broadcast_shape(*a.shape, *b.shape), nullptr, a, b);
  return binary_new<double>(op, broadcast_shape(*a.shape, *b.shape), nullptr, a, b);
}

const shape_t scalar_shape{};

operand tensor_operand(const tensor& t) {
  const void* data =
      t.dtype() == dtype_t::int64 ? static_cast<const void*>(t.int_data()) : static_cast<const void*>(t.float_data());
  return {t.dtype(), &t.shape(), data};
}

operand scalar_operand(const scalar& s) {
  // Points into the variant, which outlives the call.
  return is_int(s) ? operand{dtype_t::int64, &scalar_shape, std::get_if<0>(&s)}
                   : operand{dtype_t::float64, &scalar_shape, std::get_if<1>(&s)};
}

}  // namespace

tensor binary(binop op, const tensor& a, const tensor& b) {
  return binary_impl(op, tensor_operand(a), tensor_operand(b));
}
tensor binary(binop op, const tensor& a, const scalar& b) {
  return binary_impl(op, tensor_operand(a), scalar_operand(b));
}
tensor binary(binop op, const scalar& a, const tensor& b) {
  return binary_impl(op, scalar_operand(a), tensor_operand(b));
}

binary_kernel::binary_kernel(binop op, dtype_t a, const shape_t& a_shape, dtype_t b, const shape_t& b_shape)
    : op_(op),
      dtypes_{a, b},
      shapes_{a_shape, b_shape},
      result_dtype_(binary_dtype(op, a, b)),
      result_shape_(broadcast_shape(a_shape, b_shape)),
      plan_(make_plan(result_shape_, a_shape, b_shape)) {}

tensor binary_kernel::operator()(const void* a, const void* b) const {
  const operand x{dtypes_[0], &shapes_[0], a}, y{dtypes_[1], &shapes_[1], b};
  if (result_dtype_ == dtype_t::int64) return binary_new<std::int64_t>(op_, result_shape_, &plan_, x, y);
  return binary_new<double>(op_, result_shape_, &plan_, x, y);
}

// ======================================================================
// unary ops

namespace {

template <class In, class Out, class F> std::uint64_t map_into(const In* in, Out* out, std::int64_t n, F f) {
  std::uint64_t bad = 0;
  for (std::int64_t i = 0; i < n; ++i) out[i] = f(in[i], bad);
  return bad;
}

template <class In> tensor unary_float(unop op, const tensor& a, const In* in) {
  auto [t, out] = new_tensor<double>(a.shape());
  const std::int64_t n = t.numel();
  std::uint64_t bad = 0;
  switch (op) {
    case unop::exp:
      bad = map_into(in, out, n, element::exp_e{});
      if (bad) throw_py(exc_kind::OverflowError, "math range error");
      break;
    case unop::tanh: map_into(in, out, n, element::tanh_e{}); break;
    case unop::sqrt:
      bad = map_into(in, out, n, element::sqrt_e{});
      if (bad) throw_py(exc_kind::ValueError, "math domain error");
      break;
    case unop::sigmoid:
      bad = map_into(in, out, n, element::sigmoid_e{});
      if (bad) throw_py(exc_kind::OverflowError, "math range error");
      break;
    default: break;
  }
  return t;
}

}  // namespace

tensor unary(unop op, const tensor& a) {
  const std::int64_t n = a.numel();
  if (op == unop::exp || op == unop::tanh || op == unop::sqrt || op == unop::sigmoid) {
    return a.dtype() == dtype_t::int64 ? unary_float(op, a, a.int_data()) : unary_float(op, a, a.float_data());
  }
  if (a.dtype() == dtype_t::int64) {
    auto [t, out] = new_tensor<std::int64_t>(a.shape());
    const std::int64_t* in = a.int_data();
    std::uint64_t bad = 0;
    switch (op) {
      case unop::neg: bad = map_into(in, out, n, element::neg_i{}); break;
      case unop::abs: bad = map_into(in, out, n, element::abs_i{}); break;
      case unop::relu: map_into(in, out, n, element::relu_i{}); break;
      default: break;
    }
    if (bad) throw_int_overflow();
    return t;
  }
  auto [t, out] = new_tensor<double>(a.shape());
  const double* in = a.float_data();
  switch (op) {
    case unop::neg: map_into(in, out, n, element::neg_f{}); break;
    case unop::abs: map_into(in, out, n, element::abs_f{}); break;
    case unop::relu: map_into(in, out, n, element::relu_f{}); break;
    default: break;
  }
  return t;
}

tensor neg(const tensor& a) { return unary(unop::neg, a); }
tensor tensor::relu() const { return unary(unop::relu, *this); }
tensor tensor::abs() const { return unary(unop::abs, *this); }
tensor tensor::exp() const { return unary(unop::exp, *this); }
tensor tensor::tanh() const { return unary(unop::tanh, *this); }
tensor tensor::sqrt() const { return unary(unop::sqrt, *this); }
tensor tensor::sigmoid() const { return unary(unop::sigmoid, *this); }

// ======================================================================
// matmul

namespace {

// out (n x m) = A (n x k) @ B (k x m); each output element accumulates
// acc = acc + a*b over k in order from zero.  The i-k-j loop order keeps that
// per-element order while the inner loop runs contiguously over j.
void matmul_f(const double* a, const double* b, double* out, std::int64_t n, std::int64_t k, std::int64_t m) {
  for (std::int64_t i = 0; i < n; ++i) {
    double* row = out + i * m;
    std::fill(row, row + m, 0.0);
    for (std::int64_t kk = 0; kk < k; ++kk) {
      const double x = a[i * k + kk];
      const double* brow = b + kk * m;
      for (std::int64_t j = 0; j < m; ++j) {
        const double prod = x * brow[j];
        row[j] = row[j] + prod;
      }
    }
  }
}

void matmul_i(const std::int64_t* a, const std::int64_t* b, std::int64_t* out, std::int64_t n, std::int64_t k,
              std::int64_t m) {
  bool bad = false;
  for (std::int64_t i = 0; i < n; ++i) {
    std::int64_t* row = out + i * m;
    std::fill(row, row + m, std::int64_t{0});
    for (std::int64_t kk = 0; kk < k; ++kk) {
      const std::int64_t x = a[i * k + kk];
      const std::int64_t* brow = b + kk * m;
      for (std::int64_t j = 0; j < m; ++j) {
        std::int64_t prod;
        bad |= !checked_mul(x, brow[j], prod);
        bad |= !checked_add(row[j], prod, row[j]);
      }
    }
  }
  if (bad) throw_int_overflow();
}

}  // namespace

tensor matmul(const tensor& a, const tensor& b) {
  shape_t shape = matmul_shape(a.shape(), b.shape());
  const dtype_t dt = matmul_dtype(a.dtype(), b.dtype());
  // View as (n x k) @ (k x m); a 1-D left operand is one row, a 1-D right
  // operand one column.
  const shape_t& sa = a.shape();
  const shape_t& sb = b.shape();
  const std::int64_t n = sa.size() == 1 ? 1 : sa[0];
  const std::int64_t k = sa.size() == 1 ? sa[0] : sa[1];
  const std::int64_t m = sb.size() == 1 ? 1 : sb[1];
  if (dt == dtype_t::int64) {
    auto [t, out] = new_tensor<std::int64_t>(std::move(shape));
    matmul_i(a.int_data(), b.int_data(), out, n, k, m);
    return t;
  }
  // Mixed dtypes: int elements become floats first, as int*float does.
  const tensor fa = a.to_float(), fb = b.to_float();
  auto [t, out] = new_tensor<double>(std::move(shape));
  matmul_f(fa.float_data(), fb.float_data(), out, n, k, m);
  return t;
}

// ======================================================================
// reductions, shape ops, conversions

tensor tensor::sum() const {
  if (dtype_ == dtype_t::int64) {
    const std::int64_t* in = int_data();
    std::int64_t acc = 0;
    bool bad = false;
    for (std::int64_t i = 0; i < numel_; ++i) bad |= !checked_add(acc, in[i], acc);
    if (bad) throw_int_overflow();
    return from_scalar(acc);
  }
  const double* in = float_data();
  double acc = 0.0;
  for (std::int64_t i = 0; i < numel_; ++i) acc = acc + in[i];
  return from_scalar(acc);
}

namespace {

// Reduces dimension d of an (outer, len, inner) view; every output element
// accumulates sequentially along d, the inner loop runs contiguously.
template <class T, class Add>
void sum_dim_kernel(const T* in, T* out, std::int64_t outer, std::int64_t len, std::int64_t inner, Add add) {
  if (inner == 1) {  // reducing the last dimension: one running sum per row
    for (std::int64_t o = 0; o < outer; ++o) {
      T acc{0};
      for (std::int64_t r = 0; r < len; ++r) acc = add(acc, in[o * len + r]);
      out[o] = acc;
    }
    return;
  }
  for (std::int64_t o = 0; o < outer; ++o) {
    T* dst = out + o * inner;
    std::fill(dst, dst + inner, T{0});
    for (std::int64_t r = 0; r < len; ++r) {
      const T* src = in + (o * len + r) * inner;
      for (std::int64_t j = 0; j < inner; ++j) dst[j] = add(dst[j], src[j]);
    }
  }
}

}  // namespace

tensor tensor::sum(std::int64_t dim) const {
  shape_t shape = sum_dim_shape(shape_, dim);
  if (shape_.empty()) return *this;  // 0-d: the sum of its one element
  const auto d = static_cast<std::size_t>(normalize_dim(shape_, dim));
  std::int64_t outer = 1, inner = 1;
  for (std::size_t i = 0; i < d; ++i) outer *= shape_[i];
  for (std::size_t i = d + 1; i < shape_.size(); ++i) inner *= shape_[i];
  const std::int64_t len = shape_[d];
  if (dtype_ == dtype_t::int64) {
    auto [t, out] = new_tensor<std::int64_t>(std::move(shape));
    bool bad = false;
    sum_dim_kernel(int_data(), out, outer, len, inner, [&bad](std::int64_t x, std::int64_t y) {
      std::int64_t r;
      bad |= !checked_add(x, y, r);
      return r;
    });
    if (bad) throw_int_overflow();
    return t;
  }
  auto [t, out] = new_tensor<double>(std::move(shape));
  sum_dim_kernel(float_data(), out, outer, len, inner, [](double x, double y) { return x + y; });
  return t;
}

tensor tensor::mean() const {
  check_mean(shape_);
  double acc = 0.0;
  if (dtype_ == dtype_t::int64) {
    const std::int64_t* in = int_data();
    for (std::int64_t i = 0; i < numel_; ++i) acc = acc + static_cast<double>(in[i]);
  } else {
    const double* in = float_data();
    for (std::int64_t i = 0; i < numel_; ++i) acc = acc + in[i];
  }
  return from_scalar(acc / static_cast<double>(numel_));
}

tensor tensor::max() const {
  check_max(shape_);
  // Replace only on a strictly greater element: the first maximum wins and a
  // NaN never replaces (nor is replaced unless it comes first), like max().
  if (dtype_ == dtype_t::int64) {
    const std::int64_t* in = int_data();
    std::int64_t best = in[0];
    for (std::int64_t i = 1; i < numel_; ++i)
      if (in[i] > best) best = in[i];
    return from_scalar(best);
  }
  const double* in = float_data();
  double best = in[0];
  for (std::int64_t i = 1; i < numel_; ++i)
    if (in[i] > best) best = in[i];
  return from_scalar(best);
}

namespace {
template <class T> void transpose_kernel(const T* in, T* out, std::int64_t rows, std::int64_t cols) {
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = 0; j < cols; ++j) out[j * rows + i] = in[i * cols + j];
}
}  // namespace

tensor tensor::t() const {
  shape_t shape = transpose_shape(shape_);
  if (shape_.size() < 2) return *this;  // immutable data: sharing is a copy
  const std::int64_t rows = shape_[0], cols = shape_[1];
  if (dtype_ == dtype_t::int64) {
    auto [t, out] = new_tensor<std::int64_t>(std::move(shape));
    transpose_kernel(int_data(), out, rows, cols);
    return t;
  }
  auto [t, out] = new_tensor<double>(std::move(shape));
  transpose_kernel(float_data(), out, rows, cols);
  return t;
}

tensor tensor::reshape(const shape_t& requested) const {
  return tensor(dtype_, reshape_shape(shape_, requested), data_);
}

tensor tensor::to_float() const {
  if (dtype_ == dtype_t::float64) return *this;
  auto [t, out] = new_tensor<double>(shape_);
  const std::int64_t* in = int_data();
  for (std::int64_t i = 0; i < numel_; ++i) out[i] = static_cast<double>(in[i]);
  return t;
}

scalar tensor::item() const {
  check_item(shape_);
  return at(0);
}

bool tensor::truthy() const {
  check_truthy(shape_);
  return minipy::truthy(at(0));
}

namespace {

template <class T> nested to_nested(const T* data, const shape_t& s, std::size_t d, std::int64_t& pos) {
  if (d == s.size()) return nested(scalar{data[pos++]});
  std::vector<nested> items;
  items.reserve(static_cast<std::size_t>(s[d]));
  for (std::int64_t i = 0; i < s[d]; ++i) items.push_back(to_nested(data, s, d + 1, pos));
  return nested(std::move(items));
}

void append_elem(std::string& out, std::int64_t v) { append_int(out, v); }
void append_elem(std::string& out, double v) { append_float(out, v); }

template <class T>
void append_level(std::string& out, const T* data, const shape_t& s, std::size_t d, std::int64_t& pos) {
  if (d == s.size()) {
    append_elem(out, data[pos++]);
    return;
  }
  out += '[';
  for (std::int64_t i = 0; i < s[d]; ++i) {
    if (i) out += ", ";
    append_level(out, data, s, d + 1, pos);
  }
  out += ']';
}

}  // namespace

nested tensor::tolist() const {
  std::int64_t pos = 0;
  if (dtype_ == dtype_t::int64) return to_nested(int_data(), shape_, 0, pos);
  return to_nested(float_data(), shape_, 0, pos);
}

void append_repr(std::string& out, const tensor& t) {
  out += "tensor(";
  std::int64_t pos = 0;
  if (t.dtype() == dtype_t::int64)
    append_level(out, t.int_data(), t.shape(), 0, pos);
  else
    append_level(out, t.float_data(), t.shape(), 0, pos);
  out += ')';
}

std::string repr(const tensor& t) {
  std::string out;
  append_repr(out, t);
  return out;
}

// ======================================================================
// comparisons

namespace {

// abs(x - y) <= tol with Python number semantics.
struct close_pred {
  scalar tol;
  bool operator()(std::int64_t x, std::int64_t y) const {
    const std::int64_t d = int_abs(int_sub(x, y));
    return is_int(tol) ? d <= as_int(tol) : compare_int_float(d, as_float(tol)) <= 0;
  }
  template <class A, class B> bool operator()(A x, B y) const {
    const double d = std::fabs(static_cast<double>(x) - static_cast<double>(y));
    return is_int(tol) ? compare_int_float(as_int(tol), d) >= 0 : d <= as_float(tol);
  }
};

template <class A, class B> bool all_close(const plan& p, const A* a, const B* b, const close_pred& pred) {
  bool ok = true;
  walk_plan(p, [&](std::int64_t oa, std::int64_t ia, std::int64_t ob, std::int64_t ib, std::int64_t len) {
    for (std::int64_t j = 0; j < len; ++j) {
      if (!pred(a[oa + j * ia], b[ob + j * ib])) {
        ok = false;
        return false;  // stops at the first failure, like all()
      }
    }
    return true;
  });
  return ok;
}

}  // namespace

bool allclose(const tensor& a, const tensor& b, const scalar& tol) {
  const shape_t shape = broadcast_shape(a.shape(), b.shape());
  if (shape_numel(shape) == 0) return true;
  const plan p = make_plan(shape, a.shape(), b.shape());
  const close_pred pred{tol};
  const bool ai = a.dtype() == dtype_t::int64, bi = b.dtype() == dtype_t::int64;
  if (ai && bi) return all_close(p, a.int_data(), b.int_data(), pred);
  if (ai) return all_close(p, a.int_data(), b.float_data(), pred);
  if (bi) return all_close(p, a.float_data(), b.int_data(), pred);
  return all_close(p, a.float_data(), b.float_data(), pred);
}

bool equal_contents(const tensor& a, const tensor& b) noexcept {
  if (a.dtype() != b.dtype() || !(a.shape() == b.shape())) return false;
  const std::int64_t n = a.numel();
  if (a.dtype() == dtype_t::int64) return std::equal(a.int_data(), a.int_data() + n, b.int_data());
  const double* x = a.float_data();
  const double* y = b.float_data();
  for (std::int64_t i = 0; i < n; ++i)
    if (!(x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))) return false;
  return true;
}

tensor stack_rows(const std::vector<tensor>& rows) {
  if (rows.empty()) throw_py(exc_kind::ValueError, "map_rows(): no rows to stack");
  const tensor& first = rows.front();
  for (const tensor& r : rows)
    if (r.dtype() != first.dtype() || r.shape() != first.shape())
      throw_py(exc_kind::ValueError, "map_rows(): rows of different shapes or dtypes");
  shape_t shape{static_cast<std::int64_t>(rows.size())};
  for (std::int64_t d : first.shape()) shape.push_back(d);
  const auto n = static_cast<std::size_t>(first.numel());
  if (first.dtype() == dtype_t::float64) {
    std::vector<double> data;
    data.reserve(n * rows.size());
    for (const tensor& r : rows) data.insert(data.end(), r.float_data(), r.float_data() + n);
    return tensor::from_floats(std::move(shape), std::move(data));
  }
  std::vector<std::int64_t> data;
  data.reserve(n * rows.size());
  for (const tensor& r : rows) data.insert(data.end(), r.int_data(), r.int_data() + n);
  return tensor::from_ints(std::move(shape), std::move(data));
}

}  // namespace minipy
