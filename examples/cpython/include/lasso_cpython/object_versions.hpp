// lasso_cpython/object_versions.hpp
//
// Tags of objects' states for lasso::feature::object_versions: a guard that reads
// attributes or items through an object skips those reads while the object's tag is the
// one it saw at its last check. A tag must therefore change whenever any read the
// adapter answers on the object (`attribute`, `item`, absent ones included) could give
// another object, and no tag may be given twice.
//
// CPython 3.11 has the two counters needed, both taken from process-wide counters that
// only grow, so that a value names one object in one state:
// - a dict's `ma_version_tag` (PEP 509): every dict gets a new one when it is made and
//   on every change of its contents (storing the very same object again keeps it, and
//   reads still give that object);
// - a class's `tp_version_tag`: `PyType_Modified` invalidates it on any change to the
//   class's or a base's dict, bases or MRO (subclasses too), and the next lookup gives a
//   new one (user_objects::class_identity).
// What is versioned, with the parts of its state:
// - an instance of a modelled class (user_objects.hpp) with the generic
//   `__getattribute__` and `__setattr__` and an exact dict as `__dict__`: the dict's
//   tag, the class and the class's tag (a `__class__` assignment changes the class
//   without touching the dict). Instances of heap classes keep their attributes in
//   inline values, whose stores bump nothing, until their dict is made: the first
//   version of such an instance makes its dict (`_PyObject_GetDictPtr`), and from then
//   on every store, delete, `setattr`, `vars(o).update` goes to the dict (3.11 never
//   goes back to inline values);
// - a modelled class: the class and its tag;
// - a module of exactly `types.ModuleType` whose dict has only str keys: its dict's tag
//   and its class (a module's `__class__` can be assigned a subclass, whose reads lasso
//   does not answer);
// - an exact dict whose keys are all exact strings (a lookup runs no code): its tag.
// A class whose bodies hold `__slots__` or a staticmethod (read through an instance, it
// gives its function, which `staticmethod.__init__` called again swaps without touching
// the class) versions neither itself nor its instances. A
// value of its bodies whose class can change (an instance of a user class, such as a
// dataclass's `__dataclass_params__`: that class could gain a `__get__` later and turn
// the value into a descriptor without touching this class) adds that class and its tag
// to the state. Everything else has no tag (0): tuples (an address can be reused by
// another tuple), lists, functions, bound methods, properties, exceptions, arrays.
//
// The parts of a state are a few numbers; one 64-bit tag is handed out per state by a
// table of fixed size, indexed by a hash of the state: a state found in its slot gets
// the tag stored with it, any other takes a fresh tag from a counter and replaces the
// slot's entry. A tag is stored with one state only and the counter never repeats, so
// equal tags mean the same object in the same state; two states that share a slot and
// alternate only cost reads (fresh tags fail the skip), never a wrong skip.
#pragma once

#include <lasso_cpython/object.hpp>
#include <lasso_cpython/user_objects.hpp>

#include <lasso/adapter.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso_cpython::object_versions {

namespace detail {
/// The leading fields of 3.11's `PyDictKeysObject` (Include/internal/pycore_dict.h,
/// which needs Py_BUILD_CORE): whether every key is an exact str (`dk_kind` not
/// DICT_KEYS_GENERAL, 0), so that a lookup by a str key compares no user objects.
struct dict_keys_prefix {
    Py_ssize_t dk_refcnt;
    std::uint8_t dk_log2_size;
    std::uint8_t dk_log2_index_bytes;
    std::uint8_t dk_kind;
};
static_assert(PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000, "the dict keys layout is 3.11's");

inline bool str_keys_only(PyObject* d) {
    const auto* keys = reinterpret_cast<const dict_keys_prefix*>(reinterpret_cast<PyDictObject*>(d)->ma_keys);
    return keys->dk_kind != 0;
}
inline std::uint64_t dict_tag(PyObject* d) { return reinterpret_cast<PyDictObject*>(d)->ma_version_tag; }

/// The state of an object as far as its reads go. `dict_tag` is 0 for a class (no dict
/// of its own counts: its tag covers its dict), never for a dict (its first tag is 1).
/// `watch` stands for the classes of the values its class's bodies hold (below).
struct state {
    PyObject* object = nullptr;
    std::uint64_t dict_tag = 0;
    PyTypeObject* type = nullptr;
    std::uintptr_t type_tag = 0;
    std::uint64_t watch = 0;
    bool operator==(const state&) const = default;
};

inline std::uint64_t tag_of(const state& s) {
    struct entry {
        state key;
        std::uint64_t tag = 0;
    };
    constexpr std::size_t slots = 4096;
    static auto* table = new std::array<entry, slots>();
    static std::uint64_t next_tag = 0;
    std::uint64_t h = reinterpret_cast<std::uintptr_t>(s.object) >> 4;
    h = (h ^ s.dict_tag ^ (s.watch << 32)) * 0x9E3779B97F4A7C15ull;
    h = (h ^ s.type_tag ^ (reinterpret_cast<std::uintptr_t>(s.type) >> 4)) * 0xC2B2AE3D27D4EB4Full;
    entry& e = (*table)[(h >> 40) % slots];
    if (e.tag == 0 || !(e.key == s)) e = {s, ++next_tag};
    return e.tag;
}

/// What versioning a modelled class needs of its bodies, computed once per state of the
/// class (as user_objects::facts_of): whether it can be versioned (no `__slots__`, no
/// staticmethod), and
/// the values of its bodies whose class could change (an instance of a user class: its
/// class could gain a `__get__` and turn the value into a descriptor without touching
/// this class; a dataclass's `__dataclass_params__`), borrowed: the bodies hold them
/// while the class keeps its tag. Values of builtin or immutable classes (functions,
/// numbers, properties, classes) cannot change so.
struct bodies {
    bool versioned = false;
    std::vector<PyObject*> watched;
};

inline const bodies& bodies_of(PyTypeObject* tp, std::uintptr_t id) {
    static auto* cache = new std::unordered_map<PyTypeObject*, std::pair<std::uintptr_t, bodies>>();
    auto& entry = (*cache)[tp];
    if (entry.first == id) return entry.second;
    bodies found;
    found.versioned = true;
    PyObject* mro = tp->tp_mro;
    for (Py_ssize_t i = 0; found.versioned && i + 1 < PyTuple_GET_SIZE(mro); ++i) {
        PyObject* body = reinterpret_cast<PyTypeObject*>(PyTuple_GET_ITEM(mro, i))->tp_dict;
        Py_ssize_t pos = 0;
        PyObject *k, *v;
        while (found.versioned && PyDict_Next(body, &pos, &k, &v)) {
            const unsigned long flags = Py_TYPE(v)->tp_flags;
            if ((flags & Py_TPFLAGS_HEAPTYPE) && !(flags & Py_TPFLAGS_IMMUTABLETYPE)) found.watched.push_back(v);
            // A staticmethod gives its function through an instance, and calling its
            // `__init__` again swaps the function without touching the class.
            found.versioned = !PyObject_TypeCheck(v, &PyStaticMethod_Type) &&
                              !(PyUnicode_Check(k) && PyUnicode_CompareWithASCIIString(k, "__slots__") == 0);
        }
    }
    entry = {id, std::move(found)};
    return entry.second;
}

/// One number for the present classes of `watched` values (a value's `__class__` can be
/// assigned too), chained through the table: the version of the state (value, number
/// so far, its class, the class's identity). Equal results mean equal chains, so every
/// class the same in the same state. Nothing when a class has no version tag.
inline std::optional<std::uint64_t> watch_of(const std::vector<PyObject*>& watched) {
    std::uint64_t chain = 0;
    for (PyObject* v : watched) {
        PyTypeObject* cls = Py_TYPE(v);
        const std::uintptr_t id = user_objects::class_identity(cls);
        if (!(id & 1u)) return std::nullopt; // no tag (an address is even): not followed
        chain = tag_of({v, chain, cls, id, 1});
    }
    return chain;
}

/// The identity of modelled class `tp` when it has a version tag and can be versioned,
/// with the number for its watched values; nothing otherwise.
inline std::optional<std::pair<std::uintptr_t, std::uint64_t>> versioned_class(PyTypeObject* tp) {
    if (!user_objects::modelled_class(tp)) return std::nullopt;
    const std::uintptr_t id = user_objects::class_identity(tp);
    if (!(id & 1u)) return std::nullopt; // no tag: an address is even
    const bodies& b = bodies_of(tp, id);
    if (!b.versioned) return std::nullopt;
    const auto watch = watch_of(b.watched);
    if (!watch) return std::nullopt;
    return std::pair{id, *watch};
}
} // namespace detail

/// The tag of `o`'s state, 0 for an object without one (see the top of this file).
inline std::uint64_t version_of(PyObject* o) {
    PyTypeObject* tp = Py_TYPE(o);
    if (PyDict_CheckExact(o)) return detail::str_keys_only(o) ? detail::tag_of({o, detail::dict_tag(o), tp, 0}) : 0;
    if (PyType_Check(o)) {
        auto* cls = reinterpret_cast<PyTypeObject*>(o);
        const auto id = detail::versioned_class(cls);
        return id ? detail::tag_of({o, 0, cls, id->first, id->second}) : 0;
    }
    if (PyModule_CheckExact(o)) {
        PyObject* globals = PyModule_GetDict(o);
        return globals && detail::str_keys_only(globals) ? detail::tag_of({o, detail::dict_tag(globals), tp, 0}) : 0;
    }
    if (tp->tp_getattro != PyObject_GenericGetAttr || tp->tp_setattro != PyObject_GenericSetAttr) return 0;
    const auto id = detail::versioned_class(tp);
    if (!id) return 0;
    PyObject** dict = _PyObject_GetDictPtr(o); // makes a managed dict out of inline values
    if (!dict) {
        PyErr_Clear();
        return 0;
    }
    if (!*dict) {
        // Not made yet (a class with a `__dict__` slot of its own): make it, so that
        // stores go to it from now on.
        object made = object::steal(PyObject_GenericGetDict(o, nullptr));
        if (!made) {
            PyErr_Clear();
            return 0;
        }
    }
    if (!*dict || !PyDict_CheckExact(*dict)) return 0;
    return detail::tag_of({o, detail::dict_tag(*dict), tp, id->first, id->second});
}

} // namespace lasso_cpython::object_versions

namespace lasso_cpython {

/// The capture adapter's member for lasso::feature::object_versions, a base of
/// `capture_adapter`.
struct object_version_members {
    static constexpr lasso::feature_set features{lasso::feature::object_versions};
    static std::uint64_t object_version(const object& v) { return object_versions::version_of(v.get()); }
};

} // namespace lasso_cpython
