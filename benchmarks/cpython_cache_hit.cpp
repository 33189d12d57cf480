// The CPython adapter's cost per call: Debian's Python 3.11 embedded, a small numpy
// function called plain before the frame evaluator is installed, plain after it (every
// Python call then passes through lasso's hook), and captured (a cache hit), plus the
// time of a capture (`lasso.reset()` and a first call). Ratios within one run; the
// README compares the hit's overhead with Dynamo's published warm overhead.
//
// Run from anywhere: the build's python/ directory (the `_lasso` module and package
// `lasso`) is compiled in. Benchmarks run in the order they are registered, so the
// plain run without the hook comes first.
#include <Python.h>
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

namespace {

PyObject* globals = nullptr;

/// Runs `source` in the benchmark's module namespace; exits on a Python error.
void run(const char* source) {
    PyObject* result = PyRun_String(source, Py_file_input, globals, globals);
    if (!result) {
        PyErr_Print();
        std::exit(1);
    }
    Py_DECREF(result);
}

PyObject* function(const char* name) {
    PyObject* f = PyDict_GetItemString(globals, name);
    if (!f) {
        std::fprintf(stderr, "cpython_cache_hit: no function %s\n", name);
        std::exit(1);
    }
    return f;
}

/// Calls `f(x, y)` once per iteration.
void call_each_iteration(benchmark::State& state, PyObject* f) {
    PyObject* x = PyDict_GetItemString(globals, "x");
    PyObject* y = PyDict_GetItemString(globals, "y");
    PyObject* args[] = {x, y};
    for (auto _ : state) {
        PyObject* r = PyObject_Vectorcall(f, args, 2, nullptr);
        if (!r) {
            PyErr_Print();
            std::exit(1);
        }
        Py_DECREF(r);
    }
}

/// Imports lasso and captures `captured`, once: from then on the frame evaluator is
/// installed.
void install_hook() {
    static bool installed = false;
    if (!installed) run("install_hook()\n");
    installed = true;
}

void plain_without_hook(benchmark::State& state) { call_each_iteration(state, function("plain")); }

void plain_with_hook(benchmark::State& state) {
    install_hook();
    call_each_iteration(state, function("plain"));
}

void captured_hit(benchmark::State& state) {
    install_hook();
    PyObject* captured = function("captured");
    call_each_iteration(state, captured); // the first call captures; the rest hit
}

/// A capture: the runtime reset, then the first call translates and compiles again.
void capture_time(benchmark::State& state) {
    install_hook();
    PyObject* captured = function("captured");
    PyObject* reset = function("reset");
    PyObject* x = PyDict_GetItemString(globals, "x");
    PyObject* y = PyDict_GetItemString(globals, "y");
    PyObject* args[] = {x, y};
    for (auto _ : state) {
        PyObject* none = PyObject_CallNoArgs(reset);
        PyObject* r = none ? PyObject_Vectorcall(captured, args, 2, nullptr) : nullptr;
        if (!r) {
            PyErr_Print();
            std::exit(1);
        }
        Py_DECREF(none);
        Py_DECREF(r);
    }
}

} // namespace

BENCHMARK(plain_without_hook);
BENCHMARK(plain_with_hook);
BENCHMARK(captured_hit);
BENCHMARK(capture_time);

int main(int argc, char** argv) {
    Py_Initialize();
    globals = PyDict_New();
    PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
    run("import sys\n"
        "sys.path.insert(0, '" LASSO_PYTHON_DIR
        "')\n"
        "import numpy as np\n"
        "x = np.arange(4.0)\n"
        "y = np.full(4, 0.5)\n"
        "def plain(x, y):\n"
        "    return np.tanh(x * y) + 1\n"
        "def captured(x, y):\n"
        "    return np.tanh(x * y) + 1\n"
        "def install_hook():\n"
        "    global captured, reset\n"
        "    import lasso\n"
        "    captured = lasso.capture(captured)\n"
        "    reset = lasso.reset\n");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
