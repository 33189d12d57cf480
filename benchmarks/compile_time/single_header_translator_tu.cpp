// Compile-time benchmark (scripts/measure-compile-time): minipy_translator_tu.cpp's
// instantiation from the single header (single_include/lasso/lasso.hpp), for the tiny
// test runtime (examples/minimal_adapter/tiny_exec.hpp).
#include <lasso/lasso.hpp>

#include "tiny_exec.hpp"

namespace tiny = lasso_test::tiny;
using adapter = tiny::exec_adapter;

lasso::translation<adapter, lasso::default_config<adapter>> lasso_compile_time_translate(const adapter::code& code,
                                                                                         const adapter::frame& f) {
    return lasso::translator<adapter>(code, f).run();
}

int main() {}
