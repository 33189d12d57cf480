// lasso/translator/tensor_ops.hpp
//
// Tensor operations become graph nodes: the operands (tensors, constants, tuples of
// constants) are handed to the adapter's shape rule (`A::infer_meta`), and the result
// is a new node with the metadata the rule gives, or `unsupported` with the rule's
// reason (often the very error the eager run raises). Scratch buffers are reused from
// one operation to the next, so recording allocates nothing once they have grown.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/unsupported.hpp>

#include <optional>
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

/// The constants of a tuple or list tracker whose items are all constants.
template <class Arena> std::optional<std::vector<constant>> constant_items(const Arena& arena, tracker_ref r) {
    const std::vector<tracker_ref>* refs = trackers::sequence_items(arena, r);
    if (!refs) return std::nullopt;
    std::vector<constant> out;
    out.reserve(refs->size());
    for (tracker_ref item : *refs) {
        auto* c = arena.template get_if<trackers::constant_value>(item);
        if (!c) return std::nullopt;
        out.push_back(c->value);
    }
    return out;
}

template <class A, class Output> class tensor_recorder {
public:
    using meta = typename A::tensor_meta;

    explicit tensor_recorder(Output& out) noexcept : out_(out) {}

    /// Records `op` on trackers `args` (a method call when `method`); returns the
    /// tracker of its result. `describe` names an operand that is not a tensor,
    /// constant or tuple of constants in the reason.
    template <class Describe>
    tracker_ref record(std::string_view op, std::span<const tracker_ref> args, bool method, Describe&& describe) {
        operands_.clear();
        arguments_.clear();
        sequences_.clear();
        sequences_.reserve(args.size()); // operands point into it
        for (auto a : args) {
            if (auto* t = out_.trackers.template get_if<trackers::tensor<meta>>(a)) {
                operands_.push_back({&t->meta, nullptr});
                arguments_.emplace_back(t->node);
            } else if (auto* c = out_.trackers.template get_if<trackers::constant_value>(a)) {
                operands_.push_back({nullptr, &c->value});
                arguments_.push_back(to_argument(c->value));
            } else if (auto items = constant_items(out_.trackers, a)) {
                std::vector<lasso::graph::argument> elements;
                for (const constant& c : *items) elements.push_back(to_argument(c));
                sequences_.push_back(std::move(*items));
                operands_.push_back({nullptr, nullptr, &sequences_.back()});
                arguments_.push_back(lasso::graph::tuple_of(std::move(elements)));
            } else {
                give_up(op, "() on ", describe(a), " (tensor operations take tensors, constants and tuples of constants)");
            }
        }
        auto inferred = A::infer_meta(op, std::span<const operand<meta>>(operands_));
        if (auto* u = std::get_if<unsupported>(&inferred)) throw std::move(*u);
        meta& m = std::get<meta>(inferred);
        const lasso::graph::list_ref<lasso::graph::argument> graph_args(arguments_);
        lasso::graph::node n = method ? out_.graph.add_call_method(op, graph_args, {}, m)
                                      : out_.graph.add_call_function(op, graph_args, {}, m);
        return out_.trackers.add(trackers::tensor<meta>{n, std::move(m)});
    }

private:
    Output& out_;
    std::vector<operand<meta>> operands_;
    std::vector<std::vector<constant>> sequences_;
    std::vector<lasso::graph::argument> arguments_;
};

} // namespace lasso
