// lasso_cpython/numpy_operations.hpp
//
// The adapter's tensor operations: shape rules (infer_meta), the static attributes of an
// array (`shape`, `ndim`, `size`, `T`, `len`) and running an operation with numpy. The
// capture adapter derives from `numpy_operation_members`; indexing is tried first
// (numpy_indexing.hpp), then the ufuncs, reductions and joins (numpy_rules.hpp).
#pragma once

#include <lasso_cpython/adapter_state.hpp>
#include <lasso_cpython/numpy_indexing.hpp>
#include <lasso_cpython/numpy_rules.hpp>
#include <lasso_cpython/symbolic_sizes.hpp>

#include <lasso/adapter/vocabulary.hpp>
#include <lasso/reasons.hpp>

#include <span>
#include <string>
#include <string_view>

namespace lasso_cpython {

struct numpy_operation_members {
    using value = object;
    static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op,
                                                         std::span<const lasso::operand<tensor_meta>> args) {
        return infer_meta(op, args, {});
    }
    /// The last `keywords.size()` operands are keyword arguments (`axis=0`).
    static lasso::meta_or_reason<tensor_meta> infer_meta(std::string_view op,
                                                         std::span<const lasso::operand<tensor_meta>> args,
                                                         std::span<const std::string> keywords) {
        try {
            // Methods are asked by their name alone (reductions, reshape, transpose).
            const bool method = numpy::is_tensor_method(op);
            if (auto r = numpy::indexing_infer(state().np, op, args, method, keywords)) return std::move(*r);
            return numpy::infer(state().np, op, args, method, keywords);
        } catch (const python_error&) {
            PyErr_Clear();
            return lasso::unsupported{lasso::reasons::unsupported_tensor_op,
                                      "the shape rule of " + std::string(op) + " failed"};
        }
    }
    static lasso::static_attribute tensor_attribute(const tensor_meta& m, std::string_view name) {
        if (name == "shape") return symbolic_size_members::shape_attribute(m);
        if (name == "ndim") return lasso::constant{static_cast<std::int64_t>(m.shape.size())};
        if (name == "size") return numpy::size_attribute(m);
        // x.T: the node `T`, run as the attribute read (a numpy scalar's T is itself).
        if (name == "T") return lasso::attribute_operation{"T"};
        if (name == "__len__") {
            if (m.shape.empty())
                return lasso::unsupported{lasso::reasons::would_raise, "len() of a 0-d array (numpy raises TypeError)"};
            return symbolic_size_members::length_attribute(m);
        }
        return lasso::unsupported{lasso::reasons::unsupported_attribute,
                                  "array attribute '" + std::string(name) + "' is not captured"};
    }

    static value run_op(std::string_view op, std::span<const value> args, bool is_method) {
        return run_op(op, args, is_method, {});
    }
    static value run_op(std::string_view op, std::span<const value> args, bool is_method,
                        std::span<const std::string> keywords) {
        if (auto r = numpy::indexing_run(op, args, is_method, keywords)) return std::move(*r);
        return numpy::run(state().np, op, args, is_method, keywords);
    }
};

} // namespace lasso_cpython
