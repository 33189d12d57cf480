// minipy values: a 16-byte tagged value (None, bool, int64 and double inline; heap
// objects by pointer with an intrusive reference count), the heap-object base class and
// the heap registry.
//
// Memory model: every heap object is linked into the heap of the thread that created
// it. Reference counting frees garbage as soon as it becomes unreachable; reference
// cycles (closures referring to themselves, classes and their methods, `l.append(l)`)
// survive until the heap is torn down, which first makes every object drop the
// references it holds (`clear_refs`) and then deletes them all. Freeing goes through a
// work list rather than recursion, so dropping a list nested a million levels deep does
// not overflow the C++ stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

// Value copies and moves sit on the interpreter's hottest paths; keep them inlined even
// inside the very large eval loop.
#if defined(__GNUC__)
#define MINIPY_HOT [[gnu::always_inline]]
#else
#define MINIPY_HOT
#endif

namespace minipy {

/// The kinds of heap object. `native` covers small builtin helper objects.
enum class okind : std::uint8_t {
  str,
  tuple,
  list,
  dict,
  function,
  code,
  cell,
  klass,
  instance,
  bound_method,
  builtin,
  range,
  iterator,
  dict_view,
  slice,
  tensor,
  native,
};

struct heap;

/// Links of the heap registry: a circular list with a sentinel per heap, so an object
/// can unlink itself without knowing which heap it belongs to.
struct heap_link {
  heap_link* prev_ = nullptr;
  heap_link* next_ = nullptr;
};

struct object : heap_link {
  std::uint32_t refcount = 0;
  okind kind;
  std::uint8_t subkind = 0;  ///< per-kind detail (iterator flavour, view flavour, ...)

  explicit object(okind k) noexcept;
  object(const object&) = delete;
  object& operator=(const object&) = delete;
  virtual ~object();
  /// Drops every reference this object holds. Called on all objects before the heap
  /// deletes them at teardown, so that no destructor touches an already deleted object.
  virtual void clear_refs() noexcept {}
};

/// Called when a reference count drops to zero.
void release(object* o) noexcept;
inline void incref(object* o) noexcept { ++o->refcount; }
inline void decref(object* o) noexcept {
  if (--o->refcount == 0) release(o);
}

/// The registry of one thread's heap objects.
struct heap {
  heap_link sentinel;
  std::vector<object*> pending;  ///< objects whose count reached zero, not yet deleted
  bool draining = false;
  bool tearing_down = false;

  heap() noexcept { sentinel.prev_ = sentinel.next_ = &sentinel; }
  heap(const heap&) = delete;
  heap& operator=(const heap&) = delete;
  ~heap() { teardown(); }
  /// Frees every object (cycles included). Values still referring to them must not be
  /// used afterwards.
  void teardown() noexcept;
  /// Number of live objects (walks the registry; for tests and diagnostics).
  std::size_t count() const noexcept;
};

/// The heap new objects are registered in (per thread; replaceable by an interpreter).
heap*& current_heap() noexcept;

/// An owning pointer to a heap object of type T.
template <class T> class ref {
 public:
  ref() noexcept = default;
  ref(std::nullptr_t) noexcept {}
  explicit ref(T* p) noexcept : p_(p) {
    if (p_) incref(p_);
  }
  ref(const ref& o) noexcept : p_(o.p_) {
    if (p_) incref(p_);
  }
  ref(ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  ref& operator=(const ref& o) noexcept {
    ref tmp(o);
    std::swap(p_, tmp.p_);
    return *this;
  }
  ref& operator=(ref&& o) noexcept {
    ref tmp(std::move(o));
    std::swap(p_, tmp.p_);
    return *this;
  }
  ~ref() {
    if (p_) decref(p_);
  }
  void reset() noexcept {
    T* p = p_;
    p_ = nullptr;
    if (p) decref(p);
  }
  T* get() const noexcept { return p_; }
  T* operator->() const noexcept { return p_; }
  T& operator*() const noexcept { return *p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  friend bool operator==(const ref& a, const ref& b) noexcept { return a.p_ == b.p_; }

 private:
  T* p_ = nullptr;
};

template <class T, class... Args> ref<T> make(Args&&... args) { return ref<T>(new T(std::forward<Args>(args)...)); }

enum class vtag : std::uint8_t { null = 0, none, boolean, integer, floating, object };

/// A Python value. `null` is not a Python value: it marks empty stack slots, unbound
/// locals and the NULL of CPython's call protocol.
class value {
 public:
  value() noexcept : tag_(vtag::null) { u_.i = 0; }
  MINIPY_HOT value(const value& o) noexcept : tag_(o.tag_), u_(o.u_) {
    if (tag_ == vtag::object) incref(u_.o);
  }
  MINIPY_HOT value(value&& o) noexcept : tag_(o.tag_), u_(o.u_) { o.tag_ = vtag::null; }
  template <class T> value(const ref<T>& r) noexcept : value(static_cast<object*>(r.get())) {}
  explicit value(object* o) noexcept {
    if (o) {
      tag_ = vtag::object;
      u_.o = o;
      incref(o);
    } else {
      tag_ = vtag::null;
      u_.i = 0;
    }
  }
  MINIPY_HOT value& operator=(const value& o) noexcept {
    if (o.tag_ == vtag::object) incref(o.u_.o);
    object* old = tag_ == vtag::object ? u_.o : nullptr;
    tag_ = o.tag_;
    u_ = o.u_;
    if (old) decref(old);
    return *this;
  }
  MINIPY_HOT value& operator=(value&& o) noexcept {
    if (this == &o) return *this;
    object* old = tag_ == vtag::object ? u_.o : nullptr;
    tag_ = o.tag_;
    u_ = o.u_;
    o.tag_ = vtag::null;
    if (old) decref(old);
    return *this;
  }
  MINIPY_HOT ~value() {
    if (tag_ == vtag::object) decref(u_.o);
  }

  static value none() noexcept { return value(vtag::none); }
  static value boolean(bool b) noexcept {
    value v(vtag::boolean);
    v.u_.b = b;
    return v;
  }
  static value integer(std::int64_t i) noexcept {
    value v(vtag::integer);
    v.u_.i = i;
    return v;
  }
  static value floating(double d) noexcept {
    value v(vtag::floating);
    v.u_.d = d;
    return v;
  }

  MINIPY_HOT void reset() noexcept {
    object* old = tag_ == vtag::object ? u_.o : nullptr;
    tag_ = vtag::null;
    if (old) decref(old);
  }
  /// Makes an inline value null; the caller knows it holds no object.
  void clear_inline() noexcept { tag_ = vtag::null; }
  /// Overwrite with an inline number; the caller knows the old value is inline.
  void set_int_unchecked(std::int64_t i) noexcept {
    tag_ = vtag::integer;
    u_.i = i;
  }
  void set_float_unchecked(double d) noexcept {
    tag_ = vtag::floating;
    u_.d = d;
  }
  void set_bool_unchecked(bool b) noexcept {
    tag_ = vtag::boolean;
    u_.b = b;
  }

  vtag tag() const noexcept { return tag_; }
  bool is_null() const noexcept { return tag_ == vtag::null; }
  bool is_none() const noexcept { return tag_ == vtag::none; }
  bool is_bool() const noexcept { return tag_ == vtag::boolean; }
  bool is_int() const noexcept { return tag_ == vtag::integer; }
  bool is_float() const noexcept { return tag_ == vtag::floating; }
  bool is_object() const noexcept { return tag_ == vtag::object; }
  /// int or bool (bool is an int subclass in arithmetic)
  bool is_intlike() const noexcept { return tag_ == vtag::integer || tag_ == vtag::boolean; }
  bool is_number() const noexcept { return tag_ == vtag::integer || tag_ == vtag::boolean || tag_ == vtag::floating; }

  bool as_bool() const noexcept { return u_.b; }
  std::int64_t as_int() const noexcept { return u_.i; }
  /// int or bool as int64
  std::int64_t as_intlike() const noexcept { return tag_ == vtag::boolean ? (u_.b ? 1 : 0) : u_.i; }
  double as_float() const noexcept { return u_.d; }
  object* obj() const noexcept { return u_.o; }
  okind kind() const noexcept { return u_.o->kind; }
  bool is_kind(okind k) const noexcept { return tag_ == vtag::object && u_.o->kind == k; }
  template <class T> bool is() const noexcept { return is_kind(T::static_kind); }
  template <class T> T* as() const noexcept { return static_cast<T*>(u_.o); }
  template <class T> T* get_if() const noexcept { return is<T>() ? static_cast<T*>(u_.o) : nullptr; }

  /// Identity (`is`): objects by address, inline values by tag and bits.
  bool same(const value& o) const noexcept {
    if (tag_ != o.tag_) return false;
    switch (tag_) {
      case vtag::null:
      case vtag::none: return true;
      case vtag::boolean: return u_.b == o.u_.b;
      case vtag::integer: return u_.i == o.u_.i;
      case vtag::floating: return std::memcmp(&u_.d, &o.u_.d, sizeof(double)) == 0;
      case vtag::object: return u_.o == o.u_.o;
    }
    return false;
  }

  void swap(value& o) noexcept {
    std::swap(tag_, o.tag_);
    std::swap(u_, o.u_);
  }

 private:
  explicit value(vtag t) noexcept : tag_(t) { u_.i = 0; }
  vtag tag_;
  union {
    bool b;
    std::int64_t i;
    double d;
    object* o;
  } u_;
};

static_assert(sizeof(value) == 16, "minipy::value must stay 16 bytes");

}  // namespace minipy
