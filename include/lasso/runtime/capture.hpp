// lasso/runtime/capture.hpp
//
// Capturing one frame on a cache miss: translate it, then turn how the translation
// ended (translator/ending.hpp) into code, or into the reason the frame runs eagerly.
//
//   returned         -> the graph compiled, code that calls it and rebuilds the return
//                       value (output/codegen.hpp)
//   a graph break    -> the frame translated again up to the break, the graph so far
//                       compiled, code that rebuilds every frame of the inline stack at
//                       the break, runs the instruction and calls the resume functions
//                       (output/break_plan.hpp, output/break_code.hpp): one code path
//                       for a break in the frame and inside inlined calls
//   run eagerly      -> the reason, and the guards of the translation, so that a call
//                       with the same inputs runs eagerly without translating again
//
// A break that cannot be made where it was found falls back to the next place one can
// be made: inside inlined calls, at the frame's call; inside `with` blocks, before the
// outermost block; where an object the trace made would outlive it (returned, or live
// at the break, output/escape.hpp), at the instruction that made it. When no break can
// be made, the frame runs eagerly and the reason says why not. Under `fullgraph`
// anything but a return that can be captured is a `capture_error`.
//
// The restart is why this is in runtime/ and not output/: it runs the translator, which
// sits above output/ in the include order.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/global_state_functions.hpp>
#include <lasso/guards/compile_guards.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/break_code.hpp>
#include <lasso/output/break_plan.hpp>
#include <lasso/output/codegen.hpp>
#include <lasso/output/escape.hpp>
#include <lasso/resume/resume_cache.hpp>
#include <lasso/runtime/compile_graph.hpp>
#include <lasso/runtime/direct_return.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/settings.hpp>
#include <lasso/translator/translator.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// `'f' (model.py:3)`: a code in messages.
inline std::string frame_location(const frame_record& info) {
    return "'" + info.function + "' (" + info.filename + ":" + std::to_string(info.first_line) + ")";
}

/// What capturing a frame made: the code to run instead of the frame's, with what its
/// cache entry needs; or, without code, why the frame runs eagerly.
template <class A> struct capture_outcome {
    std::optional<typename A::code> code; ///< empty: the frame runs eagerly
    /// The cache entry's guards. For a frame that runs eagerly: the first
    /// translation's, when they could be compiled (a call they pass runs eagerly
    /// without translating again).
    std::optional<guard_program<A>> guards;
    std::optional<direct_return<A>> direct; ///< computes what `code` would, on a hit
    compiled_entry_graph<A> graph;          ///< its compiled graph (no value: none)
    /// The values whose identity the guards check, kept alive with the entry.
    std::vector<typename A::value> identities;
    /// For code that breaks the graph: the break's reason and line.
    std::optional<unsupported_record> graph_break;
    /// For a frame that runs eagerly: why.
    unsupported_record eager;
    /// The resume functions `code` calls for the frame itself (not those of inlined
    /// frames), each with its resume code.
    std::vector<std::pair<typename A::value, typename A::code>> resume_functions;
};

/// Turns frames into code, keeping the resume codes made so far (each once per
/// original code, resume point, stack layout and live locals).
template <class A, class Config> class capture_pipeline {
public:
    using value = typename A::value;
    using code = typename A::code;
    using frame = typename A::frame;
    using result = capture_outcome<A>;

    /// Captures frame `f` with `backend` (`info` names it in messages and logs).
    /// `dynamic` is the code's record of dynamic dimensions, which the capture updates.
    result capture(const frame& f, const frame_settings& settings, const backend_function<A>& backend,
                   const frame_record& info, const runtime_options& options, symbolic::dynamic_dims* dynamic = nullptr,
                   const std::unordered_set<std::uintptr_t>* disabled_codes = nullptr) {
        const global_state_function_scope<A> state_functions(state_functions_);
        const code c = A::frame_code(f);
        // Read and decoded once for the translation and its restarts.
        const translator_input<A> input(c);
        const session s{f,
                        input,
                        bytecode::cell_names_by_number<A>(input.fields),
                        backend,
                        info,
                        options,
                        dynamic,
                        settings.dynamic,
                        disabled_codes};
        std::optional<translation<A, Config>> first;
        try {
            first.emplace(translator<A, Config>(input, f, s.translation_options()).run());
            first->add_size_guard();
        } catch (const std::exception& e) {
            result eager;
            eager.eager = {tagged(reasons::internal_error, std::string("internal error while translating: ") + e.what()),
                           -1};
            return finish_eager(s, settings, std::move(eager));
        }
        unsupported_record report{reason_of<A>(first->end), line_of<A>(first->end)};
        std::optional<std::string> no_break; // why the last break tried could not be made
        // The endings still to try, the next last.
        std::vector<translation_end<A>> pending{first->end};
        while (!pending.empty()) {
            translation_end<A> end = std::move(pending.back());
            pending.pop_back();
            if (const auto* r = std::get_if<ending::returned>(&end)) {
                const std::vector<tracker_ref> outliving = output::return_roots(*first);
                if (auto e = output::escaping_object<A>(
                        *first, std::span<const tracker_ref>(outliving),
                        first->effects.empty() ? "is returned" : "is returned or stored into a value from the frame")) {
                    report = {e->reason, e->line};
                    if (settings.fullgraph) break;
                    pending.push_back(ending::break_at_construction{e->at, e->line, e->reason});
                    continue;
                }
                auto made = capture_return(s, *first);
                if (made.code) return made;
                report = {made.eager.reason, r->line};
                break;
            }
            if (settings.fullgraph) break;
            if (const auto* n = std::get_if<ending::break_in_inlined_call>(&end)) {
                auto made = make_break(s, n->inner.at, false, inlined_reason(n->inner), n->inner.line);
                if (made.code) return made;
                if (options.logs.on(log_artifact::breaks))
                    options.logs.write("breaks", "no graph break inside the inlined call in " + frame_location(info),
                                       made.eager.reason);
                no_break = made.eager.reason;
                pending.push_back(n->at_call);
            } else if (const auto* w = std::get_if<ending::break_in_with_block>(&end)) {
                // Not inside the with blocks: before the outermost, which runs in the resume function.
                if (w->graph_before)
                    pending.push_back(ending::break_at_instruction{
                        w->block_at, w->block_line,
                        w->inside.reason + " (inside the with block at line " + std::to_string(w->block_line) + ")", true});
                pending.push_back(w->inside);
            } else if (const auto* b = std::get_if<ending::break_at_instruction>(&end)) {
                report = {b->reason, b->line};
                std::optional<output::escape> escaped;
                auto made = make_break(s, b->at, b->instruction_in_resume, b->reason, b->line, &escaped);
                if (made.code) return made;
                no_break = made.eager.reason;
                if (escaped) pending.push_back(ending::break_at_construction{escaped->at, escaped->line, escaped->reason});
            } else if (const auto* k = std::get_if<ending::break_at_construction>(&end)) {
                report = {k->reason, k->line};
                auto made = make_break(s, k->at, false, k->reason, k->line);
                if (made.code) return made;
                no_break = made.eager.reason;
            }
        }
        if (no_break) report.reason += " (no graph break: " + *no_break + ")";
        result eager;
        eager.eager = std::move(report);
        try {
            eager.guards = compile_guards<A>(first->guards, first->sources, input.fields.varnames, s.cellnames);
        } catch (const std::exception&) {
            // Guards that cannot be compiled leave no entry: the next call translates again.
        }
        eager.identities = std::move(first->identities);
        return finish_eager(s, settings, std::move(eager));
    }

    /// Resume codes made so far.
    std::size_t resume_code_count() const noexcept { return resumes_.size(); }

    /// The disassembly of the resume codes made since the last call, with
    /// `runtime_options::keep_bytecode` (for the report of the frame just captured).
    std::vector<std::string> take_resume_listings() { return std::exchange(resume_listings_, {}); }

private:
    /// lasso's reader and setter of global state that generated code holds
    /// (global_state_functions.hpp), made once for this runtime.
    global_state_function_table<A> state_functions_;

    /// What one capture works with.
    struct session {
        const frame& f;
        const translator_input<A>& input;
        std::vector<std::string> cellnames; ///< the frame's cells by the interpreter's number, for guards
        const backend_function<A>& backend;
        const frame_record& info;
        const runtime_options& options;
        symbolic::dynamic_dims* dynamic_record = nullptr;
        symbolic::dynamic_shapes dynamic_mode = symbolic::dynamic_shapes::automatic;
        const std::unordered_set<std::uintptr_t>* disabled_codes = nullptr;

        /// The options of a translation of this frame (stopping before `at`, if given).
        translator_options translation_options(std::optional<std::size_t> at = std::nullopt) const {
            return translator_options{at, options.comptime_output, dynamic_record, dynamic_mode, disabled_codes};
        }
    };

    result finish_eager(const session& s, const frame_settings& settings, result eager) {
        if (settings.fullgraph)
            throw capture_error("fullgraph capture of " + frame_location(s.info) +
                                " failed: " + describe_record(identify(eager.eager, reasons_of<A>()), ""));
        return eager;
    }

    /// The reason of a break inside inlined calls: the failure and the inline stack.
    static std::string inlined_reason(const inline_break& inner) {
        std::string reason = inner.reason + " (in an inlined call: ";
        for (std::size_t d = 0; d < inner.stack.size(); ++d) {
            const auto& [function, line] = inner.stack[d];
            reason += (d ? " > " : "") + function + (line >= 0 ? " line " + std::to_string(line) : std::string());
        }
        return reason + ")";
    }

    /// Runs `make`, which writes the code of a capture or a graph break; what it throws
    /// becomes the reason it cannot be made (an outcome without code).
    template <class Make> static result attempt(Make&& make) {
        std::string why;
        try {
            return make();
        } catch (unsupported& u) { why = u.tagged(); } catch (const guard_error& e) {
            why = std::string("cannot guard the frame's inputs: ") + e.what();
        } catch (const bytecode::bytecode_error& e) { why = std::string("cannot write the generated code: ") + e.what(); }
        result failed;
        failed.eager.reason = std::move(why);
        return failed;
    }

    /// The name of the next compiled graph with operations.
    std::string next_graph_name(const translation<A, Config>& t) {
        return t.graph.call_count() == 0 ? std::string() : "__compiled_fn_" + std::to_string(compiled_count_++);
    }

    /// The code of a frame the trace captured whole.
    result capture_return(const session& s, translation<A, Config>& t) {
        return attempt([&]() -> result {
            result out;
            out.guards = compile_guards<A>(t.guards, t.sources, s.input.fields.varnames, s.cellnames);
            const output::graph_outputs outputs = output::finalize_graph(t);
            out.graph = compile_graph<A>(s.f, t, *out.guards, outputs, s.backend, next_graph_name(t), s.info.function);
            auto generated = output::generate_code<A>(s.input.fields, t, outputs, out.graph.value);
            if (auto* u = std::get_if<unsupported>(&generated)) throw std::move(*u);
            out.code = std::get<code>(std::move(generated));
            out.direct = direct_return<A>::plan(t, outputs, *out.guards, out.graph.callable);
            out.identities = std::move(t.identities);
            return out;
        });
    }

    /// At a break whose instruction lies under a try block's handler: the generated
    /// code runs it with that handler as its second continuation (a resume function at
    /// the handler), outside the with blocks the trace entered. Inside them, the
    /// instruction runs in the resume function, whose exception table holds the
    /// handlers; that resume function would start where this frame stands, so it needs
    /// a graph before it to make progress.
    template <class Translation>
    static void under_try_handler(const Translation& t, const ending::stopped<A>& stop, const output::break_frame<A>& frame,
                                  output::break_plan& plan) {
        const auto& breaking = (*frame.original)[frame.at];
        // Blocks of interpreted classes stay open across the break: only global-state
        // blocks are entered again.
        bool reentered = std::any_of(stop.state.with_blocks.begin(), stop.state.with_blocks.end(),
                                     [](const with_block& b) { return !b.interpreted; });
        for (const auto& slot : plan.frames[0].stack) reentered = reentered || slot.kind == resume::slot_kind::with_exit;
        if (breaking.exception && !reentered) {
            plan.handler =
                output::break_plan::handler_successor{output::index_of(*frame.original, breaking.exception->target),
                                                      breaking.exception->depth, breaking.exception->lasti};
            plan.run_instruction = true;
            return;
        }
        if (!t.has_operations())
            give_up(reasons::break_not_resumable,
                    "a graph break inside a try block with no graph before it (its resume function would break at "
                    "once again)");
        if (!stop.state.kw_names.empty())
            give_up(reasons::break_not_resumable, "a graph break at a call with keyword arguments inside a try block");
        plan.run_instruction = false;
    }

    /// A graph break before the instruction evaluated as number `at` (inside inlined
    /// calls, or in the frame): the frame translated again up to it, the graph of all
    /// frames so far compiled, and code that rebuilds each frame's values, runs the
    /// instruction (unless `instruction_in_resume`) and calls the frame's resume
    /// function, which gets the inner frames' resume functions and values. An object
    /// the trace made that would be live at the break and cannot be built is written
    /// to `escaped`, when given.
    result make_break(const session& s, std::size_t at, bool instruction_in_resume, std::string reason, int line,
                      std::optional<output::escape>* escaped = nullptr) {
        if constexpr (!ResumeAdapter<A>) {
            (void)at, (void)instruction_in_resume, (void)reason, (void)line, (void)escaped;
            result failed;
            failed.eager.reason =
                tagged(reasons::adapter_cannot,
                       "the adapter cannot make resume functions (make_resume_function, positional_flags)");
            return failed;
        } else {
            return attempt([&]() -> result {
                const auto& fields = s.input.fields;
                // With cells, generated code gives the resume function the frame's own.
                const auto closure_binder =
                    fields.cellvars.empty() && fields.freevars.empty() ? std::nullopt : resumes_.closure_binder();
                translation<A, Config> t = translator<A, Config>(s.input, s.f, s.translation_options(at)).run();
                t.add_size_guard();
                const auto* stop = t.stopped();
                if (!stop)
                    give_up(reasons::internal_error, "internal error: translating again did not reach the graph break",
                            t.captured() ? "" : ": ", t.reason());
                // Resume functions are always made from the original code: a resume
                // function that breaks again continues in another resume function of
                // the original, so n breaks make n codes of the original's size. The
                // original is analysed once (decoded, stack depths, liveness), and a
                // resume code's instructions and locals are looked up in it.
                const std::size_t depth = 1 + stop->inlined.size();
                // An instruction under a try block's handler runs in the resume
                // function, whose exception table holds that handler; generated code has
                // none, so a break inside an inlined call there cannot be made.
                if (stop->under_try_handler && depth > 1)
                    give_up(reasons::break_not_resumable, "a graph break inside an inlined call made inside a try block");
                std::vector<std::shared_ptr<const typename resume::resume_cache<A>::original_analysis>> analyses;
                std::vector<std::vector<std::string>> varnames(depth);
                std::optional<std::vector<bytecode::instruction<A>>> patched; // at a prologue's call
                std::vector<output::break_frame<A>> frames;
                frames.reserve(depth);
                for (std::size_t d = 0; d < depth; ++d) {
                    const bool root = d == 0, innermost = d + 1 == depth;
                    const code c = root ? A::frame_code(s.f) : stop->inlined[d - 1].code;
                    const frame_state& state = root ? stop->state : stop->inlined[d - 1].state;
                    const auto* origin = resumes_.origin_of(c);
                    analyses.push_back(origin ? origin->analysis
                                              : (root ? resumes_.analysis_of(c, fields) : resumes_.analysis_of(c)));
                    if (root) {
                        varnames[d] = fields.varnames;
                    } else {
                        const auto callee = A::read_code(c);
                        if (!callee.cellvars.empty() ||
                            !callee.freevars.empty()) // its resume function has the frame's closure
                            give_up(reasons::break_not_resumable,
                                    "a graph break inside an inlined call of a function with cells");
                        varnames[d] = callee.varnames;
                    }
                    const auto& decoded = analyses.back()->source.decoded;
                    if (innermost && depth > 1 && origin && state.pc < origin->prologue)
                        give_up(reasons::break_not_resumable, "a graph break inside a resume function's prologue");
                    const std::size_t where = output::locate_in_original<A>(
                        origin, state.pc, decoded, depth == 1 ? &s.input.instructions.at(state.pc) : nullptr, patched);
                    if (where >= decoded.size())
                        give_up(reasons::internal_error, "internal error: a frame of the inline stack is past its code");
                    if (!innermost && decoded[where].semantic != op::call)
                        give_up(reasons::break_not_resumable, "an inlined call made by an instruction other than a call");
                    frames.push_back(output::break_frame<A>{
                        &state, innermost && patched ? &*patched : &decoded, where,
                        output::break_liveness(analyses.back()->live, origin
                                                                          ? std::span<const std::size_t>(origin->frame_local)
                                                                          : std::span<const std::size_t>{}),
                        &varnames[d], origin ? origin->prologue : 0});
                }
                result out;
                out.guards = compile_guards<A>(t.guards, t.sources, fields.varnames, s.cellnames);
                output::break_plan plan = output::plan_break<A>(t, std::span<const output::break_frame<A>>(frames), fields);
                plan.run_instruction = !instruction_in_resume;
                if (stop->under_try_handler) under_try_handler(t, *stop, frames[0], plan);
                handlers::leave_open_blocks(t, stop->state);
                if (auto e = output::escaping_object<A>(t, plan.roots, "is live at the graph break")) {
                    if (escaped) *escaped = *e;
                    give_up(reasons::value_not_rebuildable, untag(e->reason).text);
                }
                const output::graph_outputs outputs = output::finalize_graph(t, plan.roots);
                out.graph = compile_graph<A>(s.f, t, *out.guards, outputs, s.backend, next_graph_name(t), s.info.function);
                // The resume functions of inlined frames are made once per resume code
                // and function: the frame's resume function guards the identity of the
                // one it receives, so a new object on every translation would recompile
                // it. Made innermost first: each outer one's key has the code of the one
                // it calls. The outer ones are named after where the innermost resumes
                // ("helper_at_12").
                std::uintptr_t inner_code = 0;
                std::string via;
                auto resume_at = [&](std::size_t d, std::size_t index, const std::vector<resume::stack_slot>& stack,
                                     const std::vector<std::string>& live_names,
                                     std::optional<std::size_t> nested_arguments) -> value {
                    if (d + 1 == depth) {
                        const auto& source = analyses[d]->source;
                        const int at_line = index < source.decoded.size() ? source.decoded[index].pos.line : -1;
                        via =
                            source.fields.name + "_at_" + std::to_string(at_line >= 0 ? at_line : source.fields.first_line);
                    }
                    const resume::nested_call nested{nested_arguments.value_or(0), via};
                    const code rc = resume_code(s, analyses[d], index, stack, live_names,
                                                nested_arguments ? &nested : nullptr, inner_code);
                    inner_code = A::code_identity(rc);
                    if (d == 0) {
                        value fn = A::make_resume_function(rc, s.f);
                        out.resume_functions.emplace_back(fn, rc);
                        return fn;
                    }
                    return resumes_.inner_function(rc, stop->inlined[d - 1].function,
                                                   [&] { return A::make_resume_function(rc, s.f); });
                };
                auto bound_at_entry = [&](std::size_t i) { return A::frame_local(s.f, i) != nullptr; };
                out.code =
                    output::generate_break_code<A>(fields, t, std::span<const output::break_frame<A>>(frames), plan, outputs,
                                                   out.graph.value, resume_at, bound_at_entry, closure_binder);
                out.identities = std::move(t.identities);
                out.graph_break = unsupported_record{std::move(reason), line};
                return out;
            });
        }
    }

    /// The resume code of `analysis`'s original at instruction `index` with this stack
    /// and these live locals (and a nested call's arguments): made once per key and reused.
    code resume_code(const session& s,
                     const std::shared_ptr<const typename resume::resume_cache<A>::original_analysis>& analysis,
                     std::size_t index, const std::vector<resume::stack_slot>& stack,
                     const std::vector<std::string>& live_names, const resume::nested_call* nested,
                     std::uintptr_t inner_code) {
        bool made = false;
        code c = resumes_.get(analysis, index, stack, live_names, nested, inner_code, made);
        if (made && (s.options.logs.on(log_artifact::bytecode) || s.options.keep_bytecode)) {
            std::string listing = bytecode::disassemble_code<A>(c);
            if (s.options.logs.on(log_artifact::bytecode))
                s.options.logs.write("bytecode", "resume function of " + frame_location(s.info), listing);
            if (s.options.keep_bytecode) resume_listings_.push_back(std::move(listing));
        }
        return c;
    }

    resume::resume_cache<A> resumes_;
    std::vector<std::string> resume_listings_;
    std::size_t compiled_count_ = 0;
};

} // namespace lasso
