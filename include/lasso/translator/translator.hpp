// lasso/translator/translator.hpp
//
// The symbolic evaluator. It walks the decoded instructions of one frame, keeping a
// symbolic stack, locals and cells of tracker handles (a `frame_state`); frame values
// become trackers with guards on first use (the builder); tensor operations become
// graph nodes whose metadata comes from the adapter's shape rules; operations on
// constants are folded; branches on constants follow the taken side only; loops over
// constant ranges and known containers are unrolled. What it builds (graph, trackers,
// sources, guards) is an `output_graph`, which a `translation` extends with how the
// evaluation ended.
//
// Handlers are chosen through the compile-time dispatch table of the adapter's opcode
// table (`opcode_traits<A>::dispatch_table`), one per semantic op, and live by family
// (the op's row in `bytecode::semantic_ops` names it) in translator/handlers/: stack,
// locals and cells, globals and attributes, operators, containers, calls, control flow,
// exceptions and with. A `Config` may replace the handler of any semantic op or give one
// to any opcode (`Config::handle`, translator/dispatch.hpp), extend the tracker
// list (`Config::trackers`) and bound loop unrolling (`Config::max_unrolled_instructions`);
// docs/capture-design.md lists everything a Config can do.
//
// One evaluator loop runs the frame's code and the code of inlined calls. What cannot be
// modelled throws `unsupported` (through `give_up`); `run()` catches it and makes it the
// translation's ending (translator/ending.hpp): the kind of graph break it calls for,
// with the reason and the instruction's line, or running the frame eagerly. Handlers may
// pop operands before they find out, so the state at that point is not the state before
// the instruction. That state comes from a restart instead: translation is
// deterministic, so a second translator of the same frame told to stop before the N-th
// evaluated instruction (`translator_options::stop_before`) reaches exactly the state
// before it, and stops there with the state intact (`ending::stopped`). A frame that is captured whole
// is translated once; only a frame that breaks pays for a second pass up to the break.
// Before a handler runs, the unread lists it consumes are read (translator/unread_lists.hpp).
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/config.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>
#include <lasso/output/output_graph.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/translator/builder.hpp>
#include <lasso/translator/context_managers.hpp>
#include <lasso/translator/dispatch.hpp>
#include <lasso/fold.hpp>
#include <lasso/translator/frame_state.hpp>
#include <lasso/translator/handlers/by_family.hpp>
#include <lasso/translator/inline.hpp>
#include <lasso/translator/iteration.hpp>
#include <lasso/translator/instruction_args.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/translator/translation.hpp>
#include <lasso/translator/tensor_ops.hpp>
#include <lasso/translator/unread_lists.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace lasso {

template <class A, class Config = default_config<A>> class translator {
    // One readable message per mistake in the adapter or the Config (lasso/adapter/check.hpp).
    LASSO_DETAIL_CHECK_ADAPTER(A, detail::adapter_table::translator_entry)
    LASSO_DETAIL_CHECK_CONFIG(A, Config)

public:
    using adapter = A;
    using config = Config;
    using input_type = translator_input<A>;
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using result_type = translation<A, Config>;
    using step = lasso::step;
    using next = lasso::next;
    using jump_to = lasso::jump_to;
    /// What handlers receive: the read-only decoded form, whose name and constant
    /// arguments are indexes into the code's tables (`bytecode::arg_name` and
    /// `bytecode::arg_constant` read them, with `code()`).
    using instruction = bytecode::indexed_instruction<A>;

    translator(const typename A::code& code, const typename A::frame& frame, translator_options options = {})
        : own_fields_(A::read_code(code)),
          fields_(&own_fields_),
          frame_(frame),
          options_(options),
          own_out_(std::in_place),
          out_(*own_out_) {
        bytecode::decode_indexed_into<A>(own_fields_, own_instructions_);
        instructions_ = own_instructions_;
        start();
    }
    /// Translates the code `input` holds, which must outlive the translator.
    translator(const translator_input<A>& input, const typename A::frame& frame, translator_options options = {})
        : fields_(&input.fields),
          frame_(frame),
          options_(options),
          instructions_(input.instructions),
          own_out_(std::in_place),
          out_(*own_out_) {
        start();
    }
    /// The translator of a call inlined into `parent`'s translation (translator/inline.hpp):
    /// it evaluates the code `input` holds (which must outlive it) with `arguments` as
    /// its first locals, writing into the parent's output, until the code returns.
    translator(translator& parent, const translator_input<A>& input, std::span<const tracker_ref> arguments,
               const value& function, const typename A::code& code, std::uintptr_t code_identity, std::string function_name)
        : fields_(&input.fields),
          frame_(parent.frame_),
          instructions_(input.instructions),
          out_(parent.out_),
          parent_(&parent),
          inline_depth_(parent.inline_depth_ + 1),
          inlined_function_(function),
          inlined_code_(code),
          code_identity_(code_identity),
          function_name_(std::move(function_name)) {
        start();
        for (std::size_t i = 0; i < arguments.size() && i < state_.locals.size(); ++i) state_.locals[i] = arguments[i];
    }
    translator(const translator&) = delete;
    translator& operator=(const translator&) = delete;

    /// Runs symbolic evaluation of the frame until it returns, something cannot be
    /// modelled, or the requested stop; the translation's `end` says which.
    result_type run() {
        // Graphs depend on the global state (grad mode): trace from it, guarded (a
        // variable only explicit reads depend on is guarded when the trace reads it).
        out_.start_traced_states(read_global_states<A>());
        try {
            evaluate();
            out_.end = ending::returned{*returned_, line_};
        } catch (unsupported& u) { out_.end = ending_for(std::move(u)); } catch (const bytecode::bytecode_error& e) {
            out_.end = ending::run_eagerly{
                tagged(reasons::unsupported_bytecode, lasso::detail::join({"malformed bytecode: ", e.reason()})), line_};
        } catch (const inline_stop&) {
            // The inlined frames recorded their states innermost first.
            std::reverse(stopped_inlined_.begin(), stopped_inlined_.end());
            out_.end = ending::stopped<A>{state_, std::move(stopped_inlined_), stop_under_try_handler_};
        }
        return std::move(out_);
    }

    /// Evaluates an inlined call (a translator made with a parent) until its code
    /// returns, and gives the returned value. What cannot be modelled propagates as
    /// `unsupported` to the call that inlined it; `line()` is then the line it was found at.
    tracker_ref run_inlined() {
        try {
            evaluate();
        } catch (const bytecode::bytecode_error& e) {
            give_up(reasons::unsupported_bytecode, "malformed bytecode: ", e.reason());
        } catch (const inline_stop&) {
            root()->stopped_inlined_.push_back({*inlined_function_, *inlined_code_, state_, function_name_});
            throw;
        }
        return *returned_;
    }

    /// Each frame of the inline stack down to this one, the frame's own first: its
    /// function and the line of the instruction it is at.
    std::vector<std::pair<std::string, int>> inline_stack() const {
        std::vector<std::pair<std::string, int>> frames;
        for (const translator* t = this; t; t = t->parent_) {
            const int at = t->state_.pc < t->instructions_.size() ? t->instructions_[t->state_.pc].line : -1;
            frames.emplace_back(t->parent_ ? t->function_name_ : t->fields_->name, at);
        }
        std::reverse(frames.begin(), frames.end());
        return frames;
    }

    // ---- exceptions raised and caught in the trace (translator/raising.hpp) ----------

    /// Whether an exception the trace raised is on its way or handled (raising.hpp):
    /// from the first such raise, a graph break moves there (`ending_for`).
    void trace_raise_state(bool ongoing) {
        if (!ongoing) raised_at_.reset();
        else if (!raised_at_) raised_at_ = traced_raise{out_.frame_instruction, line_};
    }

    /// Ends the frame's evaluation with `r` as its return value (the return handler).
    void set_returned(tracker_ref r) { returned_ = r; }

    // ---- the inline stack -----------------------------------------------------------

    /// The translator that inlined this one's call; nullptr for the frame's own.
    translator* parent() const noexcept { return parent_; }
    /// Whether this is a restart: a translation again up to a graph break the first
    /// one found (`translator_options::stop_before`), which runs no comptime callbacks.
    bool restarting() const noexcept { return root()->options_.stop_before.has_value(); }
    /// The options of the frame's translation (the root's).
    const translator_options& options() const noexcept { return root()->options_; }
    /// Where comptime's printing shortcuts write: the frame's translator's option.
    std::ostream* comptime_output() const noexcept { return root()->options_.comptime_output; }
    /// The translator of the frame (the root of the inline stack).
    translator* root() noexcept { return parent_ ? parent_->root() : this; }
    const translator* root() const noexcept { return parent_ ? parent_->root() : this; }
    /// How many inlined calls deep this translator is (0 for the frame's own).
    std::size_t inline_depth() const noexcept { return inline_depth_; }
    /// The identity of the code of an inlined call (0 for the frame's own).
    std::uintptr_t code_identity() const noexcept { return code_identity_; }
    /// The name of the inlined function ("" for the frame's own).
    const std::string& function_name() const noexcept { return function_name_; }
    /// The line of the instruction being evaluated.
    int line() const noexcept { return line_; }
    /// The decoded code of an inlined callee, made once per translation of the frame.
    template <class Make> const translator_input<A>& inline_input(std::uintptr_t identity, Make&& make) {
        auto& inputs = root()->inline_inputs_;
        for (const auto& [id, input] : inputs)
            if (id == identity) return *input;
        inputs.emplace_back(identity, std::make_unique<translator_input<A>>(make()));
        return *inputs.back().second;
    }

    // ---- primitives, public so that handlers (the library's and custom ones) can
    // ---- compose them ---------------------------------------------------------------

    /// Stops the translation here: throws `unsupported` of entry `why` with the parts joined.
    template <class... Parts> [[noreturn]] static void give_up(reason_kind why, const Parts&... parts) {
        lasso::give_up(why, parts...);
    }

    void push(tracker_ref r) { state_.stack.push_back(r); }
    tracker_ref pop() {
        need(1);
        auto r = state_.stack.back();
        state_.stack.pop_back();
        return r;
    }
    tracker_ref peek(std::size_t depth = 0) const {
        need(depth + 1);
        return state_.stack[state_.stack.size() - 1 - depth];
    }
    /// Throws a bytecode error unless the stack holds at least `n` values.
    void need(std::size_t n) const {
        if (state_.stack.size() < n)
            throw bytecode::bytecode_error("symbolic stack underflow", static_cast<long>(state_.pc));
    }
    const std::vector<tracker_ref>& stack() const noexcept { return state_.stack; }
    /// The whole symbolic state of the frame (pc, stack, locals, cells).
    frame_state& state() noexcept { return state_; }
    const frame_state& state() const noexcept { return state_; }

    const auto& record(tracker_ref r) const { return out_.trackers[r]; }
    /// All trackers of this translation.
    const auto& arena() const noexcept { return out_.trackers; }
    template <class T> const T* as(tracker_ref r) const { return out_.trackers.template get_if<T>(r); }
    /// A tracker to change in place (saved for a checkpoint's restore first).
    template <class T> T* edit(tracker_ref r) { return out_.template edit<T>(r); }
    tracker_ref make_constant(constant c) { return out_.trackers.add(trackers::constant_value{std::move(c)}); }
    /// Adds a tracker of any type in the Config's list (a user tracker, say).
    template <class T> tracker_ref add_tracker(T tracker, std::optional<source_ref> source = std::nullopt) {
        static_assert(has_tracker_v<config_tracker_list<Config>, T>,
                      "lasso::translator::add_tracker<T>: T is not in Config::trackers (append it with "
                      "lasso::extend_trackers)");
        if constexpr (std::is_same_v<T, trackers::list> || std::is_same_v<T, trackers::tuple>)
            charge_sequence_items(tracker.items.size());
        return out_.trackers.add(std::move(tracker), source);
    }
    /// Counts `n` more items of lists and tuples built by this translation: a graph break
    /// past `Config::max_traced_sequence_items` (or `default_max_traced_sequence_items`).
    void charge_sequence_items(std::size_t n) {
        out_.traced_sequence_items += n;
        if (out_.traced_sequence_items > max_sequence_items())
            give_up(reasons::trace_too_long, "lists and tuples of more than ", lasso::detail::decimal(max_sequence_items()),
                    " items in all built in the trace");
    }

    /// The decoded instructions of the code being translated.
    std::span<const instruction> instructions() const noexcept { return instructions_; }
    /// The code being translated, as `A::read_code` gave it: the tables an instruction's
    /// argument indexes (`bytecode::arg_name(inst, t.code())`).
    const bytecode::code_fields<value>& code() const noexcept { return *fields_; }
    const typename A::frame& frame() const noexcept { return frame_; }
    /// What this translation builds: graph, trackers, sources, guards.
    result_type& output() noexcept { return out_; }
    lasso::graph::graph<meta>& output_graph() noexcept { return out_.graph; }

    /// Records a tensor operation on trackers `args` (tensors or constants, the last
    /// `keywords.size()` of them keyword arguments); returns the tracker of its result,
    /// or throws `unsupported` saying why it cannot be recorded.
    tracker_ref tensor_op(std::string_view op, std::span<const tracker_ref> args, bool method = false,
                          std::span<const std::string> keywords = {}) {
        return tensor_ops_.record(
            op, args, method, [&](tracker_ref r) { return describe(r); }, keywords);
    }

    /// "a tensor", "the constant 3", "a tuple", "function 'f'", "a 'Model' object", ...
    [[gnu::cold]] std::string describe(tracker_ref r) const {
        return trackers::describe(
            out_.trackers, r, [](const value& v) { return std::string(A::type_name(v)); },
            [&](tracker_ref x) { return name_of(x); });
    }
    /// The name a tracker is known by, from its source ("f" for G['f']), for messages.
    [[gnu::cold]] std::string name_of(tracker_ref r) const {
        const auto& rec = record(r);
        if (!rec.source) return "<anonymous>";
        const auto& e = out_.sources[*rec.source];
        if (!e.name.empty()) return e.name;
        return out_.sources.guard_name(*rec.source);
    }

    // ---- frame values -------------------------------------------------------------

    /// The tracker of a frame value read from `source`, with its guards.
    tracker_ref build(const value& v, source_ref source) { return builder<A, result_type>(out_).build(v, source); }
    /// The symbolic value of local `index`, built from the frame on first use.
    tracker_ref local(std::size_t index) {
        auto& slot = state_.locals[index];
        if (!slot) {
            if (parent_) give_up(reasons::would_raise, "local '", fields_->varnames[index], "' is read before assignment");
            const value* v = A::frame_local(frame_, index);
            if (!v) give_up(reasons::would_raise, "local '", fields_->varnames[index], "' is read before assignment");
            slot = build(*v, out_.sources.local(fields_->varnames[index]));
        }
        if (*slot == frame_state::unbound)
            give_up(reasons::would_raise, "local '", fields_->varnames[index], "' is read after del");
        return *slot;
    }
    /// The global `name`, built once per translation.
    tracker_ref global(const std::string& name) {
        return builder<A, result_type>(out_).global(name, [&](std::string_view n) { return A::frame_global(frame_, n); });
    }
    /// The readable value of an object or class tracker, or nullptr.
    const value* object_value(tracker_ref r) const { return ask::object_value(*this, r); }
    /// Attribute `name` of an object or class tracker whose value is `v`, built once.
    tracker_ref attribute_of(tracker_ref obj, const value& v, const std::string& name) {
        return builder<A, result_type>(out_).attribute(obj, v, name, [&](tracker_ref x) { return describe(x); });
    }
    /// What `found`, a function of a class, is when called on an instance as `name`.
    std::optional<tracker_ref> as_method(tracker_ref found, const std::string& name) {
        return ask::as_method(*this, found, name);
    }
    bool has_attribute(tracker_ref obj, const value& v, const std::string& name) const {
        return builder<A, result_type>(const_cast<result_type&>(out_)).has_attribute(obj, v, name);
    }

    // ---- what is known at trace time ----------------------------------------------

    /// Python's truth value of a tracker, when known; `tensor_reason` says why a
    /// tensor's cannot be used.
    bool truth_of(tracker_ref r, const char* tensor_reason) {
        if (auto t = trackers::known_truth(out_.trackers, r)) return *t;
        if (auto t = ask::traced_truth(*this, r)) return *t;
        if (trackers::value_is_data(out_.trackers, r)) give_up(reasons::data_dependent_branch, tensor_reason);
        give_up(reasons::data_dependent_branch, "the truth value of ", describe(r), " is not known at trace time");
    }
    /// Inlines special method `method` of the class of `args[0]` for an operation on it
    /// (translator/inline.hpp).
    tracker_ref call_special(tracker_ref method, std::span<const tracker_ref> args, std::string_view name) {
        return inline_special_method(*this, method, args, name);
    }
    /// `a is b`, when known at trace time (translator/handlers/operators.hpp).
    bool identical(tracker_ref a, tracker_ref b) { return handlers::identical(*this, a, b); }
    /// Whether `==` with `r` compares identity.
    bool equal_by_identity(tracker_ref r) { return ask::equal_by_identity(*this, r); }
    /// Before the items of list or dict `r` change (translator/mutations.hpp).
    void mutate_contents(tracker_ref r) { handlers::mutate_contents(*this, r); }
    /// Reads `r` if it is a list not read yet (its length guarded, its items built).
    void read_list(tracker_ref r) { builder<A, result_type>(out_).read_list(r); }
    /// The value of `r` a pure builtin is called with at trace time, when it has one.
    std::optional<value> pure_value(tracker_ref r, int depth = 0) { return ask::pure_value(*this, r, depth); }
    std::optional<std::size_t> known_length(tracker_ref r) const { return trackers::known_length(out_.trackers, r); }
    /// The items of a tuple or list tracker, or nullptr.
    const std::vector<tracker_ref>* known_items(tracker_ref r) const { return trackers::sequence_items(out_.trackers, r); }
    std::optional<bool> is_none(tracker_ref r) const { return trackers::known_none(out_.trackers, r); }

    /// The tensor tracker `r` is, or nullptr: for what is about tensors alone (the
    /// operands of higher-order operators, comptime's fake values).
    const trackers::tensor<meta>* tensor_of(tracker_ref r) const { return as<trackers::tensor<meta>>(r); }
    /// The items of a tuple tracker, or nullptr.
    const std::vector<tracker_ref>* tuple_items(tracker_ref r) const {
        if (trackers::container_kind_of(out_.trackers, r) != trackers::container_kind::tuple) return nullptr;
        return known_items(r);
    }
    /// A tensor's length (trackers/tensor.hpp: specialized when symbolic).
    std::size_t tensor_length(const trackers::tensor<meta>& t) const { return t.template row_count<A>(); }
    /// Row `i` of tensor `t`, as the subscript `t[i]` makes it (with tensor_slicing, its
    /// index is the tuple `(i,)`).
    tracker_ref tensor_row(tracker_ref t, std::size_t i) {
        const tracker_ref index = make_constant(static_cast<std::int64_t>(i));
        if (const auto* x = tensor_of(t)) return x->subscript(*this, t, index);
        const tracker_ref args[] = {t, index};
        return tensor_op("getitem", args);
    }

    /// The items of an iterable known at trace time (tuple, list, dict keys, range,
    /// string, tensor rows, the rest of an iterator), made into trackers
    /// (translator/iteration.hpp).
    std::vector<tracker_ref> items_of(tracker_ref r) { return lasso::items_of(*this, r); }

    static constexpr std::size_t max_unrolled() { return max_unrolled_of<Config>(); }
    static constexpr std::size_t max_sequence_items() { return max_sequence_items_of<Config>(); }

    /// A tracker for a constant of the code or a value computed at trace time (ask.hpp).
    std::optional<tracker_ref> constant_tracker(const value& v) { return ask::constant_tracker(*this, v); }

    // ---- reading instruction arguments ----------------------------------------------

    step jump_target(const instruction& inst) const { return detail::jump_target_of(inst); }
    const std::string& name_arg(const instruction& inst) const { return detail::name_argument(inst, *fields_); }
    const value& constant_arg(const instruction& inst) const { return detail::constant_argument(inst, *fields_); }
    std::size_t count_arg(const instruction& inst) const { return detail::count_argument(inst); }
    std::size_t local_index(const instruction& inst) const { return index_arg(inst, state_.locals.size(), "local"); }
    std::size_t cell_index(const instruction& inst) const { return index_arg(inst, state_.cells.size(), "cell"); }
    /// The interpreter's number of cell `index` (lasso's cell index: cell variables, then
    /// free variables), what the frame accessors take (lasso/bytecode/cells.hpp).
    std::size_t cell_number(std::size_t index) const noexcept { return cell_layout_.number_of(index); }
    const std::string& cell_name(std::size_t index) const {
        return index < fields_->cellvars.size() ? fields_->cellvars[index]
                                                : fields_->freevars[index - fields_->cellvars.size()];
    }

    /// The tracker of constant `index` of the code, made once per translation (constant
    /// trackers are immutable, so one serves every instruction that loads it).
    tracker_ref code_constant(const instruction& inst) {
        const value& v = constant_arg(inst);
        const auto index = static_cast<std::size_t>(inst.arg);
        if (constant_generation_ != out_.generation()) {
            constant_cache_.assign(constant_cache_.size(), no_target);
            constant_generation_ = out_.generation();
        }
        if (constant_cache_[index] != no_target) return tracker_ref{constant_cache_[index]};
        auto r = constant_tracker(v);
        // Any other constant (a code object for make_function, say) is an opaque value
        // loaded again from the code's constants wherever it must be rebuilt.
        if (!r) r = out_.trackers.add(trackers::object<value>{v}, out_.sources.constant(v));
        constant_cache_[index] = r->index;
        return *r;
    }

    /// The library's handler of semantic op `O`: the function of the op's handler family
    /// (its row in `bytecode::semantic_ops` names it). What runs when the Config has no
    /// handler of its own for the instruction, and what a Config handler may call to add
    /// to the standard behaviour rather than replace it.
    template <bytecode::op O> step on(const instruction& inst) { return handlers::by_family<O>(*this, inst); }

private:
    static constexpr std::uint32_t no_target = UINT32_MAX;
    /// Unwinds the inline stack when a restart reaches its stop inside an inlined call.
    struct inline_stop {};

    /// The table's handlers: the Config's where it has them, the library's elsewhere.
    using dispatch = lasso::detail::dispatch<translator>;

    /// The evaluator loop, of the frame and of inlined calls alike: runs instructions
    /// until the code returns (the return handler sets `returned_`). What cannot be
    /// modelled throws; `run()` and `run_inlined()` say what that means for each.
    void evaluate() {
        static constexpr auto table = bytecode::opcode_traits<A>::template dispatch_table<dispatch>();
        translator& root = *this->root();
        const std::size_t budget = instructions_.size() + max_unrolled();
        while (!returned_) {
            if (state_.pc >= instructions_.size()) {
                line_ = -1;
                if (!parent_) give_up_frame(reasons::unsupported_bytecode, "control reached the end of the code");
                give_up(reasons::unsupported_bytecode, "control reached the end of the code");
            }
            if (root.options_.stop_before && out_.evaluated + 1 == *root.options_.stop_before) {
                root.stop_under_try_handler_ = handlers::stack_under_try_handler(*this);
                throw inline_stop{};
            }
            const instruction& inst = instructions_[state_.pc];
            line_ = inst.line;
            // Code under the handler of a try block is traced like any other. If the
            // graph raises there, the frame runs again eagerly so that the handler sees
            // the exception (the output says so); the generated code of a graph break
            // there gives the instruction the handler (runtime/capture.hpp).
            if (handlers::under_try_handler(*this, inst)) ++out_.handled_instructions;
            if (parent_) {
                if (++root.inlined_instructions_ > max_unrolled())
                    give_up(reasons::trace_too_long, "inlined calls evaluated more than ",
                            lasso::detail::decimal(max_unrolled()), " instructions");
            } else if (out_.instructions++ >= budget) {
                give_up_frame(reasons::trace_too_long, "loop unrolled too far (more than ",
                              lasso::detail::decimal(max_unrolled()), " instructions beyond one pass over the code)");
            }
            const std::size_t at = ++out_.evaluated;
            if (!parent_) out_.frame_instruction = at;
            try {
                const step s = table[inst.opcode](*this, inst);
                state_.pc = s.jumps() ? s.target() : state_.pc + 1;
            } catch (unsupported& u) {
                if (parent_) note_inline_failure(u, inst, at);
                throw;
            }
        }
    }

    /// In an inlined call, at the failing instruction: the innermost frame whose
    /// instruction fails is where a nested graph break happens (a call whose callee
    /// cannot be inlined at all fails in its caller); frames further out only pass the
    /// failure on. Not when the instruction touches the callee's own locals, nor inside
    /// a `with` block or a function with cells (its resume function would need them),
    /// nor under a try block's handler in any frame of the stack (generated code gives a
    /// handler to the frame's own instruction only).
    void note_inline_failure(const unsupported& u, const instruction& inst, std::size_t at) {
        if (out_.inline_failure || !u.breakable || handlers::inside_with_block(*this) ||
            !lasso::can_break_inside_call(inst.semantic))
            return;
        if (handlers::stack_under_try_handler(*this)) return;
        for (const translator* f = this; f->parent_; f = f->parent_)
            if (!f->fields_->freevars.empty() || !f->fields_->cellvars.empty()) return;
        out_.inline_failure = inline_break{at, u.tagged(), inst.line, inline_stack()};
    }

    /// The ending of the frame's evaluation stopped by `u` at the current instruction:
    /// no break when `u` says so; inside `with` blocks the trace entered, a break there
    /// or before the outermost; after a failure inside inlined calls, a break there or
    /// at the frame's call; else a break at the instruction.
    translation_end<A> ending_for(unsupported u) {
        if (!u.breakable) return ending::run_eagerly{u.tagged(), line_};
        // While an exception the trace raised is on its way or handled, the stack holds
        // what no generated code rebuilds: the break is made at the raise.
        if (raised_at_)
            return ending::break_at_construction{
                raised_at_->at, raised_at_->line,
                lasso::detail::join({u.tagged(), " (while handling the exception raised at line ",
                                     lasso::detail::decimal(raised_at_->line), ")"})};
        ending::break_at_instruction here{out_.frame_instruction, line_, u.tagged(), false};
        if (!state_.with_blocks.empty()) {
            const with_block& outer = state_.with_blocks.front();
            return ending::break_in_with_block{std::move(here), outer.entered_at, outer.line, outer.graph_before};
        }
        if (out_.inline_failure) return ending::break_in_inlined_call{*out_.inline_failure, std::move(here)};
        return here;
    }

    std::size_t index_arg(const instruction& inst, std::size_t size, const char* what) const {
        if (inst.arg < 0 || static_cast<std::size_t>(inst.arg) >= size)
            throw bytecode::bytecode_error(
                lasso::detail::join({what, " index ", lasso::detail::decimal(inst.arg), " out of range"}), inst.offset);
        return static_cast<std::size_t>(inst.arg);
    }

    void start() {
        state_.locals.assign(fields_->varnames.size(), std::nullopt);
        state_.cells.assign(fields_->cellvars.size() + fields_->freevars.size(), std::nullopt);
        cell_layout_ = bytecode::cell_layout_of<A>(*fields_);
        state_.stack.reserve(16);
        // Roughly a tracker per instruction at most on straight-line code: sizing the
        // arena's first chunk for that keeps such code in one block (unused room is never
        // touched).
        if (!parent_) {
            out_.trackers.reserve(instructions_.size() + 16);
            out_.dynamic_record = options_.dynamic_record;
            out_.dynamic_mode = options_.dynamic_mode;
        }
        constant_cache_.assign(fields_->constants.size(), no_target);
    }

    bytecode::code_fields<value> own_fields_; ///< when the translator reads the code itself
    std::vector<instruction, recycling_allocator<instruction>> own_instructions_;
    const bytecode::code_fields<value>* fields_;
    const typename A::frame& frame_;
    translator_options options_;
    std::span<const instruction> instructions_;
    std::optional<result_type> own_out_; ///< the frame's own translator holds the output
    result_type& out_;                   ///< an inlined call writes into its root's
    translator* parent_ = nullptr;
    std::size_t inline_depth_ = 0;
    std::optional<value> inlined_function_;        ///< the function of an inlined call
    std::optional<typename A::code> inlined_code_; ///< and its code
    std::uintptr_t code_identity_ = 0;
    std::string function_name_;
    std::optional<tracker_ref> returned_;
    int line_ = -1;                       ///< of the instruction being evaluated
    bool stop_under_try_handler_ = false; ///< in the root: where a restart stopped
    /// Where a traced raise was made (the frame's instruction number and line).
    struct traced_raise {
        std::size_t at = 0;
        int line = -1;
    };
    std::optional<traced_raise> raised_at_;         ///< the raise whose exception is on its way or handled
    std::vector<inlined_frame<A>> stopped_inlined_; ///< in the root: a restart's inlined frames, innermost first
    std::size_t inlined_instructions_ = 0;          ///< in the root: evaluated by all inlined calls
    std::vector<std::pair<std::uintptr_t, std::unique_ptr<translator_input<A>>>> inline_inputs_; ///< in the root
    frame_state state_;
    bytecode::cell_layout cell_layout_;         ///< the code's cell numbers
    std::vector<std::uint32_t> constant_cache_; ///< the tracker of each constant of the code, once made
    std::uint32_t constant_generation_ = 0;
    tensor_recorder<A, result_type> tensor_ops_{out_};
};

} // namespace lasso
