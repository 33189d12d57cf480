// Tests for minipy's graph-capture adapter (minipy/capture.hpp): shape rules agree with
// the eager operators, guard predicates, frame accessors, host functions.
#include <doctest/doctest.h>

#include <cstdint>
#include <deque>
#include <cstdio>
#include <sys/wait.h>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "minipy/capture.hpp"
#include "minipy/interpreter.hpp"

using namespace minipy;
using A = capture_adapter;

namespace {

value T(const nested& data) { return new_tensor(make_tensor(data)); }
value F(std::initializer_list<std::int64_t> shape) { return new_tensor(ones(shape_t(shape))); }

/// "Type: message" of the Python exception being handled (call inside a catch block).
std::string error_text(interpreter& in) {
  value exc = in.current_exception_value();
  std::string msg = exception_str(in, exc);
  return msg.empty() ? type_name(exc) : type_name(exc) + ": " + msg;
}

/// Operands as the translator's tensor recorder makes them: tensors, constants, and
/// tuples or lists (nested) of such, kept alive here.
struct operand_store {
  std::deque<tensor_meta> metas;
  std::deque<lasso::constant> constants;
  std::deque<std::vector<lasso::constant>> flat;
  std::deque<std::vector<lasso::operand<tensor_meta>>> nested;

  lasso::operand<tensor_meta> make(const value& v) {
    if (v.is<tensor_object>()) return {&metas.emplace_back(A::tensor_meta_of(v)), nullptr};
    const std::vector<value>* items = v.is<tuple_object>()  ? &v.as<tuple_object>()->items
                                      : v.is<list_object>() ? &v.as<list_object>()->items
                                                            : nullptr;
    if (!items) return {nullptr, &constants.emplace_back(A::constant_of(v))};
    std::vector<lasso::operand<tensor_meta>> elements;
    bool all_constants = true;
    for (const auto& item : *items) {
      elements.push_back(make(item));
      all_constants = all_constants && elements.back().value;
    }
    lasso::operand<tensor_meta> out;
    out.is_sequence = true;
    out.is_list = v.is<list_object>();
    if (all_constants) {
      auto& constants_of = flat.emplace_back();
      for (const auto& e : elements) constants_of.push_back(*e.value);
      out.items = &constants_of;
    }
    const auto& stored = nested.emplace_back(std::move(elements));
    out.elements = stored.data();
    out.element_count = stored.size();
    return out;
  }
};

/// Runs `op` eagerly and through infer_meta; checks that they agree: the same metadata,
/// or an unsupported reason equal to the eager error.
void agree(interpreter& in, std::string_view op, std::vector<value> args, bool method = false) {
  operand_store store;
  std::vector<lasso::operand<tensor_meta>> operands;
  for (const auto& a : args) operands.push_back(store.make(a));
  std::string desc = std::string(op) + "(";
  for (std::size_t i = 0; i < args.size(); ++i) desc += (i ? ", " : "") + A::describe_value(args[i]);
  desc += ")";
  INFO(desc);
  auto inferred = A::infer_meta(op, operands);
  std::optional<value> result;
  std::string error;
  try {
    result = A::run_op(op, args, method);
  } catch (...) { error = error_text(in); }
  if (result) {
    REQUIRE(std::holds_alternative<tensor_meta>(inferred));
    REQUIRE(result->is<tensor_object>());
    CHECK(describe(std::get<tensor_meta>(inferred)) == describe(A::tensor_meta_of(*result)));
    CHECK(A::matches_tensor_meta(*result, std::get<tensor_meta>(inferred)));
  } else {
    INFO("eager error: ", error);
    REQUIRE(std::holds_alternative<lasso::unsupported>(inferred));
    CHECK(std::get<lasso::unsupported>(inferred).reason == error);
  }
}

value I(std::int64_t i) { return value::integer(i); }
value D(double d) { return value::floating(d); }

struct program {
  std::ostringstream out, err;
  interpreter in{out, err};
  ref<dict_object> globals;
  explicit program(std::string_view src) {
    auto code = in.compile(src, "t.py");
    globals = in.new_globals();
    in.run_code(*code, *globals, globals.get());
  }
  ~program() { globals->clear(); }
  value get(std::string_view name) { return *globals->find_str(name); }
};

}  // namespace

TEST_CASE("capture adapter: shape rules agree with the eager operators") {
  std::ostringstream out, err;
  interpreter in(out, err);
  const value f23 = T({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  const value i23 = T({{1, 2, 3}, {4, 5, 6}});
  const value i3 = T({1, 2, 3});
  const value f4 = T({1.0, 2.0, 3.0, 4.0});
  const value f32 = F({3, 2});
  const value f45 = F({4, 5});
  const value i21 = T({{1}, {2}});
  const value f0 = T(2.5);
  const value empty = new_tensor(zeros(shape_t{0}));
  const value f234 = F({2, 3, 4});

  SUBCASE("binary operators") {
    for (const char* op : {"add", "sub", "mul", "truediv"}) {
      agree(in, op, {f23, i23});
      agree(in, op, {i23, i3});
      agree(in, op, {i21, i3});
      agree(in, op, {i23, i23});
      agree(in, op, {f23, f4});
      agree(in, op, {i23, I(2)});
      agree(in, op, {I(2), i23});
      agree(in, op, {i23, D(0.5)});
      agree(in, op, {D(1.5), i3});
      agree(in, op, {value::boolean(true), i3});
      agree(in, op, {i3, value::boolean(true)});
      agree(in, op, {i3, new_str("s")});
      agree(in, op, {new_str("s"), i3});
      agree(in, op, {i3, value::none()});
      agree(in, op, {f0, f23});
    }
    agree(in, "matmul", {f23, f32});
    agree(in, "matmul", {i23, i3});
    agree(in, "matmul", {i3, i3});
    agree(in, "matmul", {i3, i23});
    agree(in, "matmul", {f32, i23});
    agree(in, "matmul", {f23, f45});
    agree(in, "matmul", {f0, f0});
    agree(in, "matmul", {f23, I(2)});
    agree(in, "matmul", {I(2), f23});
    for (const char* op : {"floordiv", "mod", "pow"}) {
      agree(in, op, {f23, f23});
      agree(in, op, {f23, I(2)});
    }
    agree(in, "neg", {i23});
    agree(in, "neg", {f0});
    agree(in, "getitem", {f23, I(1)});
    agree(in, "getitem", {f23, I(-2)});
    agree(in, "getitem", {i3, I(0)});
    agree(in, "getitem", {i3, value::boolean(true)});
    agree(in, "getitem", {f23, I(5)});
    agree(in, "getitem", {f0, I(0)});
    agree(in, "getitem", {f23, D(1.0)});
  }

  SUBCASE("methods") {
    for (const char* m : {"relu", "abs", "exp", "tanh", "sqrt", "sigmoid", "float", "t", "mean", "max", "sum"}) {
      agree(in, m, {i23}, true);
      agree(in, m, {f23}, true);
      agree(in, m, {f0}, true);
      agree(in, m, {i3}, true);
    }
    for (const char* m : {"relu", "float", "mean"}) agree(in, m, {i23, I(1)}, true);
    agree(in, "t", {f234}, true);
    agree(in, "mean", {empty}, true);
    agree(in, "max", {empty}, true);
    agree(in, "sum", {empty}, true);
    for (std::int64_t d : {0, 1, -1, -2, 2, -3}) agree(in, "sum", {i23, I(d)}, true);
    agree(in, "sum", {f0, I(0)}, true);
    agree(in, "sum", {f0, I(-1)}, true);
    agree(in, "sum", {f0, I(1)}, true);
    agree(in, "sum", {i23, value::boolean(true)}, true);
    agree(in, "sum", {i23, value::none()}, true);
    agree(in, "sum", {i23, D(1.0)}, true);
    agree(in, "reshape", {f23, I(3), I(2)}, true);
    agree(in, "reshape", {f23, I(-1)}, true);
    agree(in, "reshape", {f23, I(3), I(-1)}, true);
    agree(in, "reshape", {f23, I(4)}, true);
    agree(in, "reshape", {f23, I(-1), I(-1)}, true);
    agree(in, "reshape", {f23, D(6.0)}, true);
    agree(in, "reshape", {f0}, true);
    agree(in, "reshape", {f4, I(2), I(1), I(2)}, true);
  }

  SUBCASE("functions") {
    for (const char* f : {"relu", "exp", "tanh", "sigmoid"}) {
      agree(in, f, {i23});
      agree(in, f, {f0});
      agree(in, f, {I(3)});
      // Not checked: relu(t, t) and t.relu(t) reach infer_meta as the same operands, so
      // the wording of that TypeError can only match one of them (the method's).
    }
    agree(in, "matmul", {f23, f32});
    agree(in, "zeros", {I(2), I(3)});
    agree(in, "ones", {});
    agree(in, "ones", {I(4)});
    agree(in, "zeros", {I(-1)});
    agree(in, "zeros", {D(2.0)});
    agree(in, "ones", {value::boolean(true)});
    agree(in, "arange", {I(5)});
    agree(in, "arange", {I(-2)});
    agree(in, "arange", {D(2.0)});
    agree(in, "full", {I(2), I(1)});
    agree(in, "full", {new_tuple({I(2), I(3)}), I(7)});
    agree(in, "full", {new_tuple({I(2)}), D(0.5)});
    agree(in, "full", {new_tuple({}), value::boolean(true)});
    agree(in, "full", {new_tuple({I(-1)}), I(0)});
    agree(in, "full", {new_tuple({D(2.0)}), I(0)});
    agree(in, "full", {new_tuple({I(2)}), new_str("x")});
    agree(in, "full", {new_tuple({new_tuple({I(2)})}), I(1)});
    // tensor(data): nested lists and tuples of numbers, as the recorder passes them.
    agree(in, "tensor", {new_list({new_list({I(1), I(2)}), new_list({I(3), I(4)})})});
    agree(in, "tensor", {new_tuple({new_tuple({D(0.5), I(2)}), new_list({I(3), value::boolean(true)})})});
    agree(in, "tensor", {new_list({I(1), D(2.5), value::boolean(false)})});
    agree(in, "tensor", {I(3)});
    agree(in, "tensor", {D(-1.5)});
    agree(in, "tensor", {value::boolean(true)});
    agree(in, "tensor", {new_list({})});
    agree(in, "tensor", {new_list({new_list({}), new_list({})})});
    agree(in, "tensor", {new_list({new_list({I(1), I(2)}), new_list({I(3)})})});
    agree(in, "tensor", {new_list({new_list({I(1)}), I(2)})});
    agree(in, "tensor", {new_list({I(1), new_list({I(2)})})});
    agree(in, "tensor", {new_list({I(1), new_str("a")})});
    agree(in, "tensor", {new_list({value::none()})});
    agree(in, "tensor", {new_str("abc")});
    agree(in, "tensor", {new_list({f0, f0})});
    agree(in, "tensor", {new_list({I(1)}), I(2)});
    agree(in, "tensor", {});
  }

  SUBCASE("data-dependent operations are unsupported") {
    tensor_meta m = A::tensor_meta_of(f23);
    lasso::operand<tensor_meta> ops[] = {{&m, nullptr}};
    for (const char* op : {"item", "tolist", "allclose"}) {
      auto r = A::infer_meta(op, ops);
      REQUIRE(std::holds_alternative<lasso::unsupported>(r));
      CHECK(std::get<lasso::unsupported>(r).reason == std::string(op) + "() is data-dependent");
    }
  }
}

TEST_CASE("capture adapter: tensor attributes from metadata") {
  const tensor_meta m{dtype_t::float64, sym_shape{2, 3}};
  auto shape = A::tensor_attribute(m, "shape");
  REQUIRE(std::holds_alternative<std::vector<lasso::constant>>(shape));
  CHECK(std::get<std::vector<lasso::constant>>(shape) ==
        std::vector<lasso::constant>{std::int64_t{2}, std::int64_t{3}});
  CHECK(std::get<lasso::constant>(A::tensor_attribute(m, "ndim")) == lasso::constant{std::int64_t{2}});
  CHECK(std::get<lasso::constant>(A::tensor_attribute(m, "dtype")) == lasso::constant{std::string("float64")});
  CHECK(std::get<lasso::constant>(A::tensor_attribute({dtype_t::int64, {}}, "dtype")) ==
        lasso::constant{std::string("int64")});
  CHECK(std::get<lasso::constant>(A::tensor_attribute(m, "__len__")) == lasso::constant{std::int64_t{2}});
  auto len0 = A::tensor_attribute({dtype_t::int64, {}}, "__len__");
  REQUIRE(std::holds_alternative<lasso::unsupported>(len0));
  CHECK(std::get<lasso::unsupported>(len0).reason == "TypeError: len() of a 0-d tensor");
  CHECK(std::holds_alternative<lasso::unsupported>(A::tensor_attribute(m, "grad")));
  CHECK(describe(m) == "f64[2, 3]");
  CHECK(A::describe_meta({dtype_t::int64, {}}) == "i64[]");
  // A symbolic size: shape gives sizes, __len__ the size, describe prints the symbol.
  lasso::symbolic::shape_env env;
  const lasso::sym_int s0 = lasso::sym_int::of_atom(env, env.add_symbol("L['x'].shape[0]", 4));
  const tensor_meta sm{dtype_t::float64, sym_shape{s0, 3}};
  auto sizes = A::tensor_attribute(sm, "shape");
  REQUIRE(std::holds_alternative<std::vector<lasso::sym_int>>(sizes));
  CHECK(std::get<std::vector<lasso::sym_int>>(sizes)[0].same_as(s0));
  CHECK(std::get<std::vector<lasso::sym_int>>(sizes)[1].constant() == 3);
  REQUIRE(std::holds_alternative<lasso::sym_int>(A::tensor_attribute(sm, "__len__")));
  CHECK(describe(sm) == "f64[s0, 3]");
  CHECK(env.guards().empty());
}

TEST_CASE("capture adapter: guard predicates and value reads") {
  std::ostringstream out, err;
  interpreter in(out, err);
  const lasso::constant one{std::int64_t{1}}, yes{true}, one_f{1.0}, zero_f{0.0}, neg_zero{-0.0};
  CHECK(A::matches_constant(I(1), one));
  CHECK_FALSE(A::matches_constant(value::boolean(true), one));
  CHECK_FALSE(A::matches_constant(D(1.0), one));
  CHECK(A::matches_constant(value::boolean(true), yes));
  CHECK_FALSE(A::matches_constant(I(1), yes));
  CHECK(A::matches_constant(D(1.0), one_f));
  CHECK_FALSE(A::matches_constant(I(1), one_f));
  CHECK(A::matches_constant(D(0.0), zero_f));
  CHECK_FALSE(A::matches_constant(D(-0.0), zero_f));
  CHECK(A::matches_constant(D(-0.0), neg_zero));
  CHECK(A::matches_constant(value::none(), lasso::constant{lasso::none_t{}}));
  CHECK_FALSE(A::matches_constant(I(0), lasso::constant{lasso::none_t{}}));
  CHECK(A::matches_constant(new_str("a"), lasso::constant{std::string("a")}));
  CHECK_FALSE(A::matches_constant(new_str("a"), lasso::constant{std::string("b")}));

  const value t = T({{1.0, 2.0}});
  CHECK(A::matches_tensor_meta(t, {dtype_t::float64, sym_shape{1, 2}}));
  CHECK_FALSE(A::matches_tensor_meta(t, {dtype_t::int64, sym_shape{1, 2}}));
  CHECK_FALSE(A::matches_tensor_meta(t, {dtype_t::float64, sym_shape{2}}));
  CHECK_FALSE(A::matches_tensor_meta(I(1), {dtype_t::float64, sym_shape{}}));
  // A symbolic size matches any size (the size guard checks it); static ones and the
  // rank still count.
  lasso::symbolic::shape_env env;
  const lasso::sym_int s0 = lasso::sym_int::of_atom(env, env.add_symbol("L['t'].shape[1]", 3));
  CHECK(A::matches_tensor_meta(t, {dtype_t::float64, sym_shape{1, s0}}));
  CHECK_FALSE(A::matches_tensor_meta(t, {dtype_t::float64, sym_shape{2, s0}}));
  CHECK_FALSE(A::matches_tensor_meta(t, {dtype_t::float64, sym_shape{s0}}));
  CHECK(A::tensor_size(t, 1) == 2);
  CHECK(A::marked_dynamic(t) == 0);

  CHECK(A::describe_value(t) == "a tensor f64[1, 2]");
  CHECK(A::describe_value(I(3)) == "int 3");
  CHECK(A::describe_value(new_str("a")) == "str 'a'");
  CHECK(A::describe_value(new_list({I(1), I(2), I(3)})) == "a list of 3");

  CHECK(A::classify(value::boolean(false)) == lasso::value_kind::boolean);
  CHECK(A::classify(I(1)) == lasso::value_kind::integer);
  CHECK(A::classify(t) == lasso::value_kind::tensor);
  CHECK(A::classify(*in.builtins().find_str("print")) == lasso::value_kind::builtin);
  CHECK(A::classify(*in.builtins().find_str("int")) == lasso::value_kind::builtin);
  CHECK(A::classify(*in.builtins().find_str("range")) == lasso::value_kind::builtin);
  CHECK(A::classify(*in.builtins().find_str("ValueError")) == lasso::value_kind::type);
  CHECK(std::get<bool>(A::constant_of(value::boolean(true))));
  CHECK(A::type_identity(I(1)) != A::type_identity(value::boolean(true)));
  CHECK(A::type_identity(I(1)) == A::type_identity(I(7)));
  CHECK(A::identity(I(1)) != A::identity(value::boolean(true)));

  auto behaviour = [&](const char* name) { return A::builtin_behaviour(*in.builtins().find_str(name)); };
  CHECK(behaviour("relu").kind == lasso::builtin_kind::tensor_op);
  CHECK(behaviour("zeros").name == "zeros");
  CHECK(behaviour("len").kind == lasso::builtin_kind::len);
  CHECK(behaviour("range").kind == lasso::builtin_kind::range);
  CHECK(behaviour("abs").kind == lasso::builtin_kind::pure);
  CHECK(behaviour("print").kind == lasso::builtin_kind::graph_break);
  CHECK(behaviour("graph_break").kind == lasso::builtin_kind::graph_break);
  CHECK(behaviour("tensor").kind == lasso::builtin_kind::tensor_op);
  CHECK(behaviour("no_grad").kind == lasso::builtin_kind::context_manager);
  CHECK(behaviour("no_grad").state_value == false);
  CHECK(behaviour("enable_grad").kind == lasso::builtin_kind::context_manager);
  CHECK(behaviour("enable_grad").state_value == true);
  CHECK(behaviour("set_grad_enabled").kind == lasso::builtin_kind::state_set);
  CHECK(behaviour("is_grad_enabled").kind == lasso::builtin_kind::state_read);
  {
    // A no_grad() object made outside the trace is known as what its class makes.
    const value made = in.call(*in.builtins().find_str("enable_grad"), {});
    const auto cm = A::context_manager_behaviour(made);
    REQUIRE(cm);
    CHECK(cm->kind == lasso::builtin_kind::context_manager);
    CHECK(cm->state_value == true);
    CHECK_FALSE(A::context_manager_behaviour(I(1)));
  }
  CHECK(behaviour("int").kind == lasso::builtin_kind::pure);
  // Builtins lasso models on trackers (translator/conversions.hpp, attribute_builtins.hpp).
  CHECK(behaviour("list").kind == lasso::builtin_kind::list);
  CHECK(behaviour("tuple").kind == lasso::builtin_kind::tuple);
  CHECK(behaviour("dict").kind == lasso::builtin_kind::dict);
  CHECK(behaviour("sorted").kind == lasso::builtin_kind::sorted);
  CHECK(behaviour("min").kind == lasso::builtin_kind::min);
  CHECK(behaviour("max").kind == lasso::builtin_kind::max);
  CHECK(behaviour("getattr").kind == lasso::builtin_kind::getattr);
  CHECK(behaviour("hasattr").kind == lasso::builtin_kind::hasattr);
  CHECK(behaviour("setattr").kind == lasso::builtin_kind::setattr);

  const value abs = *in.builtins().find_str("abs");
  const value args1[] = {I(-3)};
  auto r = A::call_pure(abs, args1);
  REQUIRE(r);
  CHECK(r->as_int() == 3);
  const value max = *in.builtins().find_str("max");
  const value args2[] = {I(2), D(2.5)};
  CHECK_FALSE(A::call_pure(max, args2));  // not a pure builtin to the adapter any more
  const value of_list[] = {new_list({I(1), I(2)})};
  r = A::call_pure(*in.builtins().find_str("str"), of_list);  // lists of constants are plain
  REQUIRE(r);
  CHECK(r->as<str_object>()->data == "[1, 2]");

  // str methods run at trace time on plain arguments; other methods and errors: nothing.
  const value join_args[] = {new_str("-"), A::make_list({new_str("a"), new_str("b")})};
  r = A::call_constant_method("join", join_args);
  REQUIRE(r);
  CHECK(r->as<str_object>()->data == "a-b");
  const value split_args[] = {new_str("a,b"), new_str(",")};
  r = A::call_constant_method("split", split_args);
  REQUIRE(r);
  CHECK(A::elements(*r).size() == 2);
  const value bad_join[] = {new_str("-"), A::make_list({I(1)})};
  CHECK_FALSE(A::call_constant_method("join", bad_join));     // TypeError -> nullopt
  CHECK_FALSE(A::call_constant_method("append", join_args));  // not a str method
  const value not_str[] = {I(3)};
  CHECK_FALSE(A::call_constant_method("upper", not_str));
  const value bad[] = {new_str("x")};
  CHECK_FALSE(A::call_pure(abs, bad));  // TypeError -> nullopt
  const value tensors[] = {t};
  CHECK_FALSE(A::call_pure(abs, tensors));  // not a constant
  CHECK_FALSE(A::call_pure(*in.builtins().find_str("print"), args1));
  // isinstance against classes and tuples of classes runs no user code: folded.
  CHECK(behaviour("isinstance").kind == lasso::builtin_kind::pure);
  const value isinstance = *in.builtins().find_str("isinstance");
  const value int_class = *in.builtins().find_str("int");
  const value float_class = *in.builtins().find_str("float");
  const value of_int[] = {I(3), int_class};
  r = A::call_pure(isinstance, of_int);
  REQUIRE(r);
  CHECK(r->is_bool());
  CHECK(r->as_bool());
  const value of_either[] = {D(0.5), new_tuple({int_class, float_class})};
  r = A::call_pure(isinstance, of_either);
  REQUIRE(r);
  CHECK(r->as_bool());
  const value of_tensor[] = {t, int_class};
  CHECK_FALSE(A::call_pure(isinstance, of_tensor));  // a tensor is not a plain argument

  CHECK(A::grad_enabled());
  in.grad_enabled = false;
  CHECK_FALSE(A::grad_enabled());
  CHECK_FALSE(A::global_state(0));
  in.grad_enabled = true;
  CHECK(A::global_state(0));
  // No autograd: only explicit reads depend on grad mode, so it is guarded only where
  // a trace reads it.
  CHECK(A::global_states[0].explicit_reads_only);

  auto cls = A::value_of_constant(lasso::constant{std::string("hi")});
  CHECK(cls.as<str_object>()->data == "hi");
  CHECK(A::same_result(T({1.0, 2.0}), T({1.0, 2.0})));
  CHECK_FALSE(A::same_result(T({1.0, 2.0}), T({1, 2})));
  CHECK_FALSE(A::same_result(I(1), D(1.0)));
  CHECK(A::same_result(new_tuple({I(1), T({1})}), new_tuple({I(1), T({1})})));
}

TEST_CASE("capture adapter: attributes, items and lengths") {
  program p(
      "class C:\n"
      "    k = 7\n"
      "    def m(self):\n"
      "        return 1\n"
      "c = C()\n"
      "c.x = 3\n"
      "d = {'a': 1, 'b': [1, 2]}\n"
      "nd = {1: 2}\n"
      "l = [4, 5]\n");
  const value c = p.get("c");
  CHECK(A::attribute(c, "x")->as_int() == 3);
  CHECK(A::attribute(c, "k")->as_int() == 7);
  CHECK_FALSE(A::attribute(c, "m"));  // would bind a new method object
  CHECK_FALSE(A::attribute(c, "nope"));
  CHECK(A::attribute(p.get("C"), "m")->is<function_object>());
  CHECK(A::attribute(p.get("C"), "k")->as_int() == 7);
  const value d = p.get("d");
  CHECK(A::classify(d) == lasso::value_kind::dict);
  CHECK(A::classify(p.get("nd")) == lasso::value_kind::other);
  CHECK(A::item(d, "a")->as_int() == 1);
  CHECK_FALSE(A::item(d, "z"));
  CHECK(A::length(d) == 2u);
  auto items = A::dict_items(d);
  REQUIRE(items.size() == 2);
  CHECK(items[0].first == "a");
  CHECK(items[1].first == "b");
  const value l = p.get("l");
  CHECK(A::item(l, 1)->as_int() == 5);
  CHECK_FALSE(A::item(l, 2));
  CHECK_FALSE(A::item(l, -1));
  CHECK(A::length(l) == 2u);
  CHECK(A::elements(l).size() == 2);
  CHECK_FALSE(A::length(I(1)));
}

TEST_CASE("capture adapter: frame accessors and running code") {
  program p(
      "g = 10\n"
      "def outer(a):\n"
      "    b = 5\n"
      "    def inner(x, y=2):\n"
      "        z = x\n"
      "        return x + y + b + g\n"
      "    return inner\n"
      "def keeps(a):\n"
      "    return lambda: a\n"
      "f = outer(1)\n"
      "k = keeps(4)\n");
  interpreter& in = p.in;
  int frames = 0;
  in.frame_evaluator = [&](interpreter&, frame& f) -> value {
    ++frames;
    const std::string name = f.code->name;
    if (name == "inner") {
      CHECK(A::frame_local(f, 0)->as_int() == 7);
      CHECK(A::frame_local(f, 1)->as_int() == 2);
      CHECK(A::frame_local(f, 2) == nullptr);  // z: unbound
      CHECK(A::frame_local(f, 99) == nullptr);
      CHECK(A::frame_cell_contents(f, 0)->as_int() == 5);  // free variable b
      CHECK(A::frame_cell_contents(f, 1) == nullptr);
      CHECK(A::frame_global(f, "g")->as_int() == 10);
      CHECK(A::frame_global(f, "len")->is<builtin_object>());
      CHECK(A::frame_global(f, "nope") == nullptr);
      CHECK(A::code_identity(A::frame_code(f)) == reinterpret_cast<std::uintptr_t>(f.code));
      void*& slot = A::code_cache_slot(A::frame_code(f));
      CHECK(&slot == &f.code->extra);
      // The same code run again with the frame's arguments and closure.
      value again = A::call_code(f, A::frame_code(f));
      CHECK(again.as_int() == 24);
    } else if (name == "outer") {
      CHECK(A::frame_cell_contents(f, 0) == nullptr);  // b: no cell yet, not an argument
    } else if (name == "keeps") {
      CHECK(A::frame_cell_contents(f, 0)->as_int() == 4);  // a: a cell starting from the argument
    }
    return A::run_eagerly(f);
  };
  for (const char* fn : {"f", "outer", "keeps"}) {
    const value v = p.get(fn);
    v.as<function_object>()->capture = true;
  }
  CHECK(in.call(p.get("f"), {I(7)}).as_int() == 24);
  const value inner = in.call(p.get("outer"), {I(1)});
  const value lam = in.call(p.get("keeps"), {I(4)});
  CHECK(in.call(lam, {}).as_int() == 4);
  CHECK(frames == 3);
  in.frame_evaluator = nullptr;
}

TEST_CASE("capture adapter: host functions") {
  std::ostringstream out, err;
  interpreter in(out, err);
  int calls = 0;
  value h = A::make_host_function("__compiled_fn_0", [&](std::span<const value> args) -> value {
    ++calls;
    std::vector<value> items(args.begin(), args.end());
    items.push_back(I(static_cast<std::int64_t>(args.size())));
    return A::make_tuple(std::move(items));
  });
  value r = in.call(h, {I(1), new_str("a")});
  REQUIRE(r.is<tuple_object>());
  CHECK(r.as<tuple_object>()->items.size() == 3);
  CHECK(r.as<tuple_object>()->items[2].as_int() == 2);
  CHECK(calls == 1);
  CHECK(A::constant_repr(h) == "<compiled graph __compiled_fn_0>");
  CHECK(A::constant_repr(*in.builtins().find_str("len")) == "<built-in function len>");
  value h2 = A::make_host_function("__compiled_fn_0", [](std::span<const value>) { return value::none(); });
  CHECK(A::same_constant(h, h));
  CHECK_FALSE(A::same_constant(h, h2));
  CHECK(A::classify(h) == lasso::value_kind::builtin);
  CHECK(A::builtin_behaviour(h).kind == lasso::builtin_kind::graph_break);
  CHECK(type_name(h.as<builtin_object>()->data) == "builtin_function_or_method");

  value failing = A::make_host_function("__compiled_fn_1", [](std::span<const value>) -> value {
    throw lasso::backend_error("backend output 0 differs from the eager graph");
  });
  try {
    in.call(failing, {});
    FAIL("expected an exception");
  } catch (...) { CHECK(error_text(in) == "RuntimeError: backend output 0 differs from the eager graph"); }
  value python_error = A::make_host_function(
      "__compiled_fn_2", [&](std::span<const value> args) -> value { return A::run_op("add", args, false); });
  try {
    in.call(python_error, {T({1, 2}), T({1, 2, 3})});
    FAIL("expected an exception");
  } catch (...) { CHECK(error_text(in) == "ValueError: shapes (2,) and (3,) cannot be broadcast"); }
  // Grad-mode objects still work (native objects are told apart by subkind).
  program p("with no_grad():\n    x = is_grad_enabled()\n");
  CHECK_FALSE(p.get("x").as_bool());
}

// ======================================================= `minipy run` with capture

namespace {

struct run_result {
  int status = 0;
  std::string out, err;
  lasso::explain_report report;
};

run_result run(std::string_view src, capture_run_options o = {}) {
  std::ostringstream out, err;
  run_result r;
  r.status = run_source_with_capture(src, "prog.py", out, err, o, &r.report);
  r.out = out.str();
  r.err = err.str();
  return r;
}

run_result run_eager(std::string_view src) {
  capture_run_options o;
  o.capture = false;
  return run(src, o);
}

// The opcode names of the code logged under `title` by --logs bytecode, in order.
std::vector<std::string> logged_opnames(const std::string& log, const std::string& title) {
  const auto start = log.find("[lasso:bytecode] " + title);
  REQUIRE(start != std::string::npos);
  const auto body = log.find('\n', start);
  const auto end = log.find("[lasso:", body);
  std::istringstream lines(log.substr(body + 1, end == std::string::npos ? std::string::npos : end - body - 1));
  std::vector<std::string> names;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    for (std::string word; words >> word;)
      if (word.size() > 1 && word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == std::string::npos) {
        names.push_back(word);
        break;
      }
  }
  return names;
}

}  // namespace

TEST_CASE("minipy run with capture: generated code at a graph break") {
  capture_run_options o;
  o.logs = "bytecode";
  SUBCASE("the stack holds only distinct graph outputs: the graph's result is the stack") {
    const char* src =
        "@capture\n"
        "def f(x):\n"
        "    if (x * 2).sum():\n"
        "        return x + 1\n"
        "    return x - 1\n"
        "print(f(tensor([1.0, 2.0])))\n"
        "print(f(tensor([-1.0, 1.0])))\n";
    const run_result r = run(src, o);
    CHECK(r.out == run_eager(src).out);
    const std::vector<std::string> expected{// clang-format off
        "RESUME",                                                          // the original prologue
        "PUSH_NULL", "LOAD_CONST", "LOAD_FAST", "CALL",  // graph(x): its one output, onto the stack
        "POP_JUMP_FORWARD_IF_FALSE",                                       // the break itself
        "PUSH_NULL", "LOAD_CONST", "LOAD_FAST", "CALL", "RETURN_VALUE",    // resume at line 4 with x
        "PUSH_NULL", "LOAD_CONST", "LOAD_FAST", "CALL", "RETURN_VALUE"};   // resume at line 5 with x
                                            // clang-format on
    CHECK(logged_opnames(r.err, "generated code of 'f'") == expected);
  }
  SUBCASE("intermediate values and changed live locals are rebuilt; dead locals are not") {
    const char* src =
        "@capture\n"
        "def f(x):\n"
        "    dead = x * 3\n"
        "    y = x + 1\n"
        "    z = [x * 2, print('mid'), y]\n"
        "    return z, y\n"
        "print(f(tensor([1.0, 2.0])))\n";
    const run_result r = run(src, o);
    CHECK(r.out == run_eager(src).out);
    const std::vector<std::string> expected{
        "RESUME",
        // clang-format off
        "PUSH_NULL", "LOAD_CONST", "LOAD_FAST", "CALL", "UNPACK_SEQUENCE",  // graph(x) -> (x * 2, y)
        "STORE_FAST", "STORE_FAST",                                         // into temporaries
        "LOAD_FAST",                                                        // stack: x * 2
        "PUSH_NULL", "LOAD_GLOBAL", "LOAD_CONST",                           // stack: print, 'mid'
        "LOAD_FAST", "STORE_FAST",                                          // local y restored
        "CALL",                                                             // the break: print('mid')
        "STORE_FAST", "STORE_FAST",                                         // stack into parameters
        "PUSH_NULL", "LOAD_CONST", "LOAD_FAST", "LOAD_FAST", "LOAD_FAST",   // resume(x * 2, None, y)
        // clang-format on
        "CALL", "RETURN_VALUE"};
    CHECK(logged_opnames(r.err, "generated code of 'f'") == expected);
  }
}

TEST_CASE("minipy run with capture: same output as the eager run, one graph") {
  const char* src =
      "@capture\n"
      "def f(x, y):\n"
      "    return relu(x * y + 1.0).sum()\n"
      "a = tensor([[1.0, -2.0], [3.0, 4.0]])\n"
      "b = ones(2, 2)\n"
      "for i in range(3):\n"
      "    print(f(a, b))\n"
      "print(is_grad_enabled())\n";
  const run_result captured = run(src);
  const run_result eager = run_eager(src);
  CHECK(captured.status == 0);
  CHECK(captured.err == "");
  CHECK(captured.out == eager.out);
  CHECK(captured.out == "tensor(11.0)\ntensor(11.0)\ntensor(11.0)\nTrue\n");
  const auto totals = captured.report.totals();
  CHECK(totals.graphs == 1);
  CHECK(totals.ops == 4);
  CHECK(totals.graph_breaks == 0);
  REQUIRE(captured.report.frames.size() == 1);
  CHECK(captured.report.frames[0].calls == 3);
  CHECK(captured.report.frames[0].cache_hits == 2);
  const std::string json = captured.report.json();
  CHECK(json.find("\"totals\": {\"graphs\": 1,") != std::string::npos);
  // --no-capture: no runtime, an empty report.
  CHECK(eager.report.frames.empty());

  capture_run_options verify;
  verify.backend = "verify";
  const run_result verified = run(src, verify);
  CHECK(verified.out == eager.out);
  CHECK(verified.report.totals().graphs == 1);
}

TEST_CASE("minipy run with capture: graph breaks, fullgraph, bad backends, explain at exit") {
  SUBCASE("a graph break runs the instruction eagerly and captures the rest in a resume function") {
    const char* src =
        "@capture\n"
        "def g(x):\n"
        "    print('in g')\n"
        "    return x + 1\n"
        "print(g(tensor([1, 2])))\n";
    const run_result r = run(src);
    CHECK(r.out == run_eager(src).out);
    CHECK(r.report.totals().graph_breaks == 1);
    CHECK(r.report.totals().graphs == 1);  // nothing before the print; x + 1 after it
    REQUIRE(r.report.frames.size() == 2);
    CHECK(r.report.frames[0].function == "g");
    CHECK(r.report.frames[0].breaks.size() == 1);
    CHECK(r.report.frames[0].graphs.empty());
    CHECK(r.report.frames[1].function == "resume_in_g_at_3");
    CHECK(r.report.frames[1].graphs.size() == 1);
  }
  SUBCASE("fullgraph failures raise RuntimeError") {
    const char* src =
        "@capture(fullgraph=True)\n"
        "def g(x):\n"
        "    print('in g')\n"
        "    return x + 1\n"
        "try:\n"
        "    g(tensor([1, 2]))\n"
        "except RuntimeError as e:\n"
        "    print('caught', str(e).startswith('fullgraph capture of'))\n";
    const run_result r = run(src);
    CHECK(r.status == 0);
    CHECK(r.out == "caught True\n");
    CHECK(run_eager(src).out == "in g\n");
  }
  SUBCASE("an unknown backend raises RuntimeError") {
    const run_result r = run("@capture(backend='nope')\ndef g(x):\n    return x\ng(1)\n");
    CHECK(r.status == 1);
    CHECK(r.err.find("RuntimeError: unknown backend 'nope'") != std::string::npos);
  }
  SUBCASE("the explain report is written even after an uncaught exception") {
    capture_run_options o;
    o.explain = true;
    const run_result r =
        run("@capture\n"
            "def f(x):\n"
            "    return x * 2\n"
            "print(f(ones(2)))\n"
            "raise ValueError('boom')\n",
            o);
    CHECK(r.status == 1);
    CHECK(r.out == "tensor([2.0, 2.0])\n");
    const auto boom = r.err.find("ValueError: boom");
    const auto report = r.err.find("lasso explain: 1 captured function, 1 graph, 1 op");
    REQUIRE(boom != std::string::npos);
    REQUIRE(report != std::string::npos);
    CHECK(boom < report);
  }
  SUBCASE("logs go to the error stream; a bad list is rejected") {
    capture_run_options o;
    o.logs = "graph,guards";
    const run_result r = run("@capture\ndef f(x):\n    return x * 2\nprint(f(ones(2)))\n", o);
    CHECK(r.out == "tensor([2.0, 2.0])\n");
    CHECK(r.err.find("[lasso:graph]") != std::string::npos);
    CHECK(r.err.find("[lasso:guards]") != std::string::npos);
    o.logs = "graph,nonsense";
    CHECK_THROWS_AS(run("print(1)\n", o), std::invalid_argument);
  }
}

TEST_CASE("minipy run with capture: objects and cells made in the trace are built by the generated code") {
  capture_run_options o;
  o.logs = "bytecode";
  SUBCASE("an object live at a break is built there; a dead one is not built at all") {
    const char* live =
        "class Box:\n"
        "    def __init__(self, v):\n"
        "        self.v = v\n"
        "@capture\n"
        "def f(x):\n"
        "    b = Box(x + 1)\n"
        "    print('mid')\n"
        "    return b.v\n"
        "print(f(tensor([1.0])))\n";
    const run_result r = run(live, o);
    CHECK(r.out == run_eager(live).out);
    CHECK(r.out == "mid\ntensor([2.0])\n");
    CHECK(r.err.find("lasso_new_instance") != std::string::npos);
    const std::string dead_src = std::string(live).replace(std::string(live).find("return b.v"), 10, "return x");
    const run_result dead = run(dead_src, o);
    CHECK(dead.out == "mid\ntensor([1.0])\n");
    CHECK(dead.err.find("lasso_new_instance") == std::string::npos);
  }
  SUBCASE("a recursive closure made again holds itself in its cell") {
    const char* src =
        "def make_rec(k):\n"
        "    def fact(n):\n"
        "        return 1 if n <= 1 else n * k * fact(n - 1)\n"
        "    return fact\n"
        "@capture\n"
        "def get_rec(x):\n"
        "    return make_rec(2), x + 1\n"
        "f, y = get_rec(ones(1))\n"
        "print(f(3), [c.cell_contents is f for c in f.__closure__])\n";
    const run_result r = run(src, o);
    CHECK(r.out == run_eager(src).out);
    CHECK(r.out.find("True") != std::string::npos);  // one of the two cells holds f itself
    CHECK(r.err.find("lasso_new_cell") != std::string::npos);
    CHECK(r.report.totals().graph_breaks == 0);
  }
}

TEST_CASE("minipy run with capture: n breaks in sequence make exactly n resume codes") {
  for (int n = 1; n <= 64; n = n < 8 ? n + 1 : n * 2) {
    CAPTURE(n);
    std::string src = "@capture\ndef f(x):\n";
    std::string expected;
    for (int k = 0; k < n; ++k) {
      src += "    x = x + 1\n    print(" + std::to_string(k) + ")\n";
      expected += std::to_string(k) + "\n";
    }
    src += "    return x + 1\nprint(f(ones(2)))\nprint(f(ones(2)))\n";
    const std::string result = "tensor([" + std::to_string(n + 2) + ".0, " + std::to_string(n + 2) + ".0])\n";
    const run_result r = run(src);
    CHECK(r.out == expected + result + expected + result);
    CHECK(r.out == run_eager(src).out);
    // The function and one resume code per break, each translated once and hit once.
    REQUIRE(r.report.frames.size() == static_cast<std::size_t>(n) + 1);
    const auto totals = r.report.totals();
    CHECK(totals.graph_breaks == static_cast<std::size_t>(n));
    CHECK(totals.graphs == static_cast<std::size_t>(n) + 1);
    CHECK(totals.ops == static_cast<std::size_t>(n) + 1);
    CHECK(totals.recompiles == 0);
    for (const auto& frame : r.report.frames) {
      CHECK(frame.calls == 2);
      CHECK(frame.cache_hits == 1);
    }
    // Every resume code is made from f itself (a resume function that breaks again
    // resumes in f's code, not in its own), named after the line it resumes at.
    for (int k = 0; k < n; ++k)
      CHECK(r.report.frames[static_cast<std::size_t>(k) + 1].function == "resume_in_f_at_" + std::to_string(4 + 2 * k));
  }
}

TEST_CASE("minipy run: capture options of the command line") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "minipy_capture_cli_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path script = dir / "prog.py";
  {
    std::ofstream f(script);
    f << "@capture\ndef f(x):\n    return relu(x) * 2\nprint(f(ones(2)))\nprint(f(ones(3)))\n";
  }
  // Runs the tool; returns its exit status and fills stdout.
  auto tool = [&](const std::string& options, std::string& output) {
    const std::string command =
        std::string(MINIPY_EXECUTABLE) + " run " + options + " " + script.string() + " 2>" + (dir / "err.txt").string();
    output.clear();
    int status = -1;
    if (FILE* p = popen(command.c_str(), "r")) {
      char buf[4096];
      std::size_t n;
      while ((n = fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
      status = pclose(p);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  auto read = [](const fs::path& p) {
    std::ifstream f(p);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
  };
  std::string eager, captured;
  CHECK(tool("--no-capture", eager) == 0);
  CHECK(eager == "tensor([2.0, 2.0])\ntensor([2.0, 2.0, 2.0])\n");
  const std::string options = "--backend verify --explain --explain-json " + (dir / "r.json").string() + " --dot " +
                              (dir / "dots").string() + " --logs=breaks";
  CHECK(tool(options, captured) == 0);
  CHECK(captured == eager);
  CHECK(read(dir / "err.txt").find("lasso explain: 1 captured function, 2 graphs") != std::string::npos);
  CHECK(read(dir / "r.json").find("\"totals\": {\"graphs\": 2,") != std::string::npos);
  CHECK(read(dir / "dots" / "f_0.dot").find("digraph") != std::string::npos);
  CHECK(fs::exists(dir / "dots" / "f_1.dot"));
  std::string ignored;
  CHECK(tool("--backend fast", ignored) == 2);
  CHECK(tool("--logs graph,nope", ignored) == 2);
  CHECK(read(dir / "err.txt").find("unknown log artifact 'nope'") != std::string::npos);
  CHECK(tool("--frobnicate", ignored) == 2);
  CHECK(tool("--explain-json", ignored) == 2);  // the script becomes the value: no FILE left
  fs::remove_all(dir);
}

TEST_CASE("minipy run with capture: comptime output goes to the run's error stream, or nowhere") {
  const char* src =
      "@capture\n"
      "def f(x):\n"
      "    y = x * 2\n"
      "    comptime.print_graph()\n"
      "    comptime(lambda ctx: ctx.print_locals())\n"
      "    return y + 1\n"
      "print(f(tensor([1.0])))\n";
  SUBCASE("minipy gives the runtime and its callbacks the run's error stream") {
    const run_result r = run(src);
    CHECK(r.status == 0);
    CHECK(r.out == "tensor([3.0])\n");
    CHECK(r.err.find("mul: f64[1] = mul(l_x_, 2)") != std::string::npos);  // the shortcut, printed by lasso
    CHECK(r.err.find("y: a tensor f64[1]") != std::string::npos);          // the callback, printed by minipy
  }
  SUBCASE("runtime_options::comptime_output = nullptr silences the shortcuts only") {
    program p("");  // an interpreter and globals; the script runs below, with capture
    lasso::runtime_options options;
    options.comptime_output = nullptr;
    lasso::runtime<A> rt(options);  // after the program: destroyed first
    p.in.frame_evaluator = [&](interpreter&, frame& f) -> value { return rt.eval_frame(f, {}); };
    auto code = p.in.compile(src, "t.py");
    p.in.run_code(*code, *p.globals, p.globals.get());
    p.in.frame_evaluator = nullptr;
    p.in.flush();
    CHECK(p.out.str() == "tensor([3.0])\n");
    CHECK(rt.report().totals().graphs == 1);
    CHECK(p.err.str().find("mul:") == std::string::npos);
    CHECK(p.err.str().find("y: a tensor f64[1]") != std::string::npos);
  }
}

TEST_CASE("minipy run with capture: the step budget ends a while_loop that runs inside a compiled graph") {
  // The condition never turns false: n only grows. The loop is one while_loop node of a
  // captured graph, so no bytecode of minipy runs while it loops.
  const char* src =
      "def check(n, acc):\n"
      "    return n\n"
      "def body(n, acc):\n"
      "    return (n + 1, acc * 1)\n"
      "@capture\n"
      "def g(x, n):\n"
      "    n, acc = while_loop(check, body, (n, x))\n"
      "    return acc\n"
      "print(g(tensor([1.0]), tensor(1.0)))\n";
  for (const char* backend : {"eager", "verify"}) {
    CAPTURE(backend);
    capture_run_options o;
    o.backend = backend;
    o.run.max_steps = 5000;
    const run_result r = run(src, o);
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    CHECK(r.err.find("RuntimeError: step budget exhausted") != std::string::npos);
    CHECK(r.report.totals().graphs == 1);  // the loop did run in the graph
  }
}
