// minipy heap objects and the object protocol (repr, str, equality, hashing,
// operators, attributes, items, iteration). The protocol functions follow CPython
// 3.11's semantics and error messages for the minipy subset (SPEC.md); they throw
// `py_error` (numeric.hpp) or `py_exception` for Python exceptions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <lasso/symbolic/dynamic_dims.hpp>

#include "minipy/numeric.hpp"
#include "minipy/tensor.hpp"
#include "minipy/value.hpp"

namespace minipy {

class interpreter;
struct code_object;
struct class_object;
struct tuple_object;

/// A Python exception in flight: an instance of an exception class.
struct py_exception {
  value exc;
};

// ------------------------------------------------------------------------ objects

struct str_object final : object {
  static constexpr okind static_kind = okind::str;
  explicit str_object(std::string s);
  std::string data;
  std::int64_t length;  ///< code points
  std::size_t hash() const noexcept {
    if (hash_ == 0) hash_ = compute_hash();
    return hash_;
  }
  bool ascii() const noexcept { return length == static_cast<std::int64_t>(data.size()); }

 private:
  std::size_t compute_hash() const noexcept;
  mutable std::size_t hash_ = 0;
};

struct tuple_object final : object {
  static constexpr okind static_kind = okind::tuple;
  tuple_object() : object(static_kind) {}
  explicit tuple_object(std::vector<value> v) : object(static_kind), items(std::move(v)) {}
  std::vector<value> items;
  void clear_refs() noexcept override { std::vector<value>().swap(items); }
};

struct list_object final : object {
  static constexpr okind static_kind = okind::list;
  list_object() : object(static_kind) {}
  explicit list_object(std::vector<value> v) : object(static_kind), items(std::move(v)) {}
  std::vector<value> items;
  void clear_refs() noexcept override { std::vector<value>().swap(items); }
};

/// Insertion-ordered hash map with Python key semantics (1 == 1.0 == True).
struct dict_object final : object {
  static constexpr okind static_kind = okind::dict;
  struct entry {
    std::size_t hash;
    value key;  ///< null for a deleted entry
    value val;
  };
  dict_object() : object(static_kind) {}

  std::size_t size() const noexcept { return live_; }
  /// The value for `key`, or nullptr. Throws TypeError for unhashable keys.
  value* find(interpreter& in, const value& key);
  value* find_str(const str_object* key) noexcept;  ///< fast path for string keys
  value* find_str(std::string_view key) noexcept;
  void set(interpreter& in, const value& key, value v);
  void set_str(str_object* key, value v);
  /// Removes `key`; returns false if absent.
  bool erase(interpreter& in, const value& key, value* removed = nullptr);
  void clear() noexcept;
  /// Entries in insertion order; skip those whose key is null.
  const std::vector<entry>& entries() const noexcept { return entries_; }
  /// Changes whenever an entry is added or removed (not when a value is replaced);
  /// unique across all dicts, so caches can key on it alone.
  std::uint64_t version() const noexcept { return version_; }
  /// Changes whenever the dict's contents change, a value replaced by another included;
  /// unique across all dicts and instances (`next_version`).
  std::uint64_t contents_version() const noexcept { return contents_version_; }
  /// A number never handed out before: the versions above, and instances' tags.
  static std::uint64_t next_version() noexcept;
  /// Position of a string key in entries(), or -1.
  std::ptrdiff_t index_of_str(const str_object* key) const noexcept { return lookup_str(key, key->hash()); }
  const value& value_at(std::ptrdiff_t index) const noexcept { return entries_[static_cast<std::size_t>(index)].val; }
  void clear_refs() noexcept override { clear(); }

 private:
  std::ptrdiff_t lookup(interpreter& in, const value& key, std::size_t hash);
  std::ptrdiff_t lookup_str(const str_object* key, std::size_t hash) const noexcept;
  void insert_new(std::size_t hash, value key, value v);
  void rebuild_index();
  std::vector<entry> entries_;
  std::vector<std::int32_t> index_;  ///< open addressing; empty while the dict is small
  std::size_t live_ = 0;
  std::uint64_t version_ = next_version();
  std::uint64_t contents_version_ = next_version();
};

struct cell_object final : object {
  static constexpr okind static_kind = okind::cell;
  cell_object() : object(static_kind) {}
  explicit cell_object(value v) : object(static_kind), contents(std::move(v)) {}
  value contents;
  void clear_refs() noexcept override { contents.reset(); }
};

/// Graph-capture settings of a function, set by the `capture` builtin.
struct capture_config {
  std::string backend = "eager";
  bool fullgraph = false;
  /// `dynamic=None` (automatic), `True` (every dimension a symbol) or `False` (none).
  lasso::symbolic::dynamic_shapes dynamic = lasso::symbolic::dynamic_shapes::automatic;
};

struct function_object final : object {
  static constexpr okind static_kind = okind::function;
  function_object() : object(static_kind) {}
  ref<code_object> code;
  ref<dict_object> globals;
  value defaults;  ///< tuple or null
  value closure;   ///< tuple of cells or null
  std::string name;
  std::string qualname;
  capture_config capture_options;  ///< backend / fullgraph / dynamic of `@capture(...)`
  bool capture = false;            ///< calls go through interpreter::frame_evaluator
  void clear_refs() noexcept override;
};

/// A native function: builtins, builtin methods (self is args[0]) and helpers.
using native_fn = value (*)(interpreter& in, const value* args, std::size_t nargs, const tuple_object* kwnames,
                            const value& data);

struct builtin_object final : object {
  static constexpr okind static_kind = okind::builtin;
  builtin_object(std::string n, native_fn f, value d = {}, bool method = false)
      : object(static_kind), name(std::move(n)), fn(f), data(std::move(d)), is_method(method) {}
  std::string name;
  native_fn fn;
  value data;  ///< bound data (e.g. the options of a `capture(...)` decorator)
  bool is_method;
  void clear_refs() noexcept override { data.reset(); }
};

/// Native constructor of a builtin class (int, list, Tensor, no_grad, ...).
using native_ctor = value (*)(interpreter& in, class_object& cls, const value* args, std::size_t nargs,
                              const tuple_object* kwnames);

struct class_object final : object {
  static constexpr okind static_kind = okind::klass;
  class_object() : object(static_kind) {}
  std::string name;
  std::string qualname;
  ref<class_object> base;
  ref<dict_object> dict;
  native_ctor ctor = nullptr;  ///< builtin types: how calling the class constructs
  bool is_exception = false;   ///< derives from Exception
  bool is_builtin = false;
  /// Given at creation, never again (dict_object::next_version), as instance_object::tag.
  std::uint64_t tag = dict_object::next_version();
  /// Looks `name` up along the base chain.
  value* lookup(std::string_view name) noexcept;
  value* lookup(const str_object* name) noexcept;
  bool is_subclass_of(const class_object* other) const noexcept;
  void clear_refs() noexcept override;
};

/// One line of a traceback.
struct tb_entry {
  ref<code_object> code;
  int line;
};

struct instance_object final : object {
  static constexpr okind static_kind = okind::instance;
  explicit instance_object(ref<class_object> c) : object(static_kind), cls(std::move(c)) {}
  ref<class_object> cls;
  ref<dict_object> dict;            ///< created on first attribute store
  value args;                       ///< exceptions: the args tuple
  std::vector<tb_entry> traceback;  ///< exceptions: innermost frame first
  value context;                    ///< exceptions: the exception being handled when raised
  /// Given at creation, never again to anything (dict_object::next_version): an object
  /// made where a freed one was has another tag.
  std::uint64_t tag = dict_object::next_version();
  dict_object& attrs();
  void clear_refs() noexcept override;
};

struct bound_method_object final : object {
  static constexpr okind static_kind = okind::bound_method;
  bound_method_object(value s, value f) : object(static_kind), self(std::move(s)), func(std::move(f)) {}
  value self;
  value func;
  void clear_refs() noexcept override {
    self.reset();
    func.reset();
  }
};

struct range_object final : object {
  static constexpr okind static_kind = okind::range;
  range_object(std::int64_t a, std::int64_t b, std::int64_t c);
  std::int64_t start, stop, step, length;
};

enum class iter_kind : std::uint8_t {
  list,
  tuple,
  str,
  dict_keys,
  dict_values,
  dict_items,
  range,
  tensor,
  enumerate,
  zip,
};

struct iterator_object final : object {
  static constexpr okind static_kind = okind::iterator;
  explicit iterator_object(iter_kind k) : object(static_kind) { subkind = static_cast<std::uint8_t>(k); }
  iter_kind ik() const noexcept { return static_cast<iter_kind>(subkind); }
  value source;            ///< container / inner iterator
  std::int64_t index = 0;  ///< position, or current value of a range
  std::int64_t end = 0;    ///< range: remaining count; dict: expected size
  std::int64_t step = 1;
  std::vector<value> subs;  ///< zip: the iterators
  void clear_refs() noexcept override {
    source.reset();
    std::vector<value>().swap(subs);
  }
};

enum class view_kind : std::uint8_t { keys, values, items };

struct dict_view_object final : object {
  static constexpr okind static_kind = okind::dict_view;
  dict_view_object(ref<dict_object> d, view_kind k) : object(static_kind), dict(std::move(d)) {
    subkind = static_cast<std::uint8_t>(k);
  }
  view_kind vk() const noexcept { return static_cast<view_kind>(subkind); }
  ref<dict_object> dict;
  void clear_refs() noexcept override { dict.reset(); }
};

struct slice_object final : object {
  static constexpr okind static_kind = okind::slice;
  slice_object(value a, value b, value c)
      : object(static_kind), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
  value start, stop, step;
  void clear_refs() noexcept override {
    start.reset();
    stop.reset();
    step.reset();
  }
};

struct tensor_object final : object {
  static constexpr okind static_kind = okind::tensor;
  explicit tensor_object(tensor v) : object(static_kind), t(std::move(v)) {}
  tensor t;
  /// Dimensions `mark_dynamic(t, d)` marked (bit d): graph capture makes them symbols.
  std::uint64_t dynamic_dims = 0;
};

/// What an `okind::native` object is (its `subkind`).
enum class native_kind : std::uint8_t { grad_mode = 0, host_function = 1 };

inline bool is_native(const value& v, native_kind k) noexcept {
  return v.is_kind(okind::native) && v.obj()->subkind == static_cast<std::uint8_t>(k);
}

/// `no_grad()` / `enable_grad()` context managers.
struct grad_mode_object final : object {
  static constexpr okind static_kind = okind::native;
  grad_mode_object(ref<class_object> c, bool e) : object(static_kind), cls(std::move(c)), enable(e) {
    subkind = static_cast<std::uint8_t>(native_kind::grad_mode);
  }
  ref<class_object> cls;
  bool enable;
  std::vector<bool> saved;
  void clear_refs() noexcept override { cls.reset(); }
};

/// A C++ callable made callable from Python (graph capture's compiled graphs). It is
/// held as the `data` of a builtin_object whose native function calls it (capture.hpp).
struct host_function_object final : object {
  static constexpr okind static_kind = okind::native;
  host_function_object(std::string n, std::function<value(std::span<const value>)> f)
      : object(static_kind), name(std::move(n)), fn(std::move(f)) {
    subkind = static_cast<std::uint8_t>(native_kind::host_function);
  }
  std::string name;
  std::function<value(std::span<const value>)> fn;
  void clear_refs() noexcept override { fn = nullptr; }
};

// ----------------------------------------------------------------- constructors

value new_str(std::string s);
value new_tuple(std::vector<value> items);
value new_list(std::vector<value> items);
value new_tensor(tensor t);
inline value from_scalar(const scalar& s) {
  return is_int(s) ? value::integer(as_int(s)) : value::floating(as_float(s));
}

// ------------------------------------------------------------------- protocol

/// The class of a value (builtin types are classes too).
class_object* type_of(const value& v) noexcept;
/// The class name used in messages: 'int', 'Tensor', 'Foo'.
const std::string& type_name(const value& v) noexcept;

/// Throws an instance of `cls` with one message argument (or none when empty).
[[noreturn]] void throw_exception(interpreter& in, class_object* cls, std::string message);
[[noreturn]] void throw_type_error(std::string message);

bool truthy(interpreter& in, const value& v);
std::string repr(interpreter& in, const value& v);
void repr_into(interpreter& in, std::string& out, const value& v);
std::string to_str(interpreter& in, const value& v);
void str_into(interpreter& in, std::string& out, const value& v);

/// BaseException's str() and repr() of an exception instance (its args).
std::string exception_str(interpreter& in, const value& exc);
std::string exception_repr(interpreter& in, const value& exc);

bool py_eq(interpreter& in, const value& a, const value& b);
std::size_t py_hash(interpreter& in, const value& v);
/// Rich comparison (compare_operator numbering: < <= == != > >=); returns a bool value.
bool py_compare(interpreter& in, int op, const value& a, const value& b);
bool py_less(interpreter& in, const value& a, const value& b);

/// `a <op> b` for BINARY_OP arguments (NB_* numbering, in-place forms included).
value py_binary_op(interpreter& in, int op, const value& a, const value& b);
value unary_negative(interpreter& in, const value& v);
value unary_positive(interpreter& in, const value& v);
value unary_invert(interpreter& in, const value& v);
bool contains(interpreter& in, const value& container, const value& item);
value abs_value(interpreter& in, const value& v);

value get_item(interpreter& in, const value& container, const value& key);
void set_item(interpreter& in, const value& container, const value& key, value v);
void del_item(interpreter& in, const value& container, const value& key);

/// Attribute access; `name` is a str value (interned by the code object).
value get_attr(interpreter& in, const value& obj, const value& name);
/// getattr without raising: null when missing (other errors still throw).
value get_attr_opt(interpreter& in, const value& obj, const value& name);
void set_attr(interpreter& in, const value& obj, const value& name, value v);
void del_attr(interpreter& in, const value& obj, const value& name);
/// LOAD_METHOD: sets `meth` (or null) and `self_or_attr`.
void load_method(interpreter& in, const value& obj, const value& name, value& meth, value& self_or_attr);
/// Class-level lookup for special methods (__enter__, __exit__, __str__, ...).
value lookup_special(const value& obj, std::string_view name);
/// The special method `name` (`__len__`, `__eq__`, ...) of a user object's class, or
/// null (for any other value, and when the class has none).
value user_special(const value& v, std::string_view name);

value get_iter(interpreter& in, const value& v);
/// The next item, or null when the iterator is exhausted.
value iter_next(interpreter& in, iterator_object& it);
/// Every element of an iterable.
std::vector<value> to_vector(interpreter& in, const value& iterable);
std::int64_t py_len(interpreter& in, const value& v);

bool is_instance(const value& v, const class_object* cls) noexcept;
/// isinstance(v, spec) where spec is a class or a tuple of classes.
bool is_instance_spec(interpreter& in, const value& v, const value& spec, const char* who);

/// Python-level ordering sort (stable), as sorted().
void sort_values(interpreter& in, std::vector<value>& items, bool reverse);

/// "a" * n, [..] * n checks: MemoryError beyond this many elements or bytes.
inline constexpr std::int64_t max_container_size = std::int64_t{1} << 26;

}  // namespace minipy
