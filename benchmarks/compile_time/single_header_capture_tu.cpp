// Compile-time benchmark (scripts/measure-compile-time): the same instantiations as
// minipy_capture_tu.cpp, from the single header (single_include/lasso/lasso.hpp) with
// the tiny test runtime made runnable (examples/minimal_adapter/tiny_exec.hpp) as the interpreter.
#include <lasso/lasso.hpp>

#include "tiny_exec.hpp"

namespace tiny = lasso_test::tiny;
using adapter = tiny::exec_adapter;

lasso::translation<adapter, lasso::default_config<adapter>> lasso_compile_time_translate(const adapter::code& code,
                                                                                         const adapter::frame& f) {
    return lasso::translator<adapter>(code, f).run();
}

template class lasso::runtime<adapter>;

adapter::value lasso_compile_time_eval(lasso::runtime<adapter>& rt, adapter::frame& f) { return rt.eval_frame(f); }

int main() {}
