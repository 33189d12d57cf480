// lasso_cpython/user_objects.hpp
//
// Instances and classes of user classes, as CPython 3.11 looks their attributes up
// (`object.__getattribute__`, `type.__getattribute__`): what lasso may read without
// running code, which classes it may construct in the trace, which stores it may
// replay, and an identity of a class that changes whenever the class does.
//
// Only classes lasso can follow exactly are modelled: metaclass `type`, every class of
// the MRO but `object` written in Python (a builtin base such as `list` or `Exception`
// has lookups of its own). Of those, a read that would run code or make a new object is
// not answered (the translator then breaks with a reason): a property (lasso inlines the
// getter of one whose class answers it: properties.hpp) or any other data
// descriptor (slots, `__dict__`), a function read through an instance (a new bound
// method each time), a classmethod, a descriptor of the user's, and any read of a class
// with `__getattribute__` or `__getattr__`. A staticmethod of a Python function reads as
// the function through an instance (its `__get__` is C and makes nothing); through the
// class it is not answered, since lasso reads the class of an instance for methods.
//
// Guards re-read attributes through the same functions, so an attribute stored, deleted
// or shadowed between calls fails them. What is decided about a class at trace time
// (that it has no `__setattr__`, no property of some name, no `__init__`) is guarded
// through the class's identity: `class_identity` gives a user class a number of its
// CPython type version tag, which CPython clears on every change to the class or to
// a base (an attribute set or deleted, `__bases__` assigned) and gives a new, never
// reused, value on the next lookup. An instance whose `__class__` is assigned has
// another type, which its type guard sees.
#pragma once

#include <lasso_cpython/object.hpp>
#include <lasso_cpython/properties.hpp>

#include <lasso/adapter.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace lasso_cpython::user_objects {

namespace detail {
/// The descriptor `object.__class__` (a data descriptor CPython answers with the type).
inline PyObject* object_class_descriptor() {
    static PyObject* d = PyDict_GetItemString(PyBaseObject_Type.tp_dict, "__class__");
    return d;
}
inline bool data_descriptor(PyObject* d) { return Py_TYPE(d)->tp_descr_set != nullptr; }
inline bool has_getter(PyObject* d) { return Py_TYPE(d)->tp_descr_get != nullptr; }
/// The names of a class body that are no descriptors of the user's: the instance
/// `__dict__` and `__weakref__` CPython adds, read through `object` rules anyway.
inline bool layout_name(std::string_view n) { return n == "__dict__" || n == "__weakref__"; }
/// A `staticmethod` (exactly) wrapping a Python function: its `__get__` is C and gives
/// the function itself, through the class and through an instance alike.
inline PyObject* static_function(PyObject* d) {
    if (!d || Py_TYPE(d) != &PyStaticMethod_Type) return nullptr;
    object f = object::steal(Py_TYPE(d)->tp_descr_get(d, Py_None, Py_None));
    if (!f) {
        PyErr_Clear();
        return nullptr;
    }
    return PyFunction_Check(f.get()) ? f.get() : nullptr; // borrowed: the staticmethod holds it
}
} // namespace detail

/// A number for class `tp` that changes whenever the class or a base changes:
/// `(version tag << 1) | 1` for a class written in Python whose metaclass is `type`
/// (odd, so never an object's address), its address for any other class (a builtin
/// type, a class with another metaclass: never modelled). Version tags are unique in
/// the process
/// (CPython takes them from one counter, and a changed class gets a new one on its
/// next lookup, which this makes). Should CPython run out of tags (after 2**32 class
/// changes), the address is all that is left, and `facts_of` models no such class.
inline std::uintptr_t class_identity(PyTypeObject* tp) {
    const auto address = reinterpret_cast<std::uintptr_t>(tp);
    if (!(tp->tp_flags & Py_TPFLAGS_HEAPTYPE) || Py_TYPE(tp) != &PyType_Type) return address;
    if (!(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG)) {
        static PyObject* probe = PyUnicode_InternFromString("__lasso_version_probe__");
        (void)_PyType_Lookup(tp, probe); // assigns a tag (and caches the miss)
    }
    if (!(tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) || tp->tp_version_tag == 0) return address;
    return (static_cast<std::uintptr_t>(tp->tp_version_tag) << 1) | 1u;
}
inline std::uintptr_t identity(PyObject* v) {
    return PyType_Check(v) ? class_identity(reinterpret_cast<PyTypeObject*>(v)) : reinterpret_cast<std::uintptr_t>(v);
}

/// What lasso needs to know of a class's bodies, computed once per state of the class.
struct class_facts {
    /// Lookups on the class and its instances follow rules lasso models: its metaclass
    /// is `type`, every class of its MRO but the last, `object`, is written in Python
    /// with metaclass `type`, and every special name (`__eq__`, `__len__`, ...) of their
    /// bodies is a function or a plain value. (A `__len__ = staticmethod(f)` would read
    /// as absent here, and lasso would take an instance's length or truth for
    /// `object`'s.)
    bool modelled = false;
    /// Besides, no body has a data descriptor (a property, a slot) or `__slots__`: every
    /// attribute an instance stores goes to its `__dict__`.
    bool plain_stores = false;
};

namespace detail {
inline class_facts compute_facts(PyTypeObject* tp) {
    class_facts facts;
    if (Py_TYPE(tp) != &PyType_Type || !(tp->tp_flags & Py_TPFLAGS_HEAPTYPE) || !tp->tp_mro) return facts;
    PyObject* mro = tp->tp_mro;
    const Py_ssize_t n = PyTuple_GET_SIZE(mro);
    if (n < 2 || PyTuple_GET_ITEM(mro, n - 1) != reinterpret_cast<PyObject*>(&PyBaseObject_Type)) return facts;
    bool plain_stores = true;
    for (Py_ssize_t i = 0; i < n - 1; ++i) {
        PyObject* c = PyTuple_GET_ITEM(mro, i);
        if (Py_TYPE(c) != &PyType_Type || !(reinterpret_cast<PyTypeObject*>(c)->tp_flags & Py_TPFLAGS_HEAPTYPE))
            return facts;
        Py_ssize_t pos = 0;
        PyObject *k, *v;
        while (PyDict_Next(reinterpret_cast<PyTypeObject*>(c)->tp_dict, &pos, &k, &v)) {
            if (!PyUnicode_Check(k)) return facts;
            Py_ssize_t size = 0;
            const char* text = PyUnicode_AsUTF8AndSize(k, &size);
            if (!text) {
                PyErr_Clear();
                return facts;
            }
            const std::string_view name(text, static_cast<std::size_t>(size));
            if (layout_name(name)) continue;
            const bool special = name.size() > 4 && name.starts_with("__") && name.ends_with("__");
            if (special && !PyFunction_Check(v) && has_getter(v)) return facts;
            if (name == "__slots__" || data_descriptor(v)) plain_stores = false;
        }
    }
    facts.modelled = true;
    facts.plain_stores = plain_stores;
    return facts;
}
} // namespace detail

/// The facts of class `tp`, cached by its identity (a changed class is computed again).
inline class_facts facts_of(PyTypeObject* tp) {
    if (Py_TYPE(tp) != &PyType_Type || !(tp->tp_flags & Py_TPFLAGS_HEAPTYPE)) return {};
    const std::uintptr_t id = class_identity(tp);
    // No version tag (CPython ran out of them): a change to the class would not be
    // seen, so nothing of it is modelled.
    if (id == reinterpret_cast<std::uintptr_t>(tp)) return {};
    static auto* cache = new std::unordered_map<PyTypeObject*, std::pair<std::uintptr_t, class_facts>>();
    auto& entry = (*cache)[tp];
    if (entry.first != id) entry = {id, detail::compute_facts(tp)};
    return entry.second;
}
inline bool modelled_class(PyTypeObject* tp) { return facts_of(tp).modelled; }

/// `getattr(o, name)` of an instance of a modelled class, when it runs no code and
/// makes no new object: an attribute of the instance's own, else a plain value of its
/// class (no descriptor) or the function of a staticmethod. `__class__` is the type.
/// Nothing otherwise.
inline std::optional<object> instance_attribute(PyObject* o, PyObject* name) {
    PyTypeObject* tp = Py_TYPE(o);
    if (!modelled_class(tp) || tp->tp_getattro != PyObject_GenericGetAttr) return std::nullopt;
    PyObject* found = _PyType_Lookup(tp, name); // borrowed; compares str keys only
    if (found && found == detail::object_class_descriptor()) return object::borrow(reinterpret_cast<PyObject*>(tp));
    if (found && detail::data_descriptor(found)) return std::nullopt; // a property, a slot: it answers first
    // A function of the class: the instance's own attribute shadows it; else the read
    // would bind a new method. A staticmethod of a function gives the function. Other
    // getters (classmethod, a user's __get__) may run code or make a new object.
    if (found && detail::has_getter(found) && !PyFunction_Check(found) && !detail::static_function(found))
        return std::nullopt;
    // The generic read: the instance's values or dict, then the class (no code runs:
    // the class attribute is a function, whose binding is C, or a plain value).
    object r = object::steal(PyObject_GenericGetAttr(o, name));
    if (!r) {
        PyErr_Clear();
        return std::nullopt;
    }
    if (found && PyFunction_Check(found) && PyMethod_Check(r.get()) && PyMethod_GET_FUNCTION(r.get()) == found &&
        PyMethod_GET_SELF(r.get()) == o)
        return std::nullopt; // not the instance's own: a bound method made for this read
    return r;
}

/// `getattr(cls, name)` of a modelled class when it runs no code: `type`'s own data
/// descriptors (`__name__`, `__dict__`, ...) are not answered; a function of the MRO is
/// itself (`function.__get__(None, cls)`); a plain value is itself; a property whose
/// getter lasso inlines (properties.hpp) is itself; other descriptors (classmethod,
/// staticmethod, other properties, `object`'s slot wrappers such as its `__init__`)
/// are not answered.
inline std::optional<object> class_attribute(PyTypeObject* cls, PyObject* name) {
    if (!modelled_class(cls)) return std::nullopt;
    PyObject* meta = _PyType_Lookup(&PyType_Type, name);
    if (meta && detail::data_descriptor(meta)) return std::nullopt;
    PyObject* found = _PyType_Lookup(cls, name);
    if (!found) return std::nullopt;
    if (PyFunction_Check(found) || !detail::has_getter(found)) return object::borrow(found);
    // A property whose getter lasso inlines is itself (`property.__get__(None, cls)`),
    // where instances read it by the generic lookup (lasso inlines the getter on them).
    if (properties::inlined_getter(found) && cls->tp_getattro == PyObject_GenericGetAttr) return object::borrow(found);
    // Not a staticmethod's function either: lasso takes a function of an instance's
    // class for a method to bind to the instance (instance_attribute answers it).
    return std::nullopt;
}

/// A class whose call lasso inlines as CPython runs it: `object.__new__` (no
/// `__new__`, no builtin base), then the `__init__` found (a Python function, or
/// `object`'s). Its instances have a `__dict__` (no `__slots__`), the generic
/// `__getattribute__` and `__setattr__`, no `__del__` (an instance made in the trace and
/// never built would never run it), and no property or other data descriptor in its
/// bodies (the trace stores every attribute on the instance).
inline bool constructs_instance(PyObject* cls) {
    if (!PyType_Check(cls)) return false;
    auto* tp = reinterpret_cast<PyTypeObject*>(cls);
    if (!modelled_class(tp) || tp->tp_new != PyBaseObject_Type.tp_new || tp->tp_getattro != PyObject_GenericGetAttr ||
        tp->tp_setattro != PyObject_GenericSetAttr || tp->tp_finalize || tp->tp_del || tp->tp_dictoffset == 0 ||
        (tp->tp_flags & Py_TPFLAGS_IS_ABSTRACT))
        return false;
    static PyObject* init_name = PyUnicode_InternFromString("__init__");
    PyObject* init = _PyType_Lookup(tp, init_name);
    if (!init || (!PyFunction_Check(init) && init != PyDict_GetItemString(PyBaseObject_Type.tp_dict, "__init__")))
        return false;
    return facts_of(tp).plain_stores;
}

/// An instance of such a class with nothing stored, its `__init__` not run
/// (`object.__new__(cls)`), for generated code that builds an object made in the trace.
inline object new_instance(PyObject* cls) {
    if (!constructs_instance(cls)) {
        PyErr_SetString(PyExc_TypeError, "lasso: new_instance of a class whose instances lasso does not build");
        throw python_error();
    }
    object no_args = object::checked(PyTuple_New(0));
    return object::checked(PyBaseObject_Type.tp_new(reinterpret_cast<PyTypeObject*>(cls), no_args.get(), nullptr));
}

/// Whether `obj.name = v` only stores `v` as the instance's own attribute (so that a
/// later read gives `v`): an instance of a modelled class with the generic
/// `__setattr__` and `__getattribute__` and a `__dict__`, whose class has no data
/// descriptor (property, slot) called `name`.
inline bool plain_attribute_store(PyObject* o, std::string_view name) {
    PyTypeObject* tp = Py_TYPE(o);
    if (!modelled_class(tp) || tp->tp_setattro != PyObject_GenericSetAttr || tp->tp_getattro != PyObject_GenericGetAttr ||
        tp->tp_dictoffset == 0)
        return false;
    object key = to_str(name);
    PyObject* found = _PyType_Lookup(tp, key.get());
    return !found || !detail::data_descriptor(found);
}

/// `isinstance(o, spec)` when it runs no code: `o` a value of a builtin kind lasso
/// knows (None, bool, int, float, str, tuple, list, dict) or an instance of a modelled
/// class whose `__class__` is `object`'s; `spec` a modelled class or one of the
/// builtin classes int, float, bool and str (whose metaclass is exactly `type`: CPython
/// asks no `__instancecheck__`), or a tuple of such. Nothing otherwise.
inline std::optional<object> isinstance(PyObject* o, PyObject* spec) {
    const bool known_kind = o == Py_None || PyBool_Check(o) || PyLong_CheckExact(o) || PyFloat_CheckExact(o) ||
                            PyUnicode_CheckExact(o) || PyTuple_CheckExact(o) || PyList_CheckExact(o) || PyDict_CheckExact(o);
    if (!known_kind) {
        static PyObject* class_name = PyUnicode_InternFromString("__class__");
        const auto cls = instance_attribute(o, class_name);
        if (!cls || cls->get() != reinterpret_cast<PyObject*>(Py_TYPE(o))) return std::nullopt;
    }
    // Classes guarded by identity: modelled ones (a `type` to lasso) and the builtins
    // the adapter names (int, float, bool, str); any other class is guarded on its type
    // alone, and another class in its place would pass.
    const auto plain_class = [](PyObject* c) {
        if (!PyType_Check(c)) return false;
        auto* t = reinterpret_cast<PyTypeObject*>(c);
        return modelled_class(t) || t == &PyLong_Type || t == &PyFloat_Type || t == &PyBool_Type || t == &PyUnicode_Type;
    };
    if (PyTuple_CheckExact(spec)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(spec); ++i)
            if (!plain_class(PyTuple_GET_ITEM(spec, i))) return std::nullopt;
    } else if (!plain_class(spec)) {
        return std::nullopt;
    }
    const int r = PyObject_IsInstance(o, spec);
    if (r < 0) {
        PyErr_Clear();
        return std::nullopt;
    }
    return object::borrow(r ? Py_True : Py_False);
}

} // namespace lasso_cpython::user_objects

namespace lasso_cpython {

/// The capture adapter's members for user objects (lasso::feature::construction,
/// instances, attribute_stores), a base of `capture_adapter`. `identity_equality`: `==`
/// of modelled classes, and of instances whose classes define neither `__eq__` nor
/// `__ne__`, is `object.__eq__`, identity (`object`'s own methods read as absent here).
struct user_object_members {
    static constexpr lasso::feature_set features{lasso::feature::construction, lasso::feature::instances,
                                                 lasso::feature::attribute_stores, lasso::feature::identity_equality};

    static bool constructs_instance(const object& cls) { return user_objects::constructs_instance(cls.get()); }
    static object new_instance(const object& cls) { return user_objects::new_instance(cls.get()); }
    static bool plain_attribute_store(const object& obj, std::string_view name) {
        return user_objects::plain_attribute_store(obj.get(), name);
    }
};

} // namespace lasso_cpython
