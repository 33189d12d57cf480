// lasso/runtime/eval_frame.hpp
//
// The frame entry point. An interpreter hands every frame of a function marked for
// capture to `runtime::eval_frame` (through its PEP 523-style hook) and returns what it
// returns. For each call:
//
//   cache lookup by code (the adapter's per-code slot, one load)
//     -> the newest entry whose guards pass runs: its `direct_return` when the return
//        value allows one (the compiled graph called on the values the guards read, no
//        bytecode run), else its transformed code (run by lasso itself when it is
//        straight-line and the adapter declares native_break_code:
//        runtime/break_program.hpp), or the frame eagerly if that entry records a
//        translation that failed
//     -> no entry passes: a miss. Past `cache_size_limit` entries the frame runs eagerly
//        and a warning says so, once per code; otherwise the frame is captured
//        (runtime/capture.hpp: a recompile if the code had entries, with the failed
//        guard as the reason), the result becomes a new cache entry and runs. A frame
//        that cannot be captured gets an "eager" entry with the guards seen so far and
//        runs eagerly; under `fullgraph` a `capture_error` is thrown instead.
//   Under the stance force_eager (`set_stance`) every frame runs eagerly; under
//   eager_on_recompile and fail_on_recompile, a miss of a code that has entries runs
//   eagerly or throws `capture_error`; past `recompile_limit` recompiles in all, such a
//   miss runs eagerly.
//   A frame entered while captured frames already run `max_nested_frames` deep inside
//   each other (resume functions calling the next one, iteration after iteration of a
//   loop with a graph break) runs eagerly, before any of this.
//   A code given to `disable` runs eagerly on a miss and is never translated (its
//   entries are dropped when it is disabled); its calls inside captured frames are
//   graph breaks (LB0028), never inlined.
//   Every reason kept for explain, logged, warned or thrown carries its registry id
//   (lasso/reasons.hpp) and the entry's one-line hint.
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
#include <lasso/config.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/detail/attributes.hpp>
#include <lasso/guards/cache.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/break_program.hpp>
#include <lasso/runtime/capture.hpp>
#include <lasso/runtime/direct_return.hpp>
#include <lasso/runtime/explain.hpp>
#include <lasso/runtime/graph_exceptions.hpp>
#include <lasso/runtime/logging.hpp>
#include <lasso/runtime/settings.hpp>
#include <lasso/translator/translation.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace lasso {

template <class A, class Config = default_config<A>> class runtime {
    // One readable message per mistake in the adapter or the Config (lasso/adapter/check.hpp).
    LASSO_DETAIL_CHECK_ADAPTER(A, detail::adapter_table::runtime_entry)
    LASSO_DETAIL_CHECK_CONFIG(A, Config)

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
        if (running_ >= options_.max_nested_frames || stance_ == stance::force_eager) [[unlikely]]
            return off_capture(f);
        const nested running(running_);
        record* r = cache_.find(A::frame_code(f));
        if (!r) [[unlikely]]
            return first_call(f, settings);
        ++r->info.calls;
        for (std::size_t i = r->entries.size(); i-- > 0;) {
            const entry& e = *r->entries[i];
            if (!e.guards.check(f)) {
                e.guards.release_reads();
                continue;
            }
            ++e.hits;
            ++r->info.cache_hits;
            if (e.raise_token) return run_rerunning(f, e);
            if (e.direct) return run_direct(e);
            e.guards.release_reads(); // the code reads the frame itself
            if (!e.code) return A::run_eagerly(f);
            if constexpr (NativeBreakCodeAdapter<A>)
                if (e.program) return run_program(f, e);
            return A::call_code(f, *e.code);
        }
        return miss(f, *r, settings);
    }

    /// What capture did so far, per code.
    explain_report report() const {
        explain_report out;
        out.features = feature_names(features_of<A>());
        for (const auto& r : cache_.records()) {
            frame_record f = r->info;
            f.cache_entries = r->entries.size();
            for (const auto& e : r->entries) f.entry_guards.push_back(e->guards.describe());
            out.frames.push_back(std::move(f));
        }
        return out;
    }

    const runtime_options& options() const noexcept { return options_; }

    /// What the runtime does from now on with the frames it is given (`lasso::stance`).
    void set_stance(lasso::stance s) noexcept { stance_ = s; }
    lasso::stance current_stance() const noexcept { return stance_; }

    /// Disables capture of code `c` from now on: its frames run eagerly (even when the
    /// interpreter hands them over, as for a function marked for capture), entries made
    /// before are dropped, and a call of it inside a captured frame is a graph break
    /// (reason `disabled_function`, LB0028) instead of being inlined. An adapter calls it
    /// for its `disable(fn)`.
    void disable(const code& c) {
        disabled_.insert(A::code_identity(c));
        if (record* r = cache_.find(c)) r->entries.clear();
    }
    /// Whether code `c` is disabled for capture.
    bool disabled(const code& c) const { return disabled_.contains(A::code_identity(c)); }

    /// Resume codes made so far (each once per original code, resume point, stack
    /// layout and live locals).
    std::size_t resume_code_count() const noexcept { return capture_.resume_code_count(); }

private:
    /// Counts a captured frame running, for as long as it runs.
    struct nested {
        std::size_t& depth;
        explicit nested(std::size_t& d) noexcept : depth(d) { ++depth; }
        ~nested() { --depth; }
        nested(const nested&) = delete;
        nested& operator=(const nested&) = delete;
    };

    /// `f` under the stance force_eager, or entered while captured frames run
    /// `max_nested_frames` deep (counted): it runs eagerly.
    LASSO_COLD value off_capture(frame& f) {
        if (stance_ == stance::force_eager) return A::run_eagerly(f);
        const code c = A::frame_code(f);
        record& r = cache_.find_or_add(c, new_frame_record<A>(c));
        ++r.info.calls;
        ++r.info.ran_eagerly_nested;
        return A::run_eagerly(f);
    }

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
        /// `code` run by lasso itself (feature::native_break_code), when it can be.
        std::optional<break_program<A>> program;
        /// Unique among the runtime's entries, for what break programs learn of an entry
        /// (`break_program::resume_site`): an address could be reused.
        std::uint64_t serial = 0;
    };
    using record = code_record<A, entry, frame_record>;

    /// Runs the code just made for `f` (its entry is the newest of `r`, its guards
    /// checked on `f` when its graph was compiled).
    value run_first(frame& f, record& r, const code& transformed) {
        const entry& added = *r.entries.back();
        if (added.raise_token) return run_rerunning(f, added);
        added.guards.release_reads();
        return A::call_code(f, transformed);
    }

    /// Runs entry `e`; if its compiled graph raises, the frame runs again eagerly
    /// (runtime/graph_exceptions.hpp).
    LASSO_OUT_OF_LINE value run_rerunning(frame& f, const entry& e) {
        return run_or_rerun_eagerly<A>(f, e.raise_token, [&] {
            if (e.direct) return run_direct(e);
            e.guards.release_reads();
            return A::call_code(f, *e.code);
        });
    }

    /// Runs `e`'s break program for `f`, or its code when the program finds a value it
    /// reads first missing (nothing has run then).
    LASSO_OUT_OF_LINE value run_program(frame& f, const entry& e) {
        auto enter = [this, &f](const typename break_program<A>::resume_site& site, std::span<const value* const> args) {
            return enter_resume(f, site, args);
        };
        if (std::optional<value> done = e.program->run(f, enter)) return std::move(*done);
        return A::call_code(f, *e.code);
    }

    /// A call of the resume function of `site` with `args` (each where the program laid
    /// it), made by a break program run for frame `base`: the function's newest entry
    /// whose guards pass on the arguments runs here when it returns directly, counted as
    /// a call and a hit as `eval_frame` counts them. Checks implied by what the program
    /// knows of the arguments are not made again, and the program lays the next calls'
    /// arguments out for that entry's graph (`resume_site::link`). Nothing (the function
    /// is then called, and its frame goes through `eval_frame`) when that entry is
    /// another kind, when no entry passes (a miss), when guards read cells, or under the
    /// conditions `eval_frame` checks before its lookup.
    std::optional<value> enter_resume(const frame& base, const typename break_program<A>::resume_site& site,
                                      std::span<const value* const> args) {
        if (running_ >= options_.max_nested_frames || stance_ == stance::force_eager) return std::nullopt;
        record* r = cache_.find(site.resume);
        if (!r) return std::nullopt;
        for (std::size_t i = r->entries.size(); i-- > 0;) {
            const entry& e = *r->entries[i];
            if (e.guards.reads_cells()) return std::nullopt;
            const auto& link = site.link_of(e.serial, e.guards, e.direct ? &*e.direct : nullptr);
            if ((link.checks ? e.guards.first_failure_of_checks(*link.checks, args)
                             : e.guards.first_failure_on_arguments(base, args)) >= 0) {
                e.guards.release_reads();
                continue;
            }
            if (!e.direct || e.raise_token) {
                e.guards.release_reads();
                return std::nullopt;
            }
            site.lay_out_for(link);
            const nested running(running_);
            ++r->info.calls;
            ++e.hits;
            ++r->info.cache_hits;
            return run_direct(e);
        }
        return std::nullopt;
    }

    /// Runs `e`'s direct return on the values its guards just read, then lets go of them
    /// (guard_program::release_reads), also when the graph raises.
    static value run_direct(const entry& e) {
        struct release {
            const guard_program<A>& guards;
            ~release() { guards.release_reads(); }
        } released{e.guards};
        return (*e.direct)(e.guards);
    }

    const backend_function<A>& backend_named(std::string_view name) const {
        if (name.empty()) name = "eager";
        for (const auto& [n, b] : backends_)
            if (n == name) return b;
        std::string known;
        for (const auto& [n, b] : backends_) known += (known.empty() ? "" : ", ") + n;
        throw capture_error("unknown backend '" + std::string(name) + "' (registered: " + known + ")");
    }

    LASSO_COLD value first_call(frame& f, const frame_settings& settings) {
        const code c = A::frame_code(f);
        if (!disabled_.empty() && disabled(c)) return A::run_eagerly(f);
        record& r = cache_.find_or_add(c, new_frame_record<A>(c));
        ++r.info.calls;
        return miss(f, r, settings);
    }

    /// No entry of `r` matches `f`: capture it (within the cache size limit), add the
    /// entry and run it.
    LASSO_COLD value miss(frame& f, record& r, const frame_settings& settings) {
        frame_record& info = r.info;
        if (!disabled_.empty() && disabled(A::frame_code(f))) return A::run_eagerly(f);
        if (!r.entries.empty()) {
            if (r.entries.size() >= options_.cache_size_limit) {
                if (!info.cache_limit_hit && options_.warnings)
                    *options_.warnings << "lasso: warning: " << reasons::cache_limit.id() << " " << frame_location(info)
                                       << " reached the cache size limit (" << options_.cache_size_limit
                                       << "); calls that match none of its " << r.entries.size()
                                       << " entries run eagerly (hint: " << reasons::cache_limit.hint() << ")\n";
                info.cache_limit_hit = true;
                return A::run_eagerly(f);
            }
            auto failed = r.entries.back()->guards.explain(f);
            r.entries.back()->guards.release_reads();
            std::string reason = failed ? failed->reason : std::string("no guard failed");
            if (stance_ == stance::fail_on_recompile)
                throw capture_error(std::string(reasons::recompile_limit.id()) + " " + frame_location(info) +
                                    " would be translated again (" + reason + "), under the stance fail_on_recompile");
            if (stance_ == stance::eager_on_recompile) return A::run_eagerly(f);
            if (recompiles_ >= options_.recompile_limit) {
                if (!recompile_limit_said_ && options_.warnings)
                    *options_.warnings << "lasso: warning: " << reasons::recompile_limit.id() << " " << recompiles_
                                       << " recompiles in all, the limit (" << options_.recompile_limit
                                       << "): frames that would be translated again run "
                                       << "eagerly from now on\n";
                recompile_limit_said_ = true;
                return A::run_eagerly(f);
            }
            ++recompiles_;
            info.recompile_reasons.push_back(std::move(reason));
            info.recompile_ids.emplace_back(reasons::recompile_guard_failed.id());
        }
        ++info.translations;
        capture_outcome<A> made = capture_.capture(f, settings, backend_named(settings.backend), info, options_,
                                                   SymbolicShapesAdapter<A> ? &info.dynamic_dims : nullptr,
                                                   disabled_.empty() ? nullptr : &disabled_);
        for (auto& listing : capture_.take_resume_listings()) info.resume_code.push_back(std::move(listing));
        if (!r.entries.empty()) {
            // A dimension this capture made dynamic is the reason that names the change.
            if (auto news = info.dynamic_dims.take_news(); !news.empty()) {
                std::string reason;
                for (const auto& n : news) reason += (reason.empty() ? "" : "; ") + n;
                info.recompile_reasons.back() = std::move(reason);
                info.recompile_ids.back() = reasons::recompile_dynamic.id();
            }
            if (options_.logs.on(log_artifact::recompiles))
                options_.logs.write("recompiles", "recompiling " + frame_location(info),
                                    info.recompile_ids.back() + " " + info.recompile_reasons.back());
        } else {
            info.dynamic_dims.take_news();
        }
        if (!made.code) {
            info.unsupported.push_back(identify(std::move(made.eager), reasons_of<A>()));
            if (options_.logs.on(log_artifact::breaks))
                options_.logs.write("breaks", frame_location(info) + " runs eagerly",
                                    describe_record(info.unsupported.back()));
            if (made.guards)
                r.entries.push_back(std::make_unique<entry>(
                    entry{0, std::move(*made.guards), {}, {}, std::move(made.identities), nullptr, {}, ++entry_serials_}));
            return A::run_eagerly(f);
        }
        ++info.frames_captured;
        if (const auto& b = made.graph_break) {
            info.breaks.push_back(identify(*b, reasons_of<A>()));
            if (options_.logs.on(log_artifact::breaks))
                options_.logs.write("breaks", "graph break in " + frame_location(info), describe_record(info.breaks.back()));
        }
        if (made.graph.value) {
            if (options_.logs.on(log_artifact::graph))
                options_.logs.write("graph", "graph " + std::to_string(info.graphs.size()) + " of " + frame_location(info),
                                    made.graph.record.readable);
            info.graphs.push_back(std::move(made.graph.record));
        }
        if (options_.logs.on(log_artifact::guards))
            options_.logs.write("guards", "guards of " + frame_location(info), made.guards->describe());
        if (options_.logs.on(log_artifact::bytecode) || options_.keep_bytecode) {
            std::string listing = bytecode::disassemble_code<A>(*made.code);
            if (options_.logs.on(log_artifact::bytecode))
                options_.logs.write("bytecode", "generated code of " + frame_location(info), listing);
            if (options_.keep_bytecode) info.generated_code.push_back(std::move(listing));
        }
        r.entries.push_back(std::make_unique<entry>(entry{0,
                                                          std::move(*made.guards),
                                                          std::move(made.direct),
                                                          *made.code,
                                                          std::move(made.identities),
                                                          made.graph.raise_token,
                                                          {},
                                                          ++entry_serials_}));
        if constexpr (NativeBreakCodeAdapter<A>)
            if (options_.native_break_code && !r.entries.back()->direct && !made.graph.raise_token)
                r.entries.back()->program =
                    break_program<A>::plan(*made.code, made.graph, r.entries.back()->guards, made.resume_functions);
        return run_first(f, r, *made.code);
    }

    runtime_options options_;
    std::size_t running_ = 0; ///< captured frames running inside each other now
    lasso::stance stance_ = lasso::stance::standard;
    std::size_t recompiles_ = 0;      ///< across all codes, for `recompile_limit`
    std::uint64_t entry_serials_ = 0; ///< the last entry's serial
    bool recompile_limit_said_ = false;
    std::vector<std::pair<std::string, backend_function<A>>> backends_;
    std::unordered_set<std::uintptr_t> disabled_; ///< identities of codes disabled for capture
    code_cache<A, entry, frame_record> cache_;
    capture_pipeline<A, Config> capture_;
};

} // namespace lasso
