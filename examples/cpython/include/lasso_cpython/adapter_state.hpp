// lasso_cpython/adapter_state.hpp
//
// What the capture adapter holds for the whole process: the frame it is handed, numpy's
// functions, the `lasso.graph_break` function, the `co_extra` index of the code cache
// and the interned names guards look up. One instance, made on first use and never
// destroyed, because frames may still be evaluated while the interpreter shuts down.
#pragma once

#include <lasso_cpython/numpy_tensors.hpp>
#include <lasso_cpython/object.hpp>

#include <internal/pycore_frame.h>

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace lasso_cpython {

/// A frame the hook received: not started, its arguments in `localsplus`.
struct frame {
    PyThreadState* thread;
    _PyInterpreterFrame* f;
};

/// A hash of strings that finds a `std::string` key from a `std::string_view`.
struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

/// What the adapter needs from the module: numpy, the `lasso.graph_break` function, and
/// how a resume function is marked for capture.
struct adapter_state {
    numpy::module_functions np;
    object graph_break;
    Py_ssize_t cache_index = -1;
    /// Marks `code` for capture with the settings of the frame `from` runs in.
    std::function<void(PyObject* code, PyCodeObject* from)> mark_resume;
    /// Interned str objects of the global names guards read: a lookup on every cache hit
    /// makes no str and hashes none.
    std::unordered_map<std::string, object, string_hash, std::equal_to<>> names;

    PyObject* name(std::string_view n) {
        auto it = names.find(n);
        if (it == names.end()) {
            PyObject* s = to_str(n).release();
            PyUnicode_InternInPlace(&s);
            it = names.emplace(std::string(n), object::steal(s)).first;
        }
        return it->second.get();
    }
};
inline adapter_state& state() {
    static adapter_state* s = new adapter_state(); // never destroyed: it outlives the interpreter
    return *s;
}

} // namespace lasso_cpython
