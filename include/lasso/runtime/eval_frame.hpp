// lasso/runtime/eval_frame.hpp
//
// The frame entry point. An interpreter hands every frame of a function marked for
// capture to `runtime::eval_frame` (through its PEP 523-style hook) and returns what it
// returns. For each call:
//
//   cache lookup by code (the adapter's per-code slot, one load)
//     -> the newest entry whose guards pass runs: its `direct_return` when the return
//        value allows one (the compiled graph called on the values the guards read, no
//        bytecode run), else its transformed code, or the frame eagerly if that entry
//        records a translation that failed
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
#include <lasso/detail/attributes.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/cache.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/compile_subgraph.hpp>
#include <lasso/output/escape.hpp>
#include <lasso/output/nested_break.hpp>
#include <lasso/resume/resume_cache.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/direct_return.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/graph_exceptions.hpp>
#include <lasso/runtime/logging.hpp>
#include <lasso/runtime/settings.hpp>
#include <lasso/translator/translator.hpp>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

template <class A, class Config = default_config<A>> class runtime {
    static_assert(check_interpreter_adapter<A>());

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
        record* r = cache_.find(A::frame_code(f));
        if (!r) [[unlikely]]
            return first_call(f, settings);
        ++r->info.calls;
        for (std::size_t i = r->entries.size(); i-- > 0;) {
            const entry& e = *r->entries[i];
            if (!e.guards.check(f)) continue;
            ++e.hits;
            ++r->info.cache_hits;
            if (e.raise_token) return run_rerunning(f, e);
            if (e.direct) return (*e.direct)(e.guards);
            if (!e.code) return A::run_eagerly(f);
            return A::call_code(f, *e.code);
        }
        return miss(f, *r, settings);
    }

    /// What capture did so far, per code.
    explain_report report() const {
        explain_report out;
        for (const auto& r : cache_.records()) {
            frame_record f = r->info;
            f.cache_entries = r->entries.size();
            for (const auto& e : r->entries) f.entry_guards.push_back(e->guards.describe());
            out.frames.push_back(std::move(f));
        }
        return out;
    }

    const runtime_options& options() const noexcept { return options_; }

    /// Resume codes made so far (each once per original code, resume point, stack
    /// layout and live locals).
    std::size_t resume_code_count() const noexcept { return resumes_.size(); }

private:
    /// One translation of a code: its guards and what to run when they pass.
    struct entry {
        mutable std::size_t hits = 0;
        guard_program<A> guards;
        /// Computes what `code` would without running bytecode, when it can.
        std::optional<direct_return<A>> direct;
        std::optional<typename A::code> code; ///< the transformed code; empty: run the frame eagerly
        /// The values whose identity the guards check, kept alive while the entry lives.
        std::vector<value> identities;
        const void* raise_token = nullptr; ///< its graph's when it raises (graph_exceptions.hpp); may be null
    };
    using record = code_record<A, entry, frame_record>;

    /// Runs the code just made for `f` (its entry is the newest of `r`).
    value run_first(frame& f, record& r, const code& transformed) {
        const entry& added = *r.entries.back();
        return added.raise_token ? run_rerunning(f, added) : A::call_code(f, transformed);
    }

    /// Runs entry `e`; if its compiled graph raises, the frame runs again eagerly
    /// (runtime/graph_exceptions.hpp).
    LASSO_OUT_OF_LINE value run_rerunning(frame& f, const entry& e) {
        return run_or_rerun_eagerly<A>(f, e.raise_token,
                                       [&] { return e.direct ? (*e.direct)(e.guards) : A::call_code(f, *e.code); });
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

    LASSO_COLD value first_call(frame& f, const frame_settings& settings) {
        const code c = A::frame_code(f);
        record& r = cache_.find_or_add(c, new_frame_record<A>(c));
        ++r.info.calls;
        return miss(f, r, settings);
    }

    LASSO_COLD value miss(frame& f, record& r, const frame_settings& settings) {
        const code c = A::frame_code(f);
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
            auto failed = r.entries.back()->guards.explain(f);
            std::string reason = failed ? failed->reason : std::string("no guard failed");
            if (options_.logs.on(log_artifact::recompiles))
                options_.logs.write("recompiles", "recompiling " + where(info), reason);
            info.recompile_reasons.push_back(std::move(reason));
        }
        ++info.translations;
        const backend_function<A>& backend = backend_named(settings.backend);

        // Read and decoded once for both translations at a graph break.
        const translator_input<A> input(c);
        const auto& fields = input.fields;
        const std::vector<std::string> cellnames = output::frame_cells(fields);

        std::optional<translation<A, Config>> result;
        std::optional<unsupported> failure;
        int failure_line = -1;
        try {
            translator<A, Config> tr(input, f, translator_options{{}, options_.comptime_output});
            result.emplace(tr.run());
            if (result->failure) {
                failure = result->failure;
                failure_line = result->failure_line;
            }
        } catch (const std::exception& e) {
            failure = unsupported{std::string("internal error while translating: ") + e.what()};
        }

        // An object made during tracing that is returned or live at the break moves
        // the break to where it was made (output/escape.hpp).
        std::optional<output::escape> escaped;
        if (!failure) {
            const std::vector<tracker_ref> outliving = output::return_roots(*result);
            escaped = output::escaping_object<A>(*result, std::span<const tracker_ref>(outliving),
                                                 result->effects.empty() ? "is returned"
                                                                         : "is returned or stored into a value from the frame");
            if (!escaped) {
                auto captured = capture(f, fields, cellnames, *result, backend, info);
                if (auto* code_ptr = std::get_if<code>(&captured)) {
                    const code transformed = *code_ptr;
                    return run_first(f, r, transformed);
                }
                failure = std::get<unsupported>(std::move(captured));
                failure_line = result->failure_line; // the return's line
            }
        }
        if (escaped) {
            failure = unsupported{escaped->reason};
            failure_line = escaped->line;
        }
        if (result && (escaped || result->breakable) && !settings.fullgraph) {
            // A graph break: compile what was traced, run the instruction, resume after it.
            // Inside an inlined call, the break is at the failing instruction of the
            // callee when that can be done, else at the call.
            std::variant<code, unsupported> broken = unsupported{""};
            if (result->nested && !escaped) {
                broken = capture_nested_break(f, input, cellnames, *result, backend, info);
                if (auto* u = std::get_if<unsupported>(&broken); u && options_.logs.on(log_artifact::breaks))
                    options_.logs.write("breaks", "no graph break inside the inlined call in " + where(info), u->reason);
            }
            if (!std::holds_alternative<code>(broken) && !escaped)
                broken = capture_break(f, input, cellnames, *result, backend, info, &escaped);
            const auto at_construction = [&] { // of an object made in the trace and live at the break
                result->failure = failure = unsupported{escaped->reason};
                result->failure_line = failure_line = escaped->line;
                result->failure_at = escaped->at;
                result->break_before = false;
                broken = capture_break(f, input, cellnames, *result, backend, info, nullptr);
            };
            if (!std::holds_alternative<code>(broken) && escaped) at_construction();
            if (!std::holds_alternative<code>(broken) && result->outside_with && result->outside_with->graph_before) {
                // Not inside the with blocks: before the outermost, which runs in the resume function.
                const auto outside = *result->outside_with;
                result->failure->reason += " (inside the with block at line " + std::to_string(outside.line) + ")";
                result->failure_line = failure_line = outside.line;
                result->failure_at = outside.at;
                result->break_before = true;
                std::optional<output::escape> live_there;
                broken = capture_break(f, input, cellnames, *result, backend, info, &live_there);
                if (!std::holds_alternative<code>(broken) && live_there) {
                    escaped = live_there;
                    at_construction();
                }
            }
            if (auto* code_ptr = std::get_if<code>(&broken)) {
                const code transformed = *code_ptr;
                return run_first(f, r, transformed);
            }
            failure->reason += " (no graph break: " + std::get<unsupported>(broken).reason + ")";
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
                r.entries.push_back(std::make_unique<entry>(
                    entry{0, compile_guards<A>(result->guards, result->sources, fields.varnames, cellnames), {}, {},
                          std::move(result->identities)}));
            } catch (const std::exception&) {
                // Guards that cannot be compiled leave no entry: the next call translates again.
            }
        }
        return A::run_eagerly(f);
    }

    /// The compiled graph of a translation, embedded as a value (absent when the graph
    /// has no operation), with its record for explain. First checks the guards on the
    /// frame they were made from, which also reads every guarded value, the graph's
    /// inputs among them.
    std::variant<std::optional<value>, unsupported> compile_graph(const frame& f, translation<A, Config>& t,
                                                                  const guard_program<A>& guards,
                                                                  const output::graph_outputs& outputs,
                                                                  const backend_function<A>& backend, graph_record& graph_info,
                                                                  std::optional<compiled_graph<value>>& compiled,
                                                                  const frame_record& info) {
        if (!guards.check(f)) {
            const auto failed = guards.explain(f);
            return unsupported{"internal error: a guard fails on the frame it was made from: " +
                               (failed ? failed->reason : std::string("?"))};
        }
        if (t.graph.call_count() == 0) return std::optional<value>{};
        std::vector<value> example_inputs;
        for (const auto& [node, source] : output::live_inputs(t)) {
            auto a = guards.accessor_named(t.sources.guard_name(source));
            if (!a) return unsupported{"graph input " + t.sources.guard_name(source) + " has no guard"};
            example_inputs.push_back(guards.value_at(*a));
        }
        raise_token_ = nullptr;
        compiled = compile_keeping_global_state<A>(backend, t.graph, example_inputs, !t.effects.empty() || t.user_blocks,
                                                   &raise_token_);
        const std::string name = "__compiled_fn_" + std::to_string(compiled_count_++);
        value compiled_value = A::make_host_function(name, [graph = *compiled](std::span<const value> args) {
            return A::make_tuple(graph(args));
        });
        graph_info.ops = t.graph.call_count();
        graph_info.subgraph_ops = t.graph.subgraph_call_count();
        graph_info.inputs = example_inputs.size();
        graph_info.outputs = outputs.size();
        graph_info.readable = lasso::graph::print_readable(t.graph);
        graph_info.dot = lasso::graph::to_dot(t.graph, info.function);
        return std::optional<value>{std::move(compiled_value)};
    }

    /// Records what a translation that produced code made (its graph, guards, code) and
    /// adds its cache entry.
    void add_captured(const frame& f, frame_record& info, guard_program<A> guards,
                      std::optional<direct_return<A>> direct, const code& transformed, const std::optional<value>& compiled,
                      graph_record graph_info, std::vector<value> identities) {
        ++info.frames_captured;
        if (compiled) {
            if (options_.logs.on(log_artifact::graph))
                options_.logs.write("graph", "graph " + std::to_string(info.graphs.size()) + " of " + where(info),
                                    graph_info.readable);
            info.graphs.push_back(std::move(graph_info));
        }
        if (options_.logs.on(log_artifact::guards))
            options_.logs.write("guards", "guards of " + where(info), guards.describe());
        if (options_.logs.on(log_artifact::bytecode))
            options_.logs.write("bytecode", "generated code of " + where(info), bytecode::disassemble_code<A>(transformed));
        cache_.find(A::frame_code(f))
            ->entries.push_back(std::make_unique<entry>(
                entry{0, std::move(guards), std::move(direct), transformed, std::move(identities),
                      compiled ? std::exchange(raise_token_, nullptr) : nullptr}));
    }

    /// Compiles the graph, writes the code, adds the cache entry. Returns the new code
    /// or why the frame cannot be captured after all.
    std::variant<code, unsupported> capture(const frame& f, const bytecode::code_fields<value>& fields,
                                            const std::vector<std::string>& cellnames, translation<A, Config>& t,
                                            const backend_function<A>& backend, frame_record& info) {
        return attempt([&]() -> std::variant<code, unsupported> {
            guard_program<A> guards = compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
            const output::graph_outputs outputs = output::finalize_graph(t);
            std::optional<compiled_graph<value>> compiled;
            graph_record graph_info;
            auto made = compile_graph(f, t, guards, outputs, backend, graph_info, compiled, info);
            if (auto* u = std::get_if<unsupported>(&made)) return *u;
            const std::optional<value> compiled_value = std::get<std::optional<value>>(std::move(made));
            auto generated = output::generate_code<A>(fields, t, outputs, compiled_value);
            if (auto* u = std::get_if<unsupported>(&generated)) return *u;
            code transformed = std::get<code>(std::move(generated));
            auto direct = direct_return<A>::plan(t, outputs, guards, compiled ? *compiled : compiled_graph<value>{});
            add_captured(f, info, std::move(guards), std::move(direct), transformed, compiled_value,
                         std::move(graph_info), std::move(t.identities));
            return transformed;
        });
    }

    /// Runs `make`, which writes the code of a capture or a graph break, turning what it
    /// throws into the reason the frame cannot be captured that way.
    template <class Make> static std::variant<code, unsupported> attempt(Make&& make) {
        try {
            return make();
        } catch (unsupported& u) {
            return std::move(u);
        } catch (const guard_error& e) {
            return unsupported{std::string("cannot guard the frame's inputs: ") + e.what()};
        } catch (const bytecode::bytecode_error& e) {
            return unsupported{std::string("cannot write the generated code: ") + e.what()};
        }
    }

    /// Records a graph break that made code (its reason and line) and adds its cache entry.
    void add_break(const frame& f, frame_record& info, const std::string& reason, int line, guard_program<A> guards,
                   const code& transformed, const std::optional<value>& compiled, graph_record graph_info,
                   std::vector<value> identities) {
        info.breaks.push_back({reason, line});
        if (options_.logs.on(log_artifact::breaks))
            options_.logs.write("breaks", "graph break in " + where(info), reason + " (line " + std::to_string(line) + ")");
        add_captured(f, info, std::move(guards), std::nullopt, transformed, compiled, std::move(graph_info),
                     std::move(identities));
    }

    /// A graph break at the instruction where `first` stopped: translates the frame again
    /// up to that instruction (the state before it), compiles the graph so far, and
    /// writes code that runs the instruction and calls the resume function. Returns the
    /// new code, or why the break cannot be made (the frame then runs eagerly).
    std::variant<code, unsupported> capture_break(const frame& f, const translator_input<A>& input,
                                                  const std::vector<std::string>& cellnames,
                                                  const translation<A, Config>& first, const backend_function<A>& backend,
                                                  frame_record& info, std::optional<output::escape>* escaped) {
        if constexpr (!ResumeAdapter<A>) {
            (void)f, (void)input, (void)cellnames, (void)first, (void)backend, (void)info, (void)escaped;
            return unsupported{"the adapter cannot make resume functions (make_resume_function, positional_flags)"};
        } else {
            return attempt([&]() -> code {
                const auto& fields = input.fields;
                // With cells, generated code gives the resume function the frame's own.
                const auto closure_binder = fields.cellvars.empty() && fields.freevars.empty() ? std::nullopt : resumes_.closure_binder();
                translation<A, Config> t =
                    translator<A, Config>(input, f, translator_options{first.failure_at, options_.comptime_output}).run();
                if (!t.stopped)
                    throw unsupported{"internal error: translating again did not reach the graph break" +
                                       (t.failure ? ": " + t.failure->reason : std::string())};
                const frame_state& state = *t.stopped;
                // Resume functions are always made from the original code: a resume
                // function that breaks again continues in another resume function of
                // the original, so n breaks make n codes of the original's size. The
                // original is analysed once (decoded, stack depths, liveness), and a
                // resume code's instructions and locals are looked up in it.
                const code current = A::frame_code(f);
                const auto* origin = resumes_.origin_of(current);
                const auto analysis = origin ? origin->analysis : resumes_.analysis_of(current, fields);
                std::optional<std::vector<bytecode::instruction<A>>> patched; // at a prologue's call
                const std::size_t at = output::break_in_original<A>(
                    origin, state.pc, input.instructions.at(state.pc), analysis->source.decoded, patched);
                const output::break_liveness live(analysis->live, origin ? std::span<const std::size_t>(origin->frame_local)
                                                                                 : std::span<const std::size_t>{});
                guard_program<A> guards = compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
                output::break_plan plan = output::plan_break<A>(t, state, at, live, fields, origin ? origin->prologue : 0);
                plan.run_instruction = !first.break_before;
                handlers::leave_open_blocks(t, state);
                if (auto e = output::escaping_object<A>(t, plan.roots, "is live at the graph break")) {
                    if (escaped) *escaped = *e;
                    throw unsupported{e->reason};
                }
                const output::graph_outputs outputs = output::finalize_graph(t, plan.roots);
                std::optional<compiled_graph<value>> compiled;
                graph_record graph_info;
                auto made = compile_graph(f, t, guards, outputs, backend, graph_info, compiled, info);
                if (auto* u = std::get_if<unsupported>(&made)) throw *u;
                const std::optional<value> compiled_value = std::get<std::optional<value>>(std::move(made));
                auto resume_at = [&](std::size_t index, const std::vector<resume::stack_slot>& stack,
                                     const std::vector<std::string>& live_names) -> value {
                    return A::make_resume_function(resume_code(analysis, index, stack, live_names, info), f);
                };
                auto bound_at_entry = [&](std::size_t i) { return A::frame_local(f, i) != nullptr; };
                const code transformed = output::generate_break_code<A>(fields, patched ? *patched : analysis->source.decoded, t, state, plan,
                                                                        live, outputs, compiled_value, resume_at,
                                                                        bound_at_entry, closure_binder);
                add_break(f, info, first.failure->reason, first.failure_line, std::move(guards), transformed, compiled_value,
                          std::move(graph_info), std::move(t.identities));
                return transformed;
            });
        }
    }

    /// A graph break inside inlined calls, at the failing instruction of the innermost
    /// (output/nested_break.hpp): translates the frame again up to it, compiles the
    /// graph of all frames so far, and writes code that runs the instruction and calls
    /// the frame's nested resume function with the inner frames' resume functions and
    /// values. Returns the new code, or why the break cannot be made there.
    std::variant<code, unsupported> capture_nested_break(const frame& f, const translator_input<A>& input,
                                                         const std::vector<std::string>& cellnames,
                                                         const translation<A, Config>& first,
                                                         const backend_function<A>& backend, frame_record& info) {
        if constexpr (!ResumeAdapter<A>) {
            (void)f, (void)input, (void)cellnames, (void)first, (void)backend, (void)info;
            return unsupported{"the adapter cannot make resume functions (make_resume_function, positional_flags)"};
        } else {
            return attempt([&]() -> code {
                const auto& fields = input.fields;
                const auto closure_binder = fields.cellvars.empty() && fields.freevars.empty() ? std::nullopt : resumes_.closure_binder();
                translation<A, Config> t =
                    translator<A, Config>(input, f, translator_options{first.nested->at, options_.comptime_output}).run();
                if (!t.stopped || t.stopped_inlined.empty())
                    throw unsupported{"internal error: translating again did not reach the graph break in the inlined call"};
                const std::size_t depth = 1 + t.stopped_inlined.size();
                using analysis_ptr = std::shared_ptr<const typename resume::resume_cache<A>::original_analysis>;
                std::vector<analysis_ptr> analyses;
                std::vector<std::vector<std::string>> varnames(depth);
                std::vector<output::nested_frame<A>> frames;
                frames.reserve(depth);
                for (std::size_t d = 0; d < depth; ++d) {
                    const bool root = d == 0;
                    const code c = root ? A::frame_code(f) : t.stopped_inlined[d - 1].code;
                    const frame_state& state = root ? *t.stopped : t.stopped_inlined[d - 1].state;
                    const auto* origin = resumes_.origin_of(c);
                    analyses.push_back(origin ? origin->analysis
                                              : (root ? resumes_.analysis_of(c, fields) : resumes_.analysis_of(c)));
                    const auto callee = root ? bytecode::code_fields<value>{} : A::read_code(c);
                    if (!callee.cellvars.empty() || !callee.freevars.empty()) // its resume function has the frame's closure
                        give_up("a graph break inside an inlined call of a function with cells");
                    varnames[d] = root ? fields.varnames : callee.varnames;
                    const std::size_t shift = origin ? origin->prologue : 0;
                    std::size_t at = state.pc - shift;
                    if (state.pc < shift) {
                        if (d + 1 == depth || !origin->nested_call || *origin->nested_call != state.pc)
                            give_up("a graph break inside a resume function's prologue");
                        at = origin->resumed_call; // the prologue's call stands for the original's
                    }
                    const auto& decoded = analyses.back()->source.decoded;
                    if (at >= decoded.size()) give_up("internal error: a frame of the inline stack is past its code");
                    if (d + 1 < depth && decoded[at].semantic != op::call)
                        give_up("an inlined call made by an instruction other than a call");
                    frames.push_back(output::nested_frame<A>{
                        &state, &decoded, at,
                        output::break_liveness(analyses.back()->live, origin ? std::span<const std::size_t>(origin->frame_local)
                                                                            : std::span<const std::size_t>{}),
                        &varnames[d], root});
                }
                guard_program<A> guards = compile_guards<A>(t.guards, t.sources, fields.varnames, cellnames);
                const output::nested_break_plan plan =
                    output::plan_nested_break<A>(t, std::span<const output::nested_frame<A>>(frames));
                const output::graph_outputs outputs = output::finalize_graph(t, plan.roots);
                std::optional<compiled_graph<value>> compiled;
                graph_record graph_info;
                auto made = compile_graph(f, t, guards, outputs, backend, graph_info, compiled, info);
                if (auto* u = std::get_if<unsupported>(&made)) throw *u;
                const std::optional<value> compiled_value = std::get<std::optional<value>>(std::move(made));
                // The resume functions of inlined frames are made once per resume code
                // and function: the frame's resume function guards the identity of the
                // one it receives, so a new object on every translation would recompile it.
                // Made innermost first: each outer one's key has the code of the one it calls.
                // The outer ones are named after where the innermost resumes ("helper_at_12").
                std::uintptr_t inner_code = 0;
                std::string via;
                auto resume_at = [&](std::size_t d, std::size_t index, const std::vector<resume::stack_slot>& stack,
                                     const std::vector<std::string>& live_names,
                                     std::optional<std::size_t> nested_arguments) -> value {
                    if (d + 1 == depth) {
                        const auto& source = analyses[d]->source;
                        const int line = index < source.decoded.size() ? source.decoded[index].pos.line : -1;
                        via = source.fields.name + "_at_" + std::to_string(line >= 0 ? line : source.fields.first_line);
                    }
                    const resume::nested_call nested{nested_arguments.value_or(0), via};
                    const code c = resume_code(analyses[d], index, stack, live_names, info,
                                               nested_arguments ? &nested : nullptr, inner_code);
                    inner_code = A::code_identity(c);
                    if (d == 0) return A::make_resume_function(c, f);
                    return resumes_.inner_function(c, t.stopped_inlined[d - 1].function,
                                                   [&] { return A::make_resume_function(c, f); });
                };
                auto bound_at_entry = [&](std::size_t i) { return A::frame_local(f, i) != nullptr; };
                const code transformed = output::generate_nested_break_code<A>(
                    fields, t, std::span<const output::nested_frame<A>>(frames), plan, outputs, compiled_value, resume_at,
                    bound_at_entry, closure_binder);
                std::string reason = first.nested->reason + " (in an inlined call: ";
                for (std::size_t d = 0; d < first.nested->stack.size(); ++d) {
                    const auto& [function, line] = first.nested->stack[d];
                    reason += (d ? " > " : "") + function + (line >= 0 ? " line " + std::to_string(line) : std::string());
                }
                reason += ")";
                add_break(f, info, reason, first.nested->line, std::move(guards), transformed, compiled_value,
                          std::move(graph_info), std::move(t.identities));
                return transformed;
            });
        }
    }

    /// The resume code of `analysis`'s original at instruction `index` with this stack
    /// and these live locals (and a nested call's arguments): made once per key and reused.
    code resume_code(const std::shared_ptr<const typename resume::resume_cache<A>::original_analysis>& analysis,
                     std::size_t index, const std::vector<resume::stack_slot>& stack,
                     const std::vector<std::string>& live_names, const frame_record& info,
                     const resume::nested_call* nested = nullptr, std::uintptr_t inner_code = 0) {
        bool made = false;
        code c = resumes_.get(analysis, index, stack, live_names, nested, inner_code, made);
        if (made && options_.logs.on(log_artifact::bytecode))
            options_.logs.write("bytecode", "resume function of " + where(info), bytecode::disassemble_code<A>(c));
        return c;
    }

    runtime_options options_;
    std::vector<std::pair<std::string, backend_function<A>>> backends_;
    code_cache<A, entry, frame_record> cache_;
    resume::resume_cache<A> resumes_;
    std::size_t compiled_count_ = 0;
    const void* raise_token_ = nullptr; ///< of the graph compile_graph made last, for its entry
};

} // namespace lasso
