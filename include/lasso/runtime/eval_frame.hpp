// lasso/runtime/eval_frame.hpp
//
// The frame entry point. An interpreter hands every frame of a function marked for
// capture to `runtime::eval_frame` (through its PEP 523-style hook) and returns what it
// returns. For each call:
//
//   cache lookup by code (the adapter's per-code slot, one load)
//     -> the newest entry whose guards pass runs: its transformed code, or the frame
//        eagerly if that entry records a translation that failed
//     -> no entry passes: translate (a recompile if the code had entries, with the
//        failed guard as the reason); past `cache_size_limit` entries the frame runs
//        eagerly and a warning says so, once per code
//   translate: symbolic evaluation -> graph outputs, dead code removed -> the backend
//   compiles the graph -> codegen writes the replacement code -> guards compiled ->
//   new cache entry -> run it. Anything unsupported: the reason and line are recorded,
//   an "eager" entry keeps the guards seen so far, the frame runs eagerly; under
//   `fullgraph` a `capture_error` is thrown instead.
//
// Usage:
//
//     lasso::runtime<my_adapter> rt;                       // backends "eager", "verify"
//     interp.hook = [&](frame& f) { return rt.eval_frame(f, {"eager", /*fullgraph=*/false}); };
//     ...
//     std::cerr << rt.report().text();                     // or .json()
//
// A runtime must be destroyed before the interpreter whose code objects it cached.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/cache.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/logging.hpp>
#include <lasso/translator/translator.hpp>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// A backend for adapter `A`: compiles a graph into a callable.
template <class A>
using backend_function = std::function<compiled_graph<typename A::value>(
    const lasso::graph::graph<typename A::tensor_meta>&, std::span<const typename A::value>)>;

struct runtime_options {
    /// Translations kept per code; past it, frames whose guards match no entry run
    /// eagerly (Dynamo's cache_size_limit).
    std::size_t cache_size_limit = 8;
    log_settings logs;
    /// Where warnings go (the cache limit); nullptr silences them.
    std::ostream* warnings = &std::cerr;
};

/// Per-function capture settings (a decorator's arguments, say).
struct frame_settings {
    std::string_view backend; ///< a registered backend's name; empty: "eager"
    bool fullgraph = false;   ///< unsupported constructs throw `capture_error` instead of running eagerly
};

/// Thrown by `eval_frame` when a `fullgraph` frame cannot be captured, or when a frame
/// names a backend that is not registered.
class capture_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

template <class A, class Config = default_config<A>>
    requires InterpreterAdapter<A>
class runtime {
public:
    using value = typename A::value;
    using code = typename A::code;
    using frame = typename A::frame;
    using meta = typename A::tensor_meta;

    explicit runtime(runtime_options options = {}) : options_(std::move(options)) {
        add_backend("eager", eager_backend<A>{});
        add_backend("verify", verifying_backend<A, eager_backend<A>>{});
    }

    /// Registers (or replaces) a backend under `name`.
    void add_backend(std::string name, backend_function<A> backend) {
        for (auto& [n, b] : backends_)
            if (n == name) {
                b = std::move(backend);
                return;
            }
        backends_.emplace_back(std::move(name), std::move(backend));
    }

    /// Runs `f` through the cache, translating on a miss; returns the frame's result.
    value eval_frame(frame& f, const frame_settings& settings = {}) {
        const code c = A::frame_code(f);
        if (record* r = cache_.find(c)) {
            ++r->info.calls;
            for (auto it = r->entries.rbegin(); it != r->entries.rend(); ++it) {
                if (!it->guards.check(f)) continue;
                ++it->hits;
                ++r->info.cache_hits;
                if (it->direct) return it->direct(it->guards);
                if (!it->code) return A::run_eagerly(f);
                return A::call_code(f, *it->code);
            }
            return miss(f, c, *r, settings);
        }
        record& r = cache_.find_or_add(c, new_info(c));
        ++r.info.calls;
        return miss(f, c, r, settings);
    }

    /// What capture did so far, per code.
    explain_report report() const {
        explain_report out;
        for (const auto& r : cache_.records()) {
            frame_record f = r->info;
            f.cache_entries = r->entries.size();
            for (const auto& e : r->entries) f.entry_guards.push_back(e.guards.describe());
            out.frames.push_back(std::move(f));
        }
        return out;
    }

    const runtime_options& options() const noexcept { return options_; }

private:
    using record = code_record<A, frame_record>;

    static frame_record new_info(const code& c) {
        const auto fields = A::read_code(c);
        frame_record info;
        info.function = fields.name;
        info.filename = fields.filename;
        info.first_line = fields.first_line;
        return info;
    }

    const backend_function<A>& backend_named(std::string_view name) const {
        if (name.empty()) name = "eager";
        for (const auto& [n, b] : backends_)
            if (n == name) return b;
        std::string known;
        for (const auto& [n, b] : backends_) known += (known.empty() ? "" : ", ") + n;
        throw capture_error("unknown backend '" + std::string(name) + "' (registered: " + known + ")");
    }

    std::string where(const frame_record& info) const {
        return "'" + info.function + "' (" + info.filename + ":" + std::to_string(info.first_line) + ")";
    }

    value miss(frame& f, const code& c, record& r, const frame_settings& settings) {
        frame_record& info = r.info;
        if (!r.entries.empty()) {
            if (r.entries.size() >= options_.cache_size_limit) {
                if (!info.cache_limit_hit && options_.warnings)
                    *options_.warnings << "lasso: warning: " << where(info) << " reached the cache size limit ("
                                       << options_.cache_size_limit << "); calls that match none of its "
                                       << r.entries.size() << " entries run eagerly\n";
                info.cache_limit_hit = true;
                return A::run_eagerly(f);
            }
            auto failed = r.entries.back().guards.explain(f);
            std::string reason = failed ? failed->reason : std::string("no guard failed");
            if (options_.logs.on(log_artifact::recompiles))
                options_.logs.write("recompiles", "recompiling " + where(info), reason);
            info.recompile_reasons.push_back(std::move(reason));
        }
        ++info.translations;
        const backend_function<A>& backend = backend_named(settings.backend);

        const auto fields = A::read_code(c);
        std::vector<std::string> cellnames = fields.cellvars;
        cellnames.insert(cellnames.end(), fields.freevars.begin(), fields.freevars.end());

        std::optional<translation<A, Config>> result;
        std::optional<unsupported> failure;
        int failure_line = -1;
        try {
            translator<A, Config> tr(c, f);
            result.emplace(tr.run());
            if (result->failure) {
                failure = result->failure;
                failure_line = result->failure_line;
            }
        } catch (const std::exception& e) {
            failure = unsupported{std::string("internal error while translating: ") + e.what()};
        }

        if (!failure) {
            auto captured = capture(f, c, fields, cellnames, *result, backend, info);
            if (auto* code_ptr = std::get_if<code>(&captured)) {
                const code transformed = *code_ptr;
                return A::call_code(f, transformed);
            }
            failure = std::get<unsupported>(std::move(captured));
        }

        if (settings.fullgraph)
            throw capture_error("fullgraph capture of " + where(info) + " failed: " + failure->reason +
                                (failure_line >= 0 ? " (line " + std::to_string(failure_line) + ")" : ""));
        if (options_.logs.on(log_artifact::breaks))
            options_.logs.write("breaks", where(info) + " runs eagerly",
                                failure->reason + (failure_line >= 0 ? " (line " + std::to_string(failure_line) + ")" : ""));
        info.unsupported.push_back({failure->reason, failure_line});
        if (result) {
            try {
                r.entries.push_back({compile_guards<A>(result->guards, result->sources, fields.varnames, cellnames), {}, 0});
            } catch (const std::exception&) {
                // Guards that cannot be compiled leave no entry: the next call translates again.
            }
        }
        return A::run_eagerly(f);
    }

    /// Compiles the graph, writes the code, adds the cache entry. Returns the new code
    /// or why the frame cannot be captured after all.
    std::variant<code, unsupported> capture(const frame& f, const code&, const bytecode::code_fields<value>& fields,
                                            const std::vector<std::string>& cellnames, translation<A, Config>& t,
                                            const backend_function<A>& backend, frame_record& info) {
        guard_program<A> guards;
        try {
            guards = compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
        } catch (const guard_error& e) {
            return unsupported{std::string("cannot guard the frame's inputs: ") + e.what()};
        }
        const output::graph_outputs outputs = output::finalize_graph(t);
        std::optional<value> compiled_value;
        std::optional<compiled_graph<value>> compiled;
        graph_record graph_info;
        // The guards must hold for the frame they were made from; checking them also
        // reads every guarded value, the graph's inputs among them.
        if (!guards.check(f)) {
            const auto failed = guards.explain(f);
            return unsupported{"internal error: a guard fails on the frame it was made from: " +
                               (failed ? failed->reason : std::string("?"))};
        }
        if (t.graph.call_count() > 0) {
            std::vector<value> example_inputs;
            for (const auto& [node, source] : output::live_inputs(t)) {
                auto a = guards.accessor_named(t.sources.guard_name(source));
                if (!a) return unsupported{"graph input " + t.sources.guard_name(source) + " has no guard"};
                example_inputs.push_back(guards.value_at(*a));
            }
            compiled = backend(t.graph, example_inputs);
            const std::string name = "__compiled_fn_" + std::to_string(compiled_count_++);
            compiled_value = A::make_host_function(name, [graph = *compiled](std::span<const value> args) {
                return A::make_tuple(graph(args));
            });
            graph_info.ops = t.graph.call_count();
            graph_info.inputs = example_inputs.size();
            graph_info.outputs = outputs.size();
            graph_info.readable = lasso::graph::print_readable(t.graph);
            graph_info.dot = lasso::graph::to_dot(t.graph, info.function);
        }
        auto generated = output::generate_code<A>(fields, t, outputs, compiled_value);
        if (auto* u = std::get_if<unsupported>(&generated)) return *u;
        code transformed = std::get<code>(std::move(generated));

        auto direct = direct_path(t, outputs, guards, compiled);
        ++info.frames_captured;
        if (compiled_value) {
            if (options_.logs.on(log_artifact::graph))
                options_.logs.write("graph", "graph " + std::to_string(info.graphs.size()) + " of " + where(info),
                                    graph_info.readable);
            info.graphs.push_back(std::move(graph_info));
        }
        if (options_.logs.on(log_artifact::guards))
            options_.logs.write("guards", "guards of " + where(info), guards.describe());
        if (options_.logs.on(log_artifact::bytecode))
            options_.logs.write("bytecode", "generated code of " + where(info),
                                bytecode::disassemble_code<A>(transformed));
        cache_.find(A::frame_code(f))->entries.push_back({std::move(guards), transformed, std::move(direct), 0});
        return transformed;
    }

    /// The cache-hit fast path of an entry: the compiled graph called with the values the
    /// guard check already read, and the return value built from its outputs, frame
    /// values and constants, exactly as the generated code would. Empty when the return
    /// value needs more than that (the generated code then runs).
    static std::function<value(const guard_program<A>&)> direct_path(const translation<A, Config>& t,
                                                                    const output::graph_outputs& outputs,
                                                                    const guard_program<A>& guards,
                                                                    const std::optional<compiled_graph<value>>& compiled) {
        using step = output::return_step<value>;
        auto plan = output::plan_return<A>(t, outputs);
        if (!plan) return {};
        std::vector<std::uint32_t> inputs;
        for (const auto& [node, source] : output::live_inputs(t)) {
            auto a = guards.accessor_named(t.sources.guard_name(source));
            if (!a) return {};
            inputs.push_back(*a);
        }
        std::vector<std::uint32_t> source_accessors; // per source step, in plan order
        for (const step& s : *plan) {
            if (s.what != step::kind::source) continue;
            auto a = guards.accessor_named(t.sources.guard_name(s.source));
            if (!a) return {};
            source_accessors.push_back(*a);
        }
        // Scratch space reused by every hit; a hit that re-enters the same entry (the graph
        // calling back into this code) uses a buffer of its own.
        struct scratch {
            std::vector<value> values;
            bool busy = false;
        };
        return [graph = compiled, inputs = std::move(inputs), plan = std::move(*plan),
                source_accessors = std::move(source_accessors),
                shared = std::make_shared<scratch>()](const guard_program<A>& g) -> value {
            std::vector<value> own;
            const bool reuse = !shared->busy;
            std::vector<value>& frame_values = reuse ? shared->values : own;
            struct release { // drops the references and frees the buffer for the next hit
                scratch& s;
                std::vector<value>& v;
                bool reused;
                ~release() {
                    v.clear();
                    if (reused) s.busy = false;
                }
            } release_on_exit{*shared, frame_values, reuse};
            shared->busy = true;
            // Read every frame value before the graph runs: a graph that re-enters this
            // code checks the same guard program again.
            for (auto a : inputs) frame_values.push_back(g.value_at(a));
            for (auto a : source_accessors) frame_values.push_back(g.value_at(a));
            std::vector<value> outputs;
            if (graph) outputs = (*graph)(std::span<const value>(frame_values.data(), inputs.size()));
            // The common shapes, `return graph_output` and `return x`, need no stack.
            if (plan.size() == 1) {
                const step& only = plan.front();
                if (only.what == step::kind::output) return std::move(outputs.at(only.index));
                if (only.what == step::kind::source) return frame_values[inputs.size()];
                if (only.what == step::kind::constant) return *only.constant;
            }
            std::vector<value> stack;
            std::size_t next_source = inputs.size();
            for (const step& s : plan) {
                switch (s.what) {
                case step::kind::output: stack.push_back(outputs.at(s.index)); break;
                case step::kind::source: stack.push_back(frame_values[next_source++]); break;
                case step::kind::constant: stack.push_back(*s.constant); break;
                case step::kind::tuple: {
                    std::vector<value> items(std::make_move_iterator(stack.end() - s.index),
                                             std::make_move_iterator(stack.end()));
                    stack.erase(stack.end() - s.index, stack.end());
                    stack.push_back(A::make_tuple(std::move(items)));
                    break;
                }
                case step::kind::list:
                case step::kind::dict: break; // plan_return leaves these to the generated code
                }
            }
            return std::move(stack.back());
        };
    }

    runtime_options options_;
    std::vector<std::pair<std::string, backend_function<A>>> backends_;
    code_cache<A, frame_record> cache_;
    std::size_t compiled_count_ = 0;
};

} // namespace lasso
