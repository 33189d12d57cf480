// lasso/runtime/break_program.hpp
//
// Generated code run by lasso itself (`feature::native_break_code`). The code at a graph
// break is mostly straight-line: the graph called on frame values, its outputs stored
// into locals, the breaking call, the resume function called with the stack and the
// live locals, a return. Run by the interpreter, it costs a frame of its own and an
// eval loop of about twenty instructions, and the resume function a second frame, a
// hook and a cache lookup: on small tensors, more than the graphs' work. A
// `break_program` is that code planned once into its calls. Since the code is
// straight-line, every value it handles is known when it is planned (a frame argument,
// a global, a constant, a call's result): stores are aliases and no stack is kept at
// run time. It calls
//  * the compiled graph directly (no host function, no interpreter call);
//  * a resume function through `enter`, which runs the function's cache entry when its
//    guards pass on the arguments and it returns directly (runtime/eval_frame.hpp), and
//    otherwise gives nothing: the function is then called as the code would. The
//    entry's checks that the program already knows to hold are not made again
//    (`resume_site`): an argument that is the same object the frame's guards checked,
//    or the graph's output, whose meta the graph fixes;
//  * every other callee through the adapter's `call_at`, which calls as that
//    instruction of the generated code would (its traceback line, its exception
//    context).
// Code the program cannot run exactly as the interpreter would is left to the
// interpreter (`plan` gives nothing): an instruction other than loads, stores of
// locals, calls with a NULL below the callee and one return; an exception handler;
// more calls, arguments or globals than the program's fixed room. The frame's arguments
// the code reads are checked bound, and its globals read, before anything runs, so that
// a missing one leaves the whole code to the interpreter (which raises where the code
// would): a global qualifies only when it is loaded before the first call of anything
// but the graph, which could not have rebound it. The frame's own locals are read where
// they are, as the graph's direct return does: a suspended frame's locals stay put.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/detail/attributes.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/runtime/backends.hpp>
#include <lasso/runtime/compile_graph.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace lasso {

template <class A> class break_program {
public:
    using value = typename A::value;
    using code = typename A::code;
    using frame = typename A::frame;

    /// Limits of a program: calls, arguments of one call and globals read. Code that
    /// needs more runs in the interpreter.
    static constexpr std::size_t max_calls = 8;
    static constexpr std::size_t max_arguments = 8;
    static constexpr std::size_t max_globals = 8;

    /// The program of `generated`, code whose compiled graph is `graph` and whose calls
    /// of the functions of `resumes` (each with its resume code) enter resume functions;
    /// nothing when the code is not one the program runs exactly.
    static std::optional<break_program> plan(const code& generated, const compiled_entry_graph<A>& graph,
                                             const guard_program<A>& guards,
                                             std::span<const std::pair<value, code>> resumes) {
        const bytecode::code_fields<value> fields = A::read_code(generated);
        if (!fields.exception_table.empty()) return std::nullopt;
        const auto decoded = bytecode::decode<A>(fields);
        break_program p;
        p.generated_.emplace(generated);
        p.graph_ = graph.callable;
        p.runner_ = detail::runner_of<A>(graph.callable);
        p.graph_outputs_ = graph.record.outputs;
        // The code is straight-line, so what every stack slot and local holds is known
        // here: a frame argument, a global read first, a constant or a call's result.
        struct slot {
            bool null = false;
            operand v;
        };
        std::vector<slot> stack;
        std::vector<std::optional<operand>> locals(fields.varnames.size());
        bool called_out = false; // a call of something other than the graph has been made
        bool returned = false;
        for (const auto& ins : decoded) {
            if (returned) return std::nullopt; // unreachable code after the return: not ours
            switch (ins.semantic) {
            case bytecode::op::resume:
            case bytecode::op::nop: break;
            case bytecode::op::push_null: stack.push_back({true, {}}); break;
            case bytecode::op::load_fast: {
                const auto i = static_cast<std::size_t>(ins.arg);
                if (i >= locals.size()) return std::nullopt;
                if (!locals[i]) {
                    // Not stored by the code: the frame's own (an argument), checked bound first.
                    locals[i] = operand{where::frame_local, static_cast<std::uint32_t>(i)};
                    p.frame_locals_.push_back(static_cast<std::uint32_t>(i));
                }
                stack.push_back({false, *locals[i]});
                break;
            }
            case bytecode::op::store_fast: {
                const auto i = static_cast<std::size_t>(ins.arg);
                if (i >= locals.size() || stack.empty() || stack.back().null) return std::nullopt;
                locals[i] = stack.back().v;
                stack.pop_back();
                break;
            }
            case bytecode::op::pop_top:
                if (stack.empty() || stack.back().null) return std::nullopt;
                stack.pop_back();
                break;
            case bytecode::op::load_const: {
                const value* c = ins.constant();
                if (!c) return std::nullopt;
                stack.push_back({false, {where::constant, static_cast<std::uint32_t>(p.constants_.size())}});
                p.constants_.push_back(*c);
                break;
            }
            case bytecode::op::load_global: {
                const std::string* name = ins.name_arg();
                if (!name || called_out || p.globals_.size() == max_globals) return std::nullopt;
                if (ins.has_flag(bytecode::arg_flag::push_null)) stack.push_back({true, {}});
                stack.push_back({false, {where::global, static_cast<std::uint32_t>(p.globals_.size())}});
                p.globals_.push_back(*name);
                break;
            }
            case bytecode::op::call: {
                const auto n = static_cast<std::size_t>(ins.arg);
                if (stack.size() < n + 2 || !stack[stack.size() - n - 2].null || n > max_arguments ||
                    p.calls_.size() == max_calls)
                    return std::nullopt;
                call_step c;
                c.callee = stack[stack.size() - n - 1].v;
                if (stack[stack.size() - n - 1].null) return std::nullopt;
                c.first_argument = static_cast<std::uint32_t>(p.arguments_.size());
                c.count = static_cast<std::uint32_t>(n);
                c.offset = static_cast<std::uint32_t>(ins.offset);
                for (std::size_t k = stack.size() - n; k < stack.size(); ++k) {
                    if (stack[k].null) return std::nullopt;
                    p.arguments_.push_back({stack[k].v, false});
                }
                if (c.callee.from == where::constant) {
                    const value& fn = p.constants_[c.callee.index];
                    if (graph.value && A::identity(fn) == A::identity(*graph.value)) {
                        c.what = call_kind::graph;
                    } else {
                        for (const auto& [function, resume] : resumes)
                            if (A::identity(fn) == A::identity(function)) {
                                c.what = call_kind::resume;
                                c.resume = static_cast<std::uint32_t>(p.resume_sites_.size());
                                p.resume_sites_.push_back(p.site_of(resume, c, graph, guards));
                                break;
                            }
                    }
                }
                if (c.what != call_kind::graph) called_out = true;
                stack.resize(stack.size() - n - 2);
                stack.push_back({false, {where::result, static_cast<std::uint32_t>(p.calls_.size())}});
                p.calls_.push_back(c);
                break;
            }
            case bytecode::op::return_value:
                if (stack.size() != 1 || stack.back().null) return std::nullopt;
                p.returned_ = stack.back().v;
                returned = true;
                break;
            default: return std::nullopt;
            }
        }
        if (!returned) return std::nullopt;
        // A call's result read for the last time as an argument is moved there (a call
        // reads its callee after its arguments; the return reads last).
        std::vector<bool> read_later(p.calls_.size(), false);
        if (p.returned_.from == where::result) read_later[p.returned_.index] = true;
        for (std::size_t m = p.calls_.size(); m-- > 0;) {
            const call_step& c = p.calls_[m];
            if (c.callee.from == where::result) read_later[c.callee.index] = true;
            for (std::size_t k = c.first_argument + c.count; k-- > c.first_argument;) {
                argument& a = p.arguments_[k];
                if (a.v.from != where::result) continue;
                a.last_use = !read_later[a.v.index];
                read_later[a.v.index] = true;
            }
        }
        // Arguments that are consecutive frame arguments may be passed in place.
        for (call_step& c : p.calls_) {
            c.in_place = c.count > 0;
            for (std::uint32_t k = 0; k < c.count && c.in_place; ++k) {
                const operand& a = p.arguments_[c.first_argument + k].v;
                c.in_place = a.from == where::frame_local && a.index == p.arguments_[c.first_argument].v.index + k;
            }
        }
        p.global_caches_.resize(p.globals_.size());
        return p;
    }

    /// A call of a resume function: its code, what the program knows of the arguments
    /// (each the same object the entry's guards checked, or the graph's output, whose
    /// meta the graph fixes), and the checks of the function's cache entries that this
    /// leaves (`guard_program::checks_left_on_arguments`), found once per entry.
    struct resume_site {
        explicit resume_site(code c) : resume(std::move(c)) {}
        code resume;
        std::vector<known_argument<typename A::tensor_meta>> known;

        /// The checks of the cache entry numbered `serial`, whose guards are `guards`, left
        /// to make on this call's arguments; null when the whole program must run.
        const std::vector<std::uint32_t>* checks_left(std::uint64_t serial, const guard_program<A>& guards) const {
            for (const link& l : links_)
                if (l.serial == serial) return l.checks ? &*l.checks : nullptr;
            // Entries come and go with recompiles; the links kept are the newest few.
            if (links_.size() == max_links) links_.erase(links_.begin());
            links_.push_back({serial, guards.checks_left_on_arguments(known)});
            return links_.back().checks ? &*links_.back().checks : nullptr;
        }

    private:
        static constexpr std::size_t max_links = 4;
        struct link {
            std::uint64_t serial = 0;
            std::optional<std::vector<std::uint32_t>> checks;
        };
        mutable std::vector<link> links_;
    };

    /// Runs the program for frame `f`, whose entry's guards just passed. `enter(site,
    /// args)` runs a call of the resume function of `site` itself when it can (giving
    /// its result), else gives nothing. Nothing when a value read first is missing (an
    /// argument unbound, a global undefined): then nothing has run.
    template <class Enter> std::optional<value> run(const frame& f, Enter&& enter) const {
        for (std::uint32_t i : frame_locals_)
            if (!A::frame_local(f, i)) return std::nullopt;
        room<max_globals> globals(globals_.size());
        for (std::size_t g = 0; g < globals_.size(); ++g) {
            auto v = read_global(f, g);
            if (!v) return std::nullopt;
            globals.at(g) = *v;
        }
        room<max_calls> results(calls_.size());
        for (std::size_t m = 0; m < calls_.size(); ++m) results.at(m) = call(f, calls_[m], globals, results, enter);
        if (returned_.from == where::result) return std::move(results.at(returned_.index));
        return get(f, returned_, globals, results);
    }

private:
    enum class where : std::uint8_t { frame_local, global, constant, result };
    struct operand {
        where from = where::constant;
        std::uint32_t index = 0; ///< a frame local, global, constant or call
    };
    struct argument {
        operand v;
        bool last_use = false; ///< a call's result read for the last time: moved
    };
    enum class call_kind : std::uint8_t { graph, resume, other };
    struct call_step {
        call_kind what = call_kind::other;
        bool in_place = false; ///< the arguments are consecutive frame arguments
        operand callee;
        std::uint32_t first_argument = 0; ///< in arguments_
        std::uint32_t count = 0;
        std::uint32_t offset = 0; ///< the call's byte offset in the generated code
        std::uint32_t resume = 0; ///< in resume_sites_
    };

    /// Up to N values on the stack, `n` of them made (empty) and destroyed with it.
    template <std::size_t N> class room {
    public:
        explicit room(std::size_t n) : n_(n) { std::uninitialized_value_construct_n(data(), n_); }
        ~room() { std::destroy_n(data(), n_); }
        room(const room&) = delete;
        room& operator=(const room&) = delete;
        value* data() noexcept { return reinterpret_cast<value*>(bytes_); }
        value& at(std::size_t i) noexcept { return data()[i]; }

    private:
        alignas(value) std::byte bytes_[N * sizeof(value)];
        std::size_t n_;
    };

    template <std::size_t G, std::size_t C>
    const value& get(const frame& f, const operand& o, room<G>& globals, room<C>& results) const {
        switch (o.from) {
        case where::frame_local: return *A::frame_local(f, o.index);
        case where::global: return globals.at(o.index);
        case where::constant: return constants_[o.index];
        case where::result: break;
        }
        return results.at(o.index);
    }

    /// Global `g` as the interpreter's load reads it, through a cache of the program's
    /// own when the adapter keeps one (feature::global_read_caches).
    auto read_global(const frame& f, std::size_t g) const {
        if constexpr (CachedGlobalsAdapter<A>) return A::frame_global(f, globals_[g], global_caches_[g]);
        else return A::frame_global(f, globals_[g]);
    }

    template <std::size_t G, std::size_t C, class Enter>
    LASSO_INLINE value call(const frame& f, const call_step& c, room<G>& globals, room<C>& results, Enter& enter) const {
        if (c.in_place) {
            // The frame's arguments lie side by side where the adapter keeps them (their
            // addresses compared: the adapter decides where locals live).
            const value* first = A::frame_local(f, arguments_[c.first_argument].v.index);
            bool side_by_side = true;
            for (std::uint32_t k = 1; k < c.count && side_by_side; ++k)
                side_by_side = A::frame_local(f, arguments_[c.first_argument + k].v.index) == first + k;
            if (side_by_side) return call_with(f, c, std::span<const value>(first, c.count), globals, results, enter);
        }
        room<max_arguments> args(c.count);
        for (std::uint32_t k = 0; k < c.count; ++k) {
            const argument& a = arguments_[c.first_argument + k];
            if (a.last_use) args.at(k) = std::move(results.at(a.v.index));
            else args.at(k) = get(f, a.v, globals, results);
        }
        return call_with(f, c, std::span<const value>(args.data(), c.count), globals, results, enter);
    }

    template <std::size_t G, std::size_t C, class Enter>
    LASSO_INLINE value call_with(const frame& f, const call_step& c, std::span<const value> args, room<G>& globals,
                                 room<C>& results, Enter& enter) const {
        if (c.what == call_kind::graph) {
            if (graph_outputs_ == 1) return detail::only_output<A>(runner_.get(), graph_, args);
            return A::make_tuple(graph_(args));
        }
        if (c.what == call_kind::resume)
            if (std::optional<value> done = enter(resume_sites_[c.resume], args)) return std::move(*done);
        return A::call_at(f, *generated_, c.offset, get(f, c.callee, globals, results), args);
    }

    break_program() = default;

    /// The site of resume call `c` (planned up to its arguments) of code `resume`: what
    /// is known of each argument when the entry's `guards` passed and the graph ran.
    resume_site site_of(const code& resume, const call_step& c, const compiled_entry_graph<A>& graph,
                        const guard_program<A>& guards) const {
        resume_site site(resume);
        for (std::uint32_t k = 0; k < c.count; ++k) {
            const operand& a = arguments_[c.first_argument + k].v;
            known_argument<typename A::tensor_meta> known;
            if (a.from == where::frame_local) known = guards.known_of_local(a.index);
            else if (a.from == where::result && calls_[a.index].what == call_kind::graph && graph.output_metas.size() == 1)
                known.tensor = graph.output_metas[0];
            site.known.push_back(std::move(known));
        }
        return site;
    }

    std::vector<call_step> calls_;
    std::vector<argument> arguments_; ///< of all calls, in order
    operand returned_;
    std::vector<value> constants_;
    std::vector<std::string> globals_;        ///< names, read before the calls
    std::vector<std::uint32_t> frame_locals_; ///< the frame's arguments the code reads, checked bound first
    mutable std::vector<detail::global_cache_of<A>> global_caches_; ///< per global, with global_read_caches
    std::vector<resume_site> resume_sites_;                         ///< the resume functions' calls
    std::size_t graph_outputs_ = 0;
    compiled_graph<value> graph_;
    std::shared_ptr<const detail::graph_runner<A, typename A::tensor_meta>> runner_;
    std::optional<code> generated_;
};

} // namespace lasso
