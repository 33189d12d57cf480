// lasso_cpython/closures.hpp
//
// Cells and closures in CPython 3.11: functions made in captured code (`def`, `lambda`:
// MAKE_FUNCTION of a code constant, with a tuple of cells for a closure), closures made
// outside the trace inlined by reading their cells, cells as objects (one tracker per
// cell, so that a `nonlocal` store through one closure is seen through another), cells
// made by generated code, and graph breaks in functions with cells (the resume function
// gets the frame's cells as its closure).
//
// 3.11 numbers cells by their localsplus slot (lasso/bytecode/cells.hpp): the hook sees a
// frame before its first instruction, when a cell variable's slot still holds the
// argument (or nothing) because MAKE_CELL has not run, and a free variable's slot is
// empty because COPY_FREE_VARS has not run: free variables are read from the function's
// closure, which holds the very cells the frame will hold.
#pragma once

#include <lasso_cpython/object.hpp>

#include <lasso/adapter.hpp>
#include <lasso/bytecode/cells.hpp>

#include <internal/pycore_frame.h>

#include <cstddef>
#include <optional>

namespace lasso_cpython {

namespace closures {
/// The address of item `k` of tuple `t`, as a value slot (it stays put while the tuple lives).
inline const object* tuple_slot(PyObject* t, Py_ssize_t k) {
    return reinterpret_cast<const object*>(&reinterpret_cast<PyTupleObject*>(t)->ob_item[k]);
}

/// The cell object at localsplus slot `i` of frame `f` (not started): a free variable's
/// cell from the function's closure; nothing for a cell variable (MAKE_CELL makes it
/// when the frame starts) or a slot that is no cell.
inline const object* frame_cell(const _PyInterpreterFrame* f, std::size_t i) {
    PyCodeObject* co = f->f_code;
    if (i >= static_cast<std::size_t>(co->co_nlocalsplus)) return nullptr;
    const auto kind = static_cast<unsigned char>(PyBytes_AS_STRING(co->co_localspluskinds)[i]);
    if (!(kind & lasso::bytecode::localsplus_kind::free)) return nullptr;
    PyObject* closure = f->f_func ? f->f_func->func_closure : nullptr;
    const auto k = static_cast<Py_ssize_t>(i) - (co->co_nlocalsplus - co->co_nfreevars);
    if (!closure || !PyTuple_Check(closure) || k < 0 || k >= PyTuple_GET_SIZE(closure)) return nullptr;
    if (!PyCell_Check(PyTuple_GET_ITEM(closure, k))) return nullptr;
    return tuple_slot(closure, k);
}

/// The contents of cell `i` of function `fn`'s closure; nothing for an empty cell.
inline std::optional<object> function_cell_contents(PyObject* fn, std::size_t i) {
    if (!PyFunction_Check(fn)) return std::nullopt;
    PyObject* closure = PyFunction_GET_CLOSURE(fn);
    if (!closure || !PyTuple_Check(closure) || static_cast<Py_ssize_t>(i) >= PyTuple_GET_SIZE(closure)) return std::nullopt;
    PyObject* cell = PyTuple_GET_ITEM(closure, static_cast<Py_ssize_t>(i));
    if (!PyCell_Check(cell) || !PyCell_GET(cell)) return std::nullopt;
    return object::borrow(PyCell_GET(cell));
}

/// A copy of function `fn` (a resume function) whose closure is the tuple of cells
/// `cells`: its code, globals, name and qualified name.
inline object with_closure(PyObject* fn, PyObject* cells) {
    if (!PyFunction_Check(fn) || !PyTuple_CheckExact(cells)) {
        PyErr_SetString(PyExc_TypeError, "lasso: with_closure takes a function and a tuple of cells");
        throw python_error();
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cells); ++k)
        if (!PyCell_Check(PyTuple_GET_ITEM(cells, k))) {
            PyErr_SetString(PyExc_TypeError, "lasso: with_closure: the closure holds a value that is no cell");
            throw python_error();
        }
    auto* f = reinterpret_cast<PyFunctionObject*>(fn);
    object copy = object::checked(PyFunction_NewWithQualName(f->func_code, f->func_globals, f->func_qualname));
    if (PyFunction_SetClosure(copy.get(), cells) < 0) throw python_error();
    return copy;
}
} // namespace closures

/// The capture adapter's members for cells and closures (lasso::feature::closures,
/// cell_identity, cell_making, closure_resume, code_constants), a base of
/// `capture_adapter`. `Frame` is the adapter's frame (a thread and a 3.11 frame).
struct closure_members {
    static constexpr lasso::feature_set features{lasso::feature::closures, lasso::feature::cell_identity,
                                                 lasso::feature::cell_making, lasso::feature::closure_resume,
                                                 lasso::feature::code_constants};

    template <class Frame> static const object* frame_cell(const Frame& f, std::size_t i) {
        return closures::frame_cell(f.f, i);
    }
    static object new_cell() { return object::checked(PyCell_New(nullptr)); }
    static std::optional<object> function_cell_contents(const object& fn, std::size_t i) {
        return closures::function_cell_contents(fn.get(), i);
    }
    static object with_closure(const object& fn, const object& cells) {
        return closures::with_closure(fn.get(), cells.get());
    }
    /// The code of a code constant (what MAKE_FUNCTION takes).
    static std::optional<object> code_constant(const object& v) {
        if (!PyCode_Check(v.get())) return std::nullopt;
        return v;
    }
};

} // namespace lasso_cpython
