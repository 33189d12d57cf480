// Compile-time benchmark (scripts/measure-compile-time): one translation unit that
// instantiates everything graph capture needs for minipy's adapter, from the headers
// under include/: the translator (every handler of minipy's opcode table), guards,
// codegen, backends, explain and the frame entry point with every member of
// lasso::runtime. This is what an interpreter's capture source file compiles. It is
// compiled, never run.
#include <lasso/lasso.hpp>
#include <lasso/runtime/eval_frame.hpp>

#include "minipy/capture.hpp"

template class lasso::runtime<minipy::capture_adapter>;

minipy::value lasso_compile_time_eval(lasso::runtime<minipy::capture_adapter>& rt, minipy::frame& f) {
    return rt.eval_frame(f);
}

lasso::translation<minipy::capture_adapter, lasso::default_config<minipy::capture_adapter>>
lasso_compile_time_translate(const minipy::capture_adapter::code& code, const minipy::frame& f) {
    return lasso::translator<minipy::capture_adapter>(code, f).run();
}

int main() {}
