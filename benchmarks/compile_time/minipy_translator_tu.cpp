// Compile-time benchmark (scripts/measure-compile-time): one translation unit that
// instantiates the translator for minipy's adapter, from the headers under include/:
// every handler of minipy's opcode table, the trackers, the graph and guard building.
// This is the unit the translator's compile-time goal is stated for;
// minipy_capture_tu.cpp adds the rest of graph capture. Compiled, never run.
#include <lasso/lasso.hpp>

#include "minipy/capture.hpp"

lasso::translation<minipy::capture_adapter, lasso::default_config<minipy::capture_adapter>>
lasso_compile_time_translate(const minipy::capture_adapter::code& code, const minipy::frame& f) {
    return lasso::translator<minipy::capture_adapter>(code, f).run();
}

int main() {}
