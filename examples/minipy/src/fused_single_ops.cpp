// The fused backend's kernels for + - * / nodes that no group holds: binary() compiled
// once for the operands' static dtypes and shapes (tensor.hpp, binary_kernel).
#include <optional>
#include <span>

#include "minipy/capture.hpp"
#include "minipy/fused_backend.hpp"
#include "minipy/object.hpp"

namespace minipy::detail {
namespace {

using graph_t = lasso::graph::graph<tensor_meta>;
using lasso::graph::argument;
using lasso::graph::node;

// What an operand of the node is known to be when the graph is compiled.
struct known_operand {
  bool is_tensor = false;
  dtype_t dtype = dtype_t::int64;
  shape_t shape;  // a tensor's; () for a number
  scalar number;  // a number's value (a constant of the graph)
};

std::optional<shape_t> static_shape(const sym_shape& s) {
  shape_t out;
  for (const lasso::sym_int& d : s) {
    const std::optional<std::int64_t> size = d.constant();
    if (!size) return std::nullopt;
    out.push_back(*size);
  }
  return out;
}

std::optional<known_operand> known(const graph_t& g, const argument& a) {
  known_operand k;
  if (const node* n = a.get_if<node>()) {
    const auto& m = g.meta(*n);
    if (!m) return std::nullopt;  // a number computed or passed at run time
    std::optional<shape_t> shape = static_shape(m->shape);
    if (!shape) return std::nullopt;
    k.is_tensor = true;
    k.dtype = m->dtype;
    k.shape = std::move(*shape);
    return k;
  }
  // The graph's number constants, as the eager node receives them (a bool is its int).
  if (const bool* b = a.get_if<bool>())
    k.number = scalar{std::int64_t{*b}};
  else if (const std::int64_t* i = a.get_if<std::int64_t>())
    k.number = scalar{*i};
  else if (const double* d = a.get_if<double>())
    k.number = scalar{*d};
  else
    return std::nullopt;
  k.dtype = scalar_dtype(k.number);
  return k;
}

// The elements of operand `k` of a call, or null when the value is not what the kernel
// was compiled for.
const void* elements(const binary_kernel& kernel, std::size_t side, const known_operand& k, const value& v) {
  if (!k.is_tensor)
    return k.dtype == dtype_t::int64 ? static_cast<const void*>(&std::get<0>(k.number))
                                     : static_cast<const void*>(&std::get<1>(k.number));
  if (!v.is<tensor_object>()) return nullptr;
  const tensor& t = v.as<tensor_object>()->t;
  if (!kernel.takes(side, t)) return nullptr;
  return t.dtype() == dtype_t::int64 ? static_cast<const void*>(t.int_data())
                                     : static_cast<const void*>(t.float_data());
}

struct single_binary {
  binary_kernel kernel;
  known_operand operands[2];
  capture_adapter::prepared_op eager;

  value operator()(std::span<const value> args) const {
    const void* a = elements(kernel, 0, operands[0], args[0]);
    const void* b = a ? elements(kernel, 1, operands[1], args[1]) : nullptr;
    if (!b) return capture_adapter::run_prepared(eager, args);  // not what it was compiled for
    return new_tensor(kernel(a, b));
  }
};

}  // namespace

std::optional<lasso::node_lowering<value>> single_binary_kernel(const graph_t& g, node n, binop op) {
  const std::vector<argument> args = g.args(n);
  std::optional<known_operand> a = known(g, args[0]), b = known(g, args[1]);
  if (!a || !b) return std::nullopt;
  std::optional<single_binary> run;
  try {
    run.emplace(single_binary{binary_kernel(op, a->dtype, a->shape, b->dtype, b->shape),
                              {std::move(*a), std::move(*b)},
                              capture_adapter::prepare_op(g.target(n), false)});
  } catch (const py_error&) {
    return std::nullopt;  // shapes that do not broadcast: the eager node raises
  }
  lasso::node_lowering<value> l;
  l.run = std::move(*run);
  l.operands = args;
  return l;
}

}  // namespace minipy::detail
