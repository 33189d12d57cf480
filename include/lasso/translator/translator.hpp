// lasso/translator/translator.hpp
//
// The symbolic evaluator, first stage: one frame becomes one graph, or, when anything
// in it cannot be modelled, a reason (with the source line) and no graph. It walks the
// decoded instructions once, keeping a symbolic stack and symbolic locals of tracker
// handles; frame values become trackers (with guards) on first use; tensor operations
// become graph nodes whose metadata comes from the adapter's shape rules; operations on
// constants are folded; branches on constants follow the taken side only; loops over
// constant ranges and known containers are unrolled.
//
// Handlers are chosen through the compile-time dispatch table of the adapter's opcode
// table (`opcode_traits<A>::dispatch_table`), one per semantic op. A `Config` may give a
// handler for `op::custom` opcodes (`Config::handle_custom`), extend the tracker list
// (`Config::trackers`) and bound loop unrolling (`Config::max_unrolled_instructions`).
// The state (instruction index, stack, locals, cells) is intact at every instruction,
// which is what stopping at a graph break needs.
//
// What is modelled, by family:
//  - stack: nop, resume, extended_arg, pop_top, copy, swap, push_null;
//  - locals and cells: load/store/delete_fast; make_cell, copy_free_vars, load/store/
//    delete_deref on this frame's cells, load_deref of a free variable (read from the
//    frame, guarded through a `local_cell` source);
//  - constants and globals: load_const, load_global (built once per name);
//  - attributes: of tensors (`A::tensor_attribute`: shape, ndim, dtype, ...), of objects
//    and classes (`A::attribute`, built once per place), load_method on tensors (a
//    call_method node) and on objects whose attribute is a plain value;
//  - operators: binary, unary, compare, is, in: folded on constants, graph nodes on
//    tensors, concatenation and repetition of tuples and lists;
//  - containers: build_tuple/list/map, list_append/extend, list_to_tuple,
//    unpack_sequence, binary_subscr (constant index, key or slice), build_slice,
//    store_subscr/delete_subscr on containers created in the frame;
//  - calls (with kw_names): builtins that are tensor ops, pure builtins folded through
//    `A::call_pure`, len, range, tensor methods;
//  - control flow: jumps, conditional jumps on values known at trace time, get_iter and
//    for_iter over ranges, tuples, lists, dict keys and tensor rows (unrolled), return.
// Everything else (branches on tensors, data-dependent calls, print, graph_break(),
// calls of interpreted functions, mutation of frame values, exceptions, with) is
// `unsupported` with a reason naming the construct. Handlers and helpers throw
// `unsupported` (through `give_up`); `run()` catches it and records the line. A reason
// is thrown once per frame at most, so the exception costs nothing that matters, and
// results stay plain values instead of `std::variant<T, unsupported>`.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/tracker.hpp>
#include <lasso/translator/fold.hpp>

#include <algorithm>
#include <concepts>
#include <initializer_list>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// The standard configuration: the standard trackers, no custom opcodes.
template <class A> struct default_config {
    static constexpr auto trackers = lasso::trackers::default_trackers<typename A::value, typename A::tensor_meta>;
};

/// How many instructions loops may add to a frame's evaluation (beyond one pass over
/// the code) before the translator gives up: `Config::max_unrolled_instructions`, or
/// this default.
inline constexpr std::size_t default_max_unrolled_instructions = 100000;

/// What translating a frame produced.
template <class A, class Config> struct translation {
    using meta = typename A::tensor_meta;
    using variant = tracker_variant_t<std::remove_const_t<decltype(Config::trackers)>>;

    lasso::graph::graph<meta> graph;
    /// The graph's placeholders with the sources they are read from, in creation order.
    std::vector<std::pair<lasso::graph::node, source_ref>> inputs;
    source_table<typename A::value> sources;
    std::vector<guard<meta>> guards;
    tracker_arena<variant> trackers;
    std::optional<tracker_ref> returned;  ///< the returned value, when the frame was captured
    std::optional<unsupported> failure;   ///< why the frame cannot be captured
    int failure_line = -1;
    std::size_t instructions = 0;         ///< instructions evaluated

    bool captured() const noexcept { return !failure.has_value(); }
};

template <class A, class Config = default_config<A>>
    requires TranslatorAdapter<A>
class translator {
public:
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using result_type = translation<A, Config>;
    /// What handlers receive: the read-only decoded form, whose name and constant
    /// arguments are indexes into the code's tables (`bytecode::arg_name` and
    /// `bytecode::arg_constant` read them, with `code()`).
    using instruction = bytecode::indexed_instruction<A>;

    translator(const typename A::code& code, const typename A::frame& frame)
        : fields_(A::read_code(code)), frame_(frame) {
        bytecode::decode_indexed_into<A>(fields_, instructions_);
        locals_.assign(fields_.varnames.size(), std::nullopt);
        cells_.assign(fields_.cellvars.size() + fields_.freevars.size(), std::nullopt);
        stack_.reserve(16);
        // Roughly a tracker per instruction at most on straight-line code: sizing the
        // arena's first chunk for that keeps such code in one block (unused room is never
        // touched).
        out_.trackers.reserve(instructions_.size() + 16);
        constant_cache_.assign(fields_.constants.size(), no_target);
    }

    /// Runs symbolic evaluation to the end of the frame.
    result_type run() {
        static constexpr auto table = bytecode::opcode_traits<A>::template dispatch_table<handlers>();
        // Graphs depend on grad mode: guard on it.
        add_guard(guard_kind::grad_mode, std::nullopt, [](auto& g) { g.expected_flag = static_cast<bool>(A::grad_enabled()); });
        const std::size_t budget = instructions_.size() + max_unrolled();
        while (!out_.failure && !out_.returned) {
            if (pc_ >= instructions_.size()) {
                fail({"control reached the end of the code"});
                break;
            }
            const instruction& inst = instructions_[pc_];
            // Every reason found at an instruction is recorded with its line, here.
            try {
                if (out_.instructions >= budget)
                    give_up("loop unrolled too far (more than ", lasso::detail::decimal(max_unrolled()),
                            " instructions beyond one pass over the code)");
                ++out_.instructions;
                // The generated code has no handlers: a graph that raises would escape the
                // frame's own try/with. Such frames run eagerly until exception handling
                // is captured.
                if (inst.in_handler_range())
                    give_up("code inside a try or with block (exception handlers are not captured yet)");
                const step s = table[inst.opcode](*this, inst);
                pc_ = s.jumps() ? s.target() : pc_ + 1;
            } catch (unsupported& u) {
                fail(std::move(u));
                out_.failure_line = inst.line;
            } catch (const bytecode::bytecode_error& e) {
                fail({lasso::detail::join({"malformed bytecode: ", e.reason()})});
                out_.failure_line = inst.line;
            }
        }
        if (out_.returned) finish_outputs();
        return std::move(out_);
    }

    // ---- primitives, public so that custom handlers can compose them ------------------

    /// What a handler returns: go on with the next instruction, or jump. A handler that
    /// cannot model its instruction throws `lasso::unsupported{reason}` instead (or calls
    /// `give_up`); `run()` records the reason with the instruction's line.
    struct next {};
    struct jump_to {
        std::size_t index;
    };
    class step {
    public:
        step(next) noexcept {}
        step(jump_to j) noexcept : target_(j.index) {}
        template <class U>
            requires std::same_as<U, unsupported>
        step(U) {
            static_assert(!std::same_as<U, unsupported>,
                          "lasso::translator: a handler does not return lasso::unsupported; it throws it "
                          "(throw lasso::unsupported{reason}) or calls give_up(reason)");
        }
        bool jumps() const noexcept { return target_ != no_jump; }
        std::size_t target() const noexcept { return target_; }

    private:
        static constexpr std::size_t no_jump = SIZE_MAX;
        std::size_t target_ = no_jump;
    };

    /// Stops the translation of this frame: throws `unsupported` whose reason is the
    /// parts joined (`give_up("global '", name, "' is not defined")`), which `run()`
    /// records with the current instruction's line. Each part is anything a
    /// `std::string_view` can be made from. The joining happens out of line, once, so
    /// the many places that give a reason stay small.
    template <class... Parts> [[noreturn]] static void give_up(const Parts&... parts) {
        give_up_joined({std::string_view(parts)...});
    }
    [[noreturn, gnu::cold, gnu::noinline]] static void give_up_joined(std::initializer_list<std::string_view> parts) {
        throw unsupported{lasso::detail::join(parts)};
    }

    void push(tracker_ref r) { stack_.push_back(r); }
    tracker_ref pop() {
        if (stack_.empty()) throw bytecode::bytecode_error("symbolic stack underflow", static_cast<long>(pc_));
        auto r = stack_.back();
        stack_.pop_back();
        return r;
    }
    tracker_ref peek(std::size_t depth = 0) const {
        if (depth >= stack_.size()) throw bytecode::bytecode_error("symbolic stack underflow", static_cast<long>(pc_));
        return stack_[stack_.size() - 1 - depth];
    }
    const auto& record(tracker_ref r) const { return out_.trackers[r]; }
    template <class T> const T* as(tracker_ref r) const { return out_.trackers.template get_if<T>(r); }
    tracker_ref make_constant(constant c) { return out_.trackers.add(trackers::constant_value{std::move(c)}); }
    /// Adds a tracker of any type in the Config's list (a user tracker, say).
    template <class T> tracker_ref add_tracker(T tracker, std::optional<source_ref> source = std::nullopt) {
        static_assert(has_tracker_v<std::remove_const_t<decltype(Config::trackers)>, T>,
                      "lasso::translator::add_tracker<T>: T is not in Config::trackers (append it with "
                      "lasso::extend_trackers)");
        return out_.trackers.add(std::move(tracker), source);
    }
    const std::vector<tracker_ref>& stack() const noexcept { return stack_; }
    /// The code being translated, as `A::read_code` gave it: the tables an instruction's
    /// argument indexes (`bytecode::arg_name(inst, t.code())`).
    const bytecode::code_fields<value>& code() const noexcept { return fields_; }
    lasso::graph::graph<meta>& output_graph() noexcept { return out_.graph; }

    /// Records a tensor operation on trackers `args` (tensors or constants); returns the
    /// tracker of its result, or throws `unsupported` saying why it cannot be recorded.
    tracker_ref tensor_op(std::string_view op, std::span<const tracker_ref> args, bool method = false) {
        // Scratch buffers reused across calls: no allocation once they have grown.
        scratch_operands_.clear();
        scratch_arguments_.clear();
        scratch_sequences_.clear();
        scratch_sequences_.reserve(args.size()); // operands point into it
        for (auto a : args) {
            if (auto* t = as<trackers::tensor<meta>>(a)) {
                scratch_operands_.push_back({&t->meta, nullptr});
                scratch_arguments_.emplace_back(t->node);
            } else if (auto* c = as<trackers::constant_value>(a)) {
                scratch_operands_.push_back({nullptr, &c->value});
                scratch_arguments_.push_back(to_argument(c->value));
            } else if (auto items = constant_items(a)) {
                std::vector<lasso::graph::argument> elements;
                for (const constant& c : *items) elements.push_back(to_argument(c));
                scratch_sequences_.push_back(std::move(*items));
                scratch_operands_.push_back({nullptr, nullptr, &scratch_sequences_.back()});
                scratch_arguments_.push_back(lasso::graph::tuple_of(std::move(elements)));
            } else {
                give_up(op, "() on ", describe(a),
                        " (tensor operations take tensors, constants and tuples of constants)");
            }
        }
        auto inferred = A::infer_meta(op, std::span<const operand<meta>>(scratch_operands_));
        if (auto* u = std::get_if<unsupported>(&inferred)) throw std::move(*u);
        meta& m = std::get<meta>(inferred);
        const lasso::graph::list_ref<lasso::graph::argument> graph_args(scratch_arguments_);
        lasso::graph::node n = method ? out_.graph.add_call_method(op, graph_args, {}, m)
                                      : out_.graph.add_call_function(op, graph_args, {}, m);
        return out_.trackers.add(trackers::tensor<meta>{n, std::move(m)});
    }

    /// The constants of a tuple or list tracker whose items are all constants.
    std::optional<std::vector<constant>> constant_items(tracker_ref r) const {
        const std::vector<tracker_ref>* refs = nullptr;
        if (auto* t = as<trackers::tuple>(r)) refs = &t->items;
        else if (auto* l = as<trackers::list>(r)) refs = &l->items;
        if (!refs) return std::nullopt;
        std::vector<constant> out;
        out.reserve(refs->size());
        for (tracker_ref item : *refs) {
            auto* c = as<trackers::constant_value>(item);
            if (!c) return std::nullopt;
            out.push_back(c->value);
        }
        return out;
    }

    /// "a tensor", "the constant 3", "a tuple", "function 'f'", "a 'Model' object", ...
    [[gnu::cold]] std::string describe(tracker_ref r) const {
        const auto& rec = record(r);
        return std::visit(
            [&](const auto& t) -> std::string {
                using T = std::decay_t<decltype(t)>;
                if constexpr (std::is_same_v<T, trackers::tensor<meta>>) return "a tensor";
                else if constexpr (std::is_same_v<T, trackers::constant_value>) return lasso::detail::join({"the constant ", repr(t.value)});
                else if constexpr (std::is_same_v<T, trackers::tuple>) return "a tuple";
                else if constexpr (std::is_same_v<T, trackers::list>) return "a list";
                else if constexpr (std::is_same_v<T, trackers::dict>) return "a dict";
                else if constexpr (std::is_same_v<T, trackers::function<value>>) return lasso::detail::join({"function '", name_of(r), "'"});
                else if constexpr (std::is_same_v<T, trackers::builtin<value>>) return lasso::detail::join({"builtin '", t.name, "'"});
                else if constexpr (std::is_same_v<T, trackers::object<value>>) return lasso::detail::join({"a '", A::type_name(t.obj), "' object"});
                else if constexpr (std::is_same_v<T, trackers::type<value>>) return lasso::detail::join({"class '", name_of(r), "'"});
                else if constexpr (std::is_same_v<T, trackers::range>) return "a range";
                else if constexpr (std::is_same_v<T, trackers::iterator>) return "an iterator";
                else if constexpr (std::is_same_v<T, trackers::null>) return "NULL";
                else if constexpr (std::is_same_v<T, trackers::cell>) return "a cell";
                else if constexpr (std::is_same_v<T, trackers::context_manager>) return "a context manager";
                else return "a value of a custom tracker type";
            },
            rec.data);
    }

private:
    using traits = bytecode::opcode_traits<A>;
    static constexpr std::uint32_t no_target = UINT32_MAX;
    /// The symbolic local of a deleted variable.
    static constexpr tracker_ref unbound{UINT32_MAX};

    static constexpr std::size_t max_unrolled() {
        if constexpr (requires { Config::max_unrolled_instructions; })
            return static_cast<std::size_t>(Config::max_unrolled_instructions);
        else
            return default_max_unrolled_instructions;
    }

    void fail(unsupported u) {
        if (!out_.failure) out_.failure = std::move(u);
    }

    static lasso::graph::argument to_argument(const constant& c) {
        return std::visit(
            [](const auto& v) -> lasso::graph::argument {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, none_t>) return lasso::graph::none;
                else return lasso::graph::argument(v);
            },
            c);
    }

    step jump_target(const instruction& inst) const {
        const auto index = inst.target;
        if (index == bytecode::no_index)
            throw bytecode::bytecode_error(lasso::detail::join({inst.name(), " has no jump target"}), inst.offset);
        return jump_to{index};
    }

    void need(std::size_t n) const {
        if (stack_.size() < n) throw bytecode::bytecode_error("symbolic stack underflow", static_cast<long>(pc_));
    }

    const std::string& name_arg(const instruction& inst) const {
        const std::string* name = bytecode::arg_name(inst, fields_);
        if (!name) throw bytecode::bytecode_error(lasso::detail::join({inst.name(), " has no name argument"}), inst.offset);
        return *name;
    }

    std::size_t count_arg(const instruction& inst) const {
        if (inst.arg < 0 || inst.arg > 0xffff)
            throw bytecode::bytecode_error(lasso::detail::join({inst.name(), " has a bad count ", lasso::detail::decimal(inst.arg)}),
                                           inst.offset);
        return static_cast<std::size_t>(inst.arg);
    }

    /// The name a tracker is known by, from its source ("f" for G['f']), for messages.
    [[gnu::cold]] std::string name_of(tracker_ref r) const {
        const auto& rec = record(r);
        if (!rec.source) return "<anonymous>";
        const auto& e = out_.sources[*rec.source];
        if (!e.name.empty()) return e.name;
        return out_.sources.guard_name(*rec.source);
    }

    template <class T> T* mutable_as(tracker_ref r) { return out_.trackers.template get_if<T>(r); }

    // ---- the builder: frame values become trackers, with guards ----------------------

    void add_guard(guard_kind kind, std::optional<source_ref> source, auto&& fill) {
        guard<meta> g;
        g.kind = kind;
        g.source = source;
        fill(g);
        out_.guards.push_back(std::move(g));
    }

    void type_guard(const value& v, source_ref source) {
        add_guard(guard_kind::type_match, source, [&](auto& g) {
            g.expected_id = A::type_identity(v);
            g.type_name = A::type_name(v);
        });
    }

    /// Containers nested deeper than this are kept as opaque objects (and a container
    /// that contains itself does not recurse forever).
    static constexpr int max_build_depth = 32;

    tracker_ref build(const value& v, source_ref source, int depth = 0) {
        const value_kind kind = A::classify(v);
        switch (kind) {
        case value_kind::none:
        case value_kind::boolean:
        case value_kind::integer:
        case value_kind::floating:
        case value_kind::string: {
            constant c = A::constant_of(v);
            add_guard(guard_kind::constant_match, source, [&](auto& g) { g.expected_constant = c; });
            return out_.trackers.add(trackers::constant_value{std::move(c)}, source);
        }
        case value_kind::tensor: {
            meta m = A::tensor_meta_of(v);
            add_guard(guard_kind::tensor_match, source, [&](auto& g) { g.expected_meta = m; });
            const std::string name = out_.sources.guard_name(source);
            lasso::graph::node n = out_.graph.add_placeholder(name, m);
            out_.inputs.emplace_back(n, source);
            return out_.trackers.add(trackers::tensor<meta>{n, std::move(m)}, source);
        }
        case value_kind::tuple:
        case value_kind::list: {
            if (depth >= max_build_depth) break;
            type_guard(v, source);
            auto items = A::elements(v);
            add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
            std::vector<tracker_ref> refs;
            refs.reserve(items.size());
            for (std::size_t i = 0; i < items.size(); ++i)
                refs.push_back(build(items[i], out_.sources.item(source, static_cast<std::int64_t>(i)), depth + 1));
            if (kind == value_kind::list) return out_.trackers.add(trackers::list{std::move(refs)}, source);
            return out_.trackers.add(trackers::tuple{std::move(refs)}, source);
        }
        case value_kind::dict: {
            if (depth >= max_build_depth) break;
            type_guard(v, source);
            auto items = A::dict_items(v);
            add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
            std::vector<std::pair<tracker_ref, tracker_ref>> refs;
            refs.reserve(items.size());
            for (auto& [key, item] : items) {
                auto item_ref = build(item, out_.sources.item(source, key), depth + 1);
                refs.emplace_back(make_constant(std::move(key)), item_ref);
            }
            return out_.trackers.add(trackers::dict{std::move(refs)}, source);
        }
        case value_kind::builtin: {
            add_guard(guard_kind::id_match, source, [&](auto& g) { g.expected_id = A::identity(v); });
            builtin_behaviour b = A::builtin_behaviour(v);
            std::string name = b.name.empty() ? std::string(A::builtin_name(v)) : std::move(b.name);
            return out_.trackers.add(trackers::builtin<value>{v, std::move(name), false, b.kind}, source);
        }
        case value_kind::function: {
            add_guard(guard_kind::id_match, source, [&](auto& g) { g.expected_id = A::identity(v); });
            return out_.trackers.add(trackers::function<value>{v, {}, {}}, source);
        }
        case value_kind::type: {
            add_guard(guard_kind::id_match, source, [&](auto& g) { g.expected_id = A::identity(v); });
            return out_.trackers.add(trackers::type<value>{v}, source);
        }
        case value_kind::other: break;
        }
        type_guard(v, source);
        return out_.trackers.add(trackers::object<value>{v}, source);
    }

    // Places already built (globals, attributes), so that reading one twice gives the
    // same tracker and one set of guards. `base` is the base tracker's index + 1 (0 for
    // a global).
    struct place {
        std::uint32_t base = 0;
        source_kind kind = source_kind::global;
        std::string name;
        tracker_ref tracker;
    };

    const tracker_ref* find_place(source_kind kind, std::uint32_t base, std::string_view name) const {
        for (const auto& p : places_)
            if (p.base == base && p.kind == kind && p.name == name) return &p.tracker;
        return nullptr;
    }

    /// The value at attribute `name` of the object tracker `obj` (with source), built
    /// once; or why it cannot be read.
    tracker_ref attribute_of(tracker_ref obj, const value& v, const std::string& name) {
        const auto base = obj.index + 1;
        if (auto* known = find_place(source_kind::attribute, base, name)) return *known;
        const auto& rec = record(obj);
        if (!rec.source) give_up("attribute '", name, "' of ", describe(obj), " that has no source");
        std::optional<value> attr = A::attribute(v, name);
        if (!attr) give_up("attribute '", name, "' of ", A::type_name(v), " is not statically readable");
        const source_ref source = out_.sources.attribute(*rec.source, name);
        auto r = build(*attr, source);
        places_.push_back({base, source_kind::attribute, name, r});
        return r;
    }

    /// The readable value of an object or class tracker.
    const value* object_value(tracker_ref r) const {
        if (auto* o = as<trackers::object<value>>(r)) return &o->obj;
        if (auto* t = as<trackers::type<value>>(r)) return &t->cls;
        return nullptr;
    }

    // ---- values known at trace time --------------------------------------------------

    static std::optional<std::size_t> range_length(const trackers::range& r) {
        if (r.step > 0 && r.start < r.stop) {
            const auto diff = static_cast<std::uint64_t>(r.stop) - static_cast<std::uint64_t>(r.start);
            return static_cast<std::size_t>((diff - 1) / static_cast<std::uint64_t>(r.step) + 1);
        }
        if (r.step < 0 && r.start > r.stop) {
            const auto diff = static_cast<std::uint64_t>(r.start) - static_cast<std::uint64_t>(r.stop);
            const auto magnitude = std::uint64_t{0} - static_cast<std::uint64_t>(r.step);
            return static_cast<std::size_t>((diff - 1) / magnitude + 1);
        }
        return 0;
    }

    static std::int64_t range_item(const trackers::range& r, std::size_t i) {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(r.start) +
                                          static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(r.step));
    }

    /// The number of items of a container whose length is known at trace time.
    std::optional<std::size_t> known_length(tracker_ref r) const {
        if (auto* t = as<trackers::tuple>(r)) return t->items.size();
        if (auto* l = as<trackers::list>(r)) return l->items.size();
        if (auto* d = as<trackers::dict>(r)) return d->items.size();
        if (auto* g = as<trackers::range>(r)) return range_length(*g);
        if (auto* c = as<trackers::constant_value>(r))
            if (auto* s = std::get_if<std::string>(&c->value)) return s->size();
        return std::nullopt;
    }

    /// A tensor's length (its first dimension), from the adapter's `__len__` attribute.
    std::size_t tensor_length(const trackers::tensor<meta>& t) const {
        static_attribute a = A::tensor_attribute(t.meta, "__len__");
        if (auto* u = std::get_if<unsupported>(&a)) throw std::move(*u);
        if (auto* c = std::get_if<constant>(&a))
            if (auto n = fold::as_int(*c); n && *n >= 0) return static_cast<std::size_t>(*n);
        give_up("the length of a tensor is not known at trace time");
    }

    /// Python's truth value of a tracker, when known at trace time; `tensor_reason` says
    /// why a tensor's cannot be used.
    bool truth_of(tracker_ref r, const char* tensor_reason) const {
        if (auto* c = as<trackers::constant_value>(r)) return fold::truth(c->value);
        if (auto n = known_length(r)) return *n != 0;
        if (as<trackers::tensor<meta>>(r)) give_up(tensor_reason);
        if (as<trackers::function<value>>(r) || as<trackers::builtin<value>>(r) || as<trackers::type<value>>(r) ||
            as<trackers::iterator>(r))
            return true;
        give_up("the truth value of ", describe(r), " is not known at trace time");
    }

    /// Whether a tracker is None, when known.
    std::optional<bool> is_none(tracker_ref r) const {
        if (auto* c = as<trackers::constant_value>(r)) return std::holds_alternative<none_t>(c->value);
        if (as<trackers::null>(r) || as<trackers::cell>(r)) return std::nullopt;
        return false; // tensors, containers, functions, objects, ... are never None
    }

    /// The items of an iterable known at trace time (tuple, list, dict keys, range,
    /// string, tensor rows), made into trackers.
    std::vector<tracker_ref> items_of(tracker_ref r) {
        if (auto* t = as<trackers::tuple>(r)) return t->items;
        if (auto* l = as<trackers::list>(r)) return l->items;
        if (auto* d = as<trackers::dict>(r)) {
            std::vector<tracker_ref> keys;
            keys.reserve(d->items.size());
            for (const auto& kv : d->items) keys.push_back(kv.first);
            return keys;
        }
        if (auto* it = as<trackers::iterator>(r)) {
            if (!it->lazy && it->position <= it->items.size())
                return std::vector<tracker_ref>(it->items.begin() + static_cast<std::ptrdiff_t>(it->position), it->items.end());
            give_up("unpacking a partly consumed lazy iterator is not supported");
        }
        if (auto* g = as<trackers::range>(r)) {
            const trackers::range range = *g;
            const std::size_t n = *range_length(range);
            if (n > max_unrolled()) give_up("a range of ", lasso::detail::decimal(n), " items is too long to unroll");
            std::vector<tracker_ref> out;
            out.reserve(n);
            for (std::size_t i = 0; i < n; ++i) out.push_back(make_constant(range_item(range, i)));
            return out;
        }
        if (auto* c = as<trackers::constant_value>(r)) {
            if (auto* s = std::get_if<std::string>(&c->value)) {
                const std::string text = *s;
                std::vector<tracker_ref> out;
                out.reserve(text.size());
                for (char ch : text) out.push_back(make_constant(std::string(1, ch)));
                return out;
            }
        }
        if (auto* t = as<trackers::tensor<meta>>(r)) {
            auto n = tensor_length(*t);
            std::vector<tracker_ref> out;
            for (std::size_t i = 0; i < n; ++i) {
                auto row = tensor_row(r, i);
                out.push_back(row);
            }
            return out;
        }
        give_up("iteration over ", describe(r));
    }

    tracker_ref tensor_row(tracker_ref t, std::size_t i) {
        const tracker_ref args[] = {t, make_constant(static_cast<std::int64_t>(i))};
        return tensor_op("getitem", args);
    }

    // Slices from build_slice: a tuple tracker (start, stop, step) of constants, marked
    // here. They are consumed at once by binary_subscr (Python code cannot name them).
    bool is_slice(tracker_ref r) const { return std::find(slices_.begin(), slices_.end(), r.index) != slices_.end(); }

    /// Python's slice of a sequence of `n` items: the selected positions.
    std::vector<std::size_t> slice_positions(tracker_ref s, std::size_t n) const {
        const auto& parts = as<trackers::tuple>(s)->items;
        std::optional<std::int64_t> bound[3];
        for (std::size_t k = 0; k < 3; ++k) {
            const auto& c = as<trackers::constant_value>(parts[k])->value;
            if (!std::holds_alternative<none_t>(c)) bound[k] = fold::as_int(c);
        }
        const std::int64_t step = bound[2].value_or(1);
        if (step == 0) give_up("slice step cannot be zero");
        if (step == INT64_MIN) give_up("slice step out of range");
        const auto len = static_cast<std::int64_t>(n);
        auto adjust = [&](std::optional<std::int64_t> b, std::int64_t missing) -> std::int64_t {
            if (!b) return missing;
            std::int64_t x = *b;
            if (x < 0) {
                x = x < -len ? -len : x;
                x += len;
                if (x < 0) x = step < 0 ? -1 : 0;
            } else if (x >= len) {
                x = step < 0 ? len - 1 : len;
            }
            return x;
        };
        const std::int64_t start = adjust(bound[0], step < 0 ? len - 1 : 0);
        const std::int64_t stop = adjust(bound[1], step < 0 ? -1 : len);
        std::vector<std::size_t> out;
        if (step > 0)
            for (std::int64_t i = start; i < stop; i += step) out.push_back(static_cast<std::size_t>(i));
        else
            for (std::int64_t i = start; i > stop; i += step) out.push_back(static_cast<std::size_t>(i));
        return out;
    }

    /// The position of constant `key` among a dict's keys.
    std::optional<std::size_t> dict_find(const trackers::dict& d, const constant& key) const {
        for (std::size_t i = 0; i < d.items.size(); ++i)
            if (auto* k = as<trackers::constant_value>(d.items[i].first); k && fold::equal(k->value, key)) return i;
        return std::nullopt;
    }

    static std::optional<std::size_t> normalize_index(std::int64_t i, std::size_t size) {
        const auto n = static_cast<std::int64_t>(size);
        const std::int64_t at = i < 0 ? i + n : i;
        if (at < 0 || at >= n) return std::nullopt;
        return static_cast<std::size_t>(at);
    }

    /// Pushes a result, or passes its reason on.
    step push_result(tracker_ref r) {
        push(r);
        return next{};
    }

    // ---- handlers ---------------------------------------------------------------------

    struct handlers {
        static step unknown(translator&, const instruction& inst) {
            give_up("unknown opcode ", lasso::detail::decimal(inst.opcode));
        }
        template <bytecode::op O> static step handle(translator& t, const instruction& inst) { return t.template on<O>(inst); }
    };

    template <bytecode::op O> step on(const instruction& inst) {
        using bytecode::op;
        // -- stack
        if constexpr (O == op::nop || O == op::resume || O == op::extended_arg || O == op::copy_free_vars) {
            return next{};
        } else if constexpr (O == op::pop_top) {
            pop();
            return next{};
        } else if constexpr (O == op::push_null) {
            push(out_.trackers.add(trackers::null{}));
            return next{};
        } else if constexpr (O == op::copy) {
            const auto n = count_arg(inst);
            if (n == 0) throw bytecode::bytecode_error("copy 0", inst.offset);
            push(peek(n - 1));
            return next{};
        } else if constexpr (O == op::swap) {
            const auto n = count_arg(inst);
            if (n == 0) throw bytecode::bytecode_error("swap 0", inst.offset);
            need(n);
            std::swap(stack_[stack_.size() - 1], stack_[stack_.size() - n]);
            return next{};
        }
        // -- constants, locals, globals
        else if constexpr (O == op::load_const) {
            const value* v = bytecode::arg_constant(inst, fields_);
            if (!v) throw bytecode::bytecode_error("load_const without a constant", inst.offset);
            // Constant trackers are immutable: one per constant of the code serves every
            // instruction that loads it, in every pass of an unrolled loop.
            if (const auto cached = constant_cache_[inst.arg]; cached != no_target) {
                push(tracker_ref{cached});
                return next{};
            }
            auto r = constant_tracker(*v);
            if (!r) give_up("constant ", A::constant_repr(*v), " is not a plain constant or a tuple of them");
            constant_cache_[inst.arg] = r->index;
            push(*r);
            return next{};
        } else if constexpr (O == op::load_fast) {
            auto r = local(local_index(inst));
            push(r);
            return next{};
        } else if constexpr (O == op::store_fast) {
            const auto index = local_index(inst);
            locals_[index] = pop();
            return next{};
        } else if constexpr (O == op::delete_fast) {
            const auto index = local_index(inst);
            (void)local(index); // `del x` of an unbound x is unsupported, as reading it is
            locals_[index] = unbound;
            return next{};
        } else if constexpr (O == op::load_global) {
            const std::string& name = name_arg(inst);
            if (auto* known = find_place(source_kind::global, 0, name)) {
                push(*known);
                return next{};
            }
            const value* v = A::frame_global(frame_, name);
            if (!v) give_up("global '", name, "' is not defined");
            auto r = build(*v, out_.sources.global(name));
            places_.push_back({0, source_kind::global, name, r});
            push(r);
            return next{};
        } else if constexpr (O == op::store_global || O == op::delete_global) {
            give_up(std::string_view(O == op::store_global ? "assignment to" : "del of"), " global '", name_arg(inst),
                    "' (side effects are not captured yet)");
        } else if constexpr (O == op::load_name || O == op::store_name || O == op::delete_name) {
            give_up(bytecode::name_of(O), " '", name_arg(inst),
                    "': module-level and class-body code is not captured");
        }
        // -- cells
        else if constexpr (O == op::make_cell) {
            const auto index = cell_index(inst);
            std::optional<tracker_ref> contents;
            if (index < fields_.cellvars.size()) {
                // A cell variable that is also a parameter starts with the argument.
                const auto& name = fields_.cellvars[index];
                for (std::size_t j = 0; j < fields_.varnames.size(); ++j)
                    if (fields_.varnames[j] == name) {
                        if (!locals_[j] && !A::frame_local(frame_, j)) break;
                        auto r = local(j);
                        contents = r;
                        break;
                    }
            }
            cells_[index] = out_.trackers.add(trackers::cell{contents});
            return next{};
        } else if constexpr (O == op::load_deref) {
            const auto index = cell_index(inst);
            if (!cells_[index]) {
                // A cell of the frame not made by this code (a free variable, or a cell
                // of an interpreter without make_cell): read it from the frame.
                const value* v = A::frame_cell_contents(frame_, index);
                if (!v) give_up(cell_kind(index), " '", cell_name(index), "' has no value");
                auto r = build(*v, out_.sources.local_cell(cell_name(index)));
                cells_[index] = out_.trackers.add(trackers::cell{r});
            }
            const auto* c = as<trackers::cell>(*cells_[index]);
            if (!c->contents) give_up(cell_kind(index), " '", cell_name(index), "' is read before assignment");
            push(*c->contents);
            return next{};
        } else if constexpr (O == op::store_deref || O == op::delete_deref) {
            const auto index = cell_index(inst);
            if (index >= fields_.cellvars.size())
                give_up(std::string_view(O == op::store_deref ? "assignment to" : "del of"), " free variable '",
                        cell_name(index), "' (side effects are a later issue)");
            std::optional<tracker_ref> contents;
            if constexpr (O == op::store_deref) contents = pop();
            if (!cells_[index]) cells_[index] = out_.trackers.add(trackers::cell{});
            mutable_as<trackers::cell>(*cells_[index])->contents = contents;
            return next{};
        } else if constexpr (O == op::load_closure) {
            give_up("load_closure of '", cell_name(cell_index(inst)), "': creating closures is not supported yet");
        } else if constexpr (O == op::make_function) {
            give_up("make_function: creating a function (def or lambda) is not supported yet");
        }
        // -- attributes
        else if constexpr (O == op::load_attr) {
            const std::string& name = name_arg(inst);
            auto obj = pop();
            return push_result(load_attribute(obj, name));
        } else if constexpr (O == op::load_method) {
            const std::string& name = name_arg(inst);
            auto self = pop();
            if (as<trackers::tensor<meta>>(self)) {
                push(out_.trackers.add(trackers::builtin<value>{std::nullopt, name, true, builtin_kind::tensor_op}));
                push(self);
                return next{};
            }
            if (const value* v = object_value(self)) {
                // An attribute stored on the object itself (not a method of its class)
                // is a plain value: push NULL and the value, as for a function.
                if (auto* known = find_place(source_kind::attribute, self.index + 1, name); known || A::attribute(*v, name)) {
                    auto r = attribute_of(self, *v, name);
                    const auto callee = r;
                    if (as<trackers::function<value>>(callee))
                        give_up("call of method '", name, "' of ", describe(self),
                                ": inlining of interpreted methods is not supported yet");
                    push(out_.trackers.add(trackers::null{}));
                    push(callee);
                    return next{};
                }
                give_up("call of method '", name, "' of ", describe(self),
                        ": inlining of interpreted methods is not supported yet");
            }
            give_up("method '", name, "' of ", describe(self), " is not supported yet");
        } else if constexpr (O == op::store_attr || O == op::delete_attr) {
            give_up(std::string_view(O == op::store_attr ? "store_attr: assignment to" : "delete_attr: del of"),
                    " attribute '", name_arg(inst), "' (mutation of an object; side effects are not captured yet)");
        }
        // -- operators
        else if constexpr (O == op::binary_op) {
            auto rhs = pop();
            auto lhs = pop();
            return binary(inst.arg, lhs, rhs);
        } else if constexpr (O == op::unary_negative || O == op::unary_positive || O == op::unary_invert) {
            return unary<O>(pop());
        } else if constexpr (O == op::unary_not) {
            auto x = pop();
            auto t = truth_of(x, "truth value of a tensor (not on a tensor)");
            push(make_constant(!t));
            return next{};
        } else if constexpr (O == op::compare_op) {
            auto rhs = pop();
            auto lhs = pop();
            return compare(inst.arg, lhs, rhs);
        } else if constexpr (O == op::is_op) {
            auto rhs = pop();
            auto lhs = pop();
            auto r = identical(lhs, rhs);
            push(make_constant(r != (inst.arg != 0)));
            return next{};
        } else if constexpr (O == op::contains_op) {
            auto container = pop();
            auto item = pop();
            auto r = contains(item, container);
            push(make_constant(r != (inst.arg != 0)));
            return next{};
        }
        // -- containers
        else if constexpr (O == op::build_tuple || O == op::build_list) {
            const auto n = count_arg(inst);
            need(n);
            std::vector<tracker_ref> items(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
            stack_.erase(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
            if constexpr (O == op::build_tuple) push(out_.trackers.add(trackers::tuple{std::move(items)}));
            else push(out_.trackers.add(trackers::list{std::move(items)}));
            return next{};
        } else if constexpr (O == op::build_map) {
            const auto n = count_arg(inst);
            need(2 * n);
            const std::size_t first = stack_.size() - 2 * n;
            trackers::dict d;
            d.items.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                const auto key = stack_[first + 2 * i];
                const auto item = stack_[first + 2 * i + 1];
                auto* k = as<trackers::constant_value>(key);
                if (!k) give_up("dict key ", describe(key), " is not a constant");
                if (auto at = dict_find(d, k->value)) d.items[*at].second = item;
                else d.items.emplace_back(key, item);
            }
            stack_.erase(stack_.begin() + static_cast<std::ptrdiff_t>(first), stack_.end());
            push(out_.trackers.add(std::move(d)));
            return next{};
        } else if constexpr (O == op::list_append || O == op::list_extend) {
            const auto n = count_arg(inst);
            auto item = pop();
            if (n == 0) throw bytecode::bytecode_error("list_append/list_extend 0", inst.offset);
            const auto target = peek(n - 1);
            if (!as<trackers::list>(target))
                give_up(bytecode::name_of(O), " on ", describe(target), ", not a list");
            if (record(target).source)
                give_up("mutation of a list from the frame (side effects are not captured yet)");
            if constexpr (O == op::list_append) {
                mutable_as<trackers::list>(target)->items.push_back(item);
            } else {
                auto extra = items_of(item);
                auto& more = extra;
                auto& items = mutable_as<trackers::list>(target)->items;
                items.insert(items.end(), more.begin(), more.end());
            }
            return next{};
        } else if constexpr (O == op::list_to_tuple) {
            auto l = pop();
            auto* list = as<trackers::list>(l);
            if (!list) give_up("list_to_tuple on ", describe(l));
            auto items = list->items;
            push(out_.trackers.add(trackers::tuple{std::move(items)}));
            return next{};
        } else if constexpr (O == op::unpack_sequence) {
            const auto n = count_arg(inst);
            auto seq = pop();
            std::vector<tracker_ref> items;
            try {
                items = items_of(seq);
            } catch (unsupported& u) {
                u.reason.insert(0, "unpacking: ");
                throw;
            }
            if (items.size() != n)
                give_up("unpacking ", lasso::detail::decimal(items.size()), " values into ", lasso::detail::decimal(n), " targets");
            for (std::size_t i = items.size(); i-- > 0;) push(items[i]);
            return next{};
        } else if constexpr (O == op::build_slice) {
            const auto n = count_arg(inst);
            if (n != 2 && n != 3) throw bytecode::bytecode_error("build_slice takes 2 or 3 values", inst.offset);
            need(n);
            std::vector<tracker_ref> parts(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
            for (auto p : parts) {
                auto* c = as<trackers::constant_value>(p);
                if (!c || (!std::holds_alternative<none_t>(c->value) && !fold::as_int(c->value)))
                    give_up("slice bound ", describe(p), " is not an int constant or None");
            }
            stack_.erase(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
            if (n == 2) parts.push_back(make_constant(none_t{}));
            auto r = out_.trackers.add(trackers::tuple{std::move(parts)});
            slices_.push_back(r.index);
            push(r);
            return next{};
        } else if constexpr (O == op::binary_subscr) {
            auto index = pop();
            auto container = pop();
            return push_result(subscript(container, index));
        } else if constexpr (O == op::store_subscr || O == op::delete_subscr) {
            auto key = pop();
            auto container = pop();
            std::optional<tracker_ref> item;
            if constexpr (O == op::store_subscr) item = pop();
            return store_item(container, key, item);
        }
        // -- calls
        else if constexpr (O == op::kw_names) {
            const value* v = bytecode::arg_constant(inst, fields_);
            if (!v) throw bytecode::bytecode_error("kw_names without a constant", inst.offset);
            pending_kw_names_.clear();
            for (const auto& item : A::elements(*v)) {
                auto c = A::constant_from_value(item);
                auto* s = c ? std::get_if<std::string>(&*c) : nullptr;
                if (!s) throw bytecode::bytecode_error("kw_names is not a tuple of strings", inst.offset);
                pending_kw_names_.push_back(std::move(*s));
            }
            return next{};
        } else if constexpr (O == op::call) {
            return call(count_arg(inst));
        } else if constexpr (O == op::call_function_ex) {
            give_up("call with *args or **kwargs is not supported yet");
        }
        // -- control flow
        else if constexpr (O == op::jump) {
            return jump_target(inst);
        } else if constexpr (O == op::pop_jump_if_false || O == op::pop_jump_if_true) {
            auto t = truth_of(pop(), "branch on a tensor value");
            if ((O == op::pop_jump_if_true) == t) return jump_target(inst);
            return next{};
        } else if constexpr (O == op::pop_jump_if_none || O == op::pop_jump_if_not_none) {
            auto x = pop();
            auto none = is_none(x);
            if (!none) give_up("whether ", describe(x), " is None is not known at trace time");
            if ((O == op::pop_jump_if_none) == *none) return jump_target(inst);
            return next{};
        } else if constexpr (O == op::jump_if_false_or_pop || O == op::jump_if_true_or_pop) {
            auto t = truth_of(peek(), "branch on a tensor value");
            if ((O == op::jump_if_true_or_pop) == t) return jump_target(inst);
            pop();
            return next{};
        } else if constexpr (O == op::get_iter) {
            return push_result(iterate(pop()));
        } else if constexpr (O == op::for_iter) {
            return for_iter(inst);
        } else if constexpr (O == op::return_value) {
            out_.returned = pop();
            return next{};
        }
        // -- not modelled
        else if constexpr (O == op::raise_varargs) {
            give_up("raise statement (raising exceptions is not captured)");
        } else if constexpr (O == op::load_assertion_error) {
            give_up("assert statement whose assertion fails (raising AssertionError is not captured)");
        } else if constexpr (O == op::reraise || O == op::push_exc_info || O == op::pop_except || O == op::check_exc_match) {
            give_up(bytecode::name_of(O),
                    ": exception handling (try/except/finally) is not supported yet");
        } else if constexpr (O == op::before_with || O == op::with_except_start) {
            give_up(bytecode::name_of(O),
                    ": with statements (context managers) are not supported yet");
        } else if constexpr (O == op::custom) {
            if constexpr (requires { Config::handle_custom(*this, inst); }) {
                return Config::handle_custom(*this, inst);
            } else {
                give_up("custom opcode ", inst.name(), " has no handler in the translator's Config");
            }
        } else {
            give_up("'", bytecode::name_of(O), "' is not supported by the translator yet");
        }
    }

    // ---- handler bodies ---------------------------------------------------------------

    /// A tracker for a constant of the code: a plain constant, or a tuple of them
    /// (recursively), which code objects carry for `a, b = 0, 1` or `full((2, 3), 0)`.
    std::optional<tracker_ref> constant_tracker(const value& v, int depth = 0) {
        if (auto c = A::constant_from_value(v)) return make_constant(std::move(*c));
        if (depth > 32 || A::classify(v) != value_kind::tuple) return std::nullopt;
        std::vector<tracker_ref> items;
        for (const value& item : A::elements(v)) {
            auto r = constant_tracker(item, depth + 1);
            if (!r) return std::nullopt;
            items.push_back(*r);
        }
        return out_.trackers.add(trackers::tuple{std::move(items)});
    }

    std::size_t local_index(const instruction& inst) const {
        if (inst.arg < 0 || static_cast<std::size_t>(inst.arg) >= locals_.size())
            throw bytecode::bytecode_error(lasso::detail::join({"local index ", lasso::detail::decimal(inst.arg), " out of range"}),
                                           inst.offset);
        return static_cast<std::size_t>(inst.arg);
    }

    std::size_t cell_index(const instruction& inst) const {
        if (inst.arg < 0 || static_cast<std::size_t>(inst.arg) >= cells_.size())
            throw bytecode::bytecode_error(lasso::detail::join({"cell index ", lasso::detail::decimal(inst.arg), " out of range"}),
                                           inst.offset);
        return static_cast<std::size_t>(inst.arg);
    }

    const std::string& cell_name(std::size_t index) const {
        return index < fields_.cellvars.size() ? fields_.cellvars[index] : fields_.freevars[index - fields_.cellvars.size()];
    }
    [[gnu::cold]] std::string cell_kind(std::size_t index) const {
        return index < fields_.cellvars.size() ? "cell variable" : "free variable";
    }

    /// The symbolic value of local `index`, built from the frame on first use.
    tracker_ref local(std::size_t index) {
        auto& slot = locals_[index];
        if (!slot) {
            const value* v = A::frame_local(frame_, index);
            if (!v) give_up("local '", fields_.varnames[index], "' is read before assignment");
            slot = build(*v, out_.sources.local(fields_.varnames[index]));
        }
        if (*slot == unbound) give_up("local '", fields_.varnames[index], "' is read after del");
        return *slot;
    }

    tracker_ref load_attribute(tracker_ref obj, const std::string& name) {
        if (auto* t = as<trackers::tensor<meta>>(obj)) {
            static_attribute a = A::tensor_attribute(t->meta, name);
            if (auto* u = std::get_if<unsupported>(&a)) throw std::move(*u);
            if (auto* c = std::get_if<constant>(&a)) return make_constant(std::move(*c));
            auto& items = std::get<std::vector<constant>>(a);
            std::vector<tracker_ref> refs;
            refs.reserve(items.size());
            for (auto& c : items) refs.push_back(make_constant(std::move(c)));
            return out_.trackers.add(trackers::tuple{std::move(refs)});
        }
        if (const value* v = object_value(obj)) return attribute_of(obj, *v, name);
        give_up("attribute '", name, "' of ", describe(obj), " is not supported yet");
    }

    step binary(std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
        const auto symbol = bytecode::binary_op_text(which);
        auto* a = as<trackers::constant_value>(lhs);
        auto* b = as<trackers::constant_value>(rhs);
        if (a && b) {
            auto folded = fold::binary(which, a->value, b->value);
            if (!folded)
                give_up("constant folding of '", symbol, "' on ", repr(a->value), " and ",
                        repr(b->value));
            push(make_constant(std::move(*folded)));
            return next{};
        }
        if (as<trackers::tensor<meta>>(lhs) || as<trackers::tensor<meta>>(rhs)) {
            const char* name = fold::tensor_binary_name(which);
            if (!name) give_up("operator '", symbol, "' on tensors");
            const tracker_ref args[] = {lhs, rhs};
            return push_result(tensor_op(name, args));
        }
        const auto plain = which % bytecode::binary_inplace_offset;
        const bool inplace = which >= bytecode::binary_inplace_offset;
        const bool lhs_list = as<trackers::list>(lhs) != nullptr;
        if (plain == static_cast<std::int64_t>(bytecode::binary_operator::add) && (lhs_list || as<trackers::tuple>(lhs))) {
            if (inplace && lhs_list) {
                // list += iterable extends the list in place
                if (record(lhs).source) give_up("mutation of a list from the frame (side effects are not captured yet)");
                auto extra = items_of(rhs);
                auto& more = extra;
                auto& items = mutable_as<trackers::list>(lhs)->items;
                items.insert(items.end(), more.begin(), more.end());
                push(lhs);
                return next{};
            }
            const bool same_kind = lhs_list ? as<trackers::list>(rhs) != nullptr : as<trackers::tuple>(rhs) != nullptr;
            if (!same_kind) give_up("operator '", symbol, "' on ", describe(lhs), " and ",
                                    describe(rhs));
            auto items = lhs_list ? as<trackers::list>(lhs)->items : as<trackers::tuple>(lhs)->items;
            const auto& more = lhs_list ? as<trackers::list>(rhs)->items : as<trackers::tuple>(rhs)->items;
            items.insert(items.end(), more.begin(), more.end());
            if (lhs_list) push(out_.trackers.add(trackers::list{std::move(items)}));
            else push(out_.trackers.add(trackers::tuple{std::move(items)}));
            return next{};
        }
        if (plain == static_cast<std::int64_t>(bytecode::binary_operator::multiply) && !inplace) {
            // sequence * int, int * sequence
            tracker_ref seq = lhs, count = rhs;
            if (!as<trackers::tuple>(seq) && !as<trackers::list>(seq)) std::swap(seq, count);
            auto* c = as<trackers::constant_value>(count);
            const std::optional<std::int64_t> n = c ? fold::as_int(c->value) : std::nullopt;
            if ((as<trackers::tuple>(seq) || as<trackers::list>(seq)) && n.has_value()) {
                const auto& items = as<trackers::tuple>(seq) ? as<trackers::tuple>(seq)->items : as<trackers::list>(seq)->items;
                const std::int64_t count_value = n.value_or(0);
                const std::size_t times = count_value > 0 ? static_cast<std::size_t>(count_value) : 0;
                if (!items.empty() && times > max_unrolled() / items.size())
                    give_up("repeating a sequence ", lasso::detail::decimal(count_value), " times is too long");
                std::vector<tracker_ref> out;
                out.reserve(items.size() * times);
                for (std::size_t k = 0; k < times; ++k) out.insert(out.end(), items.begin(), items.end());
                if (as<trackers::list>(seq)) push(out_.trackers.add(trackers::list{std::move(out)}));
                else push(out_.trackers.add(trackers::tuple{std::move(out)}));
                return next{};
            }
        }
        give_up("operator '", symbol, "' on ", describe(lhs), " and ", describe(rhs));
    }

    template <bytecode::op O> step unary(tracker_ref x) {
        using bytecode::op;
        constexpr const char* symbol = O == op::unary_negative ? "-" : O == op::unary_positive ? "+" : "~";
        if (auto* c = as<trackers::constant_value>(x)) {
            if (auto i = fold::as_int(c->value)) {
                if constexpr (O == op::unary_negative) {
                    if (*i != INT64_MIN) {
                        push(make_constant(-*i));
                        return next{};
                    }
                } else if constexpr (O == op::unary_positive) {
                    push(make_constant(*i));
                    return next{};
                } else {
                    push(make_constant(~*i));
                    return next{};
                }
            } else if (auto* d = std::get_if<double>(&c->value); d && O != op::unary_invert) {
                push(make_constant(O == op::unary_negative ? -*d : *d));
                return next{};
            }
            give_up("unary '", symbol, "' on ", repr(c->value));
        }
        if (as<trackers::tensor<meta>>(x)) {
            const tracker_ref args[] = {x};
            return push_result(tensor_op(O == op::unary_negative ? "neg" : O == op::unary_positive ? "pos" : "invert", args));
        }
        give_up("unary '", symbol, "' on ", describe(x));
    }

    step compare(std::int64_t which, tracker_ref lhs, tracker_ref rhs) {
        const std::string_view symbol =
            which >= 0 && which < 6 ? bytecode::symbol_of(static_cast<bytecode::compare_operator>(which)) : "?";
        auto* a = as<trackers::constant_value>(lhs);
        auto* b = as<trackers::constant_value>(rhs);
        if (a && b) {
            auto r = fold::compare(which, a->value, b->value);
            if (!r) give_up("comparison '", symbol, "' of ", repr(a->value), " and ", repr(b->value));
            push(make_constant(*r));
            return next{};
        }
        if (as<trackers::tensor<meta>>(lhs) || as<trackers::tensor<meta>>(rhs)) {
            const char* name = fold::tensor_compare_name(which);
            if (!name) give_up("comparison '", symbol, "' on tensors");
            const tracker_ref args[] = {lhs, rhs};
            return push_result(tensor_op(name, args));
        }
        give_up("comparison '", symbol, "' of ", describe(lhs), " and ", describe(rhs));
    }

    /// `a is b`, when known at trace time.
    bool identical(tracker_ref a, tracker_ref b) const {
        if (a == b) return true;
        auto* x = as<trackers::constant_value>(a);
        auto* y = as<trackers::constant_value>(b);
        auto singleton = [](const trackers::constant_value* c) {
            return c && (std::holds_alternative<none_t>(c->value) || std::holds_alternative<bool>(c->value));
        };
        if (x && y) {
            if (singleton(x) || singleton(y)) return x->value.index() == y->value.index() && x->value == y->value;
            give_up("identity comparison ('is') of ", repr(x->value), " and ", repr(y->value));
        }
        // None, True and False are never a tensor, container, function or object.
        auto other_kind = [&](tracker_ref r) { return !as<trackers::constant_value>(r) && is_none(r) == std::optional<bool>(false); };
        if ((singleton(x) && other_kind(b)) || (singleton(y) && other_kind(a))) return false;
        give_up("identity comparison ('is') of ", describe(a), " and ", describe(b));
    }

    /// `item in container`, when known at trace time.
    bool contains(tracker_ref item, tracker_ref container) const {
        auto* key = as<trackers::constant_value>(item);
        const std::vector<tracker_ref>* items = nullptr;
        if (auto* t = as<trackers::tuple>(container)) items = &t->items;
        if (auto* l = as<trackers::list>(container)) items = &l->items;
        if (items) {
            for (auto r : *items) {
                if (r == item) return true; // identity first, as Python does
                auto* c = as<trackers::constant_value>(r);
                if (!c || !key) give_up("'in' on a sequence of values unknown at trace time");
                if (fold::equal(key->value, c->value)) return true;
            }
            return false;
        }
        if (auto* d = as<trackers::dict>(container)) {
            if (!key) give_up("dict lookup with key ", describe(item));
            return dict_find(*d, key->value).has_value();
        }
        if (auto* g = as<trackers::range>(container)) {
            auto n = key ? fold::as_int(key->value) : std::nullopt;
            if (!n) give_up("'in' on a range with ", describe(item));
            const std::size_t len = *range_length(*g);
            if (len == 0) return false;
            const auto offset = static_cast<std::int64_t>(static_cast<std::uint64_t>(*n) - static_cast<std::uint64_t>(g->start));
            if (g->step > 0 ? (*n < g->start || *n >= g->stop) : (*n > g->start || *n <= g->stop)) return false;
            return offset % g->step == 0;
        }
        if (auto* c = as<trackers::constant_value>(container); c && key) {
            auto* text = std::get_if<std::string>(&c->value);
            auto* part = std::get_if<std::string>(&key->value);
            if (text && part) return text->find(*part) != std::string::npos;
        }
        give_up("'in' on ", describe(container));
    }

    tracker_ref subscript(tracker_ref container, tracker_ref index) {
        auto* k = as<trackers::constant_value>(index);
        const std::vector<tracker_ref>* items = nullptr;
        const bool is_list = as<trackers::list>(container) != nullptr;
        if (auto* t = as<trackers::tuple>(container)) items = &t->items;
        if (auto* l = as<trackers::list>(container)) items = &l->items;
        if (items && !is_slice(container)) {
            if (is_slice(index)) {
                auto positions = slice_positions(index, items->size());
                std::vector<tracker_ref> out;
                for (auto p : positions) out.push_back((*items)[p]);
                if (is_list) return out_.trackers.add(trackers::list{std::move(out)});
                return out_.trackers.add(trackers::tuple{std::move(out)});
            }
            auto i = k ? fold::as_int(k->value) : std::nullopt;
            if (!i) give_up("subscript of ", describe(container), " with ", describe(index), " (not an int constant)");
            auto at = normalize_index(*i, items->size());
            if (!at)
                give_up("index ", lasso::detail::decimal(*i), " is out of range for ", describe(container), " of length ",
                        lasso::detail::decimal(items->size()));
            return (*items)[*at];
        }
        if (auto* d = as<trackers::dict>(container)) {
            if (!k) give_up("dict lookup with key ", describe(index));
            auto at = dict_find(*d, k->value);
            if (!at) give_up("key ", repr(k->value), " is not in the dict");
            return d->items[*at].second;
        }
        if (as<trackers::tensor<meta>>(container)) {
            if (is_slice(index)) give_up("slicing a tensor is not supported yet");
            const tracker_ref args[] = {container, index};
            return tensor_op("getitem", args);
        }
        if (auto* g = as<trackers::range>(container)) {
            auto i = k ? fold::as_int(k->value) : std::nullopt;
            if (!i || is_slice(index)) give_up("subscript of a range with ", describe(index));
            auto at = normalize_index(*i, *range_length(*g));
            if (!at) give_up("range index ", lasso::detail::decimal(*i), " out of range");
            return make_constant(range_item(*g, *at));
        }
        if (auto* c = as<trackers::constant_value>(container)) {
            if (auto* s = std::get_if<std::string>(&c->value)) {
                if (is_slice(index)) {
                    auto positions = slice_positions(index, s->size());
                    std::string out;
                    for (auto p : positions) out += (*s)[p];
                    return make_constant(std::move(out));
                }
                auto i = k ? fold::as_int(k->value) : std::nullopt;
                auto at = i ? normalize_index(*i, s->size()) : std::nullopt;
                if (!at) give_up("subscript of ", repr(c->value), " with ", describe(index));
                return make_constant(std::string(1, (*s)[*at]));
            }
        }
        give_up("subscript of ", describe(container));
    }

    step store_item(tracker_ref container, tracker_ref key, std::optional<tracker_ref> item) {
        const char* what = item ? "assignment to an item" : "del of an item";
        if (record(container).source || !(as<trackers::list>(container) || as<trackers::dict>(container)))
            give_up(what, " of ", describe(container),
                    " (mutation of a value from the frame; side effects are not captured yet)");
        auto* k = as<trackers::constant_value>(key);
        if (!k || is_slice(key)) give_up(what, " with key ", describe(key));
        if (auto* l = mutable_as<trackers::list>(container)) {
            auto i = fold::as_int(k->value);
            auto at = i ? normalize_index(*i, l->items.size()) : std::nullopt;
            if (!at) give_up(what, ": list index ", repr(k->value), " out of range");
            if (item) l->items[*at] = *item;
            else l->items.erase(l->items.begin() + static_cast<std::ptrdiff_t>(*at));
            return next{};
        }
        auto* d = mutable_as<trackers::dict>(container);
        auto at = dict_find(*d, k->value);
        if (item) {
            if (at) d->items[*at].second = *item;
            else d->items.emplace_back(key, *item);
        } else {
            if (!at) give_up("del of key ", repr(k->value), " that is not in the dict");
            d->items.erase(d->items.begin() + static_cast<std::ptrdiff_t>(*at));
        }
        return next{};
    }

    tracker_ref iterate(tracker_ref x) {
        if (as<trackers::iterator>(x)) return x;
        if (auto* g = as<trackers::range>(x)) {
            const std::size_t n = *range_length(*g);
            return out_.trackers.add(trackers::iterator{{}, 0, x, n});
        }
        if (auto* t = as<trackers::tensor<meta>>(x)) {
            std::size_t n = 0;
            try {
                n = tensor_length(*t);
            } catch (unsupported& u) {
                u.reason.insert(0, "iteration over a tensor: ");
                throw;
            }
            return out_.trackers.add(trackers::iterator{{}, 0, x, n});
        }
        if (is_slice(x)) give_up("iteration over a slice");
        auto items = items_of(x);
        return out_.trackers.add(trackers::iterator{std::move(items), 0, {}, 0});
    }

    step for_iter(const instruction& inst) {
        const auto it_ref = peek();
        auto* it = mutable_as<trackers::iterator>(it_ref);
        if (!it) give_up("for_iter on ", describe(it_ref), ", not an iterator");
        if (it->position >= it->size()) {
            pop();
            return jump_target(inst);
        }
        const std::size_t i = it->position++;
        if (!it->lazy) {
            push(it->items[i]);
            return next{};
        }
        const auto lazy = *it->lazy;
        if (auto* g = as<trackers::range>(lazy)) {
            push(make_constant(range_item(*g, i)));
            return next{};
        }
        return push_result(tensor_row(lazy, i));
    }

    step call(std::size_t argc) {
        std::vector<std::string> kw_names = std::move(pending_kw_names_);
        pending_kw_names_.clear();
        need(argc + 2);
        const std::size_t base = stack_.size() - argc - 2;
        const tracker_ref first = stack_[base];
        const tracker_ref second = stack_[base + 1];
        call_args_.clear();
        tracker_ref callee = first;
        if (as<trackers::null>(first)) callee = second;
        else call_args_.push_back(second); // a method and its self
        call_args_.insert(call_args_.end(), stack_.begin() + static_cast<std::ptrdiff_t>(base + 2), stack_.end());
        stack_.erase(stack_.begin() + static_cast<std::ptrdiff_t>(base), stack_.end());
        const std::span<const tracker_ref> args(call_args_);

        if (auto* f = as<trackers::function<value>>(callee); f)
            give_up("call of interpreted function '", name_of(callee), "' (inlining is not supported yet)");
        if (as<trackers::type<value>>(callee))
            give_up("call of class '", name_of(callee), "' (inlining of constructors is not supported yet)");
        auto* b = as<trackers::builtin<value>>(callee);
        if (!b) give_up("call of ", describe(callee), " (not a function known at trace time)");
        const std::string name = b->name;
        const bool method = b->method;
        const builtin_kind kind = b->kind;
        switch (kind) {
        case builtin_kind::graph_break:
            if (name == "graph_break") give_up("graph_break() called");
            give_up("call of ", name, "()");
        case builtin_kind::context_manager:
            give_up("call of ", name, "(): context managers are not supported yet");
        case builtin_kind::comptime:
            give_up("call of ", name, "(): trace-time introspection is not supported yet");
        default: break;
        }
        if (!kw_names.empty()) {
            std::string names;
            for (const auto& k : kw_names) names += (names.empty() ? "" : ", ") + k;
            give_up("call of ", name, "() with keyword arguments (", names, ") is not supported yet");
        }
        switch (kind) {
        case builtin_kind::tensor_op: return push_result(tensor_op(name, args, method));
        case builtin_kind::pure: return push_result(call_pure(callee, name, args));
        case builtin_kind::len: {
            if (args.size() != 1) give_up("len() takes one argument");
            if (auto n = known_length(args[0])) return push_result(make_constant(static_cast<std::int64_t>(*n)));
            if (auto* t = as<trackers::tensor<meta>>(args[0])) {
                auto n = tensor_length(*t);
                return push_result(make_constant(static_cast<std::int64_t>(n)));
            }
            give_up("len() of ", describe(args[0]));
        }
        case builtin_kind::range: {
            if (args.empty() || args.size() > 3) give_up("range() takes 1 to 3 arguments");
            std::int64_t bounds[3] = {0, 0, 1};
            for (std::size_t i = 0; i < args.size(); ++i) {
                auto* c = as<trackers::constant_value>(args[i]);
                auto n = c ? fold::as_int(c->value) : std::nullopt;
                if (!n) give_up("range() of ", describe(args[i]), " (not an int constant)");
                bounds[args.size() == 1 ? 1 : i] = *n;
            }
            if (bounds[2] == 0) give_up("range() step must not be zero");
            return push_result(out_.trackers.add(trackers::range{bounds[0], bounds[1], bounds[2]}));
        }
        case builtin_kind::enumerate: {
            if (args.empty() || args.size() > 2) give_up("enumerate() takes 1 or 2 arguments");
            std::int64_t start = 0;
            if (args.size() == 2) {
                auto* c = as<trackers::constant_value>(args[1]);
                auto n = c ? fold::as_int(c->value) : std::nullopt;
                if (!n) give_up("enumerate() start of ", describe(args[1]), " (not an int constant)");
                start = *n;
            }
            auto items = items_of(args[0]);
            std::vector<tracker_ref> pairs;
            for (tracker_ref item : items) {
                const tracker_ref index = make_constant(start++);
                pairs.push_back(out_.trackers.add(trackers::tuple{{index, item}}));
            }
            return push_result(out_.trackers.add(trackers::iterator{std::move(pairs), 0, {}, 0}));
        }
        case builtin_kind::zip: {
            std::vector<std::vector<tracker_ref>> columns;
            for (tracker_ref a : args) {
                auto items = items_of(a);
                columns.push_back(std::move(items));
            }
            std::size_t n = columns.empty() ? 0 : columns[0].size();
            for (const auto& column : columns) n = std::min(n, column.size());
            std::vector<tracker_ref> rows;
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<tracker_ref> row;
                for (const auto& column : columns) row.push_back(column[i]);
                rows.push_back(out_.trackers.add(trackers::tuple{std::move(row)}));
            }
            return push_result(out_.trackers.add(trackers::iterator{std::move(rows), 0, {}, 0}));
        }
        default: break;
        }
        give_up("call of ", name, "()");
    }

    tracker_ref call_pure(tracker_ref callee, const std::string& name, std::span<const tracker_ref> args) {
        if constexpr (requires(const constant& c) { { A::value_of_constant(c) } -> std::convertible_to<value>; }) {
            const auto* b = as<trackers::builtin<value>>(callee);
            if (!b->fn) give_up("call of ", name, "() without a value");
            std::vector<value> values;
            values.reserve(args.size());
            for (auto a : args) {
                auto* c = as<trackers::constant_value>(a);
                if (!c) give_up("call of ", name, "() on ", describe(a), " (not a constant)");
                values.push_back(A::value_of_constant(c->value));
            }
            std::optional<value> result = A::call_pure(*b->fn, std::span<const value>(values));
            if (!result) give_up(name, "() could not be evaluated at trace time");
            auto c = A::constant_from_value(*result);
            if (!c) give_up(name, "() returned a value that is not a constant");
            return make_constant(std::move(*c));
        } else {
            (void)callee;
            (void)args;
            give_up("call of ", name, "(): the adapter cannot make constants into values (value_of_constant)");
        }
    }

    // Graph outputs: every tensor reachable from the return value, each once, in order.
    void finish_outputs() {
        std::vector<lasso::graph::argument> outputs;
        std::vector<lasso::graph::node> seen;
        auto visit = [&](auto& self, tracker_ref r, int depth) -> void {
            if (depth > max_build_depth) return;
            if (auto* t = as<trackers::tensor<meta>>(r)) {
                if (std::find(seen.begin(), seen.end(), t->node) != seen.end()) return;
                seen.push_back(t->node);
                outputs.emplace_back(t->node);
            } else if (auto* tu = as<trackers::tuple>(r)) {
                for (auto i : tu->items) self(self, i, depth + 1);
            } else if (auto* l = as<trackers::list>(r)) {
                for (auto i : l->items) self(self, i, depth + 1);
            } else if (auto* d = as<trackers::dict>(r)) {
                for (const auto& kv : d->items) self(self, kv.second, depth + 1);
            }
        };
        visit(visit, *out_.returned, 0);
        out_.graph.set_output(outputs);
    }

    bytecode::code_fields<value> fields_;
    const typename A::frame& frame_;
    std::vector<instruction, recycling_allocator<instruction>> instructions_;
    std::vector<std::uint32_t> constant_cache_; ///< the tracker of each constant of the code, once made
    std::size_t pc_ = 0;
    std::vector<tracker_ref> stack_;
    std::vector<std::optional<tracker_ref>> locals_;
    std::vector<std::optional<tracker_ref>> cells_; ///< cell trackers, cellvars then freevars
    std::vector<place> places_;
    std::vector<std::uint32_t> slices_;
    std::vector<std::string> pending_kw_names_;
    std::vector<tracker_ref> call_args_;
    std::vector<operand<meta>> scratch_operands_;
    std::vector<std::vector<constant>> scratch_sequences_;
    std::vector<lasso::graph::argument> scratch_arguments_;
    result_type out_;
};

} // namespace lasso
