// lasso_cpython/frame_evaluator.hpp
//
// The PEP 523 frame evaluator: CPython hands every frame to `evaluate`, which sends
// the frames of captured functions (and of the resume functions lasso makes for them)
// to `lasso::runtime::eval_frame` and all others to `_PyEval_EvalFrameDefault`. A code
// is marked for capture by a pointer to its settings in a `co_extra` slot of its own,
// so the test on every frame is one `_PyCode_GetExtra`.
//
// While the hook is installed CPython does not inline Python-to-Python calls into one
// evaluation loop (it checks for a hook first), so every call reaches `evaluate`.
#pragma once

#include <lasso_cpython/capture_adapter.hpp>

#include <lasso/runtime/eval_frame.hpp>

#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <string>

namespace lasso_cpython {

/// The translator's Config: the standard trackers; an in-place operator with an array on
/// the right and no array on the left (`n += arr`, `l += arr`) stays a graph break. An
/// array on the left is written into as lasso::feature::tensor_mutation says
/// (tensor_writes.hpp).
struct capture_config {
    static constexpr auto trackers = lasso::trackers::default_trackers<object, tensor_meta>;

    template <class T>
    static lasso::step handle(lasso::semantic<lasso::op::binary_op>, T& t, const typename T::instruction& inst) {
        if (inst.arg >= lasso::bytecode::binary_inplace_offset) {
            t.need(2);
            const auto& stack = t.state().stack;
            if (t.tensor_of(stack[stack.size() - 1]) && !t.tensor_of(stack[stack.size() - 2]))
                t.give_up(lasso::reasons::unsupported_mutation, "in-place operator '",
                          lasso::bytecode::binary_op_text(inst.arg),
                          "' with a numpy array on the right and no array on the left");
        }
        return t.template on<lasso::op::binary_op>(inst);
    }
};

using capture_runtime = lasso::runtime<capture_adapter, capture_config>;

/// How a captured function is captured (`lasso.capture(...)`'s arguments).
struct capture_settings {
    std::string backend = "eager";
    bool fullgraph = false;
    lasso::symbolic::dynamic_shapes dynamic = lasso::symbolic::dynamic_shapes::automatic;
};

/// The runtime, the settings of marked codes, and the hook.
class frame_evaluator {
public:
    static frame_evaluator& get() {
        static frame_evaluator* e = new frame_evaluator(); // never destroyed: see shutdown()
        return *e;
    }

    /// Marks `code` for capture with `s` and installs the hook.
    void mark(PyObject* code, capture_settings s) {
        settings_.push_back(std::move(s));
        marked_.push_back(object::borrow(code));
        if (_PyCode_SetExtra(code, mark_index_, &settings_.back()) < 0) throw python_error();
        install();
    }
    /// Marks resume code `code` with the settings of the code `from`.
    void mark_like(PyObject* code, PyCodeObject* from) {
        const capture_settings* s = settings_of(from);
        mark(code, s ? *s : capture_settings{});
    }

    /// The runtime, made on first use with the log artifacts LASSO_LOGS names (minipy's
    /// `--logs` list, written to the error stream; checked by `mark` already).
    capture_runtime& runtime() {
        if (!runtime_) {
            lasso::runtime_options options;
            if (const char* logs = std::getenv("LASSO_LOGS")) options.logs.artifacts = lasso::parse_log_artifacts(logs);
            options.logs.stream = &std::cerr;
            options.comptime_output = &std::cerr; // lasso.comptime's shortcuts print to stderr
            runtime_ = std::make_unique<capture_runtime>(std::move(options));
        }
        return *runtime_;
    }
    bool has_runtime() const noexcept { return runtime_ != nullptr; }
    /// Forgets every cache entry and the report (marks stay). Not while a captured frame
    /// runs: its runtime is on the stack.
    bool reset() {
        if (running_ > 0) {
            PyErr_SetString(PyExc_RuntimeError, "lasso.reset() inside a captured function");
            return false;
        }
        runtime_.reset();
        return true;
    }
    /// Before the interpreter finalizes: the hook off, the runtime (holding objects) gone.
    void shutdown() {
        if (running_ > 0) return; // exit from inside a captured frame: the runtime stays
        if (installed_) _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Get(), _PyEval_EvalFrameDefault);
        installed_ = false;
        runtime_.reset();
    }

    bool init() {
        mark_index_ = _PyEval_RequestCodeExtraIndex(nullptr);
        state().cache_index = _PyEval_RequestCodeExtraIndex(nullptr);
        if (mark_index_ < 0 || state().cache_index < 0) {
            PyErr_SetString(PyExc_RuntimeError, "lasso: no co_extra index left");
            return false;
        }
        state().mark_resume = [this](PyObject* code, PyCodeObject* from) { mark_like(code, from); };
        return true;
    }

private:
    const capture_settings* settings_of(PyCodeObject* code) const {
        void* p = nullptr;
        if (_PyCode_GetExtra(reinterpret_cast<PyObject*>(code), mark_index_, &p) < 0) {
            PyErr_Clear();
            return nullptr;
        }
        return static_cast<const capture_settings*>(p);
    }

    void install() {
        if (installed_) return;
        owner_ = PyThread_get_thread_ident();
        _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Get(), &evaluate);
        installed_ = true;
    }

    static PyObject* evaluate(PyThreadState* thread, _PyInterpreterFrame* f, int throwflag) {
        frame_evaluator& self = get();
        // Frames of other threads run as plain Python: the runtime is one thread's (the
        // GIL is released inside captured code, so two threads could interleave in it).
        const capture_settings* s =
            throwflag || PyThread_get_thread_ident() != self.owner_ ? nullptr : self.settings_of(f->f_code);
        // Generators and coroutines resume their frames here too: never captured.
        constexpr int not_plain = CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE;
        if (!s || (f->f_code->co_flags & not_plain)) return _PyEval_EvalFrameDefault(thread, f, throwflag);
        frame view{thread, f};
        ++self.running_;
        struct leave {
            int& n;
            ~leave() { --n; }
        } left{self.running_};
        try {
            return self.runtime().eval_frame(view, lasso::frame_settings{s->backend, s->fullgraph, s->dynamic}).release();
        } catch (const python_error&) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_SystemError, "lasso: a failure without a Python exception");
        } catch (const lasso::capture_error& e) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, e.what());
        } catch (const std::exception& e) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, e.what());
        }
        return nullptr;
    }

    frame_evaluator() = default;

    std::unique_ptr<capture_runtime> runtime_;
    std::deque<capture_settings> settings_;
    std::vector<object> marked_; // the marked codes stay alive: their slots point into settings_
    Py_ssize_t mark_index_ = -1;
    bool installed_ = false;
    int running_ = 0;         ///< captured frames running, nested
    unsigned long owner_ = 0; ///< the thread that captures: the one that installed the hook
};

} // namespace lasso_cpython
