// minipy builtins: the builtin classes (types and exceptions), functions, methods, the
// tensor API and the capture builtins of SPEC.md, with CPython 3.11's messages for the
// errors programs trigger (and the prelude's for the tensor and capture API).
#include <algorithm>
#include <cmath>

#include "minipy/interpreter.hpp"
#include "minipy/repr.hpp"
#include "minipy/utf8.hpp"

namespace minipy {


namespace {

// ============================================================ argument help

std::size_t count_kw(const tuple_object* kw) { return kw ? kw->items.size() : 0; }

void no_keywords(const char* name, const tuple_object* kw) {
  if (count_kw(kw)) throw_type_error(std::string(name) + "() takes no keyword arguments");
}

/// Binds positional and keyword arguments to `names` (positional-or-keyword).
/// `out[i]` is null for absent arguments. `pos_only` names cannot be given by keyword.
void parse(const char* fname, const value* args, std::size_t nargs, const tuple_object* kw,
           std::initializer_list<const char*> names, std::size_t required, const value** out,
           std::size_t pos_only = 0) {
  const std::size_t nkw = count_kw(kw);
  const std::size_t npos = nargs - nkw;
  const std::size_t n = names.size();
  for (std::size_t i = 0; i < n; ++i) out[i] = nullptr;
  if (npos > n)
    throw_type_error(std::string(fname) + "() takes at most " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") +
                     " (" + std::to_string(npos) + " given)");
  for (std::size_t i = 0; i < npos; ++i) out[i] = &args[i];
  for (std::size_t j = 0; j < nkw; ++j) {
    const std::string& k = kw->items[j].as<str_object>()->data;
    std::size_t idx = n;
    std::size_t i = 0;
    for (const char* name : names) {
      if (k == name && i >= pos_only) idx = i;
      ++i;
    }
    if (idx == n) throw_type_error("'" + k + "' is an invalid keyword argument for " + fname + "()");
    if (out[idx])
      throw_type_error("argument for " + std::string(fname) + "() given by name ('" + k + "') and position");
    out[idx] = &args[npos + j];
  }
  std::size_t i = 0;
  for (const char* name : names) {
    if (i < required && !out[i])
      throw_type_error(std::string(fname) + "() missing required argument '" + name + "' (pos " +
                       std::to_string(i + 1) + ")");
    ++i;
  }
}

void exact_args(const char* qual, std::size_t nargs, std::size_t n) {
  if (nargs != n) {
    if (n == 0) throw_type_error(std::string(qual) + "() takes no arguments (" + std::to_string(nargs) + " given)");
    if (n == 1)
      throw_type_error(std::string(qual) + "() takes exactly one argument (" + std::to_string(nargs) + " given)");
    throw_type_error(std::string(qual) + " expected " + std::to_string(n) + " arguments, got " + std::to_string(nargs));
  }
}

void range_args(const char* name, std::size_t nargs, std::size_t lo, std::size_t hi) {
  if (nargs < lo)
    throw_type_error(std::string(name) + " expected at least " + std::to_string(lo) + " argument" +
                     (lo == 1 ? "" : "s") + ", got " + std::to_string(nargs));
  if (nargs > hi)
    throw_type_error(std::string(name) + " expected at most " + std::to_string(hi) + " argument" +
                     (hi == 1 ? "" : "s") + ", got " + std::to_string(nargs));
}

std::int64_t index_arg(const value& v) {
  if (v.is_intlike()) return v.as_intlike();
  throw_type_error("'" + type_name(v) + "' object cannot be interpreted as an integer");
}

const std::string& str_arg(const value& v, const char* what) {
  if (!v.is<str_object>()) throw_type_error(std::string(what) + ", not " + type_name(v));
  return v.as<str_object>()->data;
}

scalar to_scalar(const value& v) {
  if (v.is_float()) return scalar{v.as_float()};
  return scalar{v.as_intlike()};
}

// ============================================================ builtin calls

value b_print(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const std::size_t nkw = count_kw(kw);
  const std::size_t npos = nargs - nkw;
  std::string sep = " ", end = "\n";
  for (std::size_t j = 0; j < nkw; ++j) {
    const std::string& k = kw->items[j].as<str_object>()->data;
    const value& v = args[npos + j];
    if (k != "sep" && k != "end") throw_type_error("'" + k + "' is an invalid keyword argument for print()");
    if (v.is_none()) continue;
    if (!v.is<str_object>()) throw_type_error(k + " must be None or a string, not " + type_name(v));
    (k == "sep" ? sep : end) = v.as<str_object>()->data;
  }
  std::string line;
  for (std::size_t i = 0; i < npos; ++i) {
    if (i) line += sep;
    str_into(in, line, args[i]);
  }
  line += end;
  check_allocation(static_cast<std::int64_t>(line.size()), 1);
  in.write(line);
  return value::none();
}

value b_len(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("len", kw);
  exact_args("len", nargs, 1);
  return value::integer(py_len(in, args[0]));
}

value b_iter(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("iter", kw);
  exact_args("iter", nargs, 1);
  return get_iter(in, args[0]);
}

value b_repr(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("repr", kw);
  exact_args("repr", nargs, 1);
  return new_str(repr(in, args[0]));
}

value b_abs(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("abs", kw);
  exact_args("abs", nargs, 1);
  return abs_value(in, args[0]);
}

value min_max(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, bool is_max) {
  const char* name = is_max ? "max" : "min";
  no_keywords(name, kw);
  if (nargs == 0) throw_type_error(std::string(name) + " expected at least 1 argument, got 0");
  std::vector<value> items = nargs == 1 ? to_vector(in, args[0]) : std::vector<value>(args, args + nargs);
  if (items.empty()) throw py_error(exc_kind::ValueError, std::string(name) + "() arg is an empty sequence");
  value best = items[0];
  for (std::size_t i = 1; i < items.size(); ++i)
    if (py_compare(in, is_max ? 4 : 0, items[i], best)) best = items[i];
  return best;
}
value b_min(interpreter& in, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return min_max(in, a, n, kw, false);
}
value b_max(interpreter& in, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return min_max(in, a, n, kw, true);
}

value b_sum(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[2];
  parse("sum", args, nargs, kw, {"iterable", "start"}, 1, p, 1);
  value acc = p[1] ? *p[1] : value::integer(0);
  if (acc.is<str_object>()) throw_type_error("sum() can't sum strings [use ''.join(seq) instead]");
  value it = get_iter(in, *p[0]);
  constexpr int add = static_cast<int>(lasso::bytecode::binary_operator::add);
  for (;;) {
    value x = iter_next(in, *it.as<iterator_object>());
    if (x.is_null()) break;
    std::int64_t r;
    if (acc.is_int() && x.is_int() && checked_add(acc.as_int(), x.as_int(), r)) {
      acc.set_int_unchecked(r);
    } else if (acc.is_float() && x.is_float()) {
      acc.set_float_unchecked(acc.as_float() + x.as_float());
    } else {
      value next = py_binary_op(in, add, acc, x);
      acc = std::move(next);
    }
  }
  return acc;
}

value b_isinstance(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("isinstance", kw);
  if (nargs != 2) throw_type_error("isinstance expected 2 arguments, got " + std::to_string(nargs));
  return value::boolean(is_instance_spec(in, args[0], args[1], "isinstance()"));
}

value b_enumerate(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[2];
  if (nargs == 0) throw_type_error("enumerate() missing required argument 'iterable'");
  parse("enumerate", args, nargs, kw, {"iterable", "start"}, 1, p);
  auto it = make<iterator_object>(iter_kind::enumerate);
  it->source = get_iter(in, *p[0]);
  it->index = p[1] ? index_arg(*p[1]) : 0;
  return value(it);
}

value b_zip(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("zip", kw);
  auto it = make<iterator_object>(iter_kind::zip);
  for (std::size_t i = 0; i < nargs; ++i) it->subs.push_back(get_iter(in, args[i]));
  return value(it);
}

value b_sorted(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const std::size_t npos = nargs - count_kw(kw);
  if (npos != 1) throw_type_error("sorted expected 1 argument, got " + std::to_string(npos));
  bool reverse = false;
  for (std::size_t j = 0; j < count_kw(kw); ++j) {
    const std::string& k = kw->items[j].as<str_object>()->data;
    const value& v = args[npos + j];
    if (k == "reverse")
      reverse = truthy(in, v);
    else if (k == "key") {
      if (!v.is_none()) throw_type_error("sorted(): key functions are not supported in minipy");
    } else
      throw_type_error("'" + k + "' is an invalid keyword argument for sort()");
  }
  std::vector<value> items = to_vector(in, args[0]);
  sort_values(in, items, reverse);
  return new_list(std::move(items));
}

const value& attr_name(const value& v) {
  if (!v.is<str_object>()) throw_type_error("attribute name must be string, not '" + type_name(v) + "'");
  return v;
}

value b_getattr(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("getattr", kw);
  range_args("getattr", nargs, 2, 3);
  const value& name = attr_name(args[1]);
  if (nargs == 3) {
    value v = get_attr_opt(in, args[0], name);
    return v.is_null() ? args[2] : v;
  }
  return get_attr(in, args[0], name);
}

value b_setattr(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("setattr", kw);
  if (nargs != 3) throw_type_error("setattr expected 3 arguments, got " + std::to_string(nargs));
  set_attr(in, args[0], attr_name(args[1]), args[2]);
  return value::none();
}

value b_hasattr(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("hasattr", kw);
  if (nargs != 2) throw_type_error("hasattr expected 2 arguments, got " + std::to_string(nargs));
  return value::boolean(!get_attr_opt(in, args[0], attr_name(args[1])).is_null());
}

value b_build_class(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("__build_class__", kw);
  if (nargs < 2 || !args[0].is<function_object>() || !args[1].is<str_object>())
    throw_type_error("__build_class__: expected a function and a name");
  if (nargs > 3) throw_type_error("minipy classes have at most one base class");
  auto* fn = args[0].as<function_object>();
  ref<class_object> base;
  if (nargs == 3) {
    if (!args[2].is<class_object>()) throw_type_error("bases must be types");
    auto* b = args[2].as<class_object>();
    if (b->is_builtin && !b->is_exception)
      throw_type_error("minipy classes cannot derive from the builtin type '" + b->name + "'");
    base = ref<class_object>(b);
  }
  auto ns = make<dict_object>();
  in.run_code(*fn->code, *fn->globals, ns.get(), fn->closure);
  auto cls = make<class_object>();
  cls->name = args[1].as<str_object>()->data;
  cls->qualname = cls->name;
  if (value* q = ns->find_str(std::string_view("__qualname__"))) {
    if (q->is<str_object>()) cls->qualname = q->as<str_object>()->data;
    ns->erase(in, in.intern("__qualname__"));
  }
  cls->base = base;
  cls->dict = ns;
  cls->is_exception = base && base->is_exception;
  return value(cls);
}

// ======================================================= builtin type ctors

value c_int(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  (void)in;
  no_keywords("int", kw);
  if (nargs == 0) return value::integer(0);
  if (nargs > 1) throw_type_error("int() takes at most 1 argument (" + std::to_string(nargs) + " given)");
  const value& v = args[0];
  if (v.is_intlike()) return value::integer(v.as_intlike());
  if (v.is_float()) return value::integer(float_to_int(v.as_float()));
  if (v.is<str_object>()) return value::integer(parse_int(v.as<str_object>()->data));
  throw_type_error("int() argument must be a string, a bytes-like object or a real number, not '" + type_name(v) + "'");
}

value c_float(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  (void)in;
  no_keywords("float", kw);
  if (nargs == 0) return value::floating(0.0);
  if (nargs > 1) throw_type_error("float expected at most 1 argument, got " + std::to_string(nargs));
  const value& v = args[0];
  if (v.is_float()) return v;
  if (v.is_intlike()) return value::floating(static_cast<double>(v.as_intlike()));
  if (v.is<str_object>()) return value::floating(parse_float(v.as<str_object>()->data));
  throw_type_error("float() argument must be a string or a real number, not '" + type_name(v) + "'");
}

value c_str(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  no_keywords("str", kw);
  if (nargs == 0) return new_str("");
  if (nargs > 1) throw_type_error("str() takes at most 1 argument (" + std::to_string(nargs) + " given)");
  if (args[0].is<str_object>()) return args[0];
  return new_str(to_str(in, args[0]));
}

value c_bool(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  no_keywords("bool", kw);
  if (nargs > 1) throw_type_error("bool expected at most 1 argument, got " + std::to_string(nargs));
  return value::boolean(nargs == 1 && truthy(in, args[0]));
}

value c_list(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  no_keywords("list", kw);
  if (nargs > 1) throw_type_error("list expected at most 1 argument, got " + std::to_string(nargs));
  return new_list(nargs ? to_vector(in, args[0]) : std::vector<value>{});
}

value c_tuple(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  no_keywords("tuple", kw);
  if (nargs > 1) throw_type_error("tuple expected at most 1 argument, got " + std::to_string(nargs));
  if (nargs == 1 && args[0].is<tuple_object>()) return args[0];
  return new_tuple(nargs ? to_vector(in, args[0]) : std::vector<value>{});
}

value c_dict(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  const std::size_t nkw = count_kw(kw);
  const std::size_t npos = nargs - nkw;
  if (npos > 1) throw_type_error("dict expected at most 1 argument, got " + std::to_string(npos));
  auto d = make<dict_object>();
  if (npos == 1) {
    const value& src = args[0];
    if (src.is<dict_object>()) {
      for (const auto& e : src.as<dict_object>()->entries())
        if (!e.key.is_null()) d->set(in, e.key, e.val);
    } else {
      std::vector<value> items = to_vector(in, src);
      for (std::size_t i = 0; i < items.size(); ++i) {
        const value& item = items[i];
        if (!(item.is<tuple_object>() || item.is<list_object>() || item.is<str_object>() || item.is<dict_object>() ||
              item.is<range_object>() || item.is<iterator_object>() || item.is<tensor_object>()))
          throw_type_error("cannot convert dictionary update sequence element #" + std::to_string(i) +
                           " to a sequence");
        std::vector<value> pair = to_vector(in, item);
        if (pair.size() != 2)
          throw py_error(exc_kind::ValueError, "dictionary update sequence element #" + std::to_string(i) +
                                                   " has length " + std::to_string(pair.size()) + "; 2 is required");
        d->set(in, pair[0], pair[1]);
      }
    }
  }
  for (std::size_t j = 0; j < nkw; ++j) d->set(in, kw->items[j], args[npos + j]);
  return value(d);
}

value c_range(interpreter& in, class_object&, const value* args, std::size_t nargs, const tuple_object* kw) {
  (void)in;
  no_keywords("range", kw);
  range_args("range", nargs, 1, 3);
  std::int64_t start = 0, stop, step = 1;
  if (nargs == 1) {
    stop = index_arg(args[0]);
  } else {
    start = index_arg(args[0]);
    stop = index_arg(args[1]);
    if (nargs == 3) step = index_arg(args[2]);
  }
  if (step == 0) throw py_error(exc_kind::ValueError, "range() arg 3 must not be zero");
  return value(make<range_object>(start, stop, step));
}

value c_no_instances(interpreter&, class_object& cls, const value*, std::size_t, const tuple_object*) {
  if (cls.name == "Tensor") throw_type_error("cannot create 'Tensor' instances directly; use tensor()");
  throw_type_error("cannot create '" + cls.name + "' instances");
}

value c_grad_mode(interpreter&, class_object& cls, const value*, std::size_t nargs, const tuple_object* kw) {
  no_keywords(cls.name.c_str(), kw);
  if (nargs != 0) throw_type_error(cls.name + "() takes no arguments");
  return value(make<grad_mode_object>(ref<class_object>(&cls), cls.name == "enable_grad"));
}

// =========================================================== list methods

list_object& self_list(const value* args, const char* method) {
  if (!args[0].is<list_object>())
    throw_type_error(std::string("descriptor '") + method + "' for 'list' objects doesn't apply to a '" +
                     type_name(args[0]) + "' object");
  return *args[0].as<list_object>();
}

value m_list_append(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("list.append", kw);
  list_object& l = self_list(args, "append");
  exact_args("list.append", nargs - 1, 1);
  l.items.push_back(args[1]);
  return value::none();
}

value m_list_pop(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("pop", kw);
  list_object& l = self_list(args, "pop");
  range_args("pop", nargs - 1, 0, 1);
  std::int64_t i = nargs == 2 ? index_arg(args[1]) : -1;
  if (l.items.empty()) throw py_error(exc_kind::IndexError, "pop from empty list");
  const auto n = static_cast<std::int64_t>(l.items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw py_error(exc_kind::IndexError, "pop index out of range");
  value v = std::move(l.items[static_cast<std::size_t>(i)]);
  l.items.erase(l.items.begin() + i);
  return v;
}

value m_list_extend(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("list.extend", kw);
  list_object& l = self_list(args, "extend");
  exact_args("list.extend", nargs - 1, 1);
  std::vector<value> extra = to_vector(in, args[1]);
  l.items.insert(l.items.end(), extra.begin(), extra.end());
  return value::none();
}

value m_list_insert(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("insert", kw);
  list_object& l = self_list(args, "insert");
  if (nargs - 1 != 2) throw_type_error("insert expected 2 arguments, got " + std::to_string(nargs - 1));
  std::int64_t i = index_arg(args[1]);
  const auto n = static_cast<std::int64_t>(l.items.size());
  if (i < 0) i = std::max<std::int64_t>(i + n, 0);
  if (i > n) i = n;
  l.items.insert(l.items.begin() + i, args[2]);
  return value::none();
}

value m_list_index(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("index", kw);
  list_object& l = self_list(args, "index");
  range_args("index", nargs - 1, 1, 3);
  const auto n = static_cast<std::int64_t>(l.items.size());
  auto clamp = [&](std::int64_t x) {
    if (x < 0) x = std::max<std::int64_t>(x + n, 0);
    return std::min(x, n);
  };
  std::int64_t lo = nargs > 2 ? clamp(index_arg(args[2])) : 0;
  std::int64_t hi = nargs > 3 ? clamp(index_arg(args[3])) : n;
  for (std::int64_t i = lo; i < hi && i < static_cast<std::int64_t>(l.items.size()); ++i) {
    value x = l.items[static_cast<std::size_t>(i)];
    if (x.same(args[1]) || py_eq(in, x, args[1])) return value::integer(i);
  }
  throw py_error(exc_kind::ValueError, repr(in, args[1]) + " is not in list");
}

// =========================================================== dict methods

dict_object& self_dict(const value* args, const char* method) {
  if (!args[0].is<dict_object>())
    throw_type_error(std::string("descriptor '") + method + "' for 'dict' objects doesn't apply to a '" +
                     type_name(args[0]) + "' object");
  return *args[0].as<dict_object>();
}

value m_dict_get(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("get", kw);
  dict_object& d = self_dict(args, "get");
  range_args("get", nargs - 1, 1, 2);
  if (value* v = d.find(in, args[1])) return *v;
  return nargs == 3 ? args[2] : value::none();
}

value dict_view(const value* args, std::size_t nargs, const tuple_object* kw, const char* name, view_kind k) {
  no_keywords(name, kw);
  dict_object& d = self_dict(args, name);
  exact_args((std::string("dict.") + name).c_str(), nargs - 1, 0);
  return value(make<dict_view_object>(ref<dict_object>(&d), k));
}
value m_dict_keys(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return dict_view(a, n, kw, "keys", view_kind::keys);
}
value m_dict_values(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return dict_view(a, n, kw, "values", view_kind::values);
}
value m_dict_items(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return dict_view(a, n, kw, "items", view_kind::items);
}

value m_dict_pop(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("pop", kw);
  dict_object& d = self_dict(args, "pop");
  range_args("pop", nargs - 1, 1, 2);
  value removed;
  if (d.erase(in, args[1], &removed)) return removed;
  if (nargs == 3) return args[2];
  value e = in.make_exception(exc_kind::KeyError, "");
  e.as<instance_object>()->args = new_tuple({args[1]});
  throw py_exception{std::move(e)};
}

// ============================================================ str methods

const str_object& self_str(const value* args, const char* method) {
  if (!args[0].is<str_object>())
    throw_type_error(std::string("descriptor '") + method + "' for 'str' objects doesn't apply to a '" +
                     type_name(args[0]) + "' object");
  return *args[0].as<str_object>();
}

// Strings are stepped over by character (minipy/utf8.hpp), as Python counts them.
bool space_at(const std::string& s, std::size_t i) { return is_space_character(character_value(s, i)); }
bool space_before(const std::string& s, std::size_t e) {
  return is_space_character(character_value(s, previous_character(s, e)));
}

value m_str_join(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("str.join", kw);
  const str_object& sep = self_str(args, "join");
  exact_args("str.join", nargs - 1, 1);
  std::vector<value> items = to_vector(in, args[1]);
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is<str_object>())
      throw_type_error("sequence item " + std::to_string(i) + ": expected str instance, " + type_name(items[i]) +
                       " found");
    if (i) out += sep.data;
    out += items[i].as<str_object>()->data;
    if (static_cast<std::int64_t>(out.size()) > max_container_size) throw std::bad_alloc();
  }
  check_allocation(static_cast<std::int64_t>(out.size()), 1);
  return new_str(std::move(out));
}

value m_str_split(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const str_object& self = self_str(args, "split");
  const value* p[2];
  parse("split", args + 1, nargs - 1, kw, {"sep", "maxsplit"}, 0, p);
  std::int64_t maxsplit = p[1] ? index_arg(*p[1]) : -1;
  const std::string& s = self.data;
  std::vector<value> out;
  if (!p[0] || p[0]->is_none()) {
    std::size_t i = 0;
    while (true) {
      while (i < s.size() && space_at(s, i)) i = next_character(s, i);
      if (i >= s.size()) break;
      if (maxsplit >= 0 && static_cast<std::int64_t>(out.size()) >= maxsplit) {
        // The rest keeps its trailing spaces, as in Python: 'a b '.split(None, 1) == ['a', 'b '].
        out.push_back(new_str(s.substr(i)));
        break;
      }
      std::size_t j = i;
      while (j < s.size() && !space_at(s, j)) j = next_character(s, j);
      out.push_back(new_str(s.substr(i, j - i)));
      i = j;
    }
    return new_list(std::move(out));
  }
  if (!p[0]->is<str_object>()) throw_type_error("must be str or None, not " + type_name(*p[0]));
  const std::string& sep = p[0]->as<str_object>()->data;
  if (sep.empty()) throw py_error(exc_kind::ValueError, "empty separator");
  std::size_t i = 0;
  for (;;) {
    if (maxsplit >= 0 && static_cast<std::int64_t>(out.size()) >= maxsplit) break;
    const std::size_t j = s.find(sep, i);
    if (j == std::string::npos) break;
    out.push_back(new_str(s.substr(i, j - i)));
    i = j + sep.size();
  }
  out.push_back(new_str(s.substr(i)));
  return new_list(std::move(out));
}

value case_map(const value* args, std::size_t nargs, const tuple_object* kw, const char* name, bool upper) {
  no_keywords(name, kw);
  const str_object& self = self_str(args, name);
  exact_args((std::string("str.") + name).c_str(), nargs - 1, 0);
  std::string out = self.data;
  // Case mapping outside ASCII needs the Unicode tables (and changes lengths:
  // 'ß'.upper() is 'SS'); minipy refuses it rather than answer differently.
  if (std::any_of(out.begin(), out.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }))
    throw_type_error(std::string("str.") + name + "() of text with non-ASCII characters is not supported in minipy");
  for (char& c : out) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return new_str(std::move(out));
}
value m_str_upper(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return case_map(a, n, kw, "upper", true);
}
value m_str_lower(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return case_map(a, n, kw, "lower", false);
}

value m_str_strip(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("strip", kw);
  const str_object& self = self_str(args, "strip");
  range_args("strip", nargs - 1, 0, 1);
  const std::string& s = self.data;
  std::size_t b = 0, e = s.size();
  if (nargs == 1 || args[1].is_none()) {
    while (b < e && space_at(s, b)) b = next_character(s, b);
    while (e > b && space_before(s, e)) e = previous_character(s, e);
  } else {
    if (!args[1].is<str_object>()) throw_type_error("strip arg must be None or str");
    const std::string& chars = args[1].as<str_object>()->data;
    // A character is stripped when chars holds the same code point; a byte
    // search would also match the first bytes of a different character.
    auto among_chars = [&](std::size_t from, std::size_t to) {
      const std::string_view character(s.data() + from, to - from);
      for (std::size_t k = 0; k < chars.size(); k = next_character(chars, k))
        if (std::string_view(chars.data() + k, next_character(chars, k) - k) == character) return true;
      return false;
    };
    while (b < e && among_chars(b, next_character(s, b))) b = next_character(s, b);
    while (e > b && among_chars(previous_character(s, e), e)) e = previous_character(s, e);
  }
  return new_str(s.substr(b, e - b));
}

value m_str_startswith(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("startswith", kw);
  const str_object& self = self_str(args, "startswith");
  range_args("startswith", nargs - 1, 1, 1);
  auto test = [&](const value& p) {
    return self.data.compare(0, p.as<str_object>()->data.size(), p.as<str_object>()->data) == 0 &&
           self.data.size() >= p.as<str_object>()->data.size();
  };
  if (args[1].is<str_object>()) return value::boolean(test(args[1]));
  if (args[1].is<tuple_object>()) {
    for (const auto& p : args[1].as<tuple_object>()->items) {
      if (!p.is<str_object>()) throw_type_error("tuple for startswith must only contain str, not " + type_name(p));
      if (test(p)) return value::boolean(true);
    }
    return value::boolean(false);
  }
  throw_type_error("startswith first arg must be str or a tuple of str, not " + type_name(args[1]));
}

value m_str_replace(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("replace", kw);
  const str_object& self = self_str(args, "replace");
  range_args("replace", nargs - 1, 2, 3);
  const std::string& old = str_arg(args[1], "replace() argument 1 must be str");
  const std::string& rep = str_arg(args[2], "replace() argument 2 must be str");
  std::int64_t count = nargs == 4 ? index_arg(args[3]) : -1;
  const std::string& s = self.data;
  std::string out;
  if (old.empty()) {
    // Insert between code points (and at both ends), as CPython does.
    std::int64_t done = 0;
    for (std::size_t i = 0; i <= s.size();) {
      if (count < 0 || done < count) {
        out += rep;
        ++done;
      }
      if (i == s.size()) break;
      const std::size_t j = next_character(s, i);
      out.append(s, i, j - i);
      i = j;
      if (static_cast<std::int64_t>(out.size()) > max_container_size) throw std::bad_alloc();
    }
    check_allocation(static_cast<std::int64_t>(out.size()), 1);
    return new_str(std::move(out));
  }
  std::size_t i = 0;
  std::int64_t done = 0;
  for (;;) {
    if (count >= 0 && done >= count) break;
    const std::size_t j = s.find(old, i);
    if (j == std::string::npos) break;
    out.append(s, i, j - i);
    out += rep;
    i = j + old.size();
    ++done;
    if (static_cast<std::int64_t>(out.size()) > max_container_size) throw std::bad_alloc();
  }
  out.append(s, i, std::string::npos);
  check_allocation(static_cast<std::int64_t>(out.size()), 1);
  return new_str(std::move(out));
}

// ============================================================== exceptions

value m_exc_init(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  if (nargs == 0 || !args[0].is<instance_object>() || !args[0].as<instance_object>()->cls->is_exception)
    throw_type_error("descriptor '__init__' requires an exception instance");
  if (count_kw(kw)) throw_type_error(type_name(args[0]) + "() takes no keyword arguments");
  args[0].as<instance_object>()->args = new_tuple(std::vector<value>(args + 1, args + nargs));
  return value::none();
}

value m_exc_str(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("__str__", kw);
  if (nargs != 1 || !args[0].is<instance_object>() || !args[0].as<instance_object>()->cls->is_exception)
    throw_type_error("descriptor '__str__' requires an exception instance");
  return new_str(exception_str(in, args[0]));
}

value m_exc_repr(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("__repr__", kw);
  if (nargs != 1 || !args[0].is<instance_object>() || !args[0].as<instance_object>()->cls->is_exception)
    throw_type_error("descriptor '__repr__' requires an exception instance");
  return new_str(exception_repr(in, args[0]));
}

// ================================================================= tensors

const tensor& self_tensor(const value* args, std::size_t nargs, const char* method) {
  if (nargs == 0 || !args[0].is<tensor_object>())
    throw_type_error(std::string("descriptor '") + method + "' for 'Tensor' objects doesn't apply to a '" +
                     (nargs ? type_name(args[0]) : std::string("NoneType")) + "' object");
  return args[0].as<tensor_object>()->t;
}

void check_dims_size(const shape_t& s) {
  std::int64_t n = 1;
  for (std::int64_t d : s)
    if (d > 0 && !checked_mul(n, d, n)) throw std::bad_alloc();
  if (n > max_container_size) throw std::bad_alloc();
}

value value_from_nested(const nested& n) {
  if (n.is_scalar()) return from_scalar(n.as_scalar());
  std::vector<value> items;
  for (const auto& x : n.as_list()) items.push_back(value_from_nested(x));
  return new_list(std::move(items));
}

nested nested_from_value(interpreter& in, const value& v) {
  if (v.is_number()) return nested(to_scalar(v));
  if (v.is<list_object>() || v.is<tuple_object>()) {
    interpreter::recursion_scope rs(in, " while converting to a tensor");
    const auto& items = v.is<list_object>() ? v.as<list_object>()->items : v.as<tuple_object>()->items;
    std::vector<nested> out;
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) out.push_back(nested_from_value(in, items[i]));
    return nested(std::move(out));
  }
  return nested::non_number();
}

#define MINIPY_TENSOR_UNARY(NAME)                                                                                   \
  value m_tensor_##NAME(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) { \
    no_keywords(#NAME, kw);                                                                                         \
    const tensor& t = self_tensor(args, nargs, #NAME);                                                              \
    exact_args("Tensor." #NAME, nargs - 1, 0);                                                                      \
    return new_tensor(t.NAME());                                                                                    \
  }
MINIPY_TENSOR_UNARY(relu)
MINIPY_TENSOR_UNARY(abs)
MINIPY_TENSOR_UNARY(exp)
MINIPY_TENSOR_UNARY(tanh)
MINIPY_TENSOR_UNARY(sqrt)
MINIPY_TENSOR_UNARY(sigmoid)
MINIPY_TENSOR_UNARY(mean)
MINIPY_TENSOR_UNARY(max)
MINIPY_TENSOR_UNARY(t)
#undef MINIPY_TENSOR_UNARY

value m_tensor_float(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("float", kw);
  const tensor& t = self_tensor(args, nargs, "float");
  exact_args("Tensor.float", nargs - 1, 0);
  return new_tensor(t.to_float());
}

value m_tensor_item(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("item", kw);
  const tensor& t = self_tensor(args, nargs, "item");
  exact_args("Tensor.item", nargs - 1, 0);
  return from_scalar(t.item());
}

value m_tensor_tolist(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("tolist", kw);
  const tensor& t = self_tensor(args, nargs, "tolist");
  exact_args("Tensor.tolist", nargs - 1, 0);
  return value_from_nested(t.tolist());
}

value m_tensor_sum(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const tensor& t = self_tensor(args, nargs, "sum");
  const value* p[1];
  parse("sum", args + 1, nargs - 1, kw, {"dim"}, 0, p);
  if (!p[0] || p[0]->is_none()) return new_tensor(t.sum());
  const value& dim = *p[0];
  const std::int64_t nd = t.ndim();
  const std::int64_t lo = nd > 0 ? -nd : -1, hi = nd > 0 ? nd - 1 : 0;
  if (!dim.is_intlike() || dim.as_intlike() < lo || dim.as_intlike() > hi)
    throw py_error(exc_kind::IndexError, "dimension out of range (expected to be in range of [" + format_int(lo) +
                                             ", " + format_int(hi) + "], but got " + repr(in, dim) + ")");
  if (nd == 0) return new_tensor(t.reshape(shape_t{}));
  return new_tensor(t.sum(dim.as_intlike()));
}

value m_tensor_reshape(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("reshape", kw);
  const tensor& t = self_tensor(args, nargs, "reshape");
  shape_t shape;
  for (std::size_t i = 1; i < nargs; ++i) {
    if (!args[i].is_int()) throw_type_error("reshape(): shape must be ints");
    shape.push_back(args[i].as_int());
  }
  return new_tensor(t.reshape(shape));
}

value b_tensor(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("tensor", kw);
  exact_args("tensor", nargs, 1);
  nested data = nested_from_value(in, args[0]);
  return new_tensor(make_tensor(data));
}

shape_t shape_args(const char* name, const value* args, std::size_t n) {
  shape_t shape;
  for (std::size_t i = 0; i < n; ++i) {
    if (!args[i].is_int()) throw_type_error(std::string(name) + "(): shape must be a sequence of ints");
    shape.push_back(args[i].as_int());
  }
  shape = creation_shape(name, shape);
  check_dims_size(shape);
  return shape;
}

value b_zeros(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("zeros", kw);
  return new_tensor(zeros(shape_args("zeros", args, nargs)));
}

value b_ones(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("ones", kw);
  return new_tensor(ones(shape_args("ones", args, nargs)));
}

value b_full(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("full", kw);
  exact_args("full", nargs, 2);
  if (!args[0].is<tuple_object>() && !args[0].is<list_object>())
    throw_type_error("full(): shape must be a tuple of ints");
  const auto& dims = args[0].is<tuple_object>() ? args[0].as<tuple_object>()->items : args[0].as<list_object>()->items;
  shape_t shape = shape_args("full", dims.data(), dims.size());
  if (!args[1].is_number()) throw_type_error("full(): value must be a number");
  return new_tensor(full(shape, to_scalar(args[1])));
}

value b_arange(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("arange", kw);
  exact_args("arange", nargs, 1);
  if (!args[0].is_int()) throw_type_error("arange(): n must be an int");
  if (args[0].as_int() > max_container_size) throw std::bad_alloc();
  return new_tensor(arange(args[0].as_int()));
}

value tensor_function(const value* args, std::size_t nargs, const tuple_object* kw, const char* name, unop op) {
  no_keywords(name, kw);
  exact_args(name, nargs, 1);
  if (!args[0].is<tensor_object>()) throw_type_error(std::string(name) + "(): argument must be a Tensor");
  return new_tensor(unary(op, args[0].as<tensor_object>()->t));
}
value b_relu(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return tensor_function(a, n, kw, "relu", unop::relu);
}
value b_exp(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return tensor_function(a, n, kw, "exp", unop::exp);
}
value b_tanh(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return tensor_function(a, n, kw, "tanh", unop::tanh);
}
value b_sigmoid(interpreter&, const value* a, std::size_t n, const tuple_object* kw, const value&) {
  return tensor_function(a, n, kw, "sigmoid", unop::sigmoid);
}

value b_matmul(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("matmul", kw);
  exact_args("matmul", nargs, 2);
  return py_binary_op(in, static_cast<int>(lasso::bytecode::binary_operator::matrix_multiply), args[0], args[1]);
}

value b_allclose(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[3];
  parse("allclose", args, nargs, kw, {"a", "b", "tol"}, 2, p);
  auto operand = [](const value& v) -> tensor {
    if (v.is<tensor_object>()) return v.as<tensor_object>()->t;
    if (v.is_number()) return tensor::from_scalar(to_scalar(v));
    throw_type_error("allclose(): arguments must be tensors or numbers");
  };
  const tensor a = operand(*p[0]);
  const tensor b = operand(*p[1]);
  scalar tol{1e-9};
  if (p[2]) {
    if (!p[2]->is_number()) throw_type_error("allclose(): tol must be a number");
    tol = to_scalar(*p[2]);
  }
  return value::boolean(allclose(a, b, tol));
}

// ========================================================= capture builtins

void apply_capture(const value& fn, const value& options) {
  if (!fn.is<function_object>()) return;
  auto* f = fn.as<function_object>();
  const auto& items = options.as<tuple_object>()->items;
  f->capture_options.backend = items[0].as<str_object>()->data;
  f->capture_options.fullgraph = items[1].as_bool();
  f->capture_options.dynamic = static_cast<lasso::symbolic::dynamic_shapes>(items[2].as_int());
  f->capture = true;
}

value b_capture_decorator(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw,
                          const value& data) {
  no_keywords("capture", kw);
  exact_args("capture.<locals>.decorator", nargs, 1);
  apply_capture(args[0], data);
  return args[0];
}

value b_capture(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[4];
  parse("capture", args, nargs, kw, {"fn", "backend", "fullgraph", "dynamic"}, 0, p);
  if (nargs - count_kw(kw) > 1)
    throw_type_error("capture() takes from 0 to 1 positional arguments but " + std::to_string(nargs - count_kw(kw)) +
                     " were given");
  std::string backend = "eager";
  if (p[1]) backend = to_str(in, *p[1]);
  const bool fullgraph = p[2] ? truthy(in, *p[2]) : false;
  using lasso::symbolic::dynamic_shapes;
  dynamic_shapes dynamic = dynamic_shapes::automatic;
  if (p[3] && !p[3]->is_none()) {
    if (!p[3]->is_bool()) throw_type_error("capture(): dynamic must be None, True or False");
    dynamic = p[3]->as_bool() ? dynamic_shapes::always : dynamic_shapes::never;
  }
  value options =
      new_tuple({new_str(backend), value::boolean(fullgraph), value::integer(static_cast<std::int64_t>(dynamic))});
  if (p[0] && !p[0]->is_none()) {
    apply_capture(*p[0], options);
    return *p[0];
  }
  return value(make<builtin_object>("capture.<locals>.decorator", &b_capture_decorator, options));
}

// comptime(fn) and its shortcuts do nothing when run by the interpreter: they act only
// while lasso translates the frame (capture.cpp, comptime.cpp).
value b_comptime(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[1];
  parse("comptime", args, nargs, kw, {"fn"}, 1, p);
  return value::none();
}

value b_comptime_shortcut(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw,
                          const value& data) {
  const std::string& name = data.as<str_object>()->data;
  const value* p[1];
  if (name == "comptime.graph_break" || name == "comptime.print_graph" || name == "comptime.print_guards")
    parse(name.c_str(), args, nargs, kw, {}, 0, p);
  else
    parse(name.c_str(), args, nargs, kw, {"stacklevel"}, 0, p);
  return value::none();
}

value b_comptime_and_return(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[2];
  parse("comptime.print_value_stack_and_return", args, nargs, kw, {"e", "stacklevel"}, 1, p);
  return *p[0];
}

// Higher-order operators: run eagerly as their definitions say; graph capture makes
// each one node with subgraphs (lasso/translator/higher_order.hpp).
const tuple_object& tensor_tuple(interpreter& in, const value& v, const char* fname, const char* what) {
  (void)in;
  if (!v.is<tuple_object>()) throw_type_error(std::string(fname) + "(): " + what + " must be a tuple of tensors");
  for (const value& item : v.as<tuple_object>()->items)
    if (!item.is<tensor_object>()) throw_type_error(std::string(fname) + "(): " + what + " must be a tuple of tensors");
  return *v.as<tuple_object>();
}

value b_cond(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("cond", kw);
  exact_args("cond", nargs, 4);
  const tuple_object& operands = tensor_tuple(in, args[3], "cond", "operands");
  const std::vector<value> items = operands.items;
  return in.call(truthy(in, args[0]) ? args[1] : args[2], items.data(), items.size());
}

value b_while_loop(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("while_loop", kw);
  exact_args("while_loop", nargs, 3);
  value carried = args[2];
  tensor_tuple(in, carried, "while_loop", "carried");
  for (;;) {
    const std::vector<value> items = carried.as<tuple_object>()->items;
    if (!truthy(in, in.call(args[0], items.data(), items.size()))) return carried;
    carried = in.call(args[1], items.data(), items.size());
    tensor_tuple(in, carried, "while_loop", "body_fn's result");
  }
}

value b_map_rows(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("map_rows", kw);
  exact_args("map_rows", nargs, 3);
  if (!args[1].is<tensor_object>() || args[1].as<tensor_object>()->t.ndim() == 0)
    throw_type_error("map_rows(): xs must be a tensor with rows");
  const std::vector<value> extra = tensor_tuple(in, args[2], "map_rows", "args").items;
  const tensor xs = args[1].as<tensor_object>()->t;
  std::vector<tensor> results;
  std::vector<value> call_args(extra.size() + 1);
  std::copy(extra.begin(), extra.end(), call_args.begin() + 1);
  for (std::int64_t i = 0; i < xs.len(); ++i) {
    call_args[0] = new_tensor(xs.row(i));
    const value r = in.call(args[0], call_args.data(), call_args.size());
    if (!r.is<tensor_object>()) throw_type_error("map_rows(): fn must return a tensor");
    results.push_back(r.as<tensor_object>()->t);
  }
  return new_tensor(stack_rows(results));
}

// mark_dynamic(t, dim): graph capture makes dimension `dim` of tensor `t` a symbol
// from the first translation that sees it (lasso::feature::symbolic_shapes).
value b_mark_dynamic(interpreter&, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[2];
  parse("mark_dynamic", args, nargs, kw, {"t", "dim"}, 2, p);
  if (!p[0]->is<tensor_object>()) throw_type_error("mark_dynamic(): t must be a Tensor");
  if (!p[1]->is_int()) throw_type_error("mark_dynamic(): dim must be an int");
  auto* t = p[0]->as<tensor_object>();
  const std::int64_t nd = t->t.ndim(), dim = p[1]->as_int();
  if (nd == 0 || dim < -nd || dim >= nd)
    throw py_error(exc_kind::IndexError, "dimension out of range (expected to be in range of [" +
                                             format_int(nd > 0 ? -nd : -1) + ", " + format_int(nd > 0 ? nd - 1 : 0) +
                                             "], but got " + format_int(dim) + ")");
  const std::int64_t d = dim < 0 ? dim + nd : dim;
  if (d < 64) t->dynamic_dims |= std::uint64_t{1} << d;
  return value::none();
}

// set_stance(stance): what graph capture does from now on with captured functions:
// "default", "force_eager", "eager_on_recompile" or "fail_on_recompile" (lasso::stance).
value b_set_stance(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  const value* p[1];
  parse("set_stance", args, nargs, kw, {"stance"}, 1, p);
  if (!p[0]->is<str_object>()) throw_type_error("set_stance(): stance must be a str, not " + type_name(*p[0]));
  const std::string& name = p[0]->as<str_object>()->data;
  if (name != "default" && name != "force_eager" && name != "eager_on_recompile" && name != "fail_on_recompile")
    throw py_error(exc_kind::ValueError, "set_stance(): unknown stance " + repr_string(name) +
                                             " (expected 'default', 'force_eager', 'eager_on_recompile' or "
                                             "'fail_on_recompile')");
  if (in.stance_setter) in.stance_setter(name);
  return value::none();
}

// disable(fn): graph capture never captures fn nor inlines its calls (a call of it in a
// captured frame is a graph break); returns fn, so it is a decorator too.
value b_disable(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("disable", kw);
  exact_args("disable", nargs, 1);
  if (args[0].is<function_object>() && in.capture_disabler) in.capture_disabler(*args[0].as<function_object>());
  return args[0];
}

value b_graph_break(interpreter&, const value*, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("graph_break", kw);
  exact_args("graph_break", nargs, 0);
  return value::none();
}

value b_is_grad_enabled(interpreter& in, const value*, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("is_grad_enabled", kw);
  exact_args("is_grad_enabled", nargs, 0);
  return value::boolean(in.grad_enabled);
}

value b_set_grad_enabled(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("set_grad_enabled", kw);
  exact_args("set_grad_enabled", nargs, 1);
  in.grad_enabled = truthy(in, args[0]);
  return value::none();
}

value b_grad_mode(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("grad_mode", kw);
  exact_args("grad_mode", nargs, 1);
  const bool on = truthy(in, args[0]);
  class_object* cls = on ? in.types().enable_grad : in.types().no_grad;
  return value(make<grad_mode_object>(ref<class_object>(cls), on));
}

grad_mode_object& self_grad(const value* args, std::size_t nargs) {
  if (nargs == 0 || !is_native(args[0], native_kind::grad_mode))
    throw_type_error("expected a grad-mode context manager");
  return *args[0].as<grad_mode_object>();
}

value m_grad_enter(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("__enter__", kw);
  grad_mode_object& g = self_grad(args, nargs);
  exact_args("__enter__", nargs - 1, 0);
  g.saved.push_back(in.grad_enabled);
  in.grad_enabled = g.enable;
  return value::none();
}

value m_grad_exit(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kw, const value&) {
  no_keywords("__exit__", kw);
  grad_mode_object& g = self_grad(args, nargs);
  if (nargs != 4)
    throw_type_error("__exit__() takes 4 positional arguments but " + std::to_string(nargs) + " were given");
  if (!g.saved.empty()) {
    in.grad_enabled = g.saved.back();
    g.saved.pop_back();
  }
  return value::boolean(false);
}

// ================================================================= install

}  // namespace

void install_builtins(interpreter& in) {
  builtin_types& t = in.mutable_types();
  std::vector<ref<class_object>>& owned = in.owned_types_;
  auto new_class = [&](const std::string& name, class_object* base, native_ctor ctor) {
    auto c = make<class_object>();
    c->name = c->qualname = name;
    c->base = ref<class_object>(base);
    c->dict = make<dict_object>();
    c->ctor = ctor;
    c->is_builtin = true;
    c->is_exception = base && base->is_exception;
    owned.push_back(c);
    return c.get();
  };
  auto global = [&](const char* name, value v) {
    in.builtins().set_str(in.intern(name).as<str_object>(), std::move(v));
  };
  auto function = [&](const char* name, native_fn fn) { global(name, value(make<builtin_object>(name, fn))); };
  auto method = [&](class_object* cls, const char* name, native_fn fn) {
    cls->dict->set_str(in.intern(name).as<str_object>(), value(make<builtin_object>(name, fn, value(), true)));
  };

  // Types.
  t.type = new_class("type", nullptr, &c_no_instances);
  t.none = new_class("NoneType", nullptr, &c_no_instances);
  t.int_ = new_class("int", nullptr, &c_int);
  t.bool_ = new_class("bool", t.int_, &c_bool);
  t.float_ = new_class("float", nullptr, &c_float);
  t.str = new_class("str", nullptr, &c_str);
  t.tuple = new_class("tuple", nullptr, &c_tuple);
  t.list = new_class("list", nullptr, &c_list);
  t.dict = new_class("dict", nullptr, &c_dict);
  t.range = new_class("range", nullptr, &c_range);
  t.function = new_class("function", nullptr, &c_no_instances);
  t.builtin = new_class("builtin_function_or_method", nullptr, &c_no_instances);
  t.method = new_class("method", nullptr, &c_no_instances);
  t.code = new_class("code", nullptr, &c_no_instances);
  t.cell = new_class("cell", nullptr, &c_no_instances);
  t.slice = new_class("slice", nullptr, &c_no_instances);
  t.tensor = new_class("Tensor", nullptr, &c_no_instances);
  t.no_grad = new_class("no_grad", nullptr, &c_grad_mode);
  t.enable_grad = new_class("enable_grad", nullptr, &c_grad_mode);
  t.views[0] = new_class("dict_keys", nullptr, &c_no_instances);
  t.views[1] = new_class("dict_values", nullptr, &c_no_instances);
  t.views[2] = new_class("dict_items", nullptr, &c_no_instances);
  static const char* iterator_names[] = {
      "list_iterator",     "tuple_iterator", "str_ascii_iterator", "dict_keyiterator", "dict_valueiterator",
      "dict_itemiterator", "range_iterator", "list_iterator",      "enumerate",        "zip"};
  for (int i = 0; i < 10; ++i) t.iterators[i] = new_class(iterator_names[i], nullptr, &c_no_instances);

  // Exceptions.
  t.exception = new_class("Exception", nullptr, nullptr);
  t.exception->is_exception = true;
  method(t.exception, "__init__", &m_exc_init);
  method(t.exception, "__str__", &m_exc_str);
  method(t.exception, "__repr__", &m_exc_repr);
  auto exc = [&](exc_kind k, class_object* base) {
    class_object* c = new_class(std::string(exc_name(k)), base, nullptr);
    t.exceptions[static_cast<int>(k)] = c;
    global(exc_name(k).data(), value(static_cast<object*>(c)));
    return c;
  };
  t.exceptions[static_cast<int>(exc_kind::Exception)] = t.exception;
  global("Exception", value(static_cast<object*>(t.exception)));
  exc(exc_kind::ValueError, t.exception);
  exc(exc_kind::TypeError, t.exception);
  class_object* runtime_error = exc(exc_kind::RuntimeError, t.exception);
  exc(exc_kind::KeyError, t.exception);
  exc(exc_kind::IndexError, t.exception);
  exc(exc_kind::ZeroDivisionError, t.exception);
  exc(exc_kind::AssertionError, t.exception);
  class_object* name_error = exc(exc_kind::NameError, t.exception);
  exc(exc_kind::AttributeError, t.exception);
  exc(exc_kind::OverflowError, t.exception);
  exc(exc_kind::RecursionError, runtime_error);
  exc(exc_kind::SyntaxError, t.exception);
  t.unbound_local_error = new_class("UnboundLocalError", name_error, nullptr);
  global("UnboundLocalError", value(static_cast<object*>(t.unbound_local_error)));
  t.memory_error = new_class("MemoryError", t.exception, nullptr);
  global("MemoryError", value(static_cast<object*>(t.memory_error)));

  // Builtin types callable by name.
  global("int", value(static_cast<object*>(t.int_)));
  global("float", value(static_cast<object*>(t.float_)));
  global("str", value(static_cast<object*>(t.str)));
  global("bool", value(static_cast<object*>(t.bool_)));
  global("list", value(static_cast<object*>(t.list)));
  global("tuple", value(static_cast<object*>(t.tuple)));
  global("dict", value(static_cast<object*>(t.dict)));
  global("range", value(static_cast<object*>(t.range)));
  global("no_grad", value(static_cast<object*>(t.no_grad)));
  global("enable_grad", value(static_cast<object*>(t.enable_grad)));

  // Functions.
  function("print", &b_print);
  function("len", &b_len);
  function("iter", &b_iter);
  function("repr", &b_repr);
  function("abs", &b_abs);
  function("min", &b_min);
  function("max", &b_max);
  function("sum", &b_sum);
  function("isinstance", &b_isinstance);
  function("enumerate", &b_enumerate);
  function("zip", &b_zip);
  function("sorted", &b_sorted);
  function("getattr", &b_getattr);
  function("setattr", &b_setattr);
  function("hasattr", &b_hasattr);
  function("__build_class__", &b_build_class);
  function("tensor", &b_tensor);
  function("zeros", &b_zeros);
  function("ones", &b_ones);
  function("full", &b_full);
  function("arange", &b_arange);
  function("relu", &b_relu);
  function("exp", &b_exp);
  function("tanh", &b_tanh);
  function("sigmoid", &b_sigmoid);
  function("matmul", &b_matmul);
  function("allclose", &b_allclose);
  function("capture", &b_capture);
  function("graph_break", &b_graph_break);
  function("disable", &b_disable);
  function("set_stance", &b_set_stance);
  function("mark_dynamic", &b_mark_dynamic);
  function("cond", &b_cond);
  function("while_loop", &b_while_loop);
  function("map_rows", &b_map_rows);
  {
    // comptime, with its shortcuts as attributes (object.cpp reads a builtin's
    // attributes from a dict held as its data).
    auto shortcuts = make<dict_object>();
    for (const char* name : {"graph_break", "print_graph", "print_disas", "print_value_stack", "print_locals",
                             "print_bt", "print_guards"}) {
      std::string qualified = std::string("comptime.") + name;
      value shortcut(make<builtin_object>(qualified, &b_comptime_shortcut, new_str(qualified)));
      shortcuts->set(in, new_str(name), shortcut);
    }
    shortcuts->set(in, new_str("print_value_stack_and_return"),
                   value(make<builtin_object>("comptime.print_value_stack_and_return", &b_comptime_and_return)));
    global("comptime",
           value(make<builtin_object>("comptime", &b_comptime, value(static_cast<object*>(shortcuts.get())))));
  }
  function("is_grad_enabled", &b_is_grad_enabled);
  function("set_grad_enabled", &b_set_grad_enabled);
  function("grad_mode", &b_grad_mode);

  // Methods.
  method(t.list, "append", &m_list_append);
  method(t.list, "pop", &m_list_pop);
  method(t.list, "extend", &m_list_extend);
  method(t.list, "insert", &m_list_insert);
  method(t.list, "index", &m_list_index);
  method(t.dict, "get", &m_dict_get);
  method(t.dict, "keys", &m_dict_keys);
  method(t.dict, "values", &m_dict_values);
  method(t.dict, "items", &m_dict_items);
  method(t.dict, "pop", &m_dict_pop);
  method(t.str, "join", &m_str_join);
  method(t.str, "split", &m_str_split);
  method(t.str, "upper", &m_str_upper);
  method(t.str, "lower", &m_str_lower);
  method(t.str, "strip", &m_str_strip);
  method(t.str, "startswith", &m_str_startswith);
  method(t.str, "replace", &m_str_replace);
  method(t.tensor, "relu", &m_tensor_relu);
  method(t.tensor, "abs", &m_tensor_abs);
  method(t.tensor, "exp", &m_tensor_exp);
  method(t.tensor, "tanh", &m_tensor_tanh);
  method(t.tensor, "sqrt", &m_tensor_sqrt);
  method(t.tensor, "sigmoid", &m_tensor_sigmoid);
  method(t.tensor, "sum", &m_tensor_sum);
  method(t.tensor, "mean", &m_tensor_mean);
  method(t.tensor, "max", &m_tensor_max);
  method(t.tensor, "t", &m_tensor_t);
  method(t.tensor, "reshape", &m_tensor_reshape);
  method(t.tensor, "float", &m_tensor_float);
  method(t.tensor, "item", &m_tensor_item);
  method(t.tensor, "tolist", &m_tensor_tolist);
  method(t.no_grad, "__enter__", &m_grad_enter);
  method(t.no_grad, "__exit__", &m_grad_exit);
  method(t.enable_grad, "__enter__", &m_grad_enter);
  method(t.enable_grad, "__exit__", &m_grad_exit);
}

}  // namespace minipy
