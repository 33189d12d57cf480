// The CPython adapter's cost per call: Debian's Python 3.11 embedded, a small numpy
// function called plain before the frame evaluator is installed, plain after it (every
// Python call then passes through lasso's hook), and captured (a cache hit), plus the
// time of a capture (`lasso.reset()` and a first call); and the same for a method call on
// an object with three attributes (`layer.forward(x)`, as a layer of minipy's MLP), whose
// guards read the attributes through the object (skipped while its version stays).
// Ratios within one run; the README compares the hit's overhead with Dynamo's published
// warm overhead.
//
// Run from anywhere: the build's python/ directory (the `_lasso` module and package
// `lasso`) is compiled in; LASSO_BENCHMARK_PYTHON_DIR names another one (another
// build's module, to compare). Benchmarks run in the order they are registered, so the
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

/// Calls `f(x, <second>)` once per iteration (`second` a global's name).
void call_each_iteration(benchmark::State& state, PyObject* f, const char* second = "y") {
    PyObject* x = PyDict_GetItemString(globals, "x");
    PyObject* y = PyDict_GetItemString(globals, second);
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

void method_plain(benchmark::State& state) {
    install_hook();
    call_each_iteration(state, function("plain_method"), "layer");
}

void method_hit(benchmark::State& state) {
    install_hook();
    call_each_iteration(state, function("captured_method"), "layer");
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
BENCHMARK(method_plain);
BENCHMARK(method_hit);

int main(int argc, char** argv) {
    Py_Initialize();
    globals = PyDict_New();
    PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
    const char* dir = std::getenv("LASSO_BENCHMARK_PYTHON_DIR");
    PyObject* path = PySys_GetObject("path"); // borrowed
    PyObject* entry = PyUnicode_FromString(dir ? dir : LASSO_PYTHON_DIR);
    if (!path || !entry || PyList_Insert(path, 0, entry) < 0) {
        PyErr_Print();
        return 1;
    }
    Py_DECREF(entry);
    run("import numpy as np\n"
        "x = np.arange(4.0)\n"
        "y = np.full(4, 0.5)\n"
        "def plain(x, y):\n"
        "    return np.tanh(x * y) + 1\n"
        "def captured(x, y):\n"
        "    return np.tanh(x * y) + 1\n"
        "class Layer:\n"
        "    def __init__(self):\n"
        "        self.w = np.full(4, 0.5)\n"
        "        self.b = np.ones(4)\n"
        "        self.scale = 2.0\n"
        "    def forward(self, x):\n"
        "        return np.tanh(x * self.w + self.b) * self.scale\n"
        "layer = Layer()\n"
        "def plain_method(x, layer):\n"
        "    return layer.forward(x)\n"
        "def captured_method(x, layer):\n"
        "    return layer.forward(x)\n"
        "def install_hook():\n"
        "    global captured, captured_method, reset\n"
        "    import lasso\n"
        "    captured = lasso.capture(captured)\n"
        "    captured_method = lasso.capture(captured_method)\n"
        "    reset = lasso.reset\n");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
