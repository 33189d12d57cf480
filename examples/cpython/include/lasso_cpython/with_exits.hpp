// lasso_cpython/with_exits.hpp
//
// The exceptional exit of `with` blocks of user classes (lasso::feature::traced_with_exits).
// CPython 3.11 compiles `with m: body` (compile.c, compiler_with) with an exception-table
// entry over the body whose handler keeps the bound `__exit__` and the offset of the
// raising instruction on the stack and pushes the exception; the handler runs
// PUSH_EXC_INFO (saves the exception handled before), WITH_EXCEPT_START (calls
// `__exit__(type(e), e, e.__traceback__)` and pushes its result), POP_JUMP_IF_TRUE, and
// then RERAISE 2 (not suppressed: a cleanup entry runs COPY 3, POP_EXCEPT, RERAISE 1,
// on to the next handler) or POP_TOP, POP_EXCEPT, POP_TOP, POP_TOP (suppressed:
// compiler_with_except_finish). That is the stack lasso's `with_except_start` reads, so
// the adapter declares the feature and adds no member.
//
// What CPython records and lasso does not is never made up: the traceback argument is
// a value lasso knows nothing of (any use of it is a graph break, which lasso moves to
// the raise, whose code then raises for real and CPython runs `__exit__` itself), and so
// is anything of the exception but its class (traced_exceptions.hpp). Only raises the
// trace makes go this way; a compiled graph that raises inside a block still runs the
// frame again as plain Python.
#pragma once

#include <lasso/adapter.hpp>

namespace lasso_cpython {

/// The capture adapter's feature for the exceptional exit of `with` blocks, a base of
/// `capture_adapter`.
struct with_exit_members {
    static constexpr lasso::feature_set features{lasso::feature::traced_with_exits};
};

} // namespace lasso_cpython
