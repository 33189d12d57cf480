// lasso_cpython/tensor_writes.hpp
//
// In-place operators on numpy arrays (lasso::feature::tensor_mutation): `x += y` on an
// ndarray writes into `x`, the caller's array too. lasso traces it as `x + y` and, for
// an array from the frame, generated code copies the result into it after the graph
// with `numpy.copyto(x, result)` (lasso/translator/tensor_writes.hpp).
//
// numpy's in-place ufuncs cast the result into `x`'s dtype with `same_kind` and refuse a
// result bigger than `x`; the write is traced only when the out-of-place result has
// exactly `x`'s dtype and shape, where the two agree element for element. `@=` raises in
// numpy 1.24, and a 0-d tensor may be a numpy scalar (immutable: `s += 1` rebinds) or a
// 0-d array (written), which the metadata and its guard do not tell apart: both stay
// graph breaks, and CPython runs them.
#pragma once

#include <lasso_cpython/numpy_tensors.hpp>
#include <lasso_cpython/object.hpp>

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/reasons.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace lasso_cpython {

/// The adapter's members of `tensor_mutation`; `capture_adapter` derives from it.
struct tensor_write_members {
    static constexpr lasso::feature_set features{lasso::feature::tensor_mutation};

    /// Whether in-place form `which` writes into an array of `m` (never false: every
    /// array is mutable; the forms numpy does not write are breaks).
    static std::variant<bool, lasso::unsupported> inplace_writes(const tensor_meta& m, std::int64_t which) {
        using B = lasso::bytecode::binary_operator;
        const auto op = static_cast<B>(which - lasso::bytecode::binary_inplace_offset);
        const std::string text(lasso::bytecode::binary_op_text(which));
        if (op == B::matrix_multiply)
            return lasso::unsupported{lasso::reasons::unsupported_mutation,
                                      "in-place operator '" + text + "' on an array (numpy 1.24 raises TypeError)"};
        if (m.shape.empty())
            return lasso::unsupported{lasso::reasons::unsupported_mutation,
                                      "in-place operator '" + text +
                                          "' on a 0-d tensor (a numpy scalar is rebound, a 0-d array written into; "
                                          "its guard does not tell them apart)"};
        return true;
    }
    /// The result is stored as it is: same dtype, same shape.
    static bool inplace_fits(const tensor_meta& target, const tensor_meta& result) { return target == result; }
    /// Operators, ufuncs, reductions, constructors and joins make new arrays; reshape,
    /// transpose, `.T`, indexing and anything not known may return a view.
    static bool result_is_fresh(std::string_view op, bool) {
        switch (numpy::rule_of(op)) {
        case numpy::rule::elementwise:
        case numpy::rule::compare:
        case numpy::rule::unary:
        case numpy::rule::matmul:
        case numpy::rule::reduce:
        case numpy::rule::construct:
        case numpy::rule::like:
        case numpy::rule::join: return true;
        case numpy::rule::reshape:
        case numpy::rule::transpose:
        case numpy::rule::none: return false;
        }
        return false;
    }
    /// The bytes an array's elements span, as `numpy.byte_bounds` computes them (empty
    /// for an array without elements and for a numpy scalar, which owns its value).
    static std::pair<std::uintptr_t, std::uintptr_t> tensor_memory(const object& v) {
        if (!PyArray_Check(v.get())) return {0, 0};
        auto* a = reinterpret_cast<PyArrayObject*>(v.get());
        auto begin = reinterpret_cast<std::intptr_t>(PyArray_DATA(a));
        std::intptr_t end = begin;
        for (int d = 0; d < PyArray_NDIM(a); ++d) {
            const npy_intp n = PyArray_DIMS(a)[d];
            if (n == 0) return {0, 0};
            const npy_intp step = PyArray_STRIDES(a)[d] * (n - 1);
            (step < 0 ? begin : end) += step;
        }
        end += PyArray_ITEMSIZE(a);
        return {static_cast<std::uintptr_t>(begin), static_cast<std::uintptr_t>(end)};
    }
    /// `numpy.copyto`: `copyto(x, result)` writes the result into `x` (same dtype and
    /// shape, so its `same_kind` casting never applies).
    static object tensor_writer() {
        static PyObject* copyto = [] {
            object np = object::steal(PyImport_ImportModule("numpy"));
            PyObject* f = np ? PyObject_GetAttrString(np.get(), "copyto") : nullptr;
            if (!f) throw python_error();
            return f; // kept for the life of the process
        }();
        return object::borrow(copyto);
    }
};

} // namespace lasso_cpython
