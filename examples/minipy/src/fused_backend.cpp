// minipy's fusing backend; see fused_backend.hpp for what it fuses and promises.
#include "minipy/fused_backend.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "minipy/capture.hpp"
#include "minipy/element_ops.hpp"
#include "minipy/fused_chain_kernels.hpp"
#include "minipy/fused_pair_kernels.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/object.hpp"

// Compiled, as all of minipy_core, with -ffp-contract=off (element_ops.hpp).

namespace minipy {
namespace {

using graph_t = lasso::graph::graph<tensor_meta>;
using lasso::graph::argument;
using lasso::graph::node;
using lasso::graph::node_kind;

// Elements per block: each member's block of values stays in the L1 cache while the
// next member reads it.
constexpr std::int64_t block_size = 256;

// The operations a group holds, in the order the predicates below rely on.
enum class fop : std::uint8_t {
  // two operands, tensors or numbers, broadcast
  add,
  sub,
  mul,
  truediv,
  // one tensor
  neg,
  relu,
  abs,
  exp,
  tanh,
  sqrt,
  sigmoid,
  to_float,
  // reductions, a group's last member
  sum,
  mean,
  sum_dim,
};
bool is_binary(fop o) { return o <= fop::truediv; }
// The tensor operator of a binary member (same order as fop's first four).
binop binop_of(fop o) {
  static constexpr binop ops[] = {binop::add, binop::sub, binop::mul, binop::truediv};
  return ops[static_cast<int>(o)];
}
bool is_reduction(fop o) { return o >= fop::sum; }

// An argument of a member: an earlier member of the group, or an external operand.
struct ref {
  bool member = false;
  std::uint32_t index = 0;
};

struct member_plan {
  fop op = fop::add;
  std::int64_t dim = 0;   // sum_dim's dimension, as written
  std::vector<ref> args;  // all the node's arguments, as the eager node takes them
  node n;
  bool materialized = false;  // read outside the group: its tensor is made
  bool reusable = false;      // read by other groups only: its buffer is kept for the next call
};

struct group_plan {
  std::vector<member_plan> members;    // in graph order; a reduction comes last
  std::vector<argument> externals;     // the group's operands from outside it
  std::vector<bool> external_is_data;  // read as elements (not a dimension or None)
};

bool number_constant(const argument& a) { return a.holds<bool>() || a.holds<std::int64_t>() || a.holds<double>(); }

bool tensor_node(const graph_t& g, const argument& a) {
  const node* n = a.get_if<node>();
  return n && g.meta(*n).has_value();
}

// The fused operation of node `n`, if it is one; `dim` receives sum_dim's dimension.
std::optional<fop> classify(const graph_t& g, node n, std::int64_t& dim) {
  const node_kind kind = g.kind(n);
  if (kind != node_kind::call_function && kind != node_kind::call_method) return std::nullopt;
  if (!g.meta(n) || !g.kwargs(n).empty() || !g.subgraphs(n).empty()) return std::nullopt;
  const std::string_view t = g.target(n);
  const std::vector<argument> args = g.args(n);
  if (kind == node_kind::call_function) {
    if (args.size() == 2 && (t == "add" || t == "sub" || t == "mul" || t == "truediv")) {
      for (const argument& a : args)
        if (!a.is_node() && !number_constant(a)) return std::nullopt;
      if (!tensor_node(g, args[0]) && !tensor_node(g, args[1])) return std::nullopt;
      return t == "add" ? fop::add : t == "sub" ? fop::sub : t == "mul" ? fop::mul : fop::truediv;
    }
    if (args.size() != 1 || !tensor_node(g, args[0])) return std::nullopt;
    if (t == "neg") return fop::neg;
    if (t == "relu") return fop::relu;
    if (t == "exp") return fop::exp;
    if (t == "tanh") return fop::tanh;
    if (t == "sigmoid") return fop::sigmoid;
    return std::nullopt;
  }
  if (args.empty() || !tensor_node(g, args[0])) return std::nullopt;
  if (args.size() == 1) {
    if (t == "relu") return fop::relu;
    if (t == "abs") return fop::abs;
    if (t == "exp") return fop::exp;
    if (t == "tanh") return fop::tanh;
    if (t == "sqrt") return fop::sqrt;
    if (t == "sigmoid") return fop::sigmoid;
    if (t == "float") return fop::to_float;
    if (t == "sum") return fop::sum;
    if (t == "mean") return fop::mean;
    return std::nullopt;
  }
  if (args.size() == 2 && t == "sum") {
    if (args[1].is_none()) return fop::sum;
    const std::int64_t* d = args[1].get_if<std::int64_t>();
    if (!d || g.meta(*args[0].get_if<node>())->shape.empty()) return std::nullopt;  // a 0-d sum(d) is a copy
    dim = *d;
    return fop::sum_dim;
  }
  return std::nullopt;
}

// The groups of `g`: runs of consecutive elementwise nodes of one shape (at least two
// nodes, or one with a reduction), each optionally closed by a reduction of a member.
std::vector<group_plan> plan_groups(const graph_t& g) {
  std::vector<group_plan> groups;
  std::unordered_map<std::uint32_t, std::pair<std::size_t, std::uint32_t>> member_of;  // node -> group, member
  group_plan open;
  const sym_shape* open_shape = nullptr;
  std::unordered_map<std::uint32_t, std::uint32_t> open_index;  // node -> member of `open`
  auto close = [&] {
    const bool worth = open.members.size() >= 2;
    if (worth) {
      for (std::uint32_t k = 0; k < open.members.size(); ++k) member_of[open.members[k].n.index()] = {groups.size(), k};
      groups.push_back(std::move(open));
    }
    open = group_plan{};
    open_shape = nullptr;
    open_index.clear();
  };
  auto add = [&](node n, fop op, std::int64_t dim) {
    member_plan m;
    m.op = op;
    m.dim = dim;
    m.n = n;
    const std::vector<argument> args = g.args(n);
    for (std::size_t i = 0; i < args.size(); ++i) {
      const argument& a = args[i];
      const node* an = a.get_if<node>();
      if (an && open_index.count(an->index())) {
        m.args.push_back({true, open_index[an->index()]});
        continue;
      }
      const bool data = !is_reduction(op) || i == 0;
      const auto it = std::find(open.externals.begin(), open.externals.end(), a);
      std::uint32_t e = static_cast<std::uint32_t>(it - open.externals.begin());
      if (it == open.externals.end()) {
        open.externals.push_back(a);
        open.external_is_data.push_back(data);
      } else if (data) {
        open.external_is_data[e] = true;
      }
      m.args.push_back({false, e});
    }
    open_index[n.index()] = static_cast<std::uint32_t>(open.members.size());
    open.members.push_back(std::move(m));
  };
  for (node n : g.nodes()) {
    std::int64_t dim = 0;
    const std::optional<fop> op = classify(g, n, dim);
    if (!op) {
      // An input computes nothing and has its value from the start (the runner gives
      // every input its slot before the first node): the group goes on over it. Graphs
      // add an input where the code first reads it, often in the middle of a chain.
      if (g.kind(n) != node_kind::placeholder) close();
      continue;
    }
    const sym_shape& shape = g.meta(n)->shape;
    if (is_reduction(*op)) {
      const node self = *g.args(n)[0].get_if<node>();
      if (open_shape && open_index.count(self.index())) {
        add(n, *op, dim);
        close();
      } else {
        close();
      }
      continue;
    }
    const bool same = open_shape && tensor_meta{dtype_t::int64, shape} == tensor_meta{dtype_t::int64, *open_shape};
    if (!same) {
      close();
      open_shape = &g.meta(n)->shape;
    }
    add(n, *op, dim);
  }
  close();
  // Which results leave their group, and whether only other groups read them.
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    for (member_plan& m : groups[gi].members) {
      bool outside = false, only_groups = true;
      for (node u : g.users(m.n)) {
        const auto it = member_of.find(u.index());
        if (it != member_of.end() && it->second.first == gi) continue;
        outside = true;
        if (it == member_of.end()) only_groups = false;
      }
      m.materialized = outside;
      m.reusable = outside && only_groups;
    }
  }
  return groups;
}

// ---------------------------------------------------------------- loops

// One operand of a block: `len` elements at p, or one element repeated.
struct view {
  const void* p = nullptr;
  bool repeated = false;
};

template <class Out, class A, class B, class Op>
void loop2(view a, view b, void* po, std::int64_t n, Op op, std::uint64_t& flag) {
  const A* x = static_cast<const A*>(a.p);
  const B* y = static_cast<const B*>(b.p);
  Out* out = static_cast<Out*>(po);
  std::uint64_t f = 0;
  if (!a.repeated && !b.repeated) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x[i], y[i], f);
  } else if (!a.repeated) {
    const B y0 = *y;
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x[i], y0, f);
  } else if (!b.repeated) {
    const A x0 = *x;
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x0, y[i], f);
  } else {
    const A x0 = *x;
    const B y0 = *y;
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x0, y0, f);
  }
  flag |= f;
}

template <class Out, class In, class Op> void loop1(view a, void* po, std::int64_t n, Op op, std::uint64_t& flag) {
  const In* x = static_cast<const In*>(a.p);
  Out* out = static_cast<Out*>(po);
  std::uint64_t f = 0;
  if (!a.repeated) {
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x[i], f);
  } else {
    const In x0 = *x;
    for (std::int64_t i = 0; i < n; ++i) out[i] = op(x0, f);
  }
  flag |= f;
}

template <class Op>
void float_binary(dtype_t da, view a, dtype_t db, view b, void* out, std::int64_t n, std::uint64_t& flag) {
  const bool ai = da == dtype_t::int64, bi = db == dtype_t::int64;
  if (ai && bi)
    loop2<double, std::int64_t, std::int64_t>(a, b, out, n, Op{}, flag);
  else if (ai)
    loop2<double, std::int64_t, double>(a, b, out, n, Op{}, flag);
  else if (bi)
    loop2<double, double, std::int64_t>(a, b, out, n, Op{}, flag);
  else
    loop2<double, double, double>(a, b, out, n, Op{}, flag);
}

void binary_block(fop op, dtype_t out_dt, dtype_t da, view a, dtype_t db, view b, void* out, std::int64_t n,
                  std::uint64_t& flag) {
  using namespace element;
  if (out_dt == dtype_t::int64) {
    switch (op) {
      case fop::add: loop2<std::int64_t, std::int64_t, std::int64_t>(a, b, out, n, add_i{}, flag); return;
      case fop::sub: loop2<std::int64_t, std::int64_t, std::int64_t>(a, b, out, n, sub_i{}, flag); return;
      case fop::mul: loop2<std::int64_t, std::int64_t, std::int64_t>(a, b, out, n, mul_i{}, flag); return;
      default: return;
    }
  }
  switch (op) {
    case fop::add: float_binary<float_op<float_kind::add>>(da, a, db, b, out, n, flag); return;
    case fop::sub: float_binary<float_op<float_kind::sub>>(da, a, db, b, out, n, flag); return;
    case fop::mul: float_binary<float_op<float_kind::mul>>(da, a, db, b, out, n, flag); return;
    case fop::truediv: float_binary<float_op<float_kind::div>>(da, a, db, b, out, n, flag); return;
    default: return;
  }
}

template <class Op> void float_unary(dtype_t da, view a, void* out, std::int64_t n, std::uint64_t& flag) {
  if (da == dtype_t::int64)
    loop1<double, std::int64_t>(a, out, n, Op{}, flag);
  else
    loop1<double, double>(a, out, n, Op{}, flag);
}

void unary_block(fop op, dtype_t da, view a, void* out, std::int64_t n, std::uint64_t& flag) {
  using namespace element;
  const bool ai = da == dtype_t::int64;
  switch (op) {
    case fop::neg:
      if (ai)
        loop1<std::int64_t, std::int64_t>(a, out, n, neg_i{}, flag);
      else
        loop1<double, double>(a, out, n, neg_f{}, flag);
      return;
    case fop::abs:
      if (ai)
        loop1<std::int64_t, std::int64_t>(a, out, n, abs_i{}, flag);
      else
        loop1<double, double>(a, out, n, abs_f{}, flag);
      return;
    case fop::relu:
      if (ai)
        loop1<std::int64_t, std::int64_t>(a, out, n, relu_i{}, flag);
      else
        loop1<double, double>(a, out, n, relu_f{}, flag);
      return;
    case fop::to_float:
      if (ai)
        loop1<double, std::int64_t>(a, out, n, to_float_e{}, flag);
      else
        loop1<double, double>(
            a, out, n, [](double x, std::uint64_t&) { return x; }, flag);
      return;
    case fop::exp: float_unary<exp_e>(da, a, out, n, flag); return;
    case fop::tanh: float_unary<tanh_e>(da, a, out, n, flag); return;
    case fop::sqrt: float_unary<sqrt_e>(da, a, out, n, flag); return;
    case fop::sigmoid: float_unary<sigmoid_e>(da, a, out, n, flag); return;
    default: return;
  }
}

// The block loops in the widest vectors the processor has. The kernels above are
// compiled for the baseline instruction set (two float64 lanes on x86-64); on x86-64
// they are compiled a second time for AVX2 (four lanes), chosen once per process when
// the processor has it. Either way each element goes through the same IEEE operations
// (+ - * / sqrt, comparisons and sign-bit masks round the same in any vector width;
// exp and tanh are the same libm calls), and no fused multiply-add can appear: the
// AVX2 versions do not enable FMA, and minipy_core is built with -ffp-contract=off.
using binary_kernel = void (*)(fop, dtype_t, dtype_t, view, dtype_t, view, void*, std::int64_t, std::uint64_t&);
using unary_kernel = void (*)(fop, dtype_t, view, void*, std::int64_t, std::uint64_t&);
struct block_kernels {
  binary_kernel binary = binary_block;
  unary_kernel unary = unary_block;
  bool wide = false;  // AVX2: also for the pair loops (fused_pair_kernels.hpp)
};

#if defined(__x86_64__) && defined(__GNUC__)
// `flatten` inlines the loops into these functions, so they are compiled for AVX2 too.
[[gnu::target("avx2"), gnu::flatten]] void binary_block_avx2(fop op, dtype_t out_dt, dtype_t da, view a, dtype_t db,
                                                             view b, void* out, std::int64_t n, std::uint64_t& flag) {
  binary_block(op, out_dt, da, a, db, b, out, n, flag);
}
[[gnu::target("avx2"), gnu::flatten]] void unary_block_avx2(fop op, dtype_t da, view a, void* out, std::int64_t n,
                                                            std::uint64_t& flag) {
  unary_block(op, da, a, out, n, flag);
}
#endif

const block_kernels& kernels() {
  static const block_kernels chosen = [] {
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx2")) return block_kernels{binary_block_avx2, unary_block_avx2, true};
#endif
    return block_kernels{};
  }();
  return chosen;
}

// The element offsets of a broadcast operand along the loop's row-major order,
// copied block by block.
template <class T>
void gather(const T* src, const shape_t& loop, const shape_t& strides, std::int64_t start, std::int64_t n, T* dst) {
  const std::size_t r = loop.size();
  shape_t index;
  std::int64_t offset = 0, rest = start;
  for (std::size_t d = 0; d < r; ++d) index.push_back(0);
  for (std::size_t d = r; d-- > 0;) {
    index[d] = rest % loop[d];
    rest /= loop[d];
    offset += index[d] * strides[d];
  }
  for (std::int64_t i = 0; i < n; ++i) {
    dst[i] = src[offset];
    for (std::size_t d = r; d-- > 0;) {
      offset += strides[d];
      if (++index[d] < loop[d]) break;
      offset -= strides[d] * loop[d];
      index[d] = 0;
    }
  }
}

// The error of a member whose flag is set, as its eager node raises it.
[[noreturn]] void raise(fop op) {
  switch (op) {
    case fop::truediv: throw py_error(exc_kind::ZeroDivisionError, "float division by zero");
    case fop::exp:
    case fop::sigmoid: throw py_error(exc_kind::OverflowError, "math range error");
    case fop::sqrt: throw py_error(exc_kind::ValueError, "math domain error");
    default: break;
  }
  throw_int_overflow();  // int64 + - * neg abs, int sums
}

// A buffer of `n` elements of `dt`, this group's kept one when nothing else holds it.
struct buffer {
  std::shared_ptr<std::int64_t[]> ints;
  std::shared_ptr<double[]> floats;
  std::int64_t capacity = 0;

  void* take(dtype_t dt, std::int64_t n, bool reuse) {
    const auto count = static_cast<std::size_t>(std::max<std::int64_t>(n, 1));
    if (dt == dtype_t::int64) {
      if (!reuse || !ints || ints.use_count() != 1 || capacity < n) {
        ints = std::make_shared_for_overwrite<std::int64_t[]>(count);
        capacity = n;
      }
      floats.reset();
      return ints.get();
    }
    if (!reuse || !floats || floats.use_count() != 1 || capacity < n) {
      floats = std::make_shared_for_overwrite<double[]>(count);
      capacity = n;
    }
    ints.reset();
    return floats.get();
  }
  std::shared_ptr<const void> share(bool reuse) {
    std::shared_ptr<const void> out =
        ints ? std::shared_ptr<const void>(ints, ints.get()) : std::shared_ptr<const void>(floats, floats.get());
    if (!reuse) {
      ints.reset();
      floats.reset();
      capacity = 0;
    }
    return out;
  }
};

// The pair loop's operation for `op`, if a pair can hold it.
std::optional<fused_pairs::step> pair_step(fop op) {
  using fused_pairs::step;
  switch (op) {
    case fop::add: return step::add;
    case fop::sub: return step::sub;
    case fop::mul: return step::mul;
    case fop::truediv: return step::truediv;
    case fop::neg: return step::neg;
    case fop::relu: return step::relu;
    case fop::abs: return step::abs;
    default: return std::nullopt;
  }
}

// ---------------------------------------------------------------- a group

class fused_group {
 public:
  explicit fused_group(const graph_t& g, group_plan plan) : plan_(std::move(plan)) {
    const std::size_t m = plan_.members.size(), e = plan_.externals.size();
    for (const member_plan& mp : plan_.members)
      prepared_.push_back(capture_adapter::prepare_op(g.target(mp.n), g.kind(mp.n) == node_kind::call_method));
    iregs_.assign(m * block_size, 0);
    fregs_.assign(m * block_size, 0.0);
    members_.resize(m);
    buffers_.resize(m);
    stash_.resize(m);
    externals_.resize(e);
    gathered_i_.resize(e);
    gathered_f_.resize(e);
    splat_.resize(e);
    splat_value_.assign(e, 0.0);
    splat_len_.assign(e, 0);
    for (std::size_t i = 0; i < e; ++i)
      if (plan_.external_is_data[i]) splat_[i].resize(block_size);
    plan_pairs();
    plan_chains();
  }

  std::size_t size() const { return plan_.members.size(); }
  const member_plan& member(std::size_t k) const { return plan_.members[k]; }
  const std::vector<argument>& externals() const { return plan_.externals; }

  // Runs the whole group; returns its first member's value and keeps the others'.
  value run(std::span<const value> ext) {
    for (value& v : stash_) v = value();
    if (!prepare(ext)) return run_eagerly(ext);
    loop();
    finish();
    return take(0);
  }

  value take(std::size_t k) { return std::move(stash_[k]); }

 private:
  struct external_state {
    const tensor* t = nullptr;
    dtype_t dtype = dtype_t::int64;
    std::int64_t int_value = 0;
    double float_value = 0.0;
    enum class access : std::uint8_t { contiguous, repeated, gathered } how = access::contiguous;
    shape_t strides;
    const void* data = nullptr;
  };
  struct member_state {
    dtype_t dtype = dtype_t::int64;
    shape_t shape;
    std::uint64_t flag = 0;
    void* out = nullptr;  // the materialized buffer, or null (scratch registers)
    const void* block = nullptr;
  };

  // Reads the operands; false when the group must run eagerly to behave exactly as
  // eager. What depends only on the operands' kinds, dtypes and shapes (every member's
  // dtype and shape, the loop, how each operand is read) is worked out when they differ
  // from the last call's, and kept.
  bool prepare(std::span<const value> ext) {
    for (std::size_t i = 0; i < ext.size(); ++i) {
      if (!plan_.external_is_data[i]) continue;
      external_state& x = externals_[i];
      const value& v = ext[i];
      x.t = nullptr;
      if (v.is<tensor_object>()) {
        x.t = &v.as<tensor_object>()->t;
        x.dtype = x.t->dtype();
      } else if (v.is_float()) {
        x.dtype = dtype_t::float64;
        x.float_value = v.as_float();
      } else if (v.is_int() || v.is_bool()) {
        x.dtype = dtype_t::int64;
        x.int_value = v.is_bool() ? std::int64_t{v.as_bool()} : v.as_int();
      } else {
        return false;
      }
    }
    if (!same_operand_types()) {
      planned_ = plan_shapes();
      remember_operand_types();
    }
    if (!planned_) return false;
    for (member_state& ms : members_) ms.flag = 0;
    if (interpreter* in = interpreter::current(); in && !in->memory_allows(bytes_)) return false;
    for (std::size_t i = 0; i < ext.size(); ++i) {
      if (!plan_.external_is_data[i]) continue;
      external_state& x = externals_[i];
      if (!x.t)
        x.data = x.dtype == dtype_t::int64 ? static_cast<const void*>(&x.int_value)
                                           : static_cast<const void*>(&x.float_value);
      else
        x.data = x.dtype == dtype_t::int64 ? static_cast<const void*>(x.t->int_data())
                                           : static_cast<const void*>(x.t->float_data());
    }
    const std::size_t m = plan_.members.size();
    for (std::size_t k = 0; k < m; ++k) {
      const member_plan& mp = plan_.members[k];
      member_state& ms = members_[k];
      if (is_reduction(mp.op)) {
        reduction_buffer_ = mp.op == fop::sum_dim ? buffers_[k].take(ms.dtype, out_count_, mp.reusable) : nullptr;
        continue;
      }
      ms.out = mp.materialized ? buffers_[k].take(ms.dtype, n_, mp.reusable) : nullptr;
    }
    pair_up();
    return true;
  }

  // Whether the data operands have the kinds, dtypes and shapes plan_shapes() last
  // planned for.
  bool same_operand_types() const {
    if (operand_types_.empty()) return false;  // nothing planned yet
    for (std::size_t i = 0; i < externals_.size(); ++i) {
      if (!plan_.external_is_data[i]) continue;
      const external_state& x = externals_[i];
      const operand_type& was = operand_types_[i];
      if (x.dtype != was.dtype || (x.t != nullptr) != was.tensor) return false;
      if (x.t && !(x.t->shape() == was.shape)) return false;
    }
    return true;
  }

  void remember_operand_types() {
    operand_types_.resize(externals_.size());
    for (std::size_t i = 0; i < externals_.size(); ++i) {
      if (!plan_.external_is_data[i]) continue;
      const external_state& x = externals_[i];
      operand_types_[i] = {x.dtype, x.t != nullptr, x.t ? x.t->shape() : shape_t{}};
    }
  }

  // Works out every member's dtype and shape as the eager nodes would, the loop, the
  // bytes the eager nodes charge and how each operand is read; false when the group
  // must run eagerly to behave exactly as eager.
  bool plan_shapes() {
    static const shape_t scalar_shape{};
    auto dtype_of = [&](ref r) { return r.member ? members_[r.index].dtype : externals_[r.index].dtype; };
    auto shape_of = [&](ref r) -> const shape_t& {
      if (r.member) return members_[r.index].shape;
      return externals_[r.index].t ? externals_[r.index].t->shape() : scalar_shape;
    };
    auto is_tensor = [&](ref r) { return r.member || externals_[r.index].t != nullptr; };
    std::uint64_t bytes = 0;
    const std::size_t m = plan_.members.size();
    for (std::size_t k = 0; k < m; ++k) {
      const member_plan& mp = plan_.members[k];
      member_state& ms = members_[k];
      if (is_reduction(mp.op)) break;
      if (is_binary(mp.op)) {
        const ref a = mp.args[0], b = mp.args[1];
        if (!is_tensor(a) && !is_tensor(b)) return false;  // a number result
        try {
          ms.shape = broadcast_shape(shape_of(a), shape_of(b));
        } catch (const py_error&) { return false; }
        ms.dtype = binary_dtype(binop_of(mp.op), dtype_of(a), dtype_of(b));
      } else {
        if (!is_tensor(mp.args[0])) return false;  // relu(3) raises
        ms.shape = shape_of(mp.args[0]);
        const dtype_t in = dtype_of(mp.args[0]);
        ms.dtype = mp.op == fop::to_float                                         ? dtype_t::float64
                   : mp.op == fop::neg || mp.op == fop::relu || mp.op == fop::abs ? in
                                                                                  : dtype_t::float64;
      }
      if (!(ms.shape == members_[0].shape)) return false;
    }
    loop_ = members_[0].shape;
    n_ = shape_numel(loop_);
    if (n_ == 0 || n_ > max_container_size) return false;  // nothing to loop over, or MemoryError
    for (std::size_t k = 0; k < m; ++k) {
      const member_plan& mp = plan_.members[k];
      if (is_reduction(mp.op)) {
        if (!reduction_ready(k)) return false;
        bytes += static_cast<std::uint64_t>(out_count_) * 8;
      } else if (charges(k)) {
        bytes += static_cast<std::uint64_t>(n_) * 8;
      }
    }
    bytes_ = bytes;
    // How each external operand is read along the loop.
    for (std::size_t i = 0; i < externals_.size(); ++i) {
      if (!plan_.external_is_data[i]) continue;
      external_state& x = externals_[i];
      if (!x.t) {
        x.how = external_state::access::repeated;
        continue;
      }
      const shape_t& s = x.t->shape();
      if (s == loop_) {
        x.how = external_state::access::contiguous;
      } else if (x.t->numel() == 1) {
        x.how = external_state::access::repeated;
      } else {
        x.how = external_state::access::gathered;
        x.strides.clear();
        std::int64_t stride = 1;
        shape_t reversed;
        for (std::size_t d = loop_.size(); d-- > 0;) {
          const std::size_t back = loop_.size() - 1 - d;
          const std::int64_t size = back < s.size() ? s[s.size() - 1 - back] : 1;
          reversed.push_back(size == 1 ? 0 : stride);
          stride *= size;
        }
        for (std::size_t d = reversed.size(); d-- > 0;) x.strides.push_back(reversed[d]);
        if (x.dtype == dtype_t::int64)
          gathered_i_[i].resize(block_size);
        else
          gathered_f_[i].resize(block_size);
      }
    }
    return true;
  }

  // Which members can run as the first of a pair with the next one (when the operands
  // turn out float64, see pair_up): a pair operation whose result only the next member
  // reads, once, and which is not materialized.
  void plan_pairs() {
    const std::size_t m = plan_.members.size();
    std::vector<int> reads(m, 0);
    for (const member_plan& mp : plan_.members)
      for (ref r : mp.args)
        if (r.member) ++reads[r.index];
    pairable_.assign(m, false);
    pair_on_right_.assign(m, false);
    pair_loops_.assign(m, nullptr);
    for (std::size_t k = 0; k + 1 < m; ++k) {
      const member_plan& mp = plan_.members[k];
      const member_plan& next = plan_.members[k + 1];
      if (!pair_step(mp.op) || !pair_step(next.op) || mp.materialized || reads[k] != 1) continue;
      const auto reads_k = [k](ref r) { return r.member && r.index == k; };
      if (std::none_of(next.args.begin(), next.args.end(), reads_k)) continue;
      pairable_[k] = true;
      pair_on_right_[k] = is_binary(next.op) && reads_k(next.args[1]);
    }
  }

  // Which members start a chain of three or four (when the operands turn out float64,
  // see pair_up): each member but the last a pair's first (read only by the next, once,
  // not materialized), all of them in the chain loops' vocabulary
  // (fused_chain_kernels.hpp).
  void plan_chains() {
    using fused_chains::link;
    const std::size_t m = plan_.members.size();
    chains_.assign(m, chain_plan{});
    chain_loops_.assign(m, nullptr);
    for (std::size_t k = 0; k + 2 < m; ++k) {
      chain_plan cp;
      switch (plan_.members[k].op) {
        case fop::add: cp.first = fused_chains::head::add; break;
        case fop::sub: cp.first = fused_chains::head::sub; break;
        case fop::mul: cp.first = fused_chains::head::mul; break;
        case fop::relu: cp.first = fused_chains::head::relu; break;
        default: continue;
      }
      std::size_t length = 1;
      for (; length < 4 && k + length < m && pairable_[k + length - 1]; ++length) {
        const member_plan& next = plan_.members[k + length];
        const bool on_right = pair_on_right_[k + length - 1];
        link l = link::none;
        switch (next.op) {
          case fop::add: l = link::add; break;
          case fop::mul: l = link::mul; break;
          case fop::sub: l = on_right ? link::sub_from_operand : link::sub_operand; break;
          case fop::relu: l = link::relu; break;
          default: break;
        }
        if (l == link::none) break;
        cp.links[length - 1] = l;
        cp.operand[length - 1] = on_right ? 0 : 1;  // the argument that is not the running value
      }
      if (length < 3) continue;
      cp.length = static_cast<std::uint8_t>(length);
      chains_[k] = cp;
    }
  }

  // Fills the block of a repeated float64 number for this call, unless it holds it
  // already from an earlier call.
  void fill_splat(std::size_t i) {
    const double x = *static_cast<const double*>(externals_[i].data);
    const std::int64_t len = std::min(block_size, n_);
    if (splat_len_[i] >= len && std::bit_cast<std::uint64_t>(splat_value_[i]) == std::bit_cast<std::uint64_t>(x))
      return;
    std::fill_n(splat_[i].data(), len, x);
    splat_value_[i] = x;
    splat_len_[i] = len;
  }

  // Chooses this call's pairs, from the first member on, where both members compute in
  // float64 from float64 operands; fills the blocks of the numbers they read.
  void pair_up() {
    const std::size_t m = plan_.members.size();
    std::fill(pair_loops_.begin(), pair_loops_.end(), nullptr);
    std::fill(chain_loops_.begin(), chain_loops_.end(), nullptr);
    auto float_only = [&](std::size_t k) {
      if (members_[k].dtype != dtype_t::float64) return false;
      return std::all_of(plan_.members[k].args.begin(), plan_.members[k].args.end(),
                         [&](ref r) { return dtype_of(r) == dtype_t::float64; });
    };
    auto fill_splats = [&](std::size_t from, std::size_t to) {
      for (std::size_t j = from; j <= to; ++j)
        for (ref r : plan_.members[j].args)
          if (!r.member && externals_[r.index].how == external_state::access::repeated) fill_splat(r.index);
    };
    for (std::size_t k = 0; k + 1 < m; ++k) {
      if (const chain_plan& cp = chains_[k]; cp.length >= 3) {
        const std::size_t last = k + cp.length - 1;
        bool floats = true;
        for (std::size_t j = k; j <= last; ++j) floats = floats && float_only(j);
        if (floats) {
          chain_loops_[k] =
              fused_chains::find_chain_loop(cp.first, cp.links[0], cp.links[1], cp.links[2], kernels_.wide);
          fill_splats(k, last);
          k = last;
          continue;
        }
      }
      if (!pairable_[k] || !float_only(k) || !float_only(k + 1)) continue;
      pair_loops_[k] = fused_pairs::find_pair_loop(*pair_step(plan_.members[k].op), *pair_step(plan_.members[k + 1].op),
                                                   pair_on_right_[k], kernels_.wide);
      fill_splats(k, k + 1);
      ++k;
    }
  }

  // A float64 operand of a pair as a block of the current loop block's elements.
  const double* pair_operand(ref r) const {
    if (r.member) return static_cast<const double*>(members_[r.index].block);
    const external_state& x = externals_[r.index];
    return x.how == external_state::access::repeated ? splat_[r.index].data() : static_cast<const double*>(x.data);
  }

  // Whether member k's eager node allocates a tensor (and charges the budget): all do
  // but float() of a float64 tensor, which returns it.
  bool charges(std::size_t k) const {
    const member_plan& mp = plan_.members[k];
    if (mp.op != fop::to_float) return true;
    const ref a = mp.args[0];
    return (a.member ? members_[a.index].dtype : externals_[a.index].dtype) == dtype_t::int64;
  }

  bool reduction_ready(std::size_t k) {
    const member_plan& mp = plan_.members[k];
    member_state& ms = members_[k];
    const dtype_t in = members_[mp.args[0].index].dtype;
    ms.dtype = mp.op == fop::mean ? dtype_t::float64 : in;
    out_count_ = 1;
    if (mp.op != fop::sum_dim) return true;
    if (loop_.empty()) return false;
    std::int64_t d = 0;
    try {
      d = normalize_dim(loop_, mp.dim);
    } catch (const py_error&) { return false; }
    outer_ = inner_ = 1;
    for (std::int64_t i = 0; i < d; ++i) outer_ *= loop_[static_cast<std::size_t>(i)];
    for (std::size_t i = static_cast<std::size_t>(d) + 1; i < loop_.size(); ++i) inner_ *= loop_[i];
    len_ = loop_[static_cast<std::size_t>(d)];
    out_count_ = outer_ * inner_;
    ms.shape = sum_dim_shape(loop_, mp.dim);
    return true;
  }

  view operand(ref r) const {
    if (r.member) return {members_[r.index].block, false};
    const external_state& x = externals_[r.index];
    return {x.data, x.how == external_state::access::repeated};
  }

  void loop() {
    const std::size_t m = plan_.members.size(), e = externals_.size();
    std::int64_t acc_i = 0;
    double acc_f = 0.0;
    std::int64_t o = 0, r = 0, j = 0;  // sum_dim's position: outer, reduced, inner
    const bool has_reduction = is_reduction(plan_.members.back().op);
    if (has_reduction && plan_.members.back().op == fop::sum_dim) {
      if (members_.back().dtype == dtype_t::int64)
        std::fill_n(static_cast<std::int64_t*>(reduction_buffer_), out_count_, std::int64_t{0});
      else
        std::fill_n(static_cast<double*>(reduction_buffer_), out_count_, 0.0);
    }
    saved_.assign(e, nullptr);
    for (std::int64_t start = 0; start < n_; start += block_size) {
      const std::int64_t len = std::min(block_size, n_ - start);
      for (std::size_t i = 0; i < e; ++i) {
        if (!plan_.external_is_data[i]) continue;
        external_state& x = externals_[i];
        if (x.how == external_state::access::contiguous) {
          if (!saved_[i]) saved_[i] = x.data;
          x.data = x.dtype == dtype_t::int64
                       ? static_cast<const void*>(static_cast<const std::int64_t*>(saved_[i]) + start)
                       : static_cast<const void*>(static_cast<const double*>(saved_[i]) + start);
        } else if (x.how == external_state::access::gathered) {
          if (x.dtype == dtype_t::int64) {
            gather(x.t->int_data(), loop_, x.strides, start, len, gathered_i_[i].data());
            x.data = gathered_i_[i].data();
          } else {
            gather(x.t->float_data(), loop_, x.strides, start, len, gathered_f_[i].data());
            x.data = gathered_f_[i].data();
          }
        }
      }
      for (std::size_t k = 0; k < m; ++k) {
        const member_plan& mp = plan_.members[k];
        member_state& ms = members_[k];
        if (is_reduction(mp.op)) {
          reduce_block(mp.op, members_[mp.args[0].index], len, acc_i, acc_f, o, r, j, ms.flag);
          continue;
        }
        if (chain_loops_[k]) {
          const chain_plan& cp = chains_[k];
          const std::size_t last = k + cp.length - 1;
          member_state& end = members_[last];
          double* out = end.out ? static_cast<double*>(end.out) + start : fregs_.data() + last * block_size;
          const double* a = pair_operand(mp.args[0]);
          const double* b = is_binary(mp.op) ? pair_operand(mp.args[1]) : a;
          std::array<const double*, 3> c{a, a, a};  // relu and none read nothing
          for (std::size_t i = 0; i + 1 < cp.length; ++i) {
            const member_plan& lp = plan_.members[k + 1 + i];
            if (is_binary(lp.op)) c[i] = pair_operand(lp.args[cp.operand[i]]);
          }
          chain_loops_[k](a, b, c[0], c[1], c[2], out, len);
          end.block = out;
          k = last;  // the chain ran its other members too
          continue;
        }
        if (pair_loops_[k]) {
          const member_plan& np = plan_.members[k + 1];
          member_state& next = members_[k + 1];
          double* out = next.out ? static_cast<double*>(next.out) + start : fregs_.data() + (k + 1) * block_size;
          const double* a = pair_operand(mp.args[0]);
          const double* b = is_binary(mp.op) ? pair_operand(mp.args[1]) : a;
          const double* c = is_binary(np.op) ? pair_operand(np.args[pair_on_right_[k] ? 0 : 1]) : a;
          pair_loops_[k](a, b, c, out, len, ms.flag, next.flag);
          next.block = out;
          ++k;  // the pair ran the next member too
          continue;
        }
        void* out;
        if (ms.out)
          out = ms.dtype == dtype_t::int64 ? static_cast<void*>(static_cast<std::int64_t*>(ms.out) + start)
                                           : static_cast<void*>(static_cast<double*>(ms.out) + start);
        else
          out = ms.dtype == dtype_t::int64 ? static_cast<void*>(iregs_.data() + k * block_size)
                                           : static_cast<void*>(fregs_.data() + k * block_size);
        if (is_binary(mp.op)) {
          const ref a = mp.args[0], b = mp.args[1];
          kernels_.binary(mp.op, ms.dtype, dtype_of(a), operand(a), dtype_of(b), operand(b), out, len, ms.flag);
        } else {
          kernels_.unary(mp.op, dtype_of(mp.args[0]), operand(mp.args[0]), out, len, ms.flag);
        }
        ms.block = out;
      }
    }
    for (std::size_t i = 0; i < e; ++i)
      if (saved_[i]) externals_[i].data = saved_[i];
    acc_i_ = acc_i;
    acc_f_ = acc_f;
  }

  dtype_t dtype_of(ref r) const { return r.member ? members_[r.index].dtype : externals_[r.index].dtype; }

  // Accumulates a block of `in` in the order tensor.cpp's sum(), mean() and sum(dim)
  // add the elements of a tensor: row-major, each output from zero.
  void reduce_block(fop op, const member_state& in, std::int64_t len, std::int64_t& acc_i, double& acc_f,
                    std::int64_t& o, std::int64_t& r, std::int64_t& j, std::uint64_t& flag) {
    const bool ints = in.dtype == dtype_t::int64;
    const auto* pi = static_cast<const std::int64_t*>(in.block);
    const auto* pf = static_cast<const double*>(in.block);
    bool bad = false;
    if (op == fop::sum) {
      if (ints)
        for (std::int64_t i = 0; i < len; ++i) bad |= !checked_add(acc_i, pi[i], acc_i);
      else
        for (std::int64_t i = 0; i < len; ++i) acc_f = acc_f + pf[i];
    } else if (op == fop::mean) {
      if (ints)
        for (std::int64_t i = 0; i < len; ++i) acc_f = acc_f + static_cast<double>(pi[i]);
      else
        for (std::int64_t i = 0; i < len; ++i) acc_f = acc_f + pf[i];
    } else {
      auto* oi = static_cast<std::int64_t*>(reduction_buffer_);
      auto* of = static_cast<double*>(reduction_buffer_);
      for (std::int64_t i = 0; i < len; ++i) {
        const std::int64_t at = o * inner_ + j;
        if (ints) {
          std::int64_t sum;
          bad |= !checked_add(oi[at], pi[i], sum);
          oi[at] = sum;
        } else {
          of[at] = of[at] + pf[i];
        }
        if (++j == inner_) {
          j = 0;
          if (++r == len_) {
            r = 0;
            ++o;
          }
        }
      }
    }
    flag |= bad;
  }

  // In graph order, what each eager node does after computing: charge its tensor to
  // the memory budget and raise its error; then the results.
  void finish() {
    const std::size_t m = plan_.members.size();
    for (std::size_t k = 0; k < m; ++k) {
      const member_plan& mp = plan_.members[k];
      member_state& ms = members_[k];
      if (mp.op == fop::sum || mp.op == fop::mean) {
        if (ms.flag) raise(mp.op);
        const scalar s = mp.op == fop::mean           ? scalar{acc_f_ / static_cast<double>(n_)}
                         : ms.dtype == dtype_t::int64 ? scalar{acc_i_}
                                                      : scalar{acc_f_};
        stash_[k] = new_tensor(tensor::from_scalar(s));  // charges as eager's from_scalar
        continue;
      }
      if (mp.op == fop::sum_dim) {
        check_allocation(out_count_, 8);
        if (ms.flag) raise(mp.op);
        stash_[k] = new_tensor(tensor::from_buffer(ms.dtype, ms.shape, buffers_[k].share(mp.reusable)));
        continue;
      }
      if (charges(k)) check_allocation(n_, 8);
      if (ms.flag) raise(mp.op);
    }
    for (std::size_t k = 0; k < m; ++k) {
      const member_plan& mp = plan_.members[k];
      if (mp.materialized && !is_reduction(mp.op))
        stash_[k] = new_tensor(tensor::from_buffer(members_[k].dtype, loop_, buffers_[k].share(mp.reusable)));
    }
  }

  // The group's nodes one by one, exactly as the eager backend runs them.
  value run_eagerly(std::span<const value> ext) {
    std::vector<value> results(plan_.members.size());
    std::vector<value> args;
    for (std::size_t k = 0; k < plan_.members.size(); ++k) {
      args.clear();
      for (ref r : plan_.members[k].args) args.push_back(r.member ? results[r.index] : ext[r.index]);
      results[k] = capture_adapter::run_prepared(prepared_[k], args);
    }
    for (std::size_t k = 0; k < plan_.members.size(); ++k)
      if (plan_.members[k].materialized) stash_[k] = std::move(results[k]);
    return take(0);
  }

  group_plan plan_;
  const block_kernels& kernels_ = kernels();
  std::vector<capture_adapter::prepared_op> prepared_;
  // Per call (sized once): the members' and operands' state, scratch blocks.
  std::vector<member_state> members_;
  std::vector<external_state> externals_;
  std::vector<const void*> saved_;
  std::vector<std::int64_t> iregs_;
  std::vector<double> fregs_;
  std::vector<std::vector<std::int64_t>> gathered_i_;
  std::vector<std::vector<double>> gathered_f_;
  // Pairs: planned once (pairable_, pair_on_right_), chosen per call (pair_loops_, null
  // where member k does not start a pair); splat_ holds the blocks of repeated numbers.
  std::vector<bool> pairable_, pair_on_right_;
  std::vector<fused_pairs::pair_loop> pair_loops_;
  std::vector<std::vector<double>> splat_;
  std::vector<double> splat_value_;      // the number splat_[i] holds
  std::vector<std::int64_t> splat_len_;  // how many elements of splat_[i] hold it
  // Chains: planned once (chains_), chosen per call (chain_loops_, null where member k
  // does not start a chain this call).
  struct chain_plan {
    std::uint8_t length = 0;  // 0: no chain starts here
    fused_chains::head first = fused_chains::head::add;
    std::array<fused_chains::link, 3> links{fused_chains::link::none, fused_chains::link::none,
                                            fused_chains::link::none};
    std::array<std::uint8_t, 3> operand{};  // links[i]: the argument of its member that is its operand block
  };
  std::vector<chain_plan> chains_;
  std::vector<fused_chains::chain_loop> chain_loops_;
  std::vector<buffer> buffers_;
  std::vector<value> stash_;
  // What plan_shapes() last planned for: each data operand's dtype, whether it is a
  // tensor, and its shape; whether that plan lets the group run; the bytes it charges.
  struct operand_type {
    dtype_t dtype = dtype_t::int64;
    bool tensor = false;
    shape_t shape;
  };
  std::vector<operand_type> operand_types_;  // empty until the first plan
  bool planned_ = false;
  std::uint64_t bytes_ = 0;
  shape_t loop_;
  std::int64_t n_ = 0;
  std::int64_t out_count_ = 1, outer_ = 1, inner_ = 1, len_ = 1;
  void* reduction_buffer_ = nullptr;
  std::int64_t acc_i_ = 0;
  double acc_f_ = 0.0;
};

// The + - * / nodes no group holds, each with its kernel compiled for its operands'
// shapes (detail::single_binary_kernel), where those are static.
std::vector<std::pair<node, lasso::node_lowering<value>>> single_kernels(const graph_t& g,
                                                                         const std::vector<group_plan>& groups) {
  std::unordered_set<std::uint32_t> grouped;
  for (const group_plan& plan : groups)
    for (const member_plan& m : plan.members) grouped.insert(m.n.index());
  std::vector<std::pair<node, lasso::node_lowering<value>>> kernels;
  for (node n : g.nodes()) {
    std::int64_t dim = 0;
    const std::optional<fop> op = grouped.count(n.index()) ? std::nullopt : classify(g, n, dim);
    if (!op || !is_binary(*op)) continue;
    if (auto kernel = detail::single_binary_kernel(g, n, binop_of(*op))) kernels.emplace_back(n, std::move(*kernel));
  }
  return kernels;
}

}  // namespace

lasso::compiled_graph<value> fused_backend::operator()(const graph_t& g, std::span<const value>) const {
  lasso::node_lowerings<value> lowerings;
  std::vector<group_plan> groups = plan_groups(g);
  for (auto& [n, kernel] : single_kernels(g, groups)) lowerings.emplace(n.index(), std::move(kernel));
  for (group_plan& plan : groups) {
    auto group = std::make_shared<fused_group>(g, std::move(plan));
    for (std::size_t k = 0; k < group->size(); ++k) {
      const member_plan& mp = group->member(k);
      lasso::node_lowering<value> l;
      if (k == 0) {
        l.run = [group](std::span<const value> ext) { return group->run(ext); };
        l.operands = group->externals();
      } else if (mp.materialized) {
        l.run = [group, k](std::span<const value>) { return group->take(k); };
      } else {
        l.absorbed = true;
      }
      lowerings.emplace(mp.n.index(), std::move(l));
    }
  }
  return lasso::lowered_graph<capture_adapter>(g, lowerings);
}

fusion_summary summarize_fusion(const graph_t& g) {
  fusion_summary s;
  const std::vector<group_plan> groups = plan_groups(g);
  for (const group_plan& plan : groups) {
    ++s.groups;
    s.fused_nodes += plan.members.size();
    for (const member_plan& m : plan.members) {
      s.unmaterialized += m.materialized ? 0 : 1;
      s.reused_buffers += m.reusable ? 1 : 0;
    }
  }
  s.single_kernels = single_kernels(g, groups).size();
  return s;
}

}  // namespace minipy
