// lasso_cpython/object.hpp
//
// `object`: an owning reference to a Python object, the adapter's value handle. Copying
// one takes a new reference and destroying it drops one, so that values lasso keeps
// (constants of a code it decoded, say) stay alive exactly as long as lasso holds them.
// Every member runs with the GIL held, as all of lasso's calls into the adapter do.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace lasso_cpython {

/// Thrown where a Python API call failed: the Python exception is set, and whoever
/// returns to Python lets it propagate.
struct python_error : std::runtime_error {
    python_error() : std::runtime_error("a Python exception is set") {}
};

class object {
public:
    object() noexcept = default;
    /// Takes over a new reference (may be null).
    static object steal(PyObject* p) noexcept { return object(p); }
    /// Takes over a new reference; a null one means the call that returned it failed.
    static object checked(PyObject* p) {
        if (!p) throw python_error();
        return object(p);
    }
    /// Adds a reference to a borrowed one.
    static object borrow(PyObject* p) noexcept {
        Py_XINCREF(p);
        return object(p);
    }

    object(const object& o) noexcept : p_(o.p_) { Py_XINCREF(p_); }
    object(object&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    object& operator=(object o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }
    ~object() { Py_XDECREF(p_); }

    PyObject* get() const noexcept { return p_; }
    /// Gives the reference up to the caller.
    PyObject* release() noexcept { return std::exchange(p_, nullptr); }
    explicit operator bool() const noexcept { return p_ != nullptr; }
    friend bool operator==(const object& a, const object& b) noexcept { return a.p_ == b.p_; }

private:
    explicit object(PyObject* p) noexcept : p_(p) {}
    PyObject* p_ = nullptr;
};

/// A str as UTF-8. Lone surrogates (file names decoded with surrogateescape) are kept
/// with "surrogatepass", so that `to_str` gives back the same str.
inline std::string to_utf8(PyObject* s) {
    if (!PyUnicode_Check(s)) {
        PyErr_Format(PyExc_TypeError, "expected str, got %s", Py_TYPE(s)->tp_name);
        throw python_error();
    }
    Py_ssize_t size = 0;
    if (const char* text = PyUnicode_AsUTF8AndSize(s, &size)) return std::string(text, static_cast<std::size_t>(size));
    PyErr_Clear();
    object bytes = object::checked(PyUnicode_AsEncodedString(s, "utf-8", "surrogatepass"));
    return std::string(PyBytes_AS_STRING(bytes.get()), static_cast<std::size_t>(PyBytes_GET_SIZE(bytes.get())));
}

/// The inverse of `to_utf8`.
inline object to_str(std::string_view text) {
    return object::checked(PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogatepass"));
}

} // namespace lasso_cpython
