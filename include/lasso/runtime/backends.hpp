// lasso/runtime/backends.hpp
//
// Backends turn a captured graph into something callable. A backend is any callable
// `backend(const graph<Meta>&, std::span<const Value> example_inputs) -> compiled_graph`
// where `compiled_graph` maps the graph's inputs (in placeholder order) to its outputs.
//
// * `eager_backend<A>` runs the nodes one by one through the adapter's eager operator
//   implementations (`A::run_op(target, args, is_method)`).
// * `verifying_backend<A>` wraps another backend: on each call it runs the candidate and
//   the eager graph side by side and reports the first output that differs (compared
//   with `A::same_result`), like the correctness check of Dynamo's wrapper backend.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>

#include <concepts>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso {

/// A compiled graph: inputs in placeholder order -> outputs in output order.
template <class Value> using compiled_graph = std::function<std::vector<Value>(std::span<const Value>)>;

class backend_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

namespace detail {
template <class A, class Meta> struct graph_runner {
    using value = typename A::value;
    lasso::graph::graph<Meta> graph; // a private copy: the caller's graph may change later

    std::vector<value> operator()(std::span<const value> inputs) const {
        // Node slots are unique within a graph (and its copies).
        std::unordered_map<std::uint32_t, value> env;
        auto key = [](lasso::graph::node n) { return n.index(); };
        std::vector<value> outputs;
        std::size_t next_input = 0;
        auto resolve = [&](const lasso::graph::argument& a) -> value {
            if (auto* n = a.get_if<lasso::graph::node>()) {
                auto it = env.find(key(*n));
                if (it == env.end()) throw backend_error("graph argument " + std::string(graph.name(*n)) + " has no value");
                return it->second;
            }
            const auto& v = a.value();
            if (std::holds_alternative<lasso::graph::none_t>(v)) return A::value_of_constant(none_t{});
            if (auto* b = std::get_if<bool>(&v)) return A::value_of_constant(*b);
            if (auto* i = std::get_if<std::int64_t>(&v)) return A::value_of_constant(*i);
            if (auto* d = std::get_if<double>(&v)) return A::value_of_constant(*d);
            if (auto* s = std::get_if<std::string>(&v)) return A::value_of_constant(*s);
            throw backend_error("the eager backend does not take nested tuple arguments yet");
        };
        for (lasso::graph::node n : graph.nodes()) {
            switch (graph.kind(n)) {
            case lasso::graph::node_kind::placeholder:
                if (next_input >= inputs.size())
                    throw backend_error("graph expects more inputs than the " + std::to_string(inputs.size()) + " given");
                env.emplace(key(n), inputs[next_input++]);
                break;
            case lasso::graph::node_kind::call_function:
            case lasso::graph::node_kind::call_method: {
                std::vector<value> args;
                for (const auto& a : graph.args(n)) args.push_back(resolve(a));
                env.emplace(key(n), A::run_op(graph.target(n), args, graph.kind(n) == lasso::graph::node_kind::call_method));
                break;
            }
            case lasso::graph::node_kind::output:
                for (const auto& a : graph.args(n)) outputs.push_back(resolve(a));
                break;
            default:
                throw backend_error("the eager backend cannot run node " + std::string(graph.name(n)));
            }
        }
        return outputs;
    }
};
} // namespace detail

/// Runs graphs node by node through the adapter's eager operators.
template <class A>
    requires EagerAdapter<A>
struct eager_backend {
    template <class Meta>
    compiled_graph<typename A::value> operator()(const lasso::graph::graph<Meta>& g,
                                                 std::span<const typename A::value> /*example_inputs*/) const {
        return detail::graph_runner<A, Meta>{g.copy()};
    }
};

/// Wraps `Backend`; every call runs the candidate and the eager graph and throws
/// `backend_error` naming the first output that differs.
template <class A, class Backend>
    requires EagerAdapter<A>
struct verifying_backend {
    Backend candidate;

    template <class Meta>
    compiled_graph<typename A::value> operator()(const lasso::graph::graph<Meta>& g,
                                                 std::span<const typename A::value> example_inputs) const {
        compiled_graph<typename A::value> compiled = candidate(g, example_inputs);
        compiled_graph<typename A::value> reference = detail::graph_runner<A, Meta>{g.copy()};
        return [compiled, reference](std::span<const typename A::value> inputs) {
            auto got = compiled(inputs);
            auto want = reference(inputs);
            if (got.size() != want.size())
                throw backend_error("backend returned " + std::to_string(got.size()) + " outputs, the graph has " +
                                    std::to_string(want.size()));
            for (std::size_t i = 0; i < got.size(); ++i)
                if (!A::same_result(got[i], want[i]))
                    throw backend_error("backend output " + std::to_string(i) + " differs from the eager graph");
            return got;
        };
    }
};

} // namespace lasso
