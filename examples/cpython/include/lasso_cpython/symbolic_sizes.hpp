// lasso_cpython/symbolic_sizes.hpp
//
// Symbolic (dynamic) shapes on CPython (lasso::feature::symbolic_shapes): the adapter
// members lasso reads sizes through, and the marks `lasso.mark_dynamic(arr, dim)` sets.
//
// An ndarray has no attribute dict to hold a mark, so the marks live in a table keyed
// by the array's address, each entry with a weak reference whose callback removes it
// when the array dies (before its memory can be reused by another array). numpy
// scalars take no weak reference and have no dimensions: they are never marked.
#pragma once

#include <lasso_cpython/numpy_tensors.hpp>

#include <lasso/symbolic/sym_int.hpp>

#include <cstdint>
#include <span>
#include <unordered_map>

namespace lasso_cpython {

/// Dimensions `lasso.mark_dynamic` marked, per live array (bit d for dimension d).
class dynamic_marks {
public:
    static dynamic_marks& get() {
        static dynamic_marks* m = new dynamic_marks(); // never destroyed: entries hold Python objects
        return *m;
    }

    /// Marks dimension `dim` of `arr` (negative counted from the end), as
    /// `mark_dynamic(arr, dim)`; false with a Python exception set for a value that is
    /// no ndarray or a dimension out of range (IndexError, minipy's message).
    bool mark(PyObject* arr, long long dim) {
        if (!PyArray_Check(arr)) {
            PyErr_SetString(PyExc_TypeError, "mark_dynamic(): arr must be a numpy.ndarray");
            return false;
        }
        const long long nd = PyArray_NDIM(reinterpret_cast<PyArrayObject*>(arr));
        if (nd == 0 || dim < -nd || dim >= nd) {
            PyErr_Format(PyExc_IndexError, "dimension out of range (expected to be in range of [%lld, %lld], but got %lld)",
                         nd > 0 ? -nd : -1, nd > 0 ? nd - 1 : 0, dim);
            return false;
        }
        const long long d = dim < 0 ? dim + nd : dim;
        auto it = marks_.find(arr);
        if (it == marks_.end()) {
            object address = object::checked(PyLong_FromVoidPtr(arr));
            object forget = object::checked(PyCFunction_New(&forget_method, address.get()));
            object ref = object::checked(PyWeakref_NewRef(arr, forget.get()));
            it = marks_.emplace(arr, entry{0, std::move(ref)}).first;
        }
        if (d < 64) it->second.dims |= std::uint64_t{1} << d;
        return true;
    }

    /// The marked dimensions of `v` (0 for an array never marked).
    std::uint64_t of(PyObject* v) const {
        auto it = marks_.find(v);
        return it == marks_.end() ? 0 : it->second.dims;
    }

private:
    struct entry {
        std::uint64_t dims = 0;
        object ref; ///< a weak reference to the array; its callback erases the entry
    };

    /// The weak reference's callback: `self` is the dead array's address.
    static PyObject* forget(PyObject* self, PyObject*) {
        get().marks_.erase(PyLong_AsVoidPtr(self));
        Py_RETURN_NONE;
    }
    static inline PyMethodDef forget_method{"forget_marks", &forget, METH_O, "forgets a dead array's marks"};

    dynamic_marks() = default;
    std::unordered_map<const void*, entry> marks_;
};

/// The capture adapter's members of lasso::feature::symbolic_shapes (a base of
/// capture_adapter): sizes are read from the metadata and from the arrays themselves.
struct symbolic_size_members {
    static std::span<const lasso::sym_int> meta_sizes(const tensor_meta& m) { return m.shape; }
    static void set_meta_size(tensor_meta& m, std::size_t dim, const lasso::sym_int& s) { m.shape.at(dim) = s; }
    /// Dimension `dim` of a tensor value (the guards checked it is an array of that rank).
    static std::int64_t tensor_size(const object& v, std::size_t dim) {
        return PyArray_DIMS(reinterpret_cast<PyArrayObject*>(v.get()))[dim];
    }
    static std::uint64_t marked_dynamic(const object& v) { return dynamic_marks::get().of(v.get()); }

    /// `x.shape` of metadata `m`: sizes when one is a symbol, else constants (as before
    /// symbolic shapes: a tuple of ints folds into constants).
    static lasso::static_attribute shape_attribute(const tensor_meta& m) {
        for (const lasso::sym_int& d : m.shape)
            if (d.is_symbolic()) return m.shape;
        std::vector<lasso::constant> dims;
        for (const lasso::sym_int& d : m.shape) dims.emplace_back(d.hint());
        return dims;
    }
    /// `len(x)`: the first size, a symbol or a constant.
    static lasso::static_attribute length_attribute(const tensor_meta& m) {
        if (m.shape[0].is_symbolic()) return m.shape[0];
        return lasso::constant{m.shape[0].hint()};
    }
};

} // namespace lasso_cpython
