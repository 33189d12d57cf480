// lasso_cpython/properties.hpp
//
// Properties of user classes, whose getters lasso inlines (lasso::feature::properties).
// CPython reads `o.name` through a data descriptor of the type before the instance's
// dict; for an exact `property` whose `fget` is a Python function that read is
// `fget(o)`, nothing else (`property.__get__` is C). So the adapter answers
// `type(o).name` with the property itself (`C.name` is the property: its `__get__`
// with no instance returns it) and `property.fget` with the function, and lasso inlines
// it. A property of a subclass of `property`, one whose getter is no Python function
// (`property(operator.attrgetter("x"))`), a property without a getter and any other
// descriptor are not answered: reading them stays a graph break, and CPython reads.
// Stores through a property (`fset`) are not replayed (user_objects.hpp).
#pragma once

#include <lasso_cpython/object.hpp>

#include <lasso/adapter.hpp>

#include <optional>
#include <string_view>

namespace lasso_cpython::properties {

/// The getter of `d` when `d` is exactly a `property` whose getter is a Python function
/// (borrowed: the property holds it), else null.
inline PyObject* inlined_getter(PyObject* d) {
    if (!d || Py_TYPE(d) != &PyProperty_Type) return nullptr;
    object getter = object::steal(PyObject_GetAttrString(d, "fget")); // a C member: no code runs
    if (!getter) {
        PyErr_Clear();
        return nullptr;
    }
    return PyFunction_Check(getter.get()) ? getter.get() : nullptr;
}

/// `getattr(d, name)` of such a property: its `fget`; nothing otherwise.
inline std::optional<object> property_attribute(PyObject* d, std::string_view name) {
    PyObject* getter = inlined_getter(d);
    if (!getter || name != "fget") return std::nullopt;
    return object::borrow(getter);
}

} // namespace lasso_cpython::properties

namespace lasso_cpython {

/// The capture adapter's member for properties, a base of `capture_adapter`.
struct property_members {
    static constexpr lasso::feature_set features{lasso::feature::properties};
    static bool is_property(const object& v) { return properties::inlined_getter(v.get()) != nullptr; }
};

} // namespace lasso_cpython
