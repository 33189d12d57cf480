// minipy's graph-capture adapter. See capture.hpp.
#include "minipy/capture.hpp"
#include "minipy/fused_backend.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>

#include <lasso/runtime/eval_frame.hpp>
#include <lasso/runtime/html_report.hpp>

#include "minipy/repr.hpp"

namespace minipy {

namespace {

using B = lasso::bytecode::binary_operator;
using meta_result = lasso::meta_or_reason<tensor_meta>;
using tensor_operand = lasso::operand<tensor_meta>;

interpreter& current_interpreter() {
  interpreter* in = interpreter::current();
  if (!in) throw std::logic_error("minipy capture: no interpreter on this thread");
  return *in;
}

// ------------------------------------------------------------ constants

bool is_number(const lasso::constant& c) {
  return std::holds_alternative<bool>(c) || std::holds_alternative<std::int64_t>(c) ||
         std::holds_alternative<double>(c);
}

/// An int or bool constant as an int (Python's index semantics).
std::optional<std::int64_t> intlike(const lasso::constant& c) {
  if (auto* b = std::get_if<bool>(&c)) return *b ? 1 : 0;
  if (auto* i = std::get_if<std::int64_t>(&c)) return *i;
  return std::nullopt;
}

/// An int constant (not bool): what the shape arguments of minipy's builtins accept.
std::optional<std::int64_t> exact_int(const lasso::constant& c) {
  if (auto* i = std::get_if<std::int64_t>(&c)) return *i;
  return std::nullopt;
}

/// An int operand (not bool) as a size: an int constant or a symbolic size.
std::optional<lasso::sym_int> exact_size(const tensor_operand& o) {
  if (o.size) return *o.size;
  if (o.value)
    if (auto i = exact_int(*o.value)) return lasso::sym_int(*i);
  return std::nullopt;
}

std::string constant_type_name(const lasso::constant& c) {
  static constexpr std::array<const char*, 5> names{"NoneType", "bool", "int", "float", "str"};
  return names[c.index()];
}

// ------------------------------------------------------------ shape rules

lasso::unsupported python_error(exc_kind kind, const std::string& message) {
  std::string text(exc_name(kind));
  if (!message.empty()) text += ": " + message;
  return {lasso::reasons::would_raise, std::move(text)};
}
lasso::unsupported type_error(const std::string& message) { return python_error(exc_kind::TypeError, message); }

std::string operand_type(const tensor_operand& o) {
  if (o.tensor) return "Tensor";
  if (o.size) return "int";
  if (o.value) return constant_type_name(*o.value);
  return o.is_list ? "list" : "tuple";
}

const tensor_meta* tensor_at(std::span<const tensor_operand> args, std::size_t i) {
  return i < args.size() ? args[i].tensor : nullptr;
}

/// Element count of a shape for the size limits of the creation functions (as
/// builtins.cpp's check_dims_size): false when it would exceed max_container_size
/// for the traced sizes. (A later call with larger symbolic sizes fails in the
/// compiled graph, which then runs the frame again eagerly to raise the error.)
bool size_ok(const sym_shape& s) {
  std::int64_t n = 1;
  for (const lasso::sym_int& size : s)
    if (const std::int64_t d = size.hint(); d > 0 && (__builtin_mul_overflow(n, d, &n) || n > max_container_size))
      return false;
  return true;
}

[[gnu::always_inline]] inline std::optional<B> binary_of(std::string_view op) {
  if (op == "add") return B::add;
  if (op == "sub") return B::subtract;
  if (op == "mul") return B::multiply;
  if (op == "truediv") return B::true_divide;
  if (op == "matmul") return B::matrix_multiply;
  if (op == "floordiv") return B::floor_divide;
  if (op == "mod") return B::remainder;
  if (op == "pow") return B::power;
  return std::nullopt;
}

meta_result binary_meta(B op, std::span<const tensor_operand> args) {
  const std::string symbol(lasso::bytecode::symbol_of(op));
  if (args.size() != 2)
    return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "operator " + symbol + " takes two operands"};
  const tensor_operand& a = args[0];
  const tensor_operand& b = args[1];
  if (!a.tensor && !b.tensor)
    return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                              "operator " + symbol + " without a tensor operand"};
  auto unsupported_operands = [&] {
    return type_error("unsupported operand type(s) for " + symbol + ": '" + operand_type(a) + "' and '" +
                      operand_type(b) + "'");
  };
  if (op == B::matrix_multiply) {
    if (!a.tensor || !b.tensor) return unsupported_operands();
    return tensor_meta{matmul_dtype(a.tensor->dtype, b.tensor->dtype), matmul_shape(a.tensor->shape, b.tensor->shape)};
  }
  binop bo;
  switch (op) {
    case B::add: bo = binop::add; break;
    case B::subtract: bo = binop::sub; break;
    case B::multiply: bo = binop::mul; break;
    case B::true_divide: bo = binop::truediv; break;
    default: return unsupported_operands();  // tensors have no // % **
  }
  const bool a_ok = a.tensor || a.size || (a.value && is_number(*a.value));
  const bool b_ok = b.tensor || b.size || (b.value && is_number(*b.value));
  if (!a_ok || !b_ok) {
    if (op == B::add && a.value && std::holds_alternative<std::string>(*a.value))
      return type_error("can only concatenate str (not \"" + operand_type(b) + "\") to str");
    return unsupported_operands();
  }
  auto dtype_of = [](const tensor_operand& o) {
    if (o.tensor) return o.tensor->dtype;
    if (o.size) return dtype_t::int64;
    return std::holds_alternative<double>(*o.value) ? dtype_t::float64 : dtype_t::int64;
  };
  const sym_shape empty;
  const sym_shape& sa = a.tensor ? a.tensor->shape : empty;
  const sym_shape& sb = b.tensor ? b.tensor->shape : empty;
  return tensor_meta{binary_dtype(bo, dtype_of(a), dtype_of(b)), broadcast_shape(sa, sb)};
}

std::optional<unop> unary_method(std::string_view op) {
  if (op == "relu") return unop::relu;
  if (op == "abs") return unop::abs;
  if (op == "exp") return unop::exp;
  if (op == "tanh") return unop::tanh;
  if (op == "sqrt") return unop::sqrt;
  if (op == "sigmoid") return unop::sigmoid;
  return std::nullopt;
}

/// "Tensor.relu() takes no arguments (1 given)", as builtins.cpp's exact_args.
lasso::unsupported no_arguments(std::string_view method, std::size_t given) {
  return type_error("Tensor." + std::string(method) + "() takes no arguments (" + std::to_string(given) + " given)");
}

/// The operator of an ordering comparison's graph target ("lt" is "<").
const char* ordering_symbol(std::string_view op) {
  if (op == "lt") return "<";
  if (op == "le") return "<=";
  if (op == "gt") return ">";
  if (op == "ge") return ">=";
  return nullptr;
}

meta_result creation_meta(std::string_view op, std::span<const tensor_operand> args) {
  const std::string name(op);
  if (op == "arange") {
    if (args.size() != 1)
      return type_error("arange() takes exactly one argument (" + std::to_string(args.size()) + " given)");
    const auto n = exact_size(args[0]);
    if (!n) return type_error("arange(): n must be an int");
    if (n->hint() > max_container_size) return lasso::unsupported{reasons::memory_limit, "MemoryError"};
    return tensor_meta{dtype_t::float64, sym_shape{*n < 0 ? lasso::sym_int(0) : *n}};
  }
  if (op == "full") {
    if (args.size() != 2) return type_error("full expected 2 arguments, got " + std::to_string(args.size()));
    // full(shape, value): the shape arrives as a tuple of constants, checked as
    // builtins.cpp's b_full checks it, in the same order.
    if (!args[0].is_sequence) return type_error("full(): shape must be a tuple of ints");
    sym_shape dims;
    for (const auto& item : args[0].sequence()) {
      const auto d = exact_size(item);
      if (!d) return type_error("full(): shape must be a sequence of ints");
      dims.push_back(*d);
    }
    sym_shape shape = creation_shape("full", dims);
    if (!size_ok(shape)) return lasso::unsupported{reasons::memory_limit, "MemoryError"};
    if (args[1].size) return tensor_meta{dtype_t::int64, std::move(shape)};  // a symbolic int
    const lasso::constant* fill = args[1].value;
    if (!fill || !(std::holds_alternative<bool>(*fill) || std::holds_alternative<std::int64_t>(*fill) ||
                   std::holds_alternative<double>(*fill)))
      return type_error("full(): value must be a number");
    return tensor_meta{std::holds_alternative<double>(*fill) ? dtype_t::float64 : dtype_t::int64, std::move(shape)};
  }
  sym_shape dims;
  for (const auto& a : args) {
    const auto d = exact_size(a);
    if (!d) return type_error(name + "(): shape must be a sequence of ints");
    dims.push_back(*d);
  }
  sym_shape shape = creation_shape(op, dims);
  if (!size_ok(shape)) return lasso::unsupported{reasons::memory_limit, "MemoryError"};
  return tensor_meta{dtype_t::float64, std::move(shape)};
}

/// tensor(data), as tensor.cpp's make_tensor: the shape is read off the first item
/// at each depth, then the items are checked depth-first in row-major order, the
/// first offending one deciding the error; int64 unless some number is a float.
meta_result data_meta(std::span<const tensor_operand> args) {
  if (args.size() != 1)
    return type_error("tensor() takes exactly one argument (" + std::to_string(args.size()) + " given)");
  shape_t shape;
  for (const tensor_operand* x = &args[0]; x->is_sequence;) {
    shape.push_back(static_cast<std::int64_t>(x->element_count));
    if (x->element_count == 0) break;
    x = &x->sequence()[0];
  }
  bool all_int = true;
  std::optional<lasso::unsupported> error;
  auto check = [&](auto& self, const tensor_operand& x, std::size_t depth) -> void {
    if (error) return;
    if (depth < shape.size()) {
      if (!x.is_sequence || static_cast<std::int64_t>(x.element_count) != shape[depth]) {
        error = python_error(exc_kind::ValueError, "tensor(): ragged nested sequence");
        return;
      }
      for (const tensor_operand& item : x.sequence()) self(self, item, depth + 1);
      return;
    }
    if (x.is_sequence)
      error = python_error(exc_kind::ValueError, "tensor(): ragged nested sequence");
    else if (x.size)
      return;  // a symbolic int: an int element, computed on each call
    else if (!x.value || !is_number(*x.value))
      error = type_error("tensor(): elements must be numbers");
    else if (std::holds_alternative<double>(*x.value))
      all_int = false;
  };
  check(check, args[0], 0);
  if (error) return std::move(*error);
  sym_shape sizes = to_sym_shape(shape);
  if (!size_ok(sizes)) return lasso::unsupported{reasons::memory_limit, "MemoryError"};
  return tensor_meta{all_int ? dtype_t::int64 : dtype_t::float64, std::move(sizes)};
}

meta_result method_meta(std::string_view op, std::span<const tensor_operand> args) {
  const tensor_meta* self = tensor_at(args, 0);
  const std::string name(op);
  const std::size_t extra = args.empty() ? 0 : args.size() - 1;
  if (!self) {
    if (op == "relu" || op == "exp" || op == "tanh" || op == "sigmoid") {
      if (args.size() != 1)
        return type_error(name + "() takes exactly one argument (" + std::to_string(args.size()) + " given)");
      return type_error(name + "(): argument must be a Tensor");
    }
    return lasso::unsupported{lasso::reasons::unsupported_tensor_op, name + "() without a tensor operand"};
  }
  if (auto u = unary_method(op)) {
    if (extra != 0) return no_arguments(op, extra);
    return tensor_meta{unary_dtype(*u, self->dtype), self->shape};
  }
  if (op == "float") {
    if (extra != 0) return no_arguments(op, extra);
    return tensor_meta{dtype_t::float64, self->shape};
  }
  if (op == "mean") {
    if (extra != 0) return no_arguments(op, extra);
    check_mean(self->shape);
    return tensor_meta{dtype_t::float64, sym_shape{}};
  }
  if (op == "max") {
    if (extra != 0) return no_arguments(op, extra);
    check_max(self->shape);
    return tensor_meta{self->dtype, sym_shape{}};
  }
  if (op == "t") {
    if (extra != 0) return no_arguments(op, extra);
    return tensor_meta{self->dtype, transpose_shape(self->shape)};
  }
  if (op == "sum") {
    if (extra > 1) return type_error("sum() takes at most 1 argument (" + std::to_string(extra) + " given)");
    if (extra == 0 || (args[1].value && std::holds_alternative<lasso::none_t>(*args[1].value)))
      return tensor_meta{self->dtype, sym_shape{}};
    if (!args[1].value)
      return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "sum() with a tensor dimension"};
    const auto nd = static_cast<std::int64_t>(self->shape.size());
    const std::int64_t lo = nd > 0 ? -nd : -1, hi = nd > 0 ? nd - 1 : 0;
    const auto dim = intlike(*args[1].value);
    if (!dim || *dim < lo || *dim > hi)
      return python_error(exc_kind::IndexError, "dimension out of range (expected to be in range of [" +
                                                    format_int(lo) + ", " + format_int(hi) + "], but got " +
                                                    lasso::repr(*args[1].value) + ")");
    return tensor_meta{self->dtype, sum_dim_shape(self->shape, *dim)};
  }
  if (op == "reshape") {
    sym_shape requested;
    for (std::size_t i = 1; i < args.size(); ++i) {
      const auto d = exact_size(args[i]);
      if (!d) return type_error("reshape(): shape must be ints");
      requested.push_back(*d);
    }
    return tensor_meta{self->dtype, reshape_shape(self->shape, requested)};
  }
  if (op == "getitem") {
    if (args.size() != 2)
      return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "getitem takes two operands"};
    if (self->shape.empty()) return python_error(exc_kind::IndexError, "invalid index of a 0-d tensor");
    // A symbolic index is specialized: the row it reads is the traced one.
    const auto i = args[1].size    ? std::optional<std::int64_t>(args[1].size->specialize())
                   : args[1].value ? intlike(*args[1].value)
                                   : std::nullopt;
    if (!i) return type_error("tensor indices must be integers");
    return tensor_meta{self->dtype, index_shape(self->shape, *i)};
  }
  if (op == "neg") {
    if (extra != 0) return lasso::unsupported{lasso::reasons::unsupported_tensor_op, "neg takes one operand"};
    return tensor_meta{unary_dtype(unop::neg, self->dtype), self->shape};
  }
  if (op == "item" || op == "tolist" || op == "allclose")
    return lasso::unsupported{lasso::reasons::data_dependent_value, name + "() is data-dependent"};
  if (op == "pos") return type_error("bad operand type for unary +: 'Tensor'");
  return lasso::unsupported{reasons::no_tensor_op, "minipy has no tensor operation '" + name + "'"};
}

// ------------------------------------------------------------ builtins

bool one_of(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool is_pure_builtin(std::string_view name) {
  return one_of(name, {"abs", "int", "float", "bool", "str", "repr", "isinstance"});
}

// ------------------------------------------------------------ host functions

value host_call(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value& data) {
  auto* h = data.as<host_function_object>();
  if (kw && !kw->items.empty()) throw_type_error(h->name + "() takes no keyword arguments");
  if (!h->fn) throw py_error(exc_kind::RuntimeError, h->name + " was released");
  try {
    return h->fn(std::span<const value>(args, nargs));
  } catch (const py_error&) { throw; } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    // lasso::backend_error and any other C++ failure of the compiled graph.
    throw py_error(exc_kind::RuntimeError, e.what());
  }
}

}  // namespace

std::string describe(const tensor_meta& m) {
  std::string out = m.dtype == dtype_t::float64 ? "f64[" : "i64[";
  for (std::size_t i = 0; i < m.shape.size(); ++i) {
    if (i) out += ", ";
    out += m.shape[i].text();
  }
  return out + "]";
}

// ================================================================ guards

const value* capture_adapter::frame_cell_contents(const frame& f, std::size_t i) {
  const code_object& co = *f.code;
  const std::size_t ncellvars = co.cellvars.size();
  if (i >= ncellvars + co.freevars.size()) return nullptr;
  auto contents = [](const value& cell) -> const value* {
    if (!cell.is<cell_object>()) return nullptr;
    const value& v = cell.as<cell_object>()->contents;
    return v.is_null() ? nullptr : &v;
  };
  if (i < ncellvars) {
    const value& cell = f.cells()[i];
    if (cell.is<cell_object>()) return contents(cell);
    // Before MAKE_CELL: a cell that starts from an argument holds it already.
    const int arg = i < co.cell2arg.size() ? co.cell2arg[i] : -1;
    return arg >= 0 ? frame_local(f, static_cast<std::size_t>(arg)) : nullptr;
  }
  if (!f.func || !f.func->closure.is<tuple_object>()) return nullptr;
  const auto& items = f.func->closure.as<tuple_object>()->items;
  const std::size_t k = i - ncellvars;
  return k < items.size() ? contents(items[k]) : nullptr;
}

const value* capture_adapter::frame_cell(const frame& f, std::size_t i) {
  const code_object& co = *f.code;
  const std::size_t ncellvars = co.cellvars.size();
  if (i < ncellvars) {
    const value& cell = f.cells()[i];
    return cell.is<cell_object>() ? &cell : nullptr;  // before MAKE_CELL: none yet
  }
  if (!f.func || !f.func->closure.is<tuple_object>()) return nullptr;
  const auto& items = f.func->closure.as<tuple_object>()->items;
  const std::size_t k = i - ncellvars;
  return k < items.size() && items[k].is<cell_object>() ? &items[k] : nullptr;
}

const value* capture_adapter::frame_global(const frame& f, std::string_view name) {
  if (f.globals)
    if (const value* v = f.globals->find_str(name)) return v;
  if (interpreter* in = interpreter::current())
    if (const value* v = in->builtins().find_str(name)) return v;
  return nullptr;
}

std::optional<value> capture_adapter::attribute(const value& v, std::string_view name) {
  if (auto* inst = v.get_if<instance_object>()) {
    if (name == "__class__") return value(inst->cls);
    if (inst->dict)
      if (value* a = inst->dict->find_str(name)) return *a;
    if (inst->cls->is_exception && name == "args" && !inst->args.is_null()) return inst->args;
    if (value* a = inst->cls->lookup(name)) {
      // Reading a function through an instance binds a new method object.
      if (a->is<function_object>() || a->is<builtin_object>()) return std::nullopt;
      return *a;
    }
    return std::nullopt;
  }
  if (auto* cls = v.get_if<class_object>()) {
    if (value* a = cls->lookup(name)) return *a;
    return std::nullopt;
  }
  if (auto* m = v.get_if<bound_method_object>()) {
    if (name == "__self__") return m->self;
    if (name == "__func__") return m->func;
  }
  if (auto* fn = v.get_if<function_object>()) {
    if (name == "__defaults__") return fn->defaults.is_null() ? value::none() : fn->defaults;
    if (name == "__closure__") return fn->closure.is_null() ? value::none() : fn->closure;
  }
  if (auto* b = v.get_if<builtin_object>(); b && b->data.is<dict_object>())
    if (value* a = b->data.as<dict_object>()->find_str(name)) return *a;  // comptime's shortcuts
  return std::nullopt;
}

std::optional<value> capture_adapter::item(const value& v, std::int64_t k) {
  const std::vector<value>* items = nullptr;
  if (auto* t = v.get_if<tuple_object>()) items = &t->items;
  if (auto* l = v.get_if<list_object>()) items = &l->items;
  if (!items || k < 0 || static_cast<std::size_t>(k) >= items->size()) return std::nullopt;
  return (*items)[static_cast<std::size_t>(k)];
}

std::optional<value> capture_adapter::item(const value& v, std::string_view key) {
  if (auto* d = v.get_if<dict_object>())
    if (value* x = d->find_str(key)) return *x;
  return std::nullopt;
}

std::uintptr_t capture_adapter::type_identity(const value& v) { return reinterpret_cast<std::uintptr_t>(type_of(v)); }

std::uintptr_t capture_adapter::identity(const value& v) {
  if (v.is_object()) return reinterpret_cast<std::uintptr_t>(v.obj());
  // Inline values: tag and bits, odd so that it never equals an (aligned) address.
  std::uint64_t bits = 0;
  if (v.is_bool()) bits = v.as_bool() ? 1 : 0;
  if (v.is_int()) bits = static_cast<std::uint64_t>(v.as_int());
  if (v.is_float()) {
    const double d = v.as_float();
    std::memcpy(&bits, &d, sizeof d);
  }
  const std::uint64_t h = (bits * 0x9E3779B97F4A7C15ull) ^ (static_cast<std::uint64_t>(v.tag()) << 59);
  return static_cast<std::uintptr_t>(h | 1u);
}

bool capture_adapter::matches_constant(const value& v, const lasso::constant& c) {
  switch (c.index()) {
    case 0: return v.is_none();
    case 1: return v.is_bool() && v.as_bool() == std::get<bool>(c);
    case 2: return v.is_int() && v.as_int() == std::get<std::int64_t>(c);
    case 3: {
      if (!v.is_float()) return false;
      const double x = v.as_float(), y = std::get<double>(c);
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    case 4: return v.is<str_object>() && v.as<str_object>()->data == std::get<std::string>(c);
  }
  return false;
}

std::optional<std::size_t> capture_adapter::length(const value& v) {
  if (auto* t = v.get_if<tuple_object>()) return t->items.size();
  if (auto* l = v.get_if<list_object>()) return l->items.size();
  if (auto* d = v.get_if<dict_object>()) return d->size();
  return std::nullopt;
}

std::string capture_adapter::describe_value(const value& v) {
  if (auto c = constant_from_value(v)) {
    if (v.is_none()) return "None";
    return constant_type_name(*c) + " " + lasso::brief_repr(*c);
  }
  if (v.is<tensor_object>()) return "a tensor " + describe(v.as<tensor_object>()->t.meta());
  if (auto* t = v.get_if<tuple_object>()) return "a tuple of " + std::to_string(t->items.size());
  if (auto* l = v.get_if<list_object>()) return "a list of " + std::to_string(l->items.size());
  if (auto* d = v.get_if<dict_object>()) return "a dict of " + std::to_string(d->size());
  if (auto* f = v.get_if<function_object>()) return "function " + f->qualname;
  if (auto* b = v.get_if<builtin_object>()) return "builtin " + b->name;
  if (auto* c = v.get_if<class_object>()) return "class " + c->name;
  return "a value of type " + minipy::type_name(v);
}

// ============================================================ translator

lasso::value_kind capture_adapter::classify(const value& v) {
  using K = lasso::value_kind;
  switch (v.tag()) {
    case vtag::null: return K::other;
    case vtag::none: return K::none;
    case vtag::boolean: return K::boolean;
    case vtag::integer: return K::integer;
    case vtag::floating: return K::floating;
    case vtag::object: break;
  }
  switch (v.kind()) {
    case okind::str: return K::string;
    case okind::tuple: return K::tuple;
    case okind::list: return K::list;
    case okind::dict:
      for (const auto& e : v.as<dict_object>()->entries())
        if (!e.key.is_null() && !e.key.is<str_object>()) return K::other;
      return K::dict;
    case okind::tensor: return K::tensor;
    case okind::function: return K::function;
    case okind::builtin: return K::builtin;
    case okind::klass: {
      // The builtin classes called like functions (range, int, str, no_grad, ...) are
      // builtins to the translator: builtin_behaviour says what calling them means.
      const auto* c = v.as<class_object>();
      return c->is_builtin && !c->is_exception ? K::builtin : K::type;
    }
    default: return K::other;
  }
}

std::optional<lasso::constant> capture_adapter::constant_from_value(const value& v) {
  switch (v.tag()) {
    case vtag::none: return lasso::constant{lasso::none_t{}};
    case vtag::boolean: return lasso::constant{v.as_bool()};
    case vtag::integer: return lasso::constant{v.as_int()};
    case vtag::floating: return lasso::constant{v.as_float()};
    case vtag::object:
      if (v.is<str_object>()) return lasso::constant{v.as<str_object>()->data};
      return std::nullopt;
    case vtag::null: return std::nullopt;
  }
  return std::nullopt;
}

lasso::constant capture_adapter::constant_of(const value& v) {
  auto c = constant_from_value(v);
  if (!c) throw std::logic_error("minipy capture: constant_of a " + minipy::type_name(v) + " value");
  return std::move(*c);
}

tensor_meta capture_adapter::tensor_meta_of(const value& v) { return v.as<tensor_object>()->t.meta(); }

std::vector<value> capture_adapter::elements(const value& v) {
  if (auto* t = v.get_if<tuple_object>()) return t->items;
  if (auto* l = v.get_if<list_object>()) return l->items;
  return {};
}

std::vector<std::pair<std::string, value>> capture_adapter::dict_items(const value& v) {
  std::vector<std::pair<std::string, value>> out;
  if (auto* d = v.get_if<dict_object>())
    for (const auto& e : d->entries())
      if (e.key.is<str_object>()) out.emplace_back(e.key.as<str_object>()->data, e.val);
  return out;
}

std::string capture_adapter::type_name(const value& v) { return minipy::type_name(v); }

std::string capture_adapter::builtin_name(const value& v) {
  if (auto* b = v.get_if<builtin_object>()) return b->name;
  if (auto* c = v.get_if<class_object>()) return c->name;
  return minipy::type_name(v);
}

lasso::builtin_behaviour capture_adapter::builtin_behaviour(const value& v) {
  using K = lasso::builtin_kind;
  std::string name = builtin_name(v);
  // Methods taken from a class (`Tensor.abs`) are not the builtin functions of that name.
  if (auto* b = v.get_if<builtin_object>(); b && (b->is_method || is_native(b->data, native_kind::host_function)))
    return {K::graph_break, std::move(name)};
  if (one_of(name, {"relu", "exp", "tanh", "sigmoid", "matmul", "zeros", "ones", "full", "arange", "tensor"}))
    return {K::tensor_op, std::move(name)};
  if (name == "len") return {K::len, std::move(name)};
  if (name == "range") return {K::range, std::move(name)};
  if (name == "iter") return {K::iter, std::move(name)};
  if (name == "enumerate") return {K::enumerate, std::move(name)};
  if (name == "zip") return {K::zip, std::move(name)};
  if (name == "sum") return {K::sum, std::move(name)};
  if (name == "min") return {K::min, std::move(name)};
  if (name == "max") return {K::max, std::move(name)};
  if (name == "sorted") return {K::sorted, std::move(name)};
  if (name == "list") return {K::list, std::move(name)};
  if (name == "tuple") return {K::tuple, std::move(name)};
  if (name == "dict") return {K::dict, std::move(name)};
  if (name == "getattr") return {K::getattr, std::move(name)};
  if (name == "hasattr") return {K::hasattr, std::move(name)};
  if (name == "setattr") return {K::setattr, std::move(name)};
  if (name == "bool") return {K::truth, std::move(name)};
  if (is_pure_builtin(name)) return {K::pure, std::move(name)};
  // Grad mode, lasso's global-state variable 0.
  if (name == "no_grad" || name == "enable_grad") return {K::context_manager, name, 0, name == "enable_grad"};
  if (name == "is_grad_enabled") return {K::state_read, std::move(name), 0};
  if (name == "set_grad_enabled") return {K::state_set, std::move(name), 0};
  if (name == "comptime") return {K::comptime, std::move(name)};
  if (name == "cond" || name == "while_loop" || name == "map_rows") return {K::higher_order, std::move(name)};
  if (name.starts_with("comptime.")) return {K::comptime, name.substr(9)};
  if (name == "grad_mode") {
    // Its objects are no_grad or enable_grad objects, so their type fixes the value.
    lasso::builtin_behaviour b{K::context_manager, std::move(name), 0};
    b.value_from_argument = true;
    return b;
  }
  return {K::graph_break, std::move(name)};
}

std::optional<lasso::builtin_behaviour> capture_adapter::context_manager_behaviour(const value& v) {
  if (!is_native(v, native_kind::grad_mode)) return std::nullopt;
  return builtin_behaviour(value(static_cast<object*>(v.as<grad_mode_object>()->cls.get())));
}

namespace {
// Whether `a` is a value a builtin or str method may be run on at trace time: constants,
// classes and builtins, and tuples and lists of them. str() of an instance would run
// user code; a class's repr or isinstance against it runs none.
bool plain_argument(const value& a, int depth = 0) {
  if (capture_adapter::constant_from_value(a) || a.is<class_object>() || a.is<builtin_object>()) return true;
  const std::vector<value>* items = nullptr;
  if (auto* t = a.get_if<tuple_object>())
    items = &t->items;
  else if (auto* l = a.get_if<list_object>())
    items = &l->items;
  if (!items || depth > 32) return false;
  return std::all_of(items->begin(), items->end(), [&](const value& item) { return plain_argument(item, depth + 1); });
}
}  // namespace

std::optional<value> capture_adapter::call_pure(const value& fn, std::span<const value> args) {
  const lasso::builtin_behaviour b = builtin_behaviour(fn);
  if (b.kind != lasso::builtin_kind::pure && b.kind != lasso::builtin_kind::truth) return std::nullopt;
  // isinstance of an instance reads its class alone (minipy has no __instancecheck__),
  // which lasso guards; anything else of an instance could run its methods.
  auto allowed = [&](const value& a) {
    return plain_argument(a) || (b.name == "isinstance" && a.is<instance_object>());
  };
  if (!std::all_of(args.begin(), args.end(), allowed)) return std::nullopt;
  interpreter* in = interpreter::current();
  if (!in) return std::nullopt;
  try {
    return in->call(fn, args.data(), args.size());
  } catch (...) { return std::nullopt; }
}

std::optional<value> capture_adapter::call_constant_method(std::string_view name, std::span<const value> args) {
  // The str methods SPEC.md lists: each a function of its arguments alone.
  if (args.empty() || !args[0].is<str_object>() ||
      !one_of(name, {"join", "split", "upper", "lower", "strip", "startswith", "replace"}))
    return std::nullopt;
  if (!std::all_of(args.begin(), args.end(), [](const value& a) { return plain_argument(a); })) return std::nullopt;
  interpreter* in = interpreter::current();
  if (!in) return std::nullopt;
  try {
    value meth, self_or_attr;
    load_method(*in, args[0], in->intern(name), meth, self_or_attr);
    if (!meth.is_null()) return in->call(meth, args.data(), args.size());
    return in->call(self_or_attr, args.data() + 1, args.size() - 1);
  } catch (...) { return std::nullopt; }
}

value capture_adapter::make_list(std::vector<value> items) { return new_list(std::move(items)); }

lasso::meta_or_reason<tensor_meta> capture_adapter::infer_meta(std::string_view op,
                                                               std::span<const lasso::operand<tensor_meta>> args) {
  try {
    if (auto b = binary_of(op)) {
      // matmul(a, b) the function is the @ operator too.
      return binary_meta(*b, args);
    }
    if (op == "zeros" || op == "ones" || op == "full" || op == "arange") return creation_meta(op, args);
    if (auto symbol = ordering_symbol(op); symbol && args.size() == 2)
      // Tensors have no ordering (SPEC.md): Python's TypeError.
      return type_error("'" + std::string(symbol) + "' not supported between instances of '" + operand_type(args[0]) +
                        "' and '" + operand_type(args[1]) + "'");
    if (op == "tensor") return data_meta(args);
    return method_meta(op, args);
  } catch (const py_error& e) { return python_error(e.kind, e.message); } catch (const std::bad_alloc&) {
    return lasso::unsupported{reasons::memory_limit, "MemoryError"};
  } catch (const std::exception& e) { return lasso::unsupported{lasso::reasons::internal_error, e.what()}; }
}

lasso::static_attribute capture_adapter::tensor_attribute(const tensor_meta& m, std::string_view name) {
  if (name == "shape") {
    // Sizes when one is symbolic, constants otherwise.
    if (std::any_of(m.shape.begin(), m.shape.end(), [](const lasso::sym_int& d) { return d.is_symbolic(); }))
      return m.shape;
    std::vector<lasso::constant> dims;
    for (const lasso::sym_int& d : m.shape) dims.emplace_back(d.hint());
    return dims;
  }
  if (name == "ndim") return lasso::constant{static_cast<std::int64_t>(m.shape.size())};
  if (name == "dtype") return lasso::constant{std::string(dtype_name(m.dtype))};
  if (name == "__len__") {
    if (m.shape.empty()) return type_error("len() of a 0-d tensor");
    if (m.shape[0].is_symbolic()) return m.shape[0];
    return lasso::constant{m.shape[0].hint()};
  }
  return lasso::unsupported{lasso::reasons::unsupported_attribute,
                            "tensor attribute '" + std::string(name) + "' is not known from metadata"};
}

// ================================================================= eager

value capture_adapter::run_op(std::string_view op, std::span<const value> args, bool is_method) {
  return run_prepared(prepare_op(op, is_method), args);
}

capture_adapter::prepared_op capture_adapter::prepare_op(std::string_view op, bool is_method) {
  prepared_op p;
  p.name = std::string(op);
  p.is_method = is_method;
  if (is_method) {
    if (interpreter* in = interpreter::current()) p.interned_name = in->intern(op);
    return p;
  }
  if (auto b = binary_of(op)) {
    p.how = prepared_op::kind::binary;
    p.binop = static_cast<int>(*b);
  } else if (op == "neg") {
    p.how = prepared_op::kind::neg;
  } else if (op == "getitem") {
    p.how = prepared_op::kind::getitem;
  } else if (interpreter* in = interpreter::current()) {
    // A builtin: resolved now, as run_op would resolve it on each call (programs
    // cannot rebind minipy's builtins).
    if (const value* fn = in->builtins().find_str(op)) {
      p.how = prepared_op::kind::builtin;
      p.fn = *fn;
    }
  }
  return p;
}

value capture_adapter::run_prepared(const prepared_op& op, std::span<const value> args) {
  interpreter& in = current_interpreter();
  switch (op.how) {
    case prepared_op::kind::binary:
      if (args.size() != 2) throw py_error(exc_kind::TypeError, "operator " + op.name + " takes two operands");
      return py_binary_op(in, op.binop, args[0], args[1]);
    case prepared_op::kind::neg:
      if (args.size() != 1) throw py_error(exc_kind::TypeError, "neg takes one operand");
      return unary_negative(in, args[0]);
    case prepared_op::kind::getitem:
      if (args.size() != 2) throw py_error(exc_kind::TypeError, "getitem takes two operands");
      return get_item(in, args[0], args[1]);
    case prepared_op::kind::builtin: return in.call(op.fn, args.data(), args.size());
    case prepared_op::kind::by_name: break;
  }
  if (op.is_method) {
    if (args.empty()) throw py_error(exc_kind::TypeError, "method " + op.name + "() called without self");
    value meth, self_or_attr;
    if (!op.interned_name.is_null())
      load_method(in, args[0], op.interned_name, meth, self_or_attr);
    else
      load_method(in, args[0], in.intern(op.name), meth, self_or_attr);
    if (!meth.is_null()) return in.call(meth, args.data(), args.size());
    return in.call(self_or_attr, args.data() + 1, args.size() - 1);
  }
  // Prepared with no interpreter running: the builtin is looked up now.
  const value* fn = in.builtins().find_str(op.name);
  if (!fn) throw py_error(exc_kind::RuntimeError, "minipy has no operation '" + op.name + "'");
  const value callable = *fn;
  return in.call(callable, args.data(), args.size());
}

value capture_adapter::value_of_constant(const lasso::constant& c) {
  switch (c.index()) {
    case 0: return value::none();
    case 1: return value::boolean(std::get<bool>(c));
    case 2: return value::integer(std::get<std::int64_t>(c));
    case 3: return value::floating(std::get<double>(c));
    default: return new_str(std::get<std::string>(c));
  }
}

bool capture_adapter::same_result(const value& a, const value& b) {
  if (a.same(b)) return true;
  if (a.is<tensor_object>() && b.is<tensor_object>())
    return equal_contents(a.as<tensor_object>()->t, b.as<tensor_object>()->t);
  if ((a.is<tuple_object>() && b.is<tuple_object>()) || (a.is<list_object>() && b.is<list_object>())) {
    const auto x = elements(a), y = elements(b);
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_result(x[i], y[i])) return false;
    return true;
  }
  auto ca = constant_from_value(a), cb = constant_from_value(b);
  if (ca && cb) {
    if (ca->index() != cb->index()) return false;
    if (auto* x = std::get_if<double>(&*ca)) {
      const double y = std::get<double>(*cb);
      return std::memcmp(x, &y, sizeof y) == 0 || (*x != *x && y != y);
    }
    return *ca == *cb;
  }
  return false;
}

// =============================================================== running

value capture_adapter::call_code(const frame& f, const code& c) {
  // The transformed code keeps the original's arguments, cells and free variables: it
  // runs as the frame's own function would, without a function object of its own.
  const auto nargs = static_cast<std::size_t>(f.code->argcount + f.code->kwonly_argcount);
  return current_interpreter().call_code_of_frame(*c, f, nargs);
}

value capture_adapter::run_eagerly(frame& f) { return current_interpreter().eval_frame(f); }

value capture_adapter::call_at(const frame&, const code& c, std::size_t offset, const value& fn,
                               std::span<const value> args) {
  return current_interpreter().call_as_instruction(*c, static_cast<long>(offset), fn, args.data(), args.size());
}


value capture_adapter::make_host_function(std::string name, lasso::host_function<value> fn) {
  value data(make<host_function_object>(name, std::move(fn)));
  return value(make<builtin_object>(std::move(name), &host_call, std::move(data)));
}

value capture_adapter::make_tuple(std::vector<value> items) { return new_tuple(std::move(items)); }

value capture_adapter::make_resume_function(const code& c, const frame& f) {
  auto fn = make<function_object>();
  fn->code = c;
  fn->globals = ref<dict_object>(f.globals);
  fn->name = c->name;
  fn->qualname = c->qualname;
  if (f.func) {
    fn->closure = f.func->closure;
    fn->capture = f.func->capture;
    fn->capture_options = f.func->capture_options;
  }
  return value(fn);
}

value capture_adapter::with_closure(const value& fn, const value& cells) {
  const auto* original = fn.as<function_object>();
  if (!original || !cells.is<tuple_object>()) throw std::logic_error("with_closure: a function and a tuple of cells");
  for (const value& c : cells.as<tuple_object>()->items)
    if (!c.is<cell_object>()) throw std::logic_error("with_closure: the closure holds a value that is not a cell");
  auto copy = make<function_object>();
  copy->code = original->code;
  copy->globals = original->globals;
  copy->defaults = original->defaults;
  copy->closure = cells;
  copy->name = original->name;
  copy->qualname = original->qualname;
  copy->capture_options = original->capture_options;
  copy->capture = original->capture;
  return value(copy);
}

value capture_adapter::new_instance(const value& cls) {
  class_object* c = cls.get_if<class_object>();
  if (!c || !constructs_instance(cls)) throw std::logic_error("new_instance: not a class whose instances lasso builds");
  return value(make<instance_object>(ref<class_object>(c)));
}

// ======================================================= `minipy run` with capture

namespace {

/// A file name from a function name: `<lambda>` -> `_lambda_`.
std::string file_stem(const std::string& name) {
  std::string out;
  for (char c : name) {
    const bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    out += ok ? c : '_';
  }
  return out.empty() ? std::string("graph") : out;
}

bool write_file(const std::filesystem::path& path, const std::string& text, std::ostream& err) {
  std::ofstream f(path, std::ios::binary);
  if (f) f << text;
  if (!f) {
    err << "minipy: cannot write '" << path.string() << "'\n";
    return false;
  }
  return true;
}

/// SVG of a DOT graph from Graphviz's `dot`, run on a file next to the report; nothing
/// when `dot` is not installed or fails.
std::optional<std::string> svg_from_dot(const std::filesystem::path& dir, const std::string& dot) {
  static const bool have_dot = std::system("command -v dot >/dev/null 2>&1") == 0;
  if (!have_dot) return std::nullopt;
  const std::filesystem::path input = dir / ".graph.dot";
  {
    std::ofstream f(input, std::ios::binary);
    f << dot;
    if (!f) return std::nullopt;
  }
  std::string quoted;  // for the shell, inside single quotes
  for (char c : input.string()) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  const std::string command = "dot -Tsvg '" + quoted + "' 2>/dev/null";
  std::optional<std::string> svg;
  if (FILE* p = popen(command.c_str(), "r")) {
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
    if (pclose(p) == 0) svg = std::move(out);
  }
  std::error_code ec;
  std::filesystem::remove(input, ec);
  return svg;
}

/// Writes the reports `options` asks for; false if a file could not be written.
bool write_reports(const lasso::explain_report& report, const capture_run_options& options, std::ostream& err,
                   const std::string& report_title) {
  bool ok = true;
  if (options.explain) {
    err << report.text();
    err.flush();
  }
  if (!options.explain_json.empty()) ok = write_file(options.explain_json, report.json(), err) && ok;
  if (!options.dot_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.dot_dir, ec);
    if (ec) {
      err << "minipy: cannot create directory '" << options.dot_dir << "': " << ec.message() << "\n";
      return false;
    }
    std::map<std::string, int> seen;  // functions of the same name number their graphs on
    for (const auto& f : report.frames)
      for (const auto& g : f.graphs) {
        const std::string stem = file_stem(f.function);
        const int n = seen[stem]++;
        ok = write_file(std::filesystem::path(options.dot_dir) / (stem + "_" + std::to_string(n) + ".dot"), g.dot,
                        err) &&
             ok;
      }
  }
  if (!options.report_dir.empty()) {
    lasso::html_report_options html;
    html.title = "lasso report: " + report_title;
    const std::filesystem::path dir(options.report_dir);
    html.dot_to_svg = [dir](const std::string& dot) { return svg_from_dot(dir, dot); };
    html.adapter_reasons = capture_adapter::reasons;
    try {
      lasso::write_html_report(report, dir, html);
    } catch (const std::runtime_error& e) {
      err << "minipy: " << e.what() << "\n";
      ok = false;
    }
  }
  return ok;
}

}  // namespace

int run_source_with_capture(std::string_view source, std::string_view filename, std::ostream& out, std::ostream& err,
                            const capture_run_options& options, lasso::explain_report* report) {
  lasso::runtime_options rt_options;
  rt_options.logs.artifacts = lasso::parse_log_artifacts(options.logs);  // throws std::invalid_argument
  rt_options.logs.stream = &err;
  rt_options.warnings = &err;
  rt_options.comptime_output = &err;
  rt_options.keep_bytecode = !options.report_dir.empty();
  rt_options.native_break_code = options.native_break_code;
  int status = 1;
  run_with_large_stack([&] {
    interpreter in(out, err);
    in.set_options(options.run);
    // Declared after the interpreter: destroyed first even if something throws.
    std::unique_ptr<lasso::runtime<capture_adapter>> rt;
    if (options.capture) {
      rt = std::make_unique<lasso::runtime<capture_adapter>>(rt_options);
      rt->add_backend("fused", fused_backend{});
      rt->add_backend("verify-fused", lasso::verifying_backend<capture_adapter, fused_backend>{});
      rt->set_stance(options.stance);
      in.stance_setter = [&rt](std::string_view name) { rt->set_stance(*lasso::parse_stance(name)); };
      in.capture_disabler = [&rt](function_object& fn) { rt->disable(fn.code); };
      in.frame_evaluator = [&rt, &options](interpreter&, frame& f) -> value {
        const capture_config& config = f.func->capture_options;
        const std::string_view backend = options.backend.empty() ? std::string_view(config.backend) : options.backend;
        try {
          return rt->eval_frame(
              f, lasso::frame_settings{backend, config.fullgraph, options.dynamic.value_or(config.dynamic)});
        } catch (const lasso::capture_error& e) {
          throw py_error(exc_kind::RuntimeError, e.what());
        } catch (const lasso::backend_error& e) {
          // A compiled graph called on the cache-hit fast path fails as the host
          // function in generated code does.
          throw py_error(exc_kind::RuntimeError, e.what());
        }
      };
    }
    status = in.run_main(source, filename);
    in.frame_evaluator = nullptr;
    in.stance_setter = nullptr;
    in.capture_disabler = nullptr;
    lasso::explain_report r = rt ? rt->report() : lasso::explain_report{};
    rt.reset();  // it holds code objects: before the interpreter frees them
    in.flush();
    if (!write_reports(r, options, err, std::string(filename)) && status == 0) status = 2;
    if (report) *report = std::move(r);
  });
  return status;
}

}  // namespace minipy
