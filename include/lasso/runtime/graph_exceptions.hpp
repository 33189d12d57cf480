// lasso/runtime/graph_exceptions.hpp
//
// A compiled graph that raises. Shape rules make most errors trace-time facts, but some
// operations raise on data (a division by zero, an overflow). In the eager run,
// everything before the operation has happened when the exception leaves: side
// effects, the exits of the `with` blocks it passes. In the captured run side effects
// are replayed after the graph and block exits are setter nodes after the operation.
// The graph is the first thing its frame's code does, though, so when it raises
// nothing of the frame has happened but for the global state its setters changed:
// the graph puts that back and says that it raised, and the runtime runs the frame
// again eagerly from its start, which raises as the eager run does
// (docs/capture-design.md, "A graph that raises").
#pragma once

#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>
#include <lasso/output/cleanup_graph.hpp>
#include <lasso/runtime/backends.hpp>

#include <memory>
#include <span>
#include <vector>

namespace lasso {

namespace detail {
/// The compiled graph whose exception is on its way out (its token), set by the
/// wrapper `compile_keeping_global_state` makes: the runtime then runs the frame again
/// eagerly (runtime/eval_frame.hpp).
inline thread_local const void* raising_graph = nullptr;
} // namespace detail

/// Compiles graph `g` with `backend`, leaving the interpreter's global state as it was
/// (a backend may run the graph while compiling it). When the graph sets global state
/// or `side_effects` says its trace did something that must come before an exception
/// (recorded side effects, or a block entered whose `__exit__` must see the exception),
/// the compiled graph is wrapped: if it raises,
/// it puts the global state back to the state it was traced in (its guards ensure it
/// runs in that state) and records itself as the graph that raised (`*raise_token`, if
/// given, is what it records), so that the frame can run again eagerly from its start,
/// where nothing of the graph has happened yet. A `backend_error` (a verifying
/// backend's mismatch) is passed on unrecorded.
template <class A, class Backend, class Meta>
compiled_graph<typename A::value> compile_keeping_global_state(const Backend& backend, const lasso::graph::graph<Meta>& g,
                                                               std::span<const typename A::value> example_inputs,
                                                               bool side_effects, const void** raise_token = nullptr) {
    const std::vector<bool> entry = read_global_states<A>();
    compiled_graph<typename A::value> compiled;
    try {
        compiled = backend(g, example_inputs);
    } catch (...) {
        restore_global_states<A>(entry);
        throw;
    }
    restore_global_states<A>(entry);
    const bool sets_state = output::sets_global_state<A>(g);
    if (!side_effects && !sets_state) return compiled;
    auto token = std::make_shared<char>(0);
    if (raise_token) *raise_token = token.get();
    return [graph = std::move(compiled), token,
            entry = sets_state ? entry : std::vector<bool>{}](std::span<const typename A::value> args) {
        try {
            return graph(args);
        } catch (const backend_error&) {
            restore_global_states<A>(entry); // not the graph's own exception: no eager run may hide it
            throw;
        } catch (...) {
            restore_global_states<A>(entry);
            detail::raising_graph = token.get();
            throw;
        }
    };
}

/// Runs `run` (a frame's code, whose compiled graph records `token` when it raises);
/// if that graph raised, runs the frame `f` again eagerly instead.
template <class A, class Run> typename A::value run_or_rerun_eagerly(typename A::frame& f, const void* token, Run&& run) {
    try {
        return run();
    } catch (...) {
        if (detail::raising_graph != token) throw;
        detail::raising_graph = nullptr;
    }
    return A::run_eagerly(f);
}

} // namespace lasso
