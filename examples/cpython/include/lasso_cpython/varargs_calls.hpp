// lasso_cpython/varargs_calls.hpp
//
// Calls of Python functions that take *args (lasso::feature::varargs_parameters), such
// as a context manager's `def __exit__(self, *exc)`. CPython gives such a code
// CO_VARARGS and puts the tuple of the extra positional arguments in the local after
// the positional and keyword-only parameters (co_varnames' order), which is where lasso
// binds the tuple it makes of them. A function that also takes **kwargs
// (CO_VARKEYWORDS) is not inlined: its call stays a graph break.
#pragma once

#include <lasso_cpython/object.hpp>

#include <lasso/adapter.hpp>

#include <cstdint>

namespace lasso_cpython {

/// The capture adapter's member for functions taking *args, a base of `capture_adapter`.
struct varargs_members {
    static constexpr lasso::feature_set features{lasso::feature::varargs_parameters};
    static constexpr std::uint32_t varargs_flag = CO_VARARGS;
};

} // namespace lasso_cpython
