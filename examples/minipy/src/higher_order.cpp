// minipy's side of lasso's higher-order operators (cond, while_loop, map_rows): what
// the eager backend needs to run their nodes (lasso::HigherOrderAdapter and
// lasso::RowMappingAdapter). The builtins themselves are in builtins.cpp.
#include "minipy/capture.hpp"

#include <vector>

namespace minipy {

bool capture_adapter::truth(const value& v) { return truthy(*interpreter::current(), v); }

void capture_adapter::loop_pass() {
  if (interpreter* in = interpreter::current()) in->charge_step();
}

std::vector<value> capture_adapter::tensor_rows(const value& v) {
  const tensor& t = v.as<tensor_object>()->t;
  std::vector<value> rows;
  for (std::int64_t i = 0; i < t.len(); ++i) rows.push_back(new_tensor(t.row(i)));
  return rows;
}

value capture_adapter::stack_rows(const std::vector<value>& rows) {
  std::vector<tensor> tensors;
  for (const value& r : rows) tensors.push_back(r.as<tensor_object>()->t);
  return new_tensor(minipy::stack_rows(tensors));
}

tensor_meta capture_adapter::stacked_meta(const tensor_meta& m, std::int64_t n) {
  sym_shape shape{lasso::sym_int(n)};
  for (const lasso::sym_int& d : m.shape) shape.push_back(d);
  return {m.dtype, std::move(shape)};
}

}  // namespace minipy
