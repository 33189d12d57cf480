// lasso_cpython/prepared_operations.hpp
//
// Operations resolved once per graph node (lasso::feature::prepared_operations): the
// eager backend asks `prepare_op` when it plans a graph and `run_prepared` on each
// call, so a call no longer compares the target against every operator name and scans
// numpy's functions for it (numpy::run). What a prepared operation does is what
// numpy::run does for the same target; targets it does not resolve (indexing, astype,
// anything unexpected) keep running through `run_op`, which says why it cannot.
#pragma once

#include <lasso_cpython/adapter_state.hpp>
#include <lasso_cpython/numpy_operations.hpp>
#include <lasso_cpython/numpy_tensors.hpp>
#include <lasso_cpython/object.hpp>

#include <lasso/adapter/features.hpp>

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso_cpython {

/// How one node runs: a number-protocol function, a rich comparison, a method called by
/// an interned name, the attribute `T`, a numpy function, or `run_op` by its target.
struct prepared_operation {
    enum class how : std::uint8_t { binary, unary, compare, power, method, attribute, function, by_target };
    how kind = how::by_target;
    PyObject* (*binary)(PyObject*, PyObject*) = nullptr;
    PyObject* (*unary)(PyObject*) = nullptr;
    int comparison = 0;
    object callable; ///< the method's name or the numpy function
    std::string target;
    bool is_method = false;
};

struct prepared_operation_members {
    using prepared_op = prepared_operation;
    static constexpr lasso::feature_set features{lasso::feature::prepared_operations};

    static prepared_op prepare_op(std::string_view op, bool is_method) {
        using H = prepared_operation::how;
        prepared_op p;
        p.target = std::string(op);
        p.is_method = is_method;
        if (is_method) {
            if (op == "T") {
                p.kind = H::attribute;
                p.callable = object::borrow(state().name("T"));
            } else if (numpy::is_tensor_method(op) && op != "astype") { // astype: numpy_indexing.hpp
                p.kind = H::method;
                p.callable = object::borrow(state().name(op));
            }
            return p;
        }
        for (const auto& [name, fn] : numpy::binary_operators)
            if (name == op) {
                p.kind = H::binary;
                p.binary = fn;
                return p;
            }
        for (const auto& [name, how] : numpy::comparison_operators)
            if (name == op) {
                p.kind = H::compare;
                p.comparison = how;
                return p;
            }
        if (op == "pow") p.kind = H::power;
        else if (op == "neg" || op == "pos" || op == "abs") {
            p.kind = H::unary;
            p.unary = op == "neg" ? PyNumber_Negative : op == "pos" ? PyNumber_Positive : PyNumber_Absolute;
        } else if (PyObject* fn = op == "getitem" ? nullptr : state().np.function_of(op)) {
            p.kind = H::function;
            p.callable = object::borrow(fn);
        }
        return p;
    }

    static object run_prepared(const prepared_op& p, std::span<const object> args) {
        using H = prepared_operation::how;
        auto need = [&](std::size_t n) {
            if (args.size() != n) {
                PyErr_Format(PyExc_TypeError, "lasso: operation %.100s takes %d operands", p.target.c_str(), int(n));
                throw python_error();
            }
        };
        switch (p.kind) {
        case H::binary: need(2); return object::checked(p.binary(args[0].get(), args[1].get()));
        case H::compare: need(2); return object::checked(PyObject_RichCompare(args[0].get(), args[1].get(), p.comparison));
        case H::power: need(2); return object::checked(PyNumber_Power(args[0].get(), args[1].get(), Py_None));
        case H::unary: need(1); return object::checked(p.unary(args[0].get()));
        case H::attribute: need(1); return object::checked(PyObject_GetAttr(args[0].get(), p.callable.get()));
        case H::method:
        case H::function: {
            std::vector<PyObject*> raw;
            raw.reserve(args.size());
            for (const object& a : args) raw.push_back(a.get());
            if (p.kind == H::function)
                return object::checked(PyObject_Vectorcall(p.callable.get(), raw.data(), raw.size(), nullptr));
            if (raw.empty()) need(1);
            return object::checked(PyObject_VectorcallMethod(p.callable.get(), raw.data(), raw.size(), nullptr));
        }
        case H::by_target: break;
        }
        return numpy_operation_members::run_op(p.target, args, p.is_method);
    }
};

} // namespace lasso_cpython
