// lasso/translator/translator.hpp
//
// The symbolic evaluator, first stage: one frame becomes one graph, or, when anything
// in it cannot be modelled, a reason (with the source line) and no graph. It walks the
// decoded instructions once, keeping a symbolic stack and symbolic locals of tracker
// handles; frame values become trackers (with guards) on first use; tensor operations
// become graph nodes whose metadata comes from the adapter's shape rules; operations on
// constants are folded; branches on constants follow the taken side only.
//
// Handlers are chosen through the compile-time dispatch table of the adapter's opcode
// table (`opcode_traits<A>::dispatch_table`), one per semantic op. A `Config` may give a
// handler for `op::custom` opcodes (`Config::handle_custom`) and extend the tracker list
// (`Config::trackers`). The state (instruction index, stack, locals) is intact at every
// instruction, which is what stopping at a graph break needs.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/trackers/tracker.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace lasso {

/// The standard configuration: the standard trackers, no custom opcodes.
template <class A> struct default_config {
    static constexpr auto trackers = lasso::trackers::default_trackers<typename A::value, typename A::tensor_meta>;
};

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
    using instruction = bytecode::instruction<A>;

    translator(const typename A::code& code, const typename A::frame& frame)
        : fields_(A::read_code(code)), frame_(frame) {
        instructions_ = bytecode::decode<A>(fields_);
        locals_.assign(fields_.varnames.size(), std::nullopt);
        for (std::size_t i = 0; i < instructions_.size(); ++i) index_of_id_.emplace_back(instructions_[i].id, i);
        std::sort(index_of_id_.begin(), index_of_id_.end());
    }

    /// Runs symbolic evaluation to the end of the frame.
    result_type run() {
        static constexpr auto table = bytecode::opcode_traits<A>::template dispatch_table<handlers>();
        while (!out_.failure && !out_.returned) {
            if (pc_ >= instructions_.size()) {
                fail({"control reached the end of the code"});
                break;
            }
            const instruction& inst = instructions_[pc_];
            ++out_.instructions;
            step s = table[inst.opcode](*this, inst);
            if (auto* u = std::get_if<unsupported>(&s)) {
                fail(std::move(*u));
                out_.failure_line = inst.pos.line;
            } else if (auto* j = std::get_if<jump_to>(&s)) {
                pc_ = j->index;
            } else {
                ++pc_;
            }
        }
        if (out_.returned) finish_outputs();
        return std::move(out_);
    }

    // ---- primitives, public so that custom handlers can compose them ------------------

    struct next {};
    struct jump_to {
        std::size_t index;
    };
    using step = std::variant<next, jump_to, unsupported>;

    void push(tracker_ref r) { stack_.push_back(r); }
    tracker_ref pop() {
        if (stack_.empty()) throw bytecode::bytecode_error("symbolic stack underflow", static_cast<long>(pc_));
        auto r = stack_.back();
        stack_.pop_back();
        return r;
    }
    tracker_ref peek(std::size_t depth = 0) const { return stack_.at(stack_.size() - 1 - depth); }
    const auto& record(tracker_ref r) const { return out_.trackers[r]; }
    template <class T> const T* as(tracker_ref r) const { return out_.trackers.template get_if<T>(r); }
    tracker_ref make_constant(constant c) { return out_.trackers.add(trackers::constant_value{std::move(c)}); }
    const std::vector<tracker_ref>& stack() const noexcept { return stack_; }
    lasso::graph::graph<meta>& output_graph() noexcept { return out_.graph; }

    /// Records a tensor operation on trackers `args` (tensors or constants); returns the
    /// tracker of its result, or why it cannot be recorded.
    std::variant<tracker_ref, unsupported> tensor_op(std::string_view op, std::span<const tracker_ref> args,
                                                     bool method = false) {
        std::vector<operand<meta>> operands;
        std::vector<lasso::graph::argument> graph_args;
        operands.reserve(args.size());
        graph_args.reserve(args.size());
        for (auto a : args) {
            if (auto* t = as<trackers::tensor<meta>>(a)) {
                operands.push_back({&t->meta, nullptr});
                graph_args.emplace_back(t->node);
            } else if (auto* c = as<trackers::constant_value>(a)) {
                operands.push_back({nullptr, &c->value});
                graph_args.push_back(to_argument(c->value));
            } else {
                return unsupported{std::string(op) + "() on an argument that is neither a tensor nor a constant"};
            }
        }
        auto inferred = A::infer_meta(op, operands);
        if (auto* u = std::get_if<unsupported>(&inferred)) return *u;
        meta m = std::get<meta>(std::move(inferred));
        lasso::graph::node n = method ? out_.graph.add_call_method(op, graph_args, {}, m)
                               : out_.graph.add_call_function(op, graph_args, {}, m);
        return out_.trackers.add(trackers::tensor<meta>{n, std::move(m)});
    }

private:
    using traits = bytecode::opcode_traits<A>;

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

    std::size_t index_of(bytecode::instruction_id id) const {
        auto it = std::lower_bound(index_of_id_.begin(), index_of_id_.end(), std::make_pair(id, std::size_t{0}));
        return it->second;
    }

    // ---- the builder: frame values become trackers, with guards ----------------------

    void add_guard(guard_kind kind, source_ref source, auto&& fill) {
        guard<meta> g;
        g.kind = kind;
        g.source = source;
        fill(g);
        out_.guards.push_back(std::move(g));
    }

    tracker_ref build(const value& v, source_ref source, int depth = 0) {
        switch (A::classify(v)) {
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
            const bool is_list = A::classify(v) == value_kind::list;
            add_guard(guard_kind::type_match, source, [&](auto& g) {
                g.expected_id = A::type_identity(v);
                g.type_name = A::type_name(v);
            });
            auto items = A::elements(v);
            add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
            std::vector<tracker_ref> refs;
            for (std::size_t i = 0; i < items.size(); ++i)
                refs.push_back(build(items[i], out_.sources.item(source, static_cast<std::int64_t>(i)), depth + 1));
            if (is_list) return out_.trackers.add(trackers::list{std::move(refs)}, source);
            return out_.trackers.add(trackers::tuple{std::move(refs)}, source);
        }
        case value_kind::builtin: {
            add_guard(guard_kind::id_match, source, [&](auto& g) { g.expected_id = A::identity(v); });
            return out_.trackers.add(trackers::builtin<value>{v, A::builtin_name(v), false}, source);
        }
        case value_kind::dict:
        case value_kind::function:
        case value_kind::type:
        case value_kind::other: break;
        }
        add_guard(guard_kind::type_match, source, [&](auto& g) {
            g.expected_id = A::type_identity(v);
            g.type_name = A::type_name(v);
        });
        return out_.trackers.add(trackers::object<value>{v}, source);
    }

    // ---- constant folding ------------------------------------------------------------

    /// An int or float constant as a double (Python's mixed arithmetic and comparison).
    static std::optional<double> as_number(const constant& c) {
        if (auto* i = std::get_if<std::int64_t>(&c)) return static_cast<double>(*i);
        if (auto* d = std::get_if<double>(&c)) return *d;
        return std::nullopt;
    }

    static std::optional<constant> fold_binary(std::int64_t which, const constant& a, const constant& b) {
        const auto op = static_cast<bytecode::binary_operator>(which % bytecode::binary_inplace_offset);
        using bytecode::binary_operator;
        auto* ai = std::get_if<std::int64_t>(&a);
        auto* bi = std::get_if<std::int64_t>(&b);
        if (ai && bi) {
            std::int64_t r = 0;
            switch (op) {
            case binary_operator::add: if (__builtin_add_overflow(*ai, *bi, &r)) return std::nullopt; return r;
            case binary_operator::subtract: if (__builtin_sub_overflow(*ai, *bi, &r)) return std::nullopt; return r;
            case binary_operator::multiply: if (__builtin_mul_overflow(*ai, *bi, &r)) return std::nullopt; return r;
            case binary_operator::true_divide:
                if (*bi == 0) return std::nullopt;
                return static_cast<double>(*ai) / static_cast<double>(*bi);
            case binary_operator::floor_divide: {
                if (*bi == 0 || (*ai == INT64_MIN && *bi == -1)) return std::nullopt;
                std::int64_t q = *ai / *bi;
                if ((*ai % *bi != 0) && ((*ai < 0) != (*bi < 0))) --q;
                return q;
            }
            case binary_operator::remainder: {
                if (*bi == 0 || (*ai == INT64_MIN && *bi == -1)) return std::nullopt;
                std::int64_t m = *ai % *bi;
                if (m != 0 && ((m < 0) != (*bi < 0))) m += *bi;
                return m;
            }
            default: return std::nullopt;
            }
        }
        auto x = as_number(a);
        auto y = as_number(b);
        if (!x || !y) return std::nullopt;
        switch (op) {
        case binary_operator::add: return *x + *y;
        case binary_operator::subtract: return *x - *y;
        case binary_operator::multiply: return *x * *y;
        case binary_operator::true_divide:
            if (*y == 0) return std::nullopt;
            return *x / *y;
        default: return std::nullopt;
        }
    }

    static std::optional<bool> truth(const constant& c) {
        return std::visit(
            [](const auto& v) -> std::optional<bool> {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, none_t>) return false;
                else if constexpr (std::is_same_v<T, std::string>) return !v.empty();
                else return v != T{};
            },
            c);
    }

    static std::optional<bool> fold_compare(std::int64_t which, const constant& a, const constant& b) {
        auto* ai = std::get_if<std::int64_t>(&a);
        auto* bi = std::get_if<std::int64_t>(&b);
        int order = 0;
        if (ai && bi) order = *ai < *bi ? -1 : *ai > *bi ? 1 : 0;
        else if (auto x = as_number(a), y = as_number(b); x && y) {
            if (std::isnan(*x) || std::isnan(*y)) return which == 3; // only != holds
            order = *x < *y ? -1 : *x > *y ? 1 : 0;
        } else return std::nullopt;
        switch (which) {
        case 0: return order < 0;
        case 1: return order <= 0;
        case 2: return order == 0;
        case 3: return order != 0;
        case 4: return order > 0;
        case 5: return order >= 0;
        default: return std::nullopt;
        }
    }

    static const char* tensor_op_name(std::int64_t which) {
        switch (static_cast<bytecode::binary_operator>(which % bytecode::binary_inplace_offset)) {
        case bytecode::binary_operator::add: return "add";
        case bytecode::binary_operator::subtract: return "sub";
        case bytecode::binary_operator::multiply: return "mul";
        case bytecode::binary_operator::true_divide: return "truediv";
        case bytecode::binary_operator::matrix_multiply: return "matmul";
        case bytecode::binary_operator::floor_divide: return "floordiv";
        case bytecode::binary_operator::remainder: return "mod";
        case bytecode::binary_operator::power: return "pow";
        default: return nullptr;
        }
    }

    // ---- handlers ---------------------------------------------------------------------

    struct handlers {
        static step unknown(translator&, const instruction& inst) {
            return unsupported{"unknown opcode " + std::to_string(inst.opcode)};
        }
        template <bytecode::op O> static step handle(translator& t, const instruction& inst) { return t.template on<O>(inst); }
    };

    template <bytecode::op O> step on(const instruction& inst) {
        using bytecode::op;
        if constexpr (O == op::nop || O == op::resume || O == op::extended_arg) {
            return next{};
        } else if constexpr (O == op::pop_top) {
            pop();
            return next{};
        } else if constexpr (O == op::push_null) {
            push(out_.trackers.add(trackers::null{}));
            return next{};
        } else if constexpr (O == op::copy) {
            push(peek(static_cast<std::size_t>(inst.arg) - 1));
            return next{};
        } else if constexpr (O == op::swap) {
            std::swap(stack_[stack_.size() - 1], stack_[stack_.size() - static_cast<std::size_t>(inst.arg)]);
            return next{};
        } else if constexpr (O == op::load_const) {
            auto c = A::constant_from_value(*inst.constant());
            if (!c) return unsupported{"constant " + A::constant_repr(*inst.constant()) + " is not a plain constant"};
            push(make_constant(std::move(*c)));
            return next{};
        } else if constexpr (O == op::load_fast) {
            const auto index = static_cast<std::size_t>(inst.arg);
            if (!locals_.at(index)) {
                const value* v = A::frame_local(frame_, index);
                if (!v) return unsupported{"local '" + *inst.name_arg() + "' is unbound"};
                locals_[index] = build(*v, out_.sources.local(*inst.name_arg()));
            }
            push(*locals_[index]);
            return next{};
        } else if constexpr (O == op::store_fast) {
            locals_.at(static_cast<std::size_t>(inst.arg)) = pop();
            return next{};
        } else if constexpr (O == op::load_global) {
            const std::string& name = *inst.name_arg();
            for (const auto& [n, r] : globals_)
                if (n == name) {
                    push(r);
                    return next{};
                }
            const value* v = A::frame_global(frame_, name);
            if (!v) return unsupported{"global '" + name + "' is not defined"};
            auto r = build(*v, out_.sources.global(name));
            globals_.emplace_back(name, r);
            push(r);
            return next{};
        } else if constexpr (O == op::load_method) {
            auto self = pop();
            if (!as<trackers::tensor<meta>>(self)) return unsupported{"method '" + *inst.name_arg() + "' of a non-tensor"};
            push(out_.trackers.add(trackers::builtin<value>{std::nullopt, *inst.name_arg(), true}));
            push(self);
            return next{};
        } else if constexpr (O == op::binary_op) {
            auto rhs = pop();
            auto lhs = pop();
            auto* a = as<trackers::constant_value>(lhs);
            auto* b = as<trackers::constant_value>(rhs);
            if (a && b) {
                auto folded = fold_binary(inst.arg, a->value, b->value);
                if (!folded)
                    return unsupported{std::string("constant folding of '") + std::string(bytecode::binary_op_text(inst.arg)) +
                                       "' on " + repr(a->value) + " and " + repr(b->value)};
                push(make_constant(std::move(*folded)));
                return next{};
            }
            const char* name = tensor_op_name(inst.arg);
            if (!name) return unsupported{std::string("operator '") + std::string(bytecode::binary_op_text(inst.arg)) + "' on tensors"};
            const tracker_ref args[] = {lhs, rhs};
            auto r = tensor_op(name, args);
            if (auto* u = std::get_if<unsupported>(&r)) return *u;
            push(std::get<tracker_ref>(r));
            return next{};
        } else if constexpr (O == op::unary_negative) {
            auto x = pop();
            if (auto* c = as<trackers::constant_value>(x)) {
                if (auto* i = std::get_if<std::int64_t>(&c->value); i && *i != INT64_MIN) { push(make_constant(-*i)); return next{}; }
                if (auto* d = std::get_if<double>(&c->value)) { push(make_constant(-*d)); return next{}; }
                return unsupported{"negation of " + repr(c->value)};
            }
            const tracker_ref args[] = {x};
            auto r = tensor_op("neg", args);
            if (auto* u = std::get_if<unsupported>(&r)) return *u;
            push(std::get<tracker_ref>(r));
            return next{};
        } else if constexpr (O == op::compare_op) {
            auto rhs = pop();
            auto lhs = pop();
            auto* a = as<trackers::constant_value>(lhs);
            auto* b = as<trackers::constant_value>(rhs);
            if (!a || !b) return unsupported{"comparison of non-constant values"};
            auto r = fold_compare(inst.arg, a->value, b->value);
            if (!r) return unsupported{"comparison of " + repr(a->value) + " and " + repr(b->value)};
            push(make_constant(*r));
            return next{};
        } else if constexpr (O == op::pop_jump_if_false || O == op::pop_jump_if_true) {
            auto cond = pop();
            auto* c = as<trackers::constant_value>(cond);
            if (!c) {
                if (as<trackers::tensor<meta>>(cond)) return unsupported{"branch on a tensor value"};
                return unsupported{"branch on a value unknown at trace time"};
            }
            const bool value_is_true = *truth(c->value);
            const bool taken = (O == op::pop_jump_if_true) == value_is_true;
            if (taken) return jump_to{index_of(inst.target()->id)};
            return next{};
        } else if constexpr (O == op::jump) {
            return jump_to{index_of(inst.target()->id)};
        } else if constexpr (O == op::build_tuple || O == op::build_list) {
            std::vector<tracker_ref> items(static_cast<std::size_t>(inst.arg));
            for (std::size_t i = items.size(); i-- > 0;) items[i] = pop();
            if constexpr (O == op::build_tuple) push(out_.trackers.add(trackers::tuple{std::move(items)}));
            else push(out_.trackers.add(trackers::list{std::move(items)}));
            return next{};
        } else if constexpr (O == op::binary_subscr) {
            auto index = pop();
            auto container = pop();
            auto* k = as<trackers::constant_value>(index);
            const std::vector<tracker_ref>* items = nullptr;
            if (auto* t = as<trackers::tuple>(container)) items = &t->items;
            if (auto* l = as<trackers::list>(container)) items = &l->items;
            auto* i = k ? std::get_if<std::int64_t>(&k->value) : nullptr;
            if (!items || !i) return unsupported{"subscript other than a constant index into a tuple or list"};
            std::int64_t at = *i < 0 ? *i + static_cast<std::int64_t>(items->size()) : *i;
            if (at < 0 || at >= static_cast<std::int64_t>(items->size())) return unsupported{"index out of range"};
            push((*items)[static_cast<std::size_t>(at)]);
            return next{};
        } else if constexpr (O == op::call) {
            const auto argc = static_cast<std::size_t>(inst.arg);
            std::vector<tracker_ref> args(argc);
            for (std::size_t i = argc; i-- > 0;) args[i] = pop();
            auto second = pop();
            auto first = pop();
            tracker_ref callee = first;
            if (as<trackers::null>(first)) callee = second;
            else args.insert(args.begin(), second);
            auto* b = as<trackers::builtin<value>>(callee);
            if (!b) return unsupported{"call of a value that is not a known builtin"};
            auto r = tensor_op(b->name, args, b->method);
            if (auto* u = std::get_if<unsupported>(&r)) return *u;
            push(std::get<tracker_ref>(r));
            return next{};
        } else if constexpr (O == op::return_value) {
            out_.returned = pop();
            return next{};
        } else if constexpr (O == op::custom) {
            if constexpr (requires { Config::handle_custom(*this, inst); }) {
                return Config::handle_custom(*this, inst);
            } else {
                return unsupported{"custom opcode " + std::string(inst.name()) + " has no handler in the translator's Config"};
            }
        } else {
            return unsupported{"'" + std::string(bytecode::name_of(O)) + "' is not supported by the translator yet"};
        }
    }

    // Graph outputs: every tensor reachable from the return value, in order.
    void finish_outputs() {
        std::vector<lasso::graph::argument> outputs;
        auto visit = [&](auto& self, tracker_ref r) -> void {
            if (auto* t = as<trackers::tensor<meta>>(r)) {
                outputs.emplace_back(t->node);
            } else if (auto* tu = as<trackers::tuple>(r)) {
                for (auto i : tu->items) self(self, i);
            } else if (auto* l = as<trackers::list>(r)) {
                for (auto i : l->items) self(self, i);
            }
        };
        visit(visit, *out_.returned);
        out_.graph.set_output(outputs);
    }

    bytecode::code_fields<value> fields_;
    const typename A::frame& frame_;
    std::vector<instruction> instructions_;
    std::vector<std::pair<bytecode::instruction_id, std::size_t>> index_of_id_;
    std::size_t pc_ = 0;
    std::vector<tracker_ref> stack_;
    std::vector<std::optional<tracker_ref>> locals_;
    std::vector<std::pair<std::string, tracker_ref>> globals_;
    result_type out_;
};

} // namespace lasso
