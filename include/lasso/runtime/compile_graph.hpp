// lasso/runtime/compile_graph.hpp
//
// Compiling the graph of a translation for a cache entry: the backend turns it into a
// callable (with the global state kept as it was, and a token that says when it
// raised: runtime/graph_exceptions.hpp), and the callable becomes a value generated
// code can call, a host function of the adapter. The backend is given example inputs:
// the graph's inputs as the frame holds them, read through the guards (which were
// checked on the frame first, so every input is there and has the type and
// metadata the graph was traced with).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/graph_exceptions.hpp>
#include <lasso/runtime/settings.hpp>
#include <lasso/unsupported.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso {

/// The graph of a cache entry, compiled.
template <class A> struct compiled_entry_graph {
    /// What generated code calls (a host function of the adapter): it returns the
    /// graph's one output itself, or the tuple of its outputs when there are several or
    /// none; absent when the graph has no operation, which compiles nothing.
    std::optional<typename A::value> value;
    /// The backend's callable itself (for the cache-hit path that calls it directly).
    compiled_graph<typename A::value> callable;
    graph_record record; ///< for explain and the graph log
    /// Per output, its meta when it is a tensor (the graph fixes it), with
    /// feature::native_break_code (break programs use them); else empty.
    std::vector<std::optional<typename A::tensor_meta>> output_metas;
    /// Set by the callable when it raises (runtime/graph_exceptions.hpp); null when it
    /// cannot raise anything the frame must see happen first.
    const void* raise_token = nullptr;
};

namespace detail {
/// What a compiled graph of one output gives, called on `args`: that output. lasso's
/// runner (`runner`, null for another backend) gives it alone; another backend's vector
/// of outputs must hold exactly one.
template <class A>
typename A::value only_output(const graph_runner<A, typename A::tensor_meta>* runner,
                              const compiled_graph<typename A::value>& graph, std::span<const typename A::value> args) {
    if (runner) return runner->output(args, 0);
    std::vector<typename A::value> results = graph(args);
    if (results.size() != 1)
        throw backend_error("a compiled graph of one output returned " + std::to_string(results.size()));
    return std::move(results[0]);
}
} // namespace detail

/// The host function of a graph with one output: it returns that output itself, not a
/// tuple of one that generated code would unpack (output/codegen.hpp, `emit_graph_call`).
template <class A>
typename A::value single_output_host_function(const std::string& name, const compiled_graph<typename A::value>& graph) {
    using value = typename A::value;
    return A::make_host_function(name, [runner = detail::runner_of<A>(graph), graph](std::span<const value> args) {
        return detail::only_output<A>(runner.get(), graph, args);
    });
}

/// Compiles `t`'s graph (outputs `outputs`) with `backend` for a cache entry whose
/// guards are `guards`, made from frame `f`; the host function is called `name` and
/// the DOT graph `function`. Throws `unsupported` when the guards fail on the frame
/// they were made from (an internal error) or a graph input has no guard.
template <class A, class Translation>
compiled_entry_graph<A> compile_graph(const typename A::frame& f, const Translation& t, const guard_program<A>& guards,
                                      const output::graph_outputs& outputs, const backend_function<A>& backend,
                                      const std::string& name, std::string_view function) {
    using value = typename A::value;
    // Checking the guards also reads every guarded value, the graph's inputs among them.
    if (!guards.check(f)) {
        const auto failed = guards.explain(f);
        give_up(reasons::internal_error,
                "internal error: a guard fails on the frame it was made from: ", failed ? failed->reason : "?");
    }
    compiled_entry_graph<A> out;
    if (t.graph.call_count() == 0 && outputs.empty()) return out; // no operation, no size to compute
    std::vector<value> example_inputs;
    for (const auto& [node, source] : output::live_inputs(t)) {
        auto a = guards.accessor_named(t.sources.guard_name(source));
        if (!a) give_up(reasons::internal_error, "graph input ", t.sources.guard_name(source), " has no guard");
        example_inputs.push_back(guards.value_at(*a));
    }
    out.callable = compile_keeping_global_state<A>(
        backend, t.graph, example_inputs, !t.effects.empty() || t.user_blocks || t.handled_instructions, &out.raise_token);
    out.value = outputs.size() == 1 ? single_output_host_function<A>(name, out.callable)
                                    : A::make_host_function(name, [graph = out.callable](std::span<const value> args) {
                                          return A::make_tuple(graph(args));
                                      });
    if constexpr (NativeBreakCodeAdapter<A>) // only break programs read them
        for (const auto& o : outputs) {
            const auto* n = o.template get_if<lasso::graph::node>();
            out.output_metas.push_back(n ? t.graph.meta(*n) : std::nullopt);
        }
    out.record.ops = t.graph.call_count();
    out.record.subgraph_ops = t.graph.subgraph_call_count();
    out.record.inputs = example_inputs.size();
    out.record.outputs = outputs.size();
    out.record.readable = lasso::graph::print_readable(t.graph);
    out.record.dot = lasso::graph::to_dot(t.graph, function);
    return out;
}

} // namespace lasso
