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
//    or the graph's output, whose meta the graph fixes. The arguments are laid out in
//    the order the entry's graph reads them, so that it takes them in place;
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
#include <lasso/runtime/direct_return.hpp>

#include <algorithm>
#include <array>
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
                    // Not stored by the code: the frame's own (an argument), checked bound
                    // first, unless the entry's guards check it (a check that fails on a
                    // missing value has just passed).
                    locals[i] = operand{where::frame_local, static_cast<std::uint32_t>(i)};
                    const auto checked = guards.known_of_local(i);
                    if (!checked.tensor && !checked.type && !checked.identity)
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
    /// meta the graph fixes), and what the program learns of each of the function's cache
    /// entries (a `link`, found once per entry).
    struct resume_site {
        explicit resume_site(code c) : resume(std::move(c)) {}
        code resume;
        std::vector<known_argument<typename A::tensor_meta>> known;

        /// Where a call's arguments go in the values passed: argument k at `places[k]`.
        using places = std::array<std::uint8_t, max_arguments>;

        /// What the program knows of one cache entry of the function.
        struct link {
            std::uint64_t serial = 0; ///< the entry's (`runtime::entry::serial`)
            /// The entry's checks left to make on the arguments
            /// (`guard_program::checks_left_on_arguments`); none: the whole program runs.
            std::optional<std::vector<std::uint32_t>> checks;
            /// When the entry's graph reads arguments that do not lie side by side in
            /// order: places putting them so, its inputs first.
            std::optional<places> reordered = std::nullopt;
        };

        /// The link of the cache entry numbered `serial`, whose guards are `guards` and
        /// whose direct return, if it has one, is `direct`.
        const link& link_of(std::uint64_t serial, const guard_program<A>& guards, const direct_return<A>* direct) const {
            for (const link& l : links_)
                if (l.serial == serial) return l;
            return new_link(serial, guards, direct);
        }

        /// Lays the arguments of the next calls out as the entry of `l` reads them, so
        /// that its graph takes them in place (the copies otherwise made cost more than
        /// the graph's work on small tensors). Any layout is correct: the direct return
        /// compares addresses before it passes values in place.
        void lay_out_for(const link& l) const noexcept {
            if (laid_out_for_ == l.serial) return;
            laid_out_for_ = l.serial;
            reordered_ = l.reordered;
        }
        /// Where the arguments go when they are laid out in another order than their own.
        const std::optional<places>& reordered() const noexcept { return reordered_; }

    private:
        static constexpr std::size_t max_links = 4;

        LASSO_COLD const link& new_link(std::uint64_t serial, const guard_program<A>& guards,
                                        const direct_return<A>* direct) const {
            // Entries come and go with recompiles; the links kept are the newest few.
            if (links_.size() == max_links) links_.erase(links_.begin());
            link made{serial, guards.checks_left_on_arguments(known)};
            if (direct) made.reordered = graph_order(guards, direct->inputs());
            links_.push_back(std::move(made));
            return links_.back();
        }

        /// Places putting the arguments that `inputs` (accessors of `guards`) read side
        /// by side in that order, the other arguments after them; nothing when the
        /// arguments' own order does so already, or when an input is not an argument or
        /// is read twice.
        std::optional<places> graph_order(const guard_program<A>& guards, std::span<const std::uint32_t> inputs) const {
            constexpr std::uint8_t unplaced = 0xff;
            const std::size_t n = known.size();
            places out;
            out.fill(unplaced);
            std::uint8_t next = 0;
            bool in_order = true;
            std::optional<std::size_t> previous;
            for (const std::uint32_t input : inputs) {
                const std::optional<std::size_t> local = guards.local_index(input);
                if (!local || *local >= n || out[*local] != unplaced) return std::nullopt;
                if (previous && *previous + 1 != *local) in_order = false;
                out[*local] = next++;
                previous = local;
            }
            if (in_order) return std::nullopt;
            for (std::size_t k = 0; k < n; ++k)
                if (out[k] == unplaced) out[k] = next++;
            return out;
        }

        mutable std::vector<link> links_;
        mutable std::uint64_t laid_out_for_ = 0; ///< serials start at 1
        mutable std::optional<places> reordered_;
    };

    /// Runs the program for frame `f`, whose entry's guards just passed. `enter(site,
    /// args)` runs a call of the resume function of `site` itself when it can (giving
    /// its result), else gives nothing; `args` are the call's arguments, each where the
    /// program laid it (`resume_site::lay_out_for`). Nothing when a value read first is
    /// missing (an argument unbound, a global undefined): then nothing has run.
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
        LASSO_INLINE ~room() { std::destroy_n(data(), n_); }
        room(const room&) = delete;
        room& operator=(const room&) = delete;
        value* data() noexcept { return reinterpret_cast<value*>(bytes_); }
        value& at(std::size_t i) noexcept { return data()[i]; }

    private:
        alignas(value) std::byte bytes_[N * sizeof(value)];
        std::size_t n_;
    };

    template <std::size_t G, std::size_t C>
    LASSO_INLINE const value& get(const frame& f, const operand& o, room<G>& globals, room<C>& results) const {
        switch (o.from) {
        case where::frame_local: return *A::frame_local(f, o.index);
        case where::global: return globals.at(o.index);
        case where::constant: return constants_[o.index];
        case where::result: break;
        }
        return results.at(o.index);
    }

    /// Argument `a` stored into `to`: a call's result read for the last time is moved.
    template <std::size_t G, std::size_t C>
    LASSO_INLINE void pass(const frame& f, const argument& a, value& to, room<G>& globals, room<C>& results) const {
        if (a.last_use) to = std::move(results.at(a.v.index));
        else to = get(f, a.v, globals, results);
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
        if (c.count == 0) return call_with(f, c, std::span<const value>(), globals, results, enter);
        if (c.what == call_kind::resume && resume_sites_[c.resume].reordered())
            return call_reordered(f, c, globals, results, enter);
        room<max_arguments> args(c.count);
        for (std::uint32_t k = 0; k < c.count; ++k) pass(f, arguments_[c.first_argument + k], args.at(k), globals, results);
        return call_with(f, c, std::span<const value>(args.data(), c.count), globals, results, enter);
    }

    template <std::size_t G, std::size_t C, class Enter>
    LASSO_INLINE value call_with(const frame& f, const call_step& c, std::span<const value> args, room<G>& globals,
                                 room<C>& results, Enter& enter) const {
        if (c.what == call_kind::graph) {
            if (graph_outputs_ == 1) return detail::only_output<A>(runner_.get(), graph_, args);
            return A::make_tuple(graph_(args));
        }
        if (c.what == call_kind::resume) {
            const value* where[max_arguments];
            for (std::uint32_t k = 0; k < c.count; ++k) where[k] = &args[k];
            if (std::optional<value> done = enter(resume_sites_[c.resume], std::span<const value* const>(where, c.count)))
                return std::move(*done);
        }
        return A::call_at(f, *generated_, c.offset, get(f, c.callee, globals, results), args);
    }

    /// Resume call `c` with its arguments laid out as the site says; when the function's
    /// entry is not entered here, they are put back in order for the call.
    template <std::size_t G, std::size_t C, class Enter>
    LASSO_INLINE value call_reordered(const frame& f, const call_step& c, room<G>& globals, room<C>& results,
                                      Enter& enter) const {
        const resume_site& site = resume_sites_[c.resume];
        // A copy: a call entered below may lay the site out anew.
        const typename resume_site::places places = *site.reordered();
        room<max_arguments> args(c.count);
        const value* where[max_arguments];
        for (std::uint32_t k = 0; k < c.count; ++k) {
            pass(f, arguments_[c.first_argument + k], args.at(places[k]), globals, results);
            where[k] = &args.at(places[k]);
        }
        if (std::optional<value> done = enter(site, std::span<const value* const>(where, c.count))) return std::move(*done);
        room<max_arguments> in_order(c.count);
        for (std::uint32_t k = 0; k < c.count; ++k) in_order.at(k) = std::move(args.at(places[k]));
        return A::call_at(f, *generated_, c.offset, get(f, c.callee, globals, results),
                          std::span<const value>(in_order.data(), c.count));
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
    std::vector<std::uint32_t> frame_locals_; ///< arguments the code reads and no guard checks, checked bound first
    mutable std::vector<detail::global_cache_of<A>> global_caches_; ///< per global, with global_read_caches
    std::vector<resume_site> resume_sites_;                         ///< the resume functions' calls
    std::size_t graph_outputs_ = 0;
    compiled_graph<value> graph_;
    std::shared_ptr<const detail::graph_runner<A, typename A::tensor_meta>> runner_;
    std::optional<code> generated_;
};

} // namespace lasso
