// The runnable tiny runtime (examples/minimal_adapter/tiny_exec.hpp) with graph breaks,
// its instructions laid out as CPython 3.11's (cache_adapter.hpp): two-byte units, zero
// cache units after LDG, BINOP, CALL, UNPACK, LDA, ..., and LDG's argument
// `name << 1 | push_null`. For tests of the whole pipeline: capture, the code generated
// at graph breaks, resume functions.
#pragma once

#include "cache_adapter.hpp"
#include "tiny_exec.hpp"

#include <lasso/lasso.hpp>

namespace lasso_test::tiny {

struct cache_exec_adapter : exec_adapter_resumable {
    static constexpr auto opcodes = lasso_test::detail::with_cpython_layout(adapter::opcodes);
    static constexpr lasso::bytecode::encoding bytecode_encoding =
        lasso_test::detail::cpython_like_encoding(compact_adapter::EXT);
    static value call_code(const exec_frame& f, const code& c) { return run_code<cache_exec_adapter>(f, c); }
};
static_assert(lasso::InterpreterAdapter<cache_exec_adapter> && lasso::ResumeAdapter<cache_exec_adapter>);

} // namespace lasso_test::tiny
