// lasso/translator/tensor_ops.hpp
//
// Tensor operations become graph nodes: the operands (tensors, constants, symbolic
// sizes, tuples of those) are handed to the adapter's shape rule (`A::infer_meta`), and the result
// is a new node with the metadata the rule gives, or `unsupported` with the rule's
// reason (often the very error the eager run raises). Scratch buffers are reused from
// one operation to the next, so recording allocates nothing once they have grown.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/unsupported.hpp>

#include <deque>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace lasso {

/// A constant as a graph argument.
inline lasso::graph::argument to_argument(const constant& c) {
    return std::visit(
        [](const auto& v) -> lasso::graph::argument {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, none_t>) return lasso::graph::none;
            else return lasso::graph::argument(v);
        },
        c);
}

template <class A, class Output> class tensor_recorder {
public:
    using meta = typename A::tensor_meta;

    explicit tensor_recorder(Output& out) noexcept : out_(out) {}

    /// Records `op` on trackers `args` (a method call when `method`); returns the
    /// tracker of its result. The last `keywords.size()` of `args` are keyword
    /// arguments, named by `keywords` (lasso::feature::tensor_keywords; without it they
    /// are a graph break). `describe` names an operand that is not a tensor, constant
    /// or tuple of constants in the reason.
    template <class Describe>
    tracker_ref record(std::string_view op, std::span<const tracker_ref> args, bool method, Describe&& describe,
                       std::span<const std::string> keywords = {}) {
        if (!keywords.empty() && (!TensorKeywordsAdapter<A> || keywords.size() > args.size())) {
            std::string names;
            for (const auto& k : keywords) names += (names.empty() ? "" : ", ") + k;
            give_up(reasons::call_form_unsupported, "call of ", op, "() with keyword arguments (", names,
                    ") is not supported yet");
        }
        const std::size_t positional = args.size() - keywords.size();
        operands_.clear();
        arguments_.clear();
        flat_.clear();
        nested_.clear();
        named_.clear();
        // A method node's self is a tensor (never missing: `call_builtin` gives up on a
        // method called with no arguments). Code that replaced a loaded tensor method's
        // self on the stack calls it on something else, which the graph cannot model.
        for (std::size_t i = 0; i < args.size(); ++i) {
            const tracker_ref a = args[i];
            if (auto* t = out_.trackers.template get_if<trackers::tensor<meta>>(a)) {
                operands_.push_back({&t->meta, nullptr});
                arguments_.emplace_back(t->node);
                continue;
            }
            if (method && i == 0)
                give_up(reasons::unsupported_tensor_op, "tensor method '", op, "' called on ", describe(a),
                        " instead of a tensor");
            auto converted = constant_operand(a, 0);
            if (!converted && i >= positional)
                give_up(reasons::unsupported_tensor_op, op, "() with keyword argument '", keywords[i - positional], "' of ",
                        describe(a), " (tensor operations take tensors, constants, sizes and tuples or lists of those)");
            if (!converted)
                give_up(reasons::unsupported_tensor_op, op, "() on ", describe(a),
                        " (tensor operations take tensors, constants, sizes and tuples or lists of those)");
            operands_.push_back(converted->first);
            arguments_.push_back(std::move(converted->second));
        }
        if constexpr (TensorMutationAdapter<A>)
            if (!A::result_is_fresh(op, method)) refuse_view_of_written(op, args);
        auto inferred = infer(op, keywords);
        if (auto* u = std::get_if<unsupported>(&inferred)) throw std::move(*u);
        meta& m = std::get<meta>(inferred);
        keywords_.clear();
        for (std::size_t k = 0; k < keywords.size(); ++k)
            keywords_.push_back({keywords[k], std::move(arguments_[positional + k])});
        arguments_.resize(positional);
        const lasso::graph::list_ref<lasso::graph::argument> graph_args(arguments_);
        const lasso::graph::list_ref<lasso::graph::keyword> graph_kwargs(keywords_);
        lasso::graph::node n = method ? out_.graph.add_call_method(op, graph_args, graph_kwargs, m)
                                      : out_.graph.add_call_function(op, graph_args, graph_kwargs, m);
        const tracker_ref result = out_.trackers.add(trackers::tensor<meta>{n, std::move(m)});
        if constexpr (TensorMutationAdapter<A>)
            if (!A::result_is_fresh(op, method)) note_alias(result, args);
        return result;
    }

private:
    /// A view of a frame tensor the trace wrote in place must be a view of the caller's
    /// tensor, which holds the new contents only once generated code has written them:
    /// the graph's view would be of its own copy. So such an operation is a graph break
    /// (the interpreter takes the view after the write).
    void refuse_view_of_written(std::string_view op, std::span<const tracker_ref> args) {
        for (tracker_ref a : args)
            if (out_.trackers[a].source && out_.effects.latest(output::mutation_kind::tensor, a))
                give_up(reasons::unsupported_mutation, op, "() may return a view of ",
                        out_.sources.guard_name(*out_.trackers[a].source),
                        ", which the trace wrote in place (the view must be of the caller's array)");
    }

    /// `result` may share memory with its tensor operands (a view): neither may be
    /// written in place from now on (lasso::feature::tensor_mutation).
    void note_alias(tracker_ref result, std::span<const tracker_ref> args) {
        out_.trackers.template get_if<trackers::tensor<meta>>(result)->may_alias = true;
        for (tracker_ref a : args) trackers::note_may_alias(out_, a);
    }

    /// The shape rule's answer for the operands gathered, the last `keywords.size()` of
    /// them keyword arguments.
    meta_or_reason<meta> infer(std::string_view op, std::span<const std::string> keywords) {
        const std::span<const operand<meta>> operands(operands_);
        if constexpr (TensorKeywordsAdapter<A>) return A::infer_meta(op, operands, keywords);
        else return A::infer_meta(op, operands);
    }

    /// Sequences nested deeper than this are not tensor operands.
    static constexpr int max_nesting = 32;

    /// Tracker `r` as an operand and a graph argument, when it is a constant or a tuple
    /// or list of such (nested), tensors included in a sequence where the adapter takes
    /// them (lasso::feature::tensor_sequences), a builtin the adapter names
    /// (lasso::feature::named_operands); nothing otherwise. The operand points
    /// into `flat_` and `nested_`, which keep their elements in place as they grow.
    std::optional<std::pair<operand<meta>, lasso::graph::argument>> constant_operand(tracker_ref r, int depth) {
        if constexpr (tensor_sequences<A>())
            if (auto* t = out_.trackers.template get_if<trackers::tensor<meta>>(r); t && depth > 0)
                return std::pair{operand<meta>{&t->meta, nullptr}, lasso::graph::argument(t->node)};
        if (const constant* c = trackers::known_constant_of(out_.trackers, r))
            return std::pair{operand<meta>{nullptr, c}, to_argument(*c)};
        if constexpr (NamedOperandsAdapter<A>) {
            // A builtin is guarded by identity: its name stands for it (a dtype class).
            const auto* b = out_.trackers.template get_if<trackers::builtin<typename A::value>>(r);
            if (auto name = b && b->fn ? A::operand_name(*b->fn) : std::nullopt) {
                const constant& c = named_.emplace_back(std::move(*name));
                return std::pair{operand<meta>{nullptr, &c}, to_argument(c)};
            }
        }
        if (const sym_int* s = trackers::size_value_of(out_.trackers, r)) {
            operand<meta> o;
            o.size = s;
            return std::pair{o, lasso::graph::argument(*s)};
        }
        const std::vector<tracker_ref>* refs = trackers::sequence_items(out_.trackers, r);
        if (!refs || depth >= max_nesting) return std::nullopt;
        std::vector<operand<meta>> elements;
        std::vector<lasso::graph::argument> graph_items;
        elements.reserve(refs->size());
        graph_items.reserve(refs->size());
        bool flat = true;
        for (tracker_ref item : *refs) {
            auto converted = constant_operand(item, depth + 1);
            if (!converted) return std::nullopt;
            flat = flat && converted->first.value;
            elements.push_back(converted->first);
            graph_items.push_back(std::move(converted->second));
        }
        operand<meta> out;
        out.is_sequence = true;
        out.is_list = trackers::container_kind_of(out_.trackers, r) == trackers::container_kind::list;
        if (flat) {
            auto& items = flat_.emplace_back();
            items.reserve(elements.size());
            for (const auto& e : elements) items.push_back(*e.value);
            out.items = &items;
        }
        const auto& stored = nested_.emplace_back(std::move(elements));
        out.elements = stored.data();
        out.element_count = stored.size();
        return std::pair{out, lasso::graph::tuple_of(std::move(graph_items))};
    }

    Output& out_;
    std::vector<operand<meta>> operands_;
    std::deque<std::vector<constant>> flat_;
    std::deque<std::vector<operand<meta>>> nested_;
    std::deque<constant> named_; ///< the names of named operands (lasso::feature::named_operands)
    std::vector<lasso::graph::argument> arguments_;
    std::vector<lasso::graph::keyword> keywords_;
};

} // namespace lasso
