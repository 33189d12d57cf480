// minipy heap objects and the object protocol. See object.hpp.
#include "minipy/object.hpp"

#include <algorithm>
#include <optional>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdio>
#include <new>

#include "minipy/code.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/repr.hpp"
#include "minipy/utf8.hpp"

namespace minipy {

// ====================================================================== heap

heap*& current_heap() noexcept {
  thread_local heap default_heap;
  thread_local heap* current = &default_heap;
  return current;
}

object::object(okind k) noexcept : kind(k) {
  heap_link& s = current_heap()->sentinel;
  next_ = s.next_;
  prev_ = &s;
  s.next_->prev_ = this;
  s.next_ = this;
}

object::~object() {
  if (next_) {  // null when the heap deletes everything at teardown
    prev_->next_ = next_;
    next_->prev_ = prev_;
  }
}

void release(object* o) noexcept {
  heap* h = current_heap();
  if (h->tearing_down) return;
  h->pending.push_back(o);
  if (h->draining) return;
  // Deleting an object may drop the last reference to others: they are queued and
  // deleted by this loop rather than recursively.
  h->draining = true;
  while (!h->pending.empty()) {
    object* p = h->pending.back();
    h->pending.pop_back();
    delete p;
  }
  h->draining = false;
}

std::size_t heap::count() const noexcept {
  std::size_t n = 0;
  for (const heap_link* l = sentinel.next_; l != &sentinel; l = l->next_) ++n;
  return n;
}

void heap::teardown() noexcept {
  if (sentinel.next_ == &sentinel) return;
  tearing_down = true;
  for (heap_link* l = sentinel.next_; l != &sentinel; l = l->next_) static_cast<object*>(l)->clear_refs();
  heap_link* l = sentinel.next_;
  sentinel.prev_ = sentinel.next_ = &sentinel;
  while (l != &sentinel) {
    heap_link* next = l->next_;
    l->prev_ = l->next_ = nullptr;
    delete static_cast<object*>(l);
    l = next;
  }
  pending.clear();
  tearing_down = false;
}

// =================================================================== objects

namespace {

std::size_t mix(std::size_t h) noexcept {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}
std::size_t hash_int(std::int64_t i) noexcept { return mix(static_cast<std::size_t>(i)); }
}  // namespace

str_object::str_object(std::string s)
    : object(static_kind), data(std::move(s)), length(static_cast<std::int64_t>(character_count(data))) {}

std::size_t str_object::compute_hash() const noexcept {
  std::size_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h = mix(h);
  return h == 0 ? 1 : h;
}

void function_object::clear_refs() noexcept {
  code.reset();
  globals.reset();
  defaults.reset();
  closure.reset();
}

void class_object::clear_refs() noexcept {
  base.reset();
  dict.reset();
}

value* class_object::lookup(std::string_view n) noexcept {
  for (class_object* c = this; c; c = c->base.get())
    if (c->dict)
      if (value* v = c->dict->find_str(n)) return v;
  return nullptr;
}

value* class_object::lookup(const str_object* n) noexcept {
  for (class_object* c = this; c; c = c->base.get())
    if (c->dict)
      if (value* v = c->dict->find_str(n)) return v;
  return nullptr;
}

bool class_object::is_subclass_of(const class_object* other) const noexcept {
  for (const class_object* c = this; c; c = c->base.get())
    if (c == other) return true;
  return false;
}

dict_object& instance_object::attrs() {
  if (!dict) dict = make<dict_object>();
  return *dict;
}

void instance_object::clear_refs() noexcept {
  cls.reset();
  dict.reset();
  args.reset();
  traceback.clear();
  context.reset();
}

range_object::range_object(std::int64_t a, std::int64_t b, std::int64_t c)
    : object(static_kind), start(a), stop(b), step(c) {
  // Computed in unsigned arithmetic: the distance between two int64 may not fit.
  if (c > 0 && a < b) {
    const std::uint64_t span = static_cast<std::uint64_t>(b) - static_cast<std::uint64_t>(a);
    length = static_cast<std::int64_t>((span - 1) / static_cast<std::uint64_t>(c) + 1);
  } else if (c < 0 && a > b) {
    const std::uint64_t span = static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b);
    const std::uint64_t st = static_cast<std::uint64_t>(-(c + 1)) + 1;
    length = static_cast<std::int64_t>((span - 1) / st + 1);
  } else {
    length = 0;
  }
}

value new_str(std::string s) { return value(make<str_object>(std::move(s))); }
value new_tuple(std::vector<value> items) { return value(make<tuple_object>(std::move(items))); }
value new_list(std::vector<value> items) { return value(make<list_object>(std::move(items))); }
value new_tensor(tensor t) { return value(make<tensor_object>(std::move(t))); }

// ==================================================================== dict

namespace {
bool keys_equal(interpreter& in, const value& a, const value& b) {
  if (a.same(b)) return true;
  if (a.is<str_object>() && b.is<str_object>()) return a.as<str_object>()->data == b.as<str_object>()->data;
  return py_eq(in, a, b);
}

std::size_t hash_str_view(std::string_view s) noexcept {
  std::size_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h = mix(h);
  return h == 0 ? 1 : h;
}
}  // namespace

std::uint64_t dict_object::next_version() noexcept {
  static std::atomic<std::uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

std::ptrdiff_t dict_object::lookup(interpreter& in, const value& key, std::size_t h) {
  if (index_.empty()) {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const entry& e = entries_[i];
      if (e.hash == h && !e.key.is_null() && keys_equal(in, e.key, key)) return static_cast<std::ptrdiff_t>(i);
    }
    return -1;
  }
  const std::size_t mask = index_.size() - 1;
  std::size_t i = h & mask;
  std::size_t perturb = h;
  for (;;) {
    const std::int32_t ix = index_[i];
    if (ix == -1) return -1;
    const entry& e = entries_[static_cast<std::size_t>(ix)];
    if (e.hash == h && !e.key.is_null()) {
      // Comparing may run Python code that mutates this dict: re-check afterwards.
      if (keys_equal(in, e.key, key)) return ix;
    }
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

std::ptrdiff_t dict_object::lookup_str(const str_object* key, std::size_t h) const noexcept {
  auto matches = [&](const entry& e) {
    if (e.hash != h || e.key.is_null()) return false;
    if (e.key.obj() == key) return true;
    return e.key.is<str_object>() && e.key.as<str_object>()->data == key->data;
  };
  if (index_.empty()) {
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (matches(entries_[i])) return static_cast<std::ptrdiff_t>(i);
    return -1;
  }
  const std::size_t mask = index_.size() - 1;
  std::size_t i = h & mask;
  std::size_t perturb = h;
  for (;;) {
    const std::int32_t ix = index_[i];
    if (ix == -1) return -1;
    if (matches(entries_[static_cast<std::size_t>(ix)])) return ix;
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

value* dict_object::find(interpreter& in, const value& key) {
  if (key.is<str_object>()) return find_str(key.as<str_object>());
  const std::size_t h = py_hash(in, key);
  const std::ptrdiff_t i = lookup(in, key, h);
  return i < 0 ? nullptr : &entries_[static_cast<std::size_t>(i)].val;
}

value* dict_object::find_str(const str_object* key) noexcept {
  const std::ptrdiff_t i = lookup_str(key, key->hash());
  return i < 0 ? nullptr : &entries_[static_cast<std::size_t>(i)].val;
}

value* dict_object::find_str(std::string_view key) noexcept {
  const std::size_t h = hash_str_view(key);
  for (std::size_t i = 0; i < entries_.size() && index_.empty(); ++i) {
    const entry& e = entries_[i];
    if (e.hash == h && e.key.is<str_object>() && e.key.as<str_object>()->data == key) return &entries_[i].val;
  }
  if (index_.empty()) return nullptr;
  const std::size_t mask = index_.size() - 1;
  std::size_t i = h & mask;
  std::size_t perturb = h;
  for (;;) {
    const std::int32_t ix = index_[i];
    if (ix == -1) return nullptr;
    entry& e = entries_[static_cast<std::size_t>(ix)];
    if (e.hash == h && e.key.is<str_object>() && e.key.as<str_object>()->data == key) return &e.val;
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

void dict_object::rebuild_index() {
  version_ = next_version();
  // Compact away deleted entries first.
  if (live_ != entries_.size()) {
    std::vector<entry> kept;
    kept.reserve(live_);
    for (auto& e : entries_)
      if (!e.key.is_null()) kept.push_back(std::move(e));
    entries_.swap(kept);
  }
  if (entries_.size() <= 8) {
    index_.clear();
    return;
  }
  std::size_t n = 16;
  while (n < entries_.size() * 3) n <<= 1;
  index_.assign(n, -1);
  const std::size_t mask = n - 1;
  for (std::size_t k = 0; k < entries_.size(); ++k) {
    std::size_t i = entries_[k].hash & mask;
    std::size_t perturb = entries_[k].hash;
    while (index_[i] != -1) {
      perturb >>= 5;
      i = (i * 5 + perturb + 1) & mask;
    }
    index_[i] = static_cast<std::int32_t>(k);
  }
}

void dict_object::insert_new(std::size_t h, value key, value v) {
  if (entries_.size() >= static_cast<std::size_t>(INT32_MAX) - 1) throw std::bad_alloc();
  if (entries_.capacity() == 0) entries_.reserve(4);
  version_ = contents_version_ = next_version();
  entries_.push_back({h, std::move(key), std::move(v)});
  ++live_;
  if (index_.empty()) {
    if (entries_.size() > 8) rebuild_index();
    return;
  }
  if (entries_.size() * 3 > index_.size() * 2) {
    rebuild_index();
    return;
  }
  const std::size_t mask = index_.size() - 1;
  std::size_t i = h & mask;
  std::size_t perturb = h;
  while (index_[i] != -1) {
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
  index_[i] = static_cast<std::int32_t>(entries_.size() - 1);
}

void dict_object::set(interpreter& in, const value& key, value v) {
  if (key.is<str_object>()) {
    set_str(key.as<str_object>(), std::move(v));
    return;
  }
  const std::size_t h = py_hash(in, key);
  const std::ptrdiff_t i = lookup(in, key, h);
  if (i >= 0) {
    entries_[static_cast<std::size_t>(i)].val = std::move(v);
    contents_version_ = next_version();
    return;
  }
  insert_new(h, key, std::move(v));
}

void dict_object::set_str(str_object* key, value v) {
  const std::size_t h = key->hash();
  const std::ptrdiff_t i = lookup_str(key, h);
  if (i >= 0) {
    entries_[static_cast<std::size_t>(i)].val = std::move(v);
    contents_version_ = next_version();
    return;
  }
  insert_new(h, value(key), std::move(v));
}

bool dict_object::erase(interpreter& in, const value& key, value* removed) {
  const std::size_t h = key.is<str_object>() ? key.as<str_object>()->hash() : py_hash(in, key);
  const std::ptrdiff_t i = key.is<str_object>() ? lookup_str(key.as<str_object>(), h) : lookup(in, key, h);
  if (i < 0) return false;
  entry& e = entries_[static_cast<std::size_t>(i)];
  value old_key = std::move(e.key);
  value old_val = std::move(e.val);
  e.key.reset();
  --live_;
  version_ = contents_version_ = next_version();
  if (removed) *removed = std::move(old_val);
  if (entries_.size() > 16 && live_ * 2 < entries_.size()) rebuild_index();
  return true;
}

void dict_object::clear() noexcept {
  version_ = contents_version_ = next_version();
  std::vector<entry> old;
  old.swap(entries_);
  index_.clear();
  live_ = 0;
}

// ================================================================== types

class_object* type_of(const value& v) noexcept {
  const builtin_types& t = current_types();
  switch (v.tag()) {
    case vtag::null:
    case vtag::none: return t.none;
    case vtag::boolean: return t.bool_;
    case vtag::integer: return t.int_;
    case vtag::floating: return t.float_;
    case vtag::object: break;
  }
  switch (v.kind()) {
    case okind::str: return t.str;
    case okind::tuple: return t.tuple;
    case okind::list: return t.list;
    case okind::dict: return t.dict;
    case okind::function: return t.function;
    case okind::code: return t.code;
    case okind::cell: return t.cell;
    case okind::klass: return t.type;
    case okind::instance: return v.as<instance_object>()->cls.get();
    case okind::bound_method: return t.method;
    case okind::builtin: return t.builtin;
    case okind::range: return t.range;
    case okind::iterator: return t.iterators[v.obj()->subkind];
    case okind::dict_view: return t.views[v.obj()->subkind];
    case okind::slice: return t.slice;
    case okind::tensor: return t.tensor;
    case okind::native:
      if (is_native(v, native_kind::grad_mode)) return v.as<grad_mode_object>()->cls.get();
      return t.builtin;
  }
  return t.none;
}

const std::string& type_name(const value& v) noexcept { return type_of(v)->name; }

void throw_exception(interpreter& in, class_object* cls, std::string message) {
  throw py_exception{in.make_exception(cls, std::move(message))};
}

void throw_type_error(std::string message) { throw py_error(exc_kind::TypeError, std::move(message)); }

namespace {
[[noreturn]] void throw_key_error(interpreter& in, const value& key) {
  value e = in.make_exception(exc_kind::KeyError, "");
  e.as<instance_object>()->args = new_tuple({key});
  throw py_exception{std::move(e)};
}

std::string address_of(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%012llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
  return buf;
}

// Objects whose repr is in progress, to print self-containing containers as [...].
thread_local std::vector<const object*> repr_active;

struct repr_guard {
  bool recursive = false;
  const object* o;
  explicit repr_guard(const object* obj) : o(obj) {
    recursive = std::find(repr_active.begin(), repr_active.end(), o) != repr_active.end();
    if (!recursive) repr_active.push_back(o);
  }
  ~repr_guard() {
    if (!recursive) repr_active.pop_back();
  }
  repr_guard(const repr_guard&) = delete;
  repr_guard& operator=(const repr_guard&) = delete;
};

std::string class_display_name(const class_object& c) { return c.is_builtin ? c.name : "__main__." + c.qualname; }

const value& exception_args(const instance_object& e) {
  static const value empty;  // null: no args
  return e.args.is_null() ? empty : e.args;
}

void call_text_method(interpreter& in, std::string& out, const value& method, const value& self, const char* which) {
  value r = in.call(method, {self});
  if (!r.is<str_object>()) throw_type_error(std::string(which) + " returned non-string (type " + type_name(r) + ")");
  out += r.as<str_object>()->data;
}
}  // namespace

// ========================================================= special methods

value user_special(const value& v, std::string_view name) {
  // Python looks special methods up on the type, never on the instance.
  if (!v.is<instance_object>()) return {};
  if (value* m = v.as<instance_object>()->cls->lookup(name)) return *m;
  return {};
}

namespace {
/// What a user `__len__` returned, checked as Python checks it.
std::int64_t user_len(interpreter& in, const value& self, const value& method) {
  value r = in.call(method, {self});
  if (!r.is_intlike()) throw_type_error("'" + type_name(r) + "' object cannot be interpreted as an integer");
  const std::int64_t n = r.as_intlike();
  if (n < 0) throw py_error(exc_kind::ValueError, "__len__() should return >= 0");
  return n;
}

/// `x == y` (`op` 2) or `x != y` (3) by the user method of `x`'s class, when it has one:
/// `__ne__` is `not __eq__` unless the class defines it (object's default).
std::optional<bool> user_equality_of(interpreter& in, int op, const value& x, const value& y) {
  if (op == 3) {
    if (value ne = user_special(x, "__ne__"); !ne.is_null()) return truthy(in, in.call(ne, {x, y}));
  }
  value eq = user_special(x, "__eq__");
  if (eq.is_null()) return std::nullopt;
  const bool equal = truthy(in, in.call(eq, {x, y}));
  return op == 2 ? equal : !equal;
}

/// `a == b` or `a != b` when a user class's method answers: the right operand's first
/// when its class is a strict subclass of the left one's (Python's rule), else the left
/// one's, then the right one's reflected. minipy has no NotImplemented: the first
/// method found answers, its result taken as a truth value.
std::optional<bool> user_equality(interpreter& in, int op, const value& a, const value& b) {
  if (!a.is<instance_object>() && !b.is<instance_object>()) return std::nullopt;
  class_object* ta = type_of(a);
  class_object* tb = type_of(b);
  const bool right_first = ta != tb && tb->is_subclass_of(ta);
  if (right_first)
    if (auto r = user_equality_of(in, op, b, a)) return r;
  if (auto r = user_equality_of(in, op, a, b)) return r;
  if (!right_first)
    if (auto r = user_equality_of(in, op, b, a)) return r;
  return std::nullopt;
}
}  // namespace

// ==================================================================== truth

bool truthy(interpreter& in, const value& v) {
  switch (v.tag()) {
    case vtag::null:
    case vtag::none: return false;
    case vtag::boolean: return v.as_bool();
    case vtag::integer: return v.as_int() != 0;
    case vtag::floating: return v.as_float() != 0.0;
    case vtag::object: break;
  }
  switch (v.kind()) {
    case okind::str: return !v.as<str_object>()->data.empty();
    case okind::tuple: return !v.as<tuple_object>()->items.empty();
    case okind::list: return !v.as<list_object>()->items.empty();
    case okind::dict: return v.as<dict_object>()->size() != 0;
    case okind::dict_view: return v.as<dict_view_object>()->dict->size() != 0;
    case okind::range: return v.as<range_object>()->length != 0;
    case okind::tensor: return v.as<tensor_object>()->t.truthy();
    case okind::instance: {
      if (value b = user_special(v, "__bool__"); !b.is_null()) {
        value r = in.call(b, {v});
        if (!r.is_bool()) throw_type_error("__bool__ should return bool, returned " + type_name(r));
        return r.as_bool();
      }
      if (value n = user_special(v, "__len__"); !n.is_null()) return user_len(in, v, n) != 0;
      return true;
    }
    default: break;
  }
  return true;
}

// ===================================================================== repr

namespace {
// A repr of nested containers can be far larger than what it shows: it may not grow past
// what a container may hold, nor past what is left of the memory budget (charged by
// the callers that keep or print the text).
void check_repr_size(interpreter& in, const std::string& out) {
  if (static_cast<std::int64_t>(out.size()) > max_container_size || !in.memory_allows(out.size()))
    throw std::bad_alloc();
}
}  // namespace

void repr_into(interpreter& in, std::string& out, const value& v) {
  switch (v.tag()) {
    case vtag::null: out += "<NULL>"; return;
    case vtag::none: out += "None"; return;
    case vtag::boolean: out += v.as_bool() ? "True" : "False"; return;
    case vtag::integer: append_int(out, v.as_int()); return;
    case vtag::floating: append_float(out, v.as_float()); return;
    case vtag::object: break;
  }
  switch (v.kind()) {
    case okind::str: append_repr_string(out, v.as<str_object>()->data); return;
    case okind::tuple: {
      const auto& items = v.as<tuple_object>()->items;
      repr_guard g(v.obj());
      if (g.recursive) {
        out += "(...)";
        return;
      }
      interpreter::recursion_scope rs(in, " while getting the repr of an object");
      out += '(';
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (i) out += ", ";
        repr_into(in, out, items[i]);
        check_repr_size(in, out);
      }
      if (items.size() == 1) out += ',';
      out += ')';
      return;
    }
    case okind::list: {
      repr_guard g(v.obj());
      if (g.recursive) {
        out += "[...]";
        return;
      }
      interpreter::recursion_scope rs(in, " while getting the repr of an object");
      out += '[';
      // Index-based: a user __repr__ may mutate the list.
      auto* l = v.as<list_object>();
      for (std::size_t i = 0; i < l->items.size(); ++i) {
        if (i) out += ", ";
        value item = l->items[i];
        repr_into(in, out, item);
        check_repr_size(in, out);
      }
      out += ']';
      return;
    }
    case okind::dict: {
      repr_guard g(v.obj());
      if (g.recursive) {
        out += "{...}";
        return;
      }
      interpreter::recursion_scope rs(in, " while getting the repr of an object");
      out += '{';
      auto* d = v.as<dict_object>();
      bool first = true;
      for (std::size_t i = 0; i < d->entries().size(); ++i) {
        const auto& e = d->entries()[i];
        if (e.key.is_null()) continue;
        if (!first) out += ", ";
        first = false;
        value key = e.key, val = e.val;
        repr_into(in, out, key);
        out += ": ";
        repr_into(in, out, val);
        check_repr_size(in, out);
      }
      out += '}';
      return;
    }
    case okind::function: {
      auto* f = v.as<function_object>();
      out += "<function " + f->qualname + " at " + address_of(f) + ">";
      return;
    }
    case okind::builtin: {
      auto* b = v.as<builtin_object>();
      out += (b->is_method ? "<method '" + b->name + "' objects>" : "<built-in function " + b->name + ">");
      return;
    }
    case okind::klass: out += "<class '" + class_display_name(*v.as<class_object>()) + "'>"; return;
    case okind::instance: {
      auto* inst = v.as<instance_object>();
      if (value* r = inst->cls->lookup("__repr__")) {
        value method = *r;
        interpreter::recursion_scope rs(in, " while getting the repr of an object");
        call_text_method(in, out, method, v, "__repr__");
        return;
      }
      out += "<" + class_display_name(*inst->cls) + " object at " + address_of(inst) + ">";
      return;
    }
    case okind::bound_method: {
      auto* m = v.as<bound_method_object>();
      if (m->func.is<builtin_object>()) {
        out += "<built-in method " + m->func.as<builtin_object>()->name + " of " + type_name(m->self) + " object at " +
               address_of(m->self.is_object() ? static_cast<const void*>(m->self.obj()) : m) + ">";
        return;
      }
      std::string name = m->func.is<function_object>() ? m->func.as<function_object>()->qualname : "?";
      out += "<bound method " + name + " of ";
      interpreter::recursion_scope rs(in, " while getting the repr of an object");
      repr_into(in, out, m->self);
      out += ">";
      return;
    }
    case okind::range: {
      auto* r = v.as<range_object>();
      out += "range(" + format_int(r->start) + ", " + format_int(r->stop);
      if (r->step != 1) out += ", " + format_int(r->step);
      out += ")";
      return;
    }
    case okind::dict_view: {
      auto* dv = v.as<dict_view_object>();
      static const char* names[] = {"dict_keys(", "dict_values(", "dict_items("};
      out += names[dv->subkind];
      value items = new_list(to_vector(in, v));
      repr_into(in, out, items);
      out += ")";
      return;
    }
    case okind::slice: {
      auto* s = v.as<slice_object>();
      out += "slice(";
      repr_into(in, out, s->start.is_null() ? value::none() : s->start);
      out += ", ";
      repr_into(in, out, s->stop.is_null() ? value::none() : s->stop);
      out += ", ";
      repr_into(in, out, s->step.is_null() ? value::none() : s->step);
      out += ")";
      return;
    }
    case okind::tensor: append_repr(out, v.as<tensor_object>()->t); return;
    case okind::code: {
      auto* c = v.as<code_object>();
      out += "<code object " + c->name + " at " + address_of(c) + ", file \"" + c->filename + "\", line " +
             std::to_string(c->first_line) + ">";
      return;
    }
    case okind::cell: out += "<cell at " + address_of(v.obj()) + ">"; return;
    case okind::iterator:
    case okind::native: out += "<" + type_name(v) + " object at " + address_of(v.obj()) + ">"; return;
  }
}

std::string repr(interpreter& in, const value& v) {
  std::string s;
  repr_into(in, s, v);
  check_allocation(static_cast<std::int64_t>(s.size()), 1);
  return s;
}

void str_into(interpreter& in, std::string& out, const value& v) {
  if (v.is<str_object>()) {
    out += v.as<str_object>()->data;
    return;
  }
  if (v.is<instance_object>()) {
    auto* inst = v.as<instance_object>();
    if (value* s = inst->cls->lookup("__str__")) {
      value method = *s;
      interpreter::recursion_scope rs(in, " while getting the str of an object");
      call_text_method(in, out, method, v, "__str__");
      return;
    }
  }
  repr_into(in, out, v);
}

std::string to_str(interpreter& in, const value& v) {
  if (v.is<str_object>()) return v.as<str_object>()->data;
  std::string s;
  str_into(in, s, v);
  check_allocation(static_cast<std::int64_t>(s.size()), 1);
  return s;
}

std::string exception_str(interpreter& in, const value& exc) {
  auto* e = exc.as<instance_object>();
  const value& args = exception_args(*e);
  if (args.is_null() || !args.is<tuple_object>()) return "";
  const auto& items = args.as<tuple_object>()->items;
  if (items.empty()) return "";
  if (items.size() == 1) {
    if (e->cls->is_subclass_of(in.exception_class(exc_kind::KeyError))) return repr(in, items[0]);
    return to_str(in, items[0]);
  }
  return repr(in, args);
}

std::string exception_repr(interpreter& in, const value& exc) {
  auto* e = exc.as<instance_object>();
  const value& args = exception_args(*e);
  std::string out = e->cls->name;
  if (args.is_null() || !args.is<tuple_object>() || args.as<tuple_object>()->items.empty()) return out + "()";
  const auto& items = args.as<tuple_object>()->items;
  if (items.size() == 1) return out + "(" + repr(in, items[0]) + ")";
  return out + repr(in, args);
}

// ================================================================ equality

namespace {
bool sequences_equal(interpreter& in, const std::vector<value>& a, const std::vector<value>& b) {
  if (a.size() != b.size()) return false;
  interpreter::recursion_scope rs(in, " in comparison");
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    value x = a[i], y = b[i];
    if (x.same(y)) continue;  // containers compare by identity first, as CPython does
    if (!py_eq(in, x, y)) return false;
    if (a.size() != b.size()) return false;
  }
  return true;
}

scalar to_scalar(const value& v) {
  if (v.is_float()) return scalar{v.as_float()};
  return scalar{v.as_intlike()};
}
}  // namespace

bool py_eq(interpreter& in, const value& a, const value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
    return num_equal(to_scalar(a), to_scalar(b));
  }
  if (auto r = user_equality(in, 2, a, b)) return *r;
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (!a.is_object() || !b.is_object()) return false;
  if (a.obj() == b.obj()) return true;
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case okind::str: return a.as<str_object>()->data == b.as<str_object>()->data;
    case okind::tuple: return sequences_equal(in, a.as<tuple_object>()->items, b.as<tuple_object>()->items);
    case okind::list: return sequences_equal(in, a.as<list_object>()->items, b.as<list_object>()->items);
    case okind::dict: {
      auto* x = a.as<dict_object>();
      auto* y = b.as<dict_object>();
      if (x->size() != y->size()) return false;
      interpreter::recursion_scope rs(in, " in comparison");
      for (std::size_t i = 0; i < x->entries().size(); ++i) {
        const auto& e = x->entries()[i];
        if (e.key.is_null()) continue;
        value key = e.key, val = e.val;
        value* other = y->find(in, key);
        if (!other) return false;
        value ov = *other;
        if (!val.same(ov) && !py_eq(in, val, ov)) return false;
      }
      return true;
    }
    case okind::range: {
      auto* x = a.as<range_object>();
      auto* y = b.as<range_object>();
      if (x->length != y->length) return false;
      if (x->length == 0) return true;
      if (x->start != y->start) return false;
      return x->length == 1 || x->step == y->step;
    }
    case okind::bound_method: {
      auto* x = a.as<bound_method_object>();
      auto* y = b.as<bound_method_object>();
      return x->self.same(y->self) && x->func.same(y->func);
    }
    default: return false;
  }
}

std::size_t py_hash(interpreter& in, const value& v) {
  switch (v.tag()) {
    case vtag::null:
    case vtag::none: return 0x5bd1e995u;
    case vtag::boolean: return hash_int(v.as_bool() ? 1 : 0);
    case vtag::integer: return hash_int(v.as_int());
    case vtag::floating: {
      const double d = v.as_float();
      // Integral floats hash like the equal int (1.0 == 1 must find the same key).
      if (std::isfinite(d) && d == std::floor(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0)
        return hash_int(static_cast<std::int64_t>(d));
      return mix(std::bit_cast<std::uint64_t>(d));
    }
    case vtag::object: break;
  }
  switch (v.kind()) {
    case okind::str: return v.as<str_object>()->hash();
    case okind::tuple: {
      interpreter::recursion_scope rs(in, " while hashing");
      std::size_t h = 0x345678;
      for (const auto& item : v.as<tuple_object>()->items) h = mix(h * 1000003 ^ py_hash(in, item));
      return h;
    }
    case okind::list:
    case okind::dict:
    case okind::dict_view:
    case okind::slice: throw_type_error("unhashable type: '" + type_name(v) + "'");
    case okind::instance:
      // A class that defines __eq__ (and minipy has no __hash__) is unhashable.
      if (!user_special(v, "__eq__").is_null()) throw_type_error("unhashable type: '" + type_name(v) + "'");
      return mix(reinterpret_cast<std::uintptr_t>(v.obj()));
    case okind::range: {
      auto* r = v.as<range_object>();
      return mix(static_cast<std::size_t>(r->length) * 31 + static_cast<std::size_t>(r->start));
    }
    default: return mix(reinterpret_cast<std::uintptr_t>(v.obj()));
  }
}

// ============================================================ ordering

namespace {
const char* compare_symbol(int op) {
  static const char* symbols[] = {"<", "<=", "==", "!=", ">", ">="};
  return op >= 0 && op < 6 ? symbols[op] : "?";
}

bool apply_ordering(std::partial_ordering o, int op) {
  switch (op) {
    case 0: return o == std::partial_ordering::less;
    case 1: return o == std::partial_ordering::less || o == std::partial_ordering::equivalent;
    case 2: return o == std::partial_ordering::equivalent;
    case 3: return o != std::partial_ordering::equivalent;
    case 4: return o == std::partial_ordering::greater;
    case 5: return o == std::partial_ordering::greater || o == std::partial_ordering::equivalent;
    default: return false;
  }
}

bool compare_sequences(interpreter& in, int op, const std::vector<value>& a, const std::vector<value>& b) {
  interpreter::recursion_scope rs(in, " in comparison");
  std::size_t i = 0;
  for (; i < a.size() && i < b.size(); ++i) {
    value x = a[i], y = b[i];
    if (x.same(y)) continue;
    if (!py_eq(in, x, y)) break;
  }
  if (i >= a.size() || i >= b.size()) {
    const std::partial_ordering o = a.size() < b.size()   ? std::partial_ordering::less
                                    : a.size() > b.size() ? std::partial_ordering::greater
                                                          : std::partial_ordering::equivalent;
    return apply_ordering(o, op);
  }
  if (op == 2) return false;
  if (op == 3) return true;
  value x = a[i], y = b[i];
  return py_compare(in, op, x, y);
}
}  // namespace

bool py_compare(interpreter& in, int op, const value& a, const value& b) {
  if (op == 2) return py_eq(in, a, b);
  if (op == 3) {
    if (auto r = user_equality(in, 3, a, b)) return *r;
    return !py_eq(in, a, b);
  }
  if (a.is_number() && b.is_number()) {
    if (a.is_int() && b.is_int()) return apply_ordering(a.as_int() <=> b.as_int(), op);
    return apply_ordering(compare(to_scalar(a), to_scalar(b)), op);
  }
  if (a.is_object() && b.is_object() && a.kind() == b.kind()) {
    switch (a.kind()) {
      case okind::str: {
        const int c = a.as<str_object>()->data.compare(b.as<str_object>()->data);
        return apply_ordering(c < 0   ? std::partial_ordering::less
                              : c > 0 ? std::partial_ordering::greater
                                      : std::partial_ordering::equivalent,
                              op);
      }
      case okind::list: return compare_sequences(in, op, a.as<list_object>()->items, b.as<list_object>()->items);
      case okind::tuple: return compare_sequences(in, op, a.as<tuple_object>()->items, b.as<tuple_object>()->items);
      default: break;
    }
  }
  throw_type_error(std::string("'") + compare_symbol(op) + "' not supported between instances of '" + type_name(a) +
                   "' and '" + type_name(b) + "'");
}

bool py_less(interpreter& in, const value& a, const value& b) { return py_compare(in, 0, a, b); }

// ============================================================ arithmetic

namespace {
bool tensor_operand(const value& v) { return v.is<tensor_object>() || v.is_number(); }

[[noreturn]] void unsupported(int op, const value& a, const value& b) {
  throw_type_error("unsupported operand type(s) for " + std::string(lasso::bytecode::binary_op_text(op)) + ": '" +
                   type_name(a) + "' and '" + type_name(b) + "'");
}

value tensor_binary(binop o, const value& a, const value& b) {
  if (a.is<tensor_object>() && b.is<tensor_object>())
    return new_tensor(binary(o, a.as<tensor_object>()->t, b.as<tensor_object>()->t));
  if (a.is<tensor_object>()) return new_tensor(binary(o, a.as<tensor_object>()->t, to_scalar(b)));
  return new_tensor(binary(o, to_scalar(a), b.as<tensor_object>()->t));
}

bool is_sequence(const value& v) { return v.is<str_object>() || v.is<list_object>() || v.is<tuple_object>(); }

value repeat(const value& seq, std::int64_t n) {
  if (n < 0) n = 0;
  if (seq.is<str_object>()) {
    const std::string& s = seq.as<str_object>()->data;
    if (!s.empty() && n > max_container_size / static_cast<std::int64_t>(s.size())) throw std::bad_alloc();
    check_allocation(static_cast<std::int64_t>(s.size()) * n, 1);
    std::string out;
    out.reserve(s.size() * static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) out += s;
    return new_str(std::move(out));
  }
  const auto& items = seq.is<list_object>() ? seq.as<list_object>()->items : seq.as<tuple_object>()->items;
  if (!items.empty() && n > max_container_size / static_cast<std::int64_t>(items.size())) throw std::bad_alloc();
  check_allocation(static_cast<std::int64_t>(items.size()) * n, sizeof(value));
  std::vector<value> out;
  out.reserve(items.size() * static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return seq.is<list_object>() ? new_list(std::move(out)) : new_tuple(std::move(out));
}

value concat(const value& a, const value& b) {
  if (a.is<str_object>()) {
    const std::string& x = a.as<str_object>()->data;
    const std::string& y = b.as<str_object>()->data;
    check_allocation(static_cast<std::int64_t>(x.size() + y.size()), 1);
    std::string out;
    out.reserve(x.size() + y.size());
    out += x;
    out += y;
    return new_str(std::move(out));
  }
  const auto& x = a.is<list_object>() ? a.as<list_object>()->items : a.as<tuple_object>()->items;
  const auto& y = b.is<list_object>() ? b.as<list_object>()->items : b.as<tuple_object>()->items;
  check_allocation(static_cast<std::int64_t>(x.size() + y.size()), sizeof(value));
  std::vector<value> out;
  out.reserve(x.size() + y.size());
  out.insert(out.end(), x.begin(), x.end());
  out.insert(out.end(), y.begin(), y.end());
  return a.is<list_object>() ? new_list(std::move(out)) : new_tuple(std::move(out));
}

const char* seq_name(const value& v) { return v.is<str_object>() ? "str" : v.is<list_object>() ? "list" : "tuple"; }
}  // namespace

value py_binary_op(interpreter& in, int op, const value& a, const value& b) {
  using B = lasso::bytecode::binary_operator;
  const bool inplace = op >= lasso::bytecode::binary_inplace_offset;
  const auto base = static_cast<B>(inplace ? op - lasso::bytecode::binary_inplace_offset : op);

  if (a.is_number() && b.is_number()) {
    arith_op ao;
    switch (base) {
      case B::add: ao = arith_op::add; break;
      case B::subtract: ao = arith_op::sub; break;
      case B::multiply: ao = arith_op::mul; break;
      case B::true_divide: ao = arith_op::truediv; break;
      case B::floor_divide: ao = arith_op::floordiv; break;
      case B::remainder: ao = arith_op::mod; break;
      case B::power: ao = arith_op::pow; break;
      default: unsupported(op, a, b);
    }
    return from_scalar(arith(ao, to_scalar(a), to_scalar(b)));
  }

  switch (base) {
    case B::add:
      if ((a.is<tensor_object>() || b.is<tensor_object>()) && tensor_operand(a) && tensor_operand(b))
        return tensor_binary(binop::add, a, b);
      if (inplace && a.is<list_object>()) {
        std::vector<value> extra = to_vector(in, b);
        auto& items = a.as<list_object>()->items;
        items.insert(items.end(), extra.begin(), extra.end());
        return a;
      }
      if (is_sequence(a)) {
        if (a.is_object() && b.is_object() && a.kind() == b.kind()) return concat(a, b);
        throw_type_error(std::string("can only concatenate ") + seq_name(a) + " (not \"" + type_name(b) + "\") to " +
                         seq_name(a));
      }
      unsupported(op, a, b);
    case B::multiply:
      if ((a.is<tensor_object>() || b.is<tensor_object>()) && tensor_operand(a) && tensor_operand(b))
        return tensor_binary(binop::mul, a, b);
      if (is_sequence(a) && b.is_intlike()) {
        value r = repeat(a, b.as_intlike());
        if (inplace && a.is<list_object>()) {
          a.as<list_object>()->items = r.as<list_object>()->items;
          return a;
        }
        return r;
      }
      if (is_sequence(b) && a.is_intlike()) return repeat(b, a.as_intlike());
      if (is_sequence(a) && !is_sequence(b) && !b.is<tensor_object>())
        throw_type_error("can't multiply sequence by non-int of type '" + type_name(b) + "'");
      if (is_sequence(b) && !is_sequence(a) && !a.is<tensor_object>())
        throw_type_error("can't multiply sequence by non-int of type '" + type_name(a) + "'");
      unsupported(op, a, b);
    case B::subtract:
      if ((a.is<tensor_object>() || b.is<tensor_object>()) && tensor_operand(a) && tensor_operand(b))
        return tensor_binary(binop::sub, a, b);
      unsupported(op, a, b);
    case B::true_divide:
      if ((a.is<tensor_object>() || b.is<tensor_object>()) && tensor_operand(a) && tensor_operand(b))
        return tensor_binary(binop::truediv, a, b);
      unsupported(op, a, b);
    case B::matrix_multiply:
      if (a.is<tensor_object>() && b.is<tensor_object>())
        return new_tensor(matmul(a.as<tensor_object>()->t, b.as<tensor_object>()->t));
      unsupported(op, a, b);
    default: unsupported(op, a, b);
  }
}

value unary_negative(interpreter& in, const value& v) {
  (void)in;
  if (v.is_intlike()) return value::integer(int_neg(v.as_intlike()));
  if (v.is_float()) return value::floating(-v.as_float());
  if (v.is<tensor_object>()) return new_tensor(neg(v.as<tensor_object>()->t));
  throw_type_error("bad operand type for unary -: '" + type_name(v) + "'");
}

value unary_positive(interpreter& in, const value& v) {
  (void)in;
  if (v.is_intlike()) return value::integer(v.as_intlike());
  if (v.is_float()) return v;
  throw_type_error("bad operand type for unary +: '" + type_name(v) + "'");
}

value unary_invert(interpreter& in, const value& v) {
  (void)in;
  if (v.is_intlike()) return value::integer(~v.as_intlike());
  throw_type_error("bad operand type for unary ~: '" + type_name(v) + "'");
}

value abs_value(interpreter& in, const value& v) {
  (void)in;
  if (v.is_intlike()) return value::integer(int_abs(v.as_intlike()));
  if (v.is_float()) return value::floating(std::fabs(v.as_float()));
  throw_type_error("bad operand type for abs(): '" + type_name(v) + "'");
}

bool contains(interpreter& in, const value& container, const value& item) {
  if (value c = user_special(container, "__contains__"); !c.is_null()) return truthy(in, in.call(c, {container, item}));
  if (container.is_object()) {
    switch (container.kind()) {
      case okind::list:
      case okind::tuple: {
        const auto& items =
            container.is<list_object>() ? container.as<list_object>()->items : container.as<tuple_object>()->items;
        for (std::size_t i = 0; i < items.size(); ++i) {
          value x = items[i];
          if (x.same(item) || py_eq(in, x, item)) return true;
        }
        return false;
      }
      case okind::str:
        if (!item.is<str_object>())
          throw_type_error("'in <string>' requires string as left operand, not " + type_name(item));
        return container.as<str_object>()->data.find(item.as<str_object>()->data) != std::string::npos;
      case okind::dict: return container.as<dict_object>()->find(in, item) != nullptr;
      case okind::dict_view: {
        auto* dv = container.as<dict_view_object>();
        if (dv->vk() == view_kind::keys) return dv->dict->find(in, item) != nullptr;
        if (dv->vk() == view_kind::items) {
          if (!item.is<tuple_object>() || item.as<tuple_object>()->items.size() != 2) return false;
          value key = item.as<tuple_object>()->items[0];
          value* found = dv->dict->find(in, key);
          if (!found) return false;
          value val = *found;
          return py_eq(in, val, item.as<tuple_object>()->items[1]);
        }
        break;
      }
      case okind::range: {
        auto* r = container.as<range_object>();
        if (item.is_intlike()) {
          const std::int64_t x = item.as_intlike();
          if (r->length == 0) return false;
          if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
          const std::uint64_t dist = r->step > 0 ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(r->start)
                                                 : static_cast<std::uint64_t>(r->start) - static_cast<std::uint64_t>(x);
          const std::uint64_t st =
              r->step > 0 ? static_cast<std::uint64_t>(r->step) : static_cast<std::uint64_t>(-(r->step + 1)) + 1;
          return dist % st == 0;
        }
        break;
      }
      case okind::tensor:
        if (container.as<tensor_object>()->t.ndim() == 0) throw_type_error("iteration over a 0-d tensor");
        // Rows are fresh tensors and tensors compare by identity: never found.
        return false;
      default: break;
    }
    if (container.is<iterator_object>() || container.is<dict_view_object>() || container.is<range_object>() ||
        !user_special(container, "__iter__").is_null()) {
      value it = get_iter(in, container);
      for (;;) {
        value x = iter_next(in, *it.as<iterator_object>());
        if (x.is_null()) return false;
        if (x.same(item) || py_eq(in, x, item)) return true;
      }
    }
  }
  throw_type_error("argument of type '" + type_name(container) + "' is not iterable");
}

// =================================================================== items

namespace {
/// Normalises a sequence index; false when out of range.
bool normalize_index(std::int64_t& i, std::int64_t n) {
  if (i < 0) i += n;
  return i >= 0 && i < n;
}

std::int64_t slice_bound(const value& v, std::int64_t dflt) {
  if (v.is_null() || v.is_none()) return dflt;
  if (v.is_intlike()) return v.as_intlike();
  throw_type_error("slice indices must be integers or None or have an __index__ method");
}

/// Python's slice.indices: start, stop, step and the number of selected items.
struct slice_range {
  std::int64_t start, stop, step, count;
};
slice_range resolve_slice(const slice_object& s, std::int64_t n) {
  std::int64_t step = 1;
  if (!s.step.is_null() && !s.step.is_none()) {
    if (!s.step.is_intlike()) throw_type_error("slice indices must be integers or None or have an __index__ method");
    step = s.step.as_intlike();
    if (step == 0) throw py_error(exc_kind::ValueError, "slice step cannot be zero");
    if (step == INT64_MIN) step = -INT64_MAX;
  }
  auto adjust = [&](const value& v, bool is_start) {
    const std::int64_t lower = step < 0 ? -1 : 0;
    const std::int64_t upper = step < 0 ? n - 1 : n;
    if (v.is_null() || v.is_none()) return is_start ? (step < 0 ? upper : lower) : (step < 0 ? lower : upper);
    std::int64_t x = slice_bound(v, 0);
    if (x < 0) {
      x = x < -n ? lower : x + n;
      if (x < lower) x = lower;
    } else if (x > upper) {
      x = upper;
    }
    return x;
  };
  slice_range r{adjust(s.start, true), adjust(s.stop, false), step, 0};
  if (step > 0)
    r.count = r.start < r.stop ? (r.stop - r.start - 1) / step + 1 : 0;
  else
    r.count = r.stop < r.start ? (r.start - r.stop - 1) / (-step) + 1 : 0;
  return r;
}

std::vector<std::string> code_points(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t j = next_character(s, i);
    out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}
}  // namespace

static std::string str_code_point(const str_object& s, std::int64_t i) {
  if (s.ascii()) return std::string(1, s.data[static_cast<std::size_t>(i)]);
  auto cps = code_points(s.data);
  return cps[static_cast<std::size_t>(i)];
}

value get_item(interpreter& in, const value& container, const value& key) {
  if (!container.is_object()) throw_type_error("'" + type_name(container) + "' object is not subscriptable");
  if (value g = user_special(container, "__getitem__"); !g.is_null()) return in.call(g, {container, key});
  switch (container.kind()) {
    case okind::list:
    case okind::tuple: {
      const bool is_list = container.is<list_object>();
      const auto& items = is_list ? container.as<list_object>()->items : container.as<tuple_object>()->items;
      if (key.is_intlike()) {
        std::int64_t i = key.as_intlike();
        if (!normalize_index(i, static_cast<std::int64_t>(items.size())))
          throw py_error(exc_kind::IndexError, is_list ? "list index out of range" : "tuple index out of range");
        return items[static_cast<std::size_t>(i)];
      }
      if (key.is<slice_object>()) {
        const slice_range r = resolve_slice(*key.as<slice_object>(), static_cast<std::int64_t>(items.size()));
        std::vector<value> out;
        out.reserve(static_cast<std::size_t>(r.count));
        for (std::int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step)
          out.push_back(items[static_cast<std::size_t>(i)]);
        return is_list ? new_list(std::move(out)) : new_tuple(std::move(out));
      }
      throw_type_error(std::string(is_list ? "list" : "tuple") + " indices must be integers or slices, not " +
                       type_name(key));
    }
    case okind::str: {
      auto* s = container.as<str_object>();
      if (key.is_intlike()) {
        std::int64_t i = key.as_intlike();
        if (!normalize_index(i, s->length)) throw py_error(exc_kind::IndexError, "string index out of range");
        return new_str(str_code_point(*s, i));
      }
      if (key.is<slice_object>()) {
        const slice_range r = resolve_slice(*key.as<slice_object>(), s->length);
        if (s->ascii()) {
          if (r.step == 1)
            return new_str(s->data.substr(static_cast<std::size_t>(r.start), static_cast<std::size_t>(r.count)));
          std::string out;
          for (std::int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step)
            out += s->data[static_cast<std::size_t>(i)];
          return new_str(std::move(out));
        }
        auto cps = code_points(s->data);
        std::string out;
        for (std::int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step) out += cps[static_cast<std::size_t>(i)];
        return new_str(std::move(out));
      }
      throw_type_error("string indices must be integers, not '" + type_name(key) + "'");
    }
    case okind::dict: {
      value* v = container.as<dict_object>()->find(in, key);
      if (!v) throw_key_error(in, key);
      return *v;
    }
    case okind::range: {
      auto* r = container.as<range_object>();
      if (key.is_intlike()) {
        std::int64_t i = key.as_intlike();
        if (!normalize_index(i, r->length)) throw py_error(exc_kind::IndexError, "range object index out of range");
        return value::integer(r->start + i * r->step);
      }
      throw_type_error("range indices must be integers or slices, not " + type_name(key));
    }
    case okind::tensor: {
      const tensor& t = container.as<tensor_object>()->t;
      if (t.ndim() == 0) throw py_error(exc_kind::IndexError, "invalid index of a 0-d tensor");
      if (!key.is_intlike()) throw_type_error("tensor indices must be integers");
      return new_tensor(t.row(key.as_intlike()));
    }
    default: break;
  }
  if (container.is<class_object>())
    throw_type_error("type '" + container.as<class_object>()->name + "' is not subscriptable");
  throw_type_error("'" + type_name(container) + "' object is not subscriptable");
}

void set_item(interpreter& in, const value& container, const value& key, value v) {
  if (container.is<list_object>()) {
    auto& items = container.as<list_object>()->items;
    if (key.is_intlike()) {
      std::int64_t i = key.as_intlike();
      if (!normalize_index(i, static_cast<std::int64_t>(items.size())))
        throw py_error(exc_kind::IndexError, "list assignment index out of range");
      items[static_cast<std::size_t>(i)] = std::move(v);
      return;
    }
    if (key.is<slice_object>()) {
      std::vector<value> repl = to_vector(in, v);
      const slice_range r = resolve_slice(*key.as<slice_object>(), static_cast<std::int64_t>(items.size()));
      if (r.step != 1) {
        if (static_cast<std::int64_t>(repl.size()) != r.count)
          throw py_error(exc_kind::ValueError, "attempt to assign sequence of size " + std::to_string(repl.size()) +
                                                   " to extended slice of size " + std::to_string(r.count));
        for (std::int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step)
          items[static_cast<std::size_t>(i)] = std::move(repl[static_cast<std::size_t>(k)]);
        return;
      }
      const std::int64_t stop = std::max(r.start, r.stop);
      items.erase(items.begin() + r.start, items.begin() + stop);
      items.insert(items.begin() + r.start, repl.begin(), repl.end());
      return;
    }
    throw_type_error("list indices must be integers or slices, not " + type_name(key));
  }
  if (container.is<dict_object>()) {
    container.as<dict_object>()->set(in, key, std::move(v));
    return;
  }
  throw_type_error("'" + type_name(container) + "' object does not support item assignment");
}

void del_item(interpreter& in, const value& container, const value& key) {
  if (container.is<list_object>()) {
    auto& items = container.as<list_object>()->items;
    if (key.is_intlike()) {
      std::int64_t i = key.as_intlike();
      if (!normalize_index(i, static_cast<std::int64_t>(items.size())))
        throw py_error(exc_kind::IndexError, "list assignment index out of range");
      value old = std::move(items[static_cast<std::size_t>(i)]);
      items.erase(items.begin() + i);
      return;
    }
    if (key.is<slice_object>()) {
      const slice_range r = resolve_slice(*key.as<slice_object>(), static_cast<std::int64_t>(items.size()));
      std::vector<value> keep;
      std::vector<bool> drop(items.size(), false);
      for (std::int64_t k = 0, i = r.start; k < r.count; ++k, i += r.step) drop[static_cast<std::size_t>(i)] = true;
      std::vector<value> old;
      old.swap(items);
      for (std::size_t i = 0; i < old.size(); ++i)
        if (!drop[i]) items.push_back(old[i]);
      return;
    }
    throw_type_error("list indices must be integers or slices, not " + type_name(key));
  }
  if (container.is<dict_object>()) {
    if (!container.as<dict_object>()->erase(in, key)) throw_key_error(in, key);
    return;
  }
  throw_type_error("'" + type_name(container) + "' object doesn't support item deletion");
}

// ============================================================== attributes

namespace {
value bind_if_method(const value& attr, const value& self) {
  if (attr.is<function_object>()) return value(make<bound_method_object>(self, attr));
  if (attr.is<builtin_object>() && attr.as<builtin_object>()->is_method)
    return value(make<bound_method_object>(self, attr));
  return attr;
}

value tensor_attribute(const tensor& t, std::string_view name) {
  if (name == "shape") {
    std::vector<value> dims;
    for (std::int64_t d : t.shape()) dims.push_back(value::integer(d));
    return new_tuple(std::move(dims));
  }
  if (name == "ndim") return value::integer(t.ndim());
  if (name == "dtype") return new_str(std::string(dtype_name(t.dtype())));
  return {};
}
}  // namespace

value get_attr_opt(interpreter& in, const value& obj, const value& name) {
  (void)in;
  const str_object* n = name.as<str_object>();
  if (obj.is<instance_object>()) {
    auto* inst = obj.as<instance_object>();
    if (n->data == "__class__") return value(inst->cls);
    if (inst->dict)
      if (value* v = inst->dict->find_str(n)) return *v;
    if (inst->cls->is_exception && n->data == "args") return inst->args.is_null() ? new_tuple({}) : inst->args;
    if (value* v = inst->cls->lookup(n)) return bind_if_method(*v, obj);
    return {};
  }
  if (obj.is<class_object>()) {
    auto* c = obj.as<class_object>();
    if (value* v = c->lookup(n)) return *v;
    if (n->data == "__name__") return new_str(c->name);
    if (n->data == "__qualname__") return new_str(c->qualname);
    return {};
  }
  if (obj.is<tensor_object>()) {
    value v = tensor_attribute(obj.as<tensor_object>()->t, n->data);
    if (!v.is_null()) return v;
  }
  if (obj.is<function_object>()) {
    auto* f = obj.as<function_object>();
    if (n->data == "__name__") return new_str(f->name);
    if (n->data == "__qualname__") return new_str(f->qualname);
    if (n->data == "__code__") return value(f->code);
    if (n->data == "__defaults__") return f->defaults.is_null() ? value::none() : f->defaults;
    if (n->data == "__closure__") return f->closure.is_null() ? value::none() : f->closure;
    return {};
  }
  if (obj.is<cell_object>() && n->data == "cell_contents") return obj.as<cell_object>()->contents;
  if (obj.is<builtin_object>() && n->data == "__name__") return new_str(obj.as<builtin_object>()->name);
  if (auto* b = obj.get_if<builtin_object>(); b && b->data.is<dict_object>())
    if (value* v = b->data.as<dict_object>()->find_str(n)) return *v;  // comptime's shortcuts
  if (obj.is<bound_method_object>()) {
    if (n->data == "__self__") return obj.as<bound_method_object>()->self;
    if (n->data == "__func__") return obj.as<bound_method_object>()->func;
  }
  if (value* v = type_of(obj)->lookup(n)) return bind_if_method(*v, obj);
  return {};
}

value get_attr(interpreter& in, const value& obj, const value& name) {
  value v = get_attr_opt(in, obj, name);
  if (!v.is_null()) return v;
  const std::string& n = name.as<str_object>()->data;
  if (obj.is<class_object>())
    throw_exception(in, in.exception_class(exc_kind::AttributeError),
                    "type object '" + obj.as<class_object>()->name + "' has no attribute '" + n + "'");
  throw_exception(in, in.exception_class(exc_kind::AttributeError),
                  "'" + type_name(obj) + "' object has no attribute '" + n + "'");
}

void set_attr(interpreter& in, const value& obj, const value& name, value v) {
  auto* n = name.as<str_object>();
  if (obj.is<instance_object>()) {
    auto* inst = obj.as<instance_object>();
    if (inst->cls->is_exception && n->data == "args") {
      inst->args = new_tuple(to_vector(in, v));
      return;
    }
    inst->attrs().set_str(n, std::move(v));
    return;
  }
  if (obj.is<cell_object>() && n->data == "cell_contents") {
    obj.as<cell_object>()->contents = std::move(v);
    return;
  }
  if (obj.is<class_object>() && !obj.as<class_object>()->is_builtin) {
    auto* c = obj.as<class_object>();
    if (!c->dict) c->dict = make<dict_object>();
    c->dict->set_str(n, std::move(v));
    return;
  }
  if (obj.is<class_object>())
    throw_type_error("cannot set '" + n->data + "' attribute of immutable type '" + obj.as<class_object>()->name + "'");
  throw_exception(in, in.exception_class(exc_kind::AttributeError),
                  "'" + type_name(obj) + "' object has no attribute '" + n->data + "'");
}

void del_attr(interpreter& in, const value& obj, const value& name) {
  auto* n = name.as<str_object>();
  if (obj.is<instance_object>()) {
    auto* inst = obj.as<instance_object>();
    if (inst->dict && inst->dict->erase(in, name)) return;
  } else if (obj.is<class_object>() && !obj.as<class_object>()->is_builtin) {
    auto* c = obj.as<class_object>();
    if (c->dict && c->dict->erase(in, name)) return;
    throw_exception(in, in.exception_class(exc_kind::AttributeError),
                    "type object '" + c->name + "' has no attribute '" + n->data + "'");
  }
  throw_exception(in, in.exception_class(exc_kind::AttributeError),
                  "'" + type_name(obj) + "' object has no attribute '" + n->data + "'");
}

void load_method(interpreter& in, const value& obj, const value& name, value& meth, value& self_or_attr) {
  const str_object* n = name.as<str_object>();
  if (obj.is<instance_object>()) {
    auto* inst = obj.as<instance_object>();
    if (!inst->dict || !inst->dict->find_str(n)) {
      if (value* v = inst->cls->lookup(n)) {
        if (v->is<function_object>() || (v->is<builtin_object>() && v->as<builtin_object>()->is_method)) {
          meth = *v;
          self_or_attr = obj;
          return;
        }
      }
    }
  } else if (!obj.is<class_object>()) {
    if (value* v = type_of(obj)->lookup(n)) {
      if (v->is<builtin_object>() && v->as<builtin_object>()->is_method) {
        meth = *v;
        self_or_attr = obj;
        return;
      }
    }
  }
  meth.reset();
  self_or_attr = get_attr(in, obj, name);
}

value lookup_special(const value& obj, std::string_view name) {
  if (value* v = type_of(obj)->lookup(name)) return *v;
  return {};
}

// ============================================================== iteration

value get_iter(interpreter& in, const value& v) {
  if (value i = user_special(v, "__iter__"); !i.is_null()) {
    value r = in.call(i, {v});
    if (!r.is<iterator_object>()) throw_type_error("iter() returned non-iterator of type '" + type_name(r) + "'");
    return r;
  }
  if (v.is_object()) {
    iter_kind k;
    switch (v.kind()) {
      case okind::list: k = iter_kind::list; break;
      case okind::tuple: k = iter_kind::tuple; break;
      case okind::str: k = iter_kind::str; break;
      case okind::dict: k = iter_kind::dict_keys; break;
      case okind::dict_view:
        k = static_cast<iter_kind>(static_cast<int>(iter_kind::dict_keys) + v.obj()->subkind);
        break;
      case okind::range: {
        auto* r = v.as<range_object>();
        auto it = make<iterator_object>(iter_kind::range);
        it->index = r->start;
        it->end = r->length;
        it->step = r->step;
        return value(it);
      }
      case okind::tensor:
        if (v.as<tensor_object>()->t.ndim() == 0) throw_type_error("iteration over a 0-d tensor");
        k = iter_kind::tensor;
        break;
      case okind::iterator: return v;
      default: throw_type_error("'" + type_name(v) + "' object is not iterable");
    }
    auto it = make<iterator_object>(k);
    if (v.is<dict_view_object>()) {
      it->source = value(v.as<dict_view_object>()->dict);
    } else {
      it->source = v;
    }
    if (it->source.is<dict_object>()) it->end = static_cast<std::int64_t>(it->source.as<dict_object>()->size());
    return value(it);
  }
  throw_type_error("'" + type_name(v) + "' object is not iterable");
}

value iter_next(interpreter& in, iterator_object& it) {
  switch (it.ik()) {
    case iter_kind::list: {
      if (it.source.is_null()) return {};
      auto& items = it.source.as<list_object>()->items;
      if (it.index < static_cast<std::int64_t>(items.size())) return items[static_cast<std::size_t>(it.index++)];
      it.source.reset();
      return {};
    }
    case iter_kind::tuple: {
      if (it.source.is_null()) return {};
      auto& items = it.source.as<tuple_object>()->items;
      if (it.index < static_cast<std::int64_t>(items.size())) return items[static_cast<std::size_t>(it.index++)];
      it.source.reset();
      return {};
    }
    case iter_kind::str: {
      if (it.source.is_null()) return {};
      const std::string& s = it.source.as<str_object>()->data;
      const auto i = static_cast<std::size_t>(it.index);  // byte offset
      if (i >= s.size()) {
        it.source.reset();
        return {};
      }
      const std::size_t j = next_character(s, i);
      it.index = static_cast<std::int64_t>(j);
      return new_str(s.substr(i, j - i));
    }
    case iter_kind::dict_keys:
    case iter_kind::dict_values:
    case iter_kind::dict_items: {
      if (it.source.is_null()) return {};
      auto* d = it.source.as<dict_object>();
      if (static_cast<std::int64_t>(d->size()) != it.end) {
        it.end = -1;  // stays broken, as in CPython
        throw py_error(exc_kind::RuntimeError, "dictionary changed size during iteration");
      }
      const auto& entries = d->entries();
      while (it.index < static_cast<std::int64_t>(entries.size()) &&
             entries[static_cast<std::size_t>(it.index)].key.is_null())
        ++it.index;
      if (it.index >= static_cast<std::int64_t>(entries.size())) {
        it.source.reset();
        return {};
      }
      const auto& e = entries[static_cast<std::size_t>(it.index++)];
      if (it.ik() == iter_kind::dict_keys) return e.key;
      if (it.ik() == iter_kind::dict_values) return e.val;
      return new_tuple({e.key, e.val});
    }
    case iter_kind::range: {
      if (it.end <= 0) return {};
      --it.end;
      const std::int64_t v = it.index;
      it.index = static_cast<std::int64_t>(static_cast<std::uint64_t>(it.index) + static_cast<std::uint64_t>(it.step));
      return value::integer(v);
    }
    case iter_kind::tensor: {
      if (it.source.is_null()) return {};
      const tensor& t = it.source.as<tensor_object>()->t;
      if (it.index < t.shape()[0]) return new_tensor(t.row(it.index++));
      it.source.reset();
      return {};
    }
    case iter_kind::enumerate: {
      if (it.source.is_null()) return {};
      value x = iter_next(in, *it.source.as<iterator_object>());
      if (x.is_null()) {
        it.source.reset();
        return {};
      }
      const std::int64_t count = it.index;
      it.index = int_add(it.index, 1);
      return new_tuple({value::integer(count), std::move(x)});
    }
    case iter_kind::zip: {
      if (it.subs.empty()) return {};
      std::vector<value> items;
      items.reserve(it.subs.size());
      for (auto& sub : it.subs) {
        value x = iter_next(in, *sub.as<iterator_object>());
        if (x.is_null()) {
          std::vector<value>().swap(it.subs);
          return {};
        }
        items.push_back(std::move(x));
      }
      return new_tuple(std::move(items));
    }
  }
  return {};
}

std::vector<value> to_vector(interpreter& in, const value& iterable) {
  if (iterable.is<list_object>() || iterable.is<tuple_object>()) {
    const auto& items =
        iterable.is<list_object>() ? iterable.as<list_object>()->items : iterable.as<tuple_object>()->items;
    check_allocation(static_cast<std::int64_t>(items.size()), sizeof(value));
    return items;
  }
  if (iterable.is<range_object>() && iterable.as<range_object>()->length > max_container_size) throw std::bad_alloc();
  value it = get_iter(in, iterable);
  std::vector<value> out;
  // Charged a chunk at a time, so that a long iteration stops when the budget runs out.
  constexpr std::size_t chunk = 1024;
  for (;;) {
    value x = iter_next(in, *it.as<iterator_object>());
    if (x.is_null()) break;
    if (static_cast<std::int64_t>(out.size()) >= max_container_size) throw std::bad_alloc();
    out.push_back(std::move(x));
    if (out.size() % chunk == 0) check_allocation(chunk, sizeof(value));
  }
  check_allocation(static_cast<std::int64_t>(out.size() % chunk), sizeof(value));
  return out;
}

std::int64_t py_len(interpreter& in, const value& v) {
  if (value n = user_special(v, "__len__"); !n.is_null()) return user_len(in, v, n);
  if (v.is_object()) {
    switch (v.kind()) {
      case okind::str: return v.as<str_object>()->length;
      case okind::tuple: return static_cast<std::int64_t>(v.as<tuple_object>()->items.size());
      case okind::list: return static_cast<std::int64_t>(v.as<list_object>()->items.size());
      case okind::dict: return static_cast<std::int64_t>(v.as<dict_object>()->size());
      case okind::dict_view: return static_cast<std::int64_t>(v.as<dict_view_object>()->dict->size());
      case okind::range: return v.as<range_object>()->length;
      case okind::tensor: return v.as<tensor_object>()->t.len();
      default: break;
    }
  }
  throw_type_error("object of type '" + type_name(v) + "' has no len()");
}

bool is_instance(const value& v, const class_object* cls) noexcept { return type_of(v)->is_subclass_of(cls); }

bool is_instance_spec(interpreter& in, const value& v, const value& spec, const char* who) {
  if (spec.is<class_object>()) return is_instance(v, spec.as<class_object>());
  if (spec.is<tuple_object>()) {
    interpreter::recursion_scope rs(in, " in __instancecheck__");
    for (const auto& s : spec.as<tuple_object>()->items)
      if (is_instance_spec(in, v, s, who)) return true;
    return false;
  }
  throw_type_error(std::string(who) + " arg 2 must be a type, a tuple of types, or a union");
}

void sort_values(interpreter& in, std::vector<value>& items, bool reverse) {
  // A stable merge sort: well defined even when the comparisons are not a strict weak
  // order (NaN) or raise. Reverse sorting reverses, sorts stably, and reverses back, as
  // CPython does, so equal elements keep their relative order.
  if (reverse) std::reverse(items.begin(), items.end());
  std::vector<value> tmp(items.size());
  for (std::size_t width = 1; width < items.size(); width *= 2) {
    for (std::size_t lo = 0; lo < items.size(); lo += 2 * width) {
      const std::size_t mid = std::min(lo + width, items.size());
      const std::size_t hi = std::min(lo + 2 * width, items.size());
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        if (py_less(in, items[j], items[i]))
          tmp[k++] = items[j++];
        else
          tmp[k++] = items[i++];
      }
      while (i < mid) tmp[k++] = items[i++];
      while (j < hi) tmp[k++] = items[j++];
    }
    items.swap(tmp);
  }
  if (reverse) std::reverse(items.begin(), items.end());
}

}  // namespace minipy
