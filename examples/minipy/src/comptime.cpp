// minipy's comptime bridge: the objects a comptime callback gets (a context whose
// methods call lasso's comptime_context, and value views), and running the callback.
// What the methods print goes to stderr, so a program's stdout is the same captured
// and eager.
#include "minipy/capture.hpp"

#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace minipy {

namespace {

using context = lasso::comptime_context<capture_adapter>;
using value_view = context::value_view;

/// The context of the callback running now; null once it has returned (a context
/// kept by the program is then dead).
struct session {
  context* ctx = nullptr;
};

using positional_args = std::vector<value>;
using keyword_args = std::vector<std::pair<std::string, value>>;
/// What a method of a comptime object does with the arguments of a call.
using method_body = std::function<value(interpreter&, const positional_args&, const keyword_args&)>;

value call_method(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value& data) {
  auto* h = data.as<host_function_object>();
  // The host function's span packs the keyword names first (None when there are none).
  std::vector<value> packed;
  packed.reserve(nargs + 1);
  packed.push_back(kw ? value(static_cast<object*>(const_cast<tuple_object*>(kw))) : value::none());
  packed.insert(packed.end(), args, args + nargs);
  (void)in;
  return h->fn(packed);
}

/// A builtin method `name` running `body`.
value make_method(const std::string& name, method_body body) {
  auto fn = [name, body = std::move(body)](std::span<const value> packed) -> value {
    interpreter& in = *interpreter::current();
    std::vector<std::pair<std::string, value>> keywords;
    std::size_t nkw = 0;
    if (const auto* names = packed[0].get_if<tuple_object>()) nkw = names->items.size();
    const std::size_t npos = packed.size() - 1 - nkw;
    std::vector<value> positional(packed.begin() + 1, packed.begin() + 1 + static_cast<std::ptrdiff_t>(npos));
    for (std::size_t k = 0; k < nkw; ++k)
      keywords.emplace_back(packed[0].as<tuple_object>()->items[k].as<str_object>()->data, packed[1 + npos + k]);
    try {
      return body(in, positional, keywords);
    } catch (const std::out_of_range& e) {
      throw py_error(exc_kind::ValueError, name + "(): " + e.what());
    } catch (const py_error&) { throw; } catch (const std::bad_alloc&) {
      throw;
    } catch (const std::exception& e) { throw py_error(exc_kind::RuntimeError, name + "(): " + e.what()); }
  };
  value holder(make<host_function_object>(name, std::move(fn)));
  return value(make<builtin_object>(name, &call_method, holder));
}

/// The arguments of a call bound to `names` (positional or keyword); a missing one is
/// null.
std::vector<value> bind(const std::string& method, const std::vector<value>& positional,
                        const std::vector<std::pair<std::string, value>>& keywords,
                        std::initializer_list<const char*> names, std::size_t required) {
  std::vector<value> bound(names.size());
  if (positional.size() > names.size())
    throw py_error(exc_kind::TypeError, method + "() takes at most " + std::to_string(names.size()) + " arguments");
  for (std::size_t i = 0; i < positional.size(); ++i) bound[i] = positional[i];
  for (const auto& [key, v] : keywords) {
    std::size_t i = 0;
    for (const char* name : names) {
      if (key == name) break;
      ++i;
    }
    if (i == names.size())
      throw py_error(exc_kind::TypeError, method + "() got an unexpected keyword argument '" + key + "'");
    if (!bound[i].is_null()) throw py_error(exc_kind::TypeError, method + "() got two values for '" + key + "'");
    bound[i] = v;
  }
  for (std::size_t i = 0; i < required; ++i)
    if (bound[i].is_null()) throw py_error(exc_kind::TypeError, method + "() is missing an argument");
  return bound;
}

std::size_t stacklevel_of(const std::string& method, const value& v) {
  if (v.is_null()) return 0;
  if (!v.is_int() || v.as_int() < 0)
    throw py_error(exc_kind::TypeError, method + "(): stacklevel must be a non-negative int");
  return static_cast<std::size_t>(v.as_int());
}

context& live(const std::shared_ptr<session>& s, const std::string& method) {
  if (!s->ctx)
    throw py_error(exc_kind::RuntimeError, method + "(): the comptime context is used after its callback returned");
  return *s->ctx;
}

/// An instance of a class made for it, named `class_name`, whose attributes are `attrs`.
value make_object(interpreter& in, const std::string& class_name, std::vector<std::pair<std::string, value>> attrs) {
  auto cls = make<class_object>();
  cls->name = cls->qualname = class_name;
  cls->dict = make<dict_object>();
  auto obj = make<instance_object>(cls);
  for (auto& [name, v] : attrs) obj->attrs().set(in, new_str(name), std::move(v));
  return value(obj);
}

value from_constant(const lasso::comptime_constant& c) {
  using kind = lasso::comptime_constant::container;
  if (c.kind == kind::none) return capture_adapter::value_of_constant(c.scalar);
  std::vector<value> items;
  for (const auto& item : c.items) items.push_back(from_constant(item));
  return c.kind == kind::tuple ? new_tuple(std::move(items)) : new_list(std::move(items));
}

value from_static(const lasso::static_attribute& a) {
  if (const auto* c = std::get_if<lasso::constant>(&a)) return capture_adapter::value_of_constant(*c);
  if (const auto* items = std::get_if<std::vector<lasso::constant>>(&a)) {
    std::vector<value> values;
    for (const auto& c : *items) values.push_back(capture_adapter::value_of_constant(c));
    return new_tuple(std::move(values));
  }
  // A symbolic size shows its traced value (comptime runs at trace time).
  if (const auto* s = std::get_if<lasso::sym_int>(&a)) return value::integer(s->hint());
  if (const auto* sizes = std::get_if<std::vector<lasso::sym_int>>(&a)) {
    std::vector<value> values;
    for (const auto& s : *sizes) values.push_back(value::integer(s.hint()));
    return new_tuple(std::move(values));
  }
  return value::none();
}

/// The class named `name` among the builtin types, or null.
class_object* builtin_class(interpreter& in, const std::string& name) {
  const auto& t = in.types();
  for (class_object* c : {t.int_, t.bool_, t.float_, t.str, t.none, t.tuple, t.list, t.dict, t.tensor})
    if (c && c->name == name) return c;
  return nullptr;
}

/// The object `ctx.get_local` returns: the view's methods.
value make_view(interpreter& in, value_view view) {
  auto v = std::make_shared<value_view>(std::move(view));
  auto no_arguments = [](const std::string& method, const std::vector<value>& positional,
                         const std::vector<std::pair<std::string, value>>& keywords) {
    bind(method, positional, keywords, {}, 0);
  };
  std::vector<std::pair<std::string, value>> attrs;
  attrs.emplace_back("is_python_constant",
                     make_method("is_python_constant",
                                 [v, no_arguments](interpreter&, const positional_args& p, const keyword_args& k) {
                                   no_arguments("is_python_constant", p, k);
                                   return value::boolean(v->is_python_constant());
                                 }));
  attrs.emplace_back("as_python_constant",
                     make_method("as_python_constant",
                                 [v, no_arguments](interpreter&, const positional_args& p, const keyword_args& k) {
                                   no_arguments("as_python_constant", p, k);
                                   if (!v->constant)
                                     throw py_error(exc_kind::ValueError, "as_python_constant(): " + v->description +
                                                                              " is not known at trace time");
                                   return from_constant(*v->constant);
                                 }));
  attrs.emplace_back("is_proxy", make_method("is_proxy", [v, no_arguments](interpreter&, const positional_args& p,
                                                                           const keyword_args& k) {
                       no_arguments("is_proxy", p, k);
                       return value::boolean(v->is_proxy());
                     }));
  attrs.emplace_back(
      "python_type",
      make_method("python_type", [v, no_arguments](interpreter& in, const positional_args& p, const keyword_args& k) {
        no_arguments("python_type", p, k);
        if (v->object) return value(static_cast<object*>(type_of(*v->object)));
        if (class_object* c = builtin_class(in, v->python_type)) return value(static_cast<object*>(c));
        return new_str(v->python_type);
      }));
  attrs.emplace_back("as_fake", make_method("as_fake", [v, no_arguments](interpreter& in, const positional_args& p,
                                                                         const keyword_args& k) {
                       no_arguments("as_fake", p, k);
                       if (!v->fake)
                         throw py_error(exc_kind::ValueError, "as_fake(): " + v->description + " is not a tensor");
                       std::vector<std::pair<std::string, value>> fields;
                       fields.emplace_back("shape", from_static(capture_adapter::tensor_attribute(*v->fake, "shape")));
                       fields.emplace_back("dtype", from_static(capture_adapter::tensor_attribute(*v->fake, "dtype")));
                       return make_object(in, "FakeTensor", std::move(fields));
                     }));
  attrs.emplace_back("description", new_str(v->description));
  return make_object(in, "ComptimeVar", std::move(attrs));
}

/// The object a comptime callback gets.
value make_context(interpreter& in, const std::shared_ptr<session>& s) {
  std::vector<std::pair<std::string, value>> attrs;
  attrs.emplace_back("get_local",
                     make_method("get_local", [s](interpreter& in, const positional_args& p, const keyword_args& k) {
                       const auto a = bind("get_local", p, k, {"name", "stacklevel"}, 1);
                       if (!a[0].is<str_object>())
                         throw py_error(exc_kind::TypeError, "get_local(): name must be a str");
                       const std::string& name = a[0].as<str_object>()->data;
                       auto view = live(s, "get_local").get_local(name, stacklevel_of("get_local", a[1]));
                       if (!view)
                         throw py_error(exc_kind::NameError, "get_local(): no local '" + name + "' with a value");
                       return make_view(in, std::move(*view));
                     }));
  attrs.emplace_back("graph_break",
                     make_method("graph_break", [s](interpreter&, const positional_args& p, const keyword_args& k) {
                       const auto a = bind("graph_break", p, k, {"msg"}, 0);
                       std::string message = "ComptimeContext.graph_break";
                       if (!a[0].is_null()) {
                         if (!a[0].is<str_object>())
                           throw py_error(exc_kind::TypeError, "graph_break(): msg must be a str");
                         message = a[0].as<str_object>()->data;
                       }
                       live(s, "graph_break").graph_break(message);
                       return value::none();
                     }));
  auto printer = [&attrs, s](const char* name, auto print) {
    attrs.emplace_back(name, make_method(name, [s, name = std::string(name), print](
                                                   interpreter& in, const positional_args& p, const keyword_args& k) {
                         const auto a = bind(name, p, k, {"stacklevel"}, 0);
                         print(live(s, name), in.err(), stacklevel_of(name, a[0]));
                         return value::none();
                       }));
  };
  printer("print_disas", [](context& c, std::ostream& out, std::size_t level) { c.print_disas(out, level); });
  printer("print_value_stack",
          [](context& c, std::ostream& out, std::size_t level) { c.print_value_stack(out, level); });
  printer("print_locals", [](context& c, std::ostream& out, std::size_t level) { c.print_locals(out, level); });
  printer("print_bt", [](context& c, std::ostream& out, std::size_t level) { c.print_bt(out, level); });
  auto no_level = [&attrs, s](const char* name, auto print) {
    attrs.emplace_back(name, make_method(name, [s, name = std::string(name), print](
                                                   interpreter& in, const positional_args& p, const keyword_args& k) {
                         bind(name, p, k, {}, 0);
                         print(live(s, name), in.err());
                         return value::none();
                       }));
  };
  no_level("print_graph", [](context& c, std::ostream& out) { c.print_graph(out); });
  no_level("print_guards", [](context& c, std::ostream& out) { c.print_guards(out); });
  return make_object(in, "ComptimeContext", std::move(attrs));
}

}  // namespace

std::optional<std::string> capture_adapter::run_comptime(const lasso::comptime_callback<capture_adapter>& callback,
                                                         const frame& f, context& ctx) {
  interpreter& in = *interpreter::current();
  value fn = callback.function;
  if (callback.is_code) {
    // A lambda or nested def of the frame: a function of its code with the frame's globals.
    if (!fn.is<code_object>()) return std::string("TypeError: comptime() callback is not a code object");
    auto made = make<function_object>();
    auto* co = fn.as<code_object>();
    made->code = ref<code_object>(co);
    made->globals = ref<dict_object>(f.globals);
    made->name = co->name;
    made->qualname = co->qualname;
    fn = value(made);
  }
  auto s = std::make_shared<session>(session{&ctx});
  std::optional<std::string> error;
  // Capture is off while the callback runs: a captured function it calls runs eagerly.
  interpreter::frame_evaluator_fn evaluator = std::move(in.frame_evaluator);
  in.frame_evaluator = nullptr;
  try {
    value ctx_object = make_context(in, s);
    in.call(fn, {ctx_object});
  } catch (...) {
    try {
      value exc = in.current_exception_value();
      error = type_of(exc)->name + ": " + exception_str(in, exc);
    } catch (...) { error = "an error that cannot be shown"; }
  }
  in.frame_evaluator = std::move(evaluator);
  s->ctx = nullptr;
  return error;
}

}  // namespace minipy
