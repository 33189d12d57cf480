// lasso/runtime/backends.hpp
//
// Backends turn a captured graph into something callable. A backend is any callable
// `backend(const graph<Meta>&, std::span<const Value> example_inputs) -> compiled_graph`
// where `compiled_graph` maps the graph's inputs (in placeholder order) to its outputs.
//
// * `eager_backend<A>` runs the nodes one by one through the adapter's eager operator
//   implementations (`A::run_op(target, args, is_method)`); a node that sets a
//   global-state variable (`set_grad_enabled(False)`, lasso/global_state.hpp) sets it.
// * `verifying_backend<A>` wraps another backend: on each call it runs the candidate and
//   the eager graph side by side and reports the first output that differs (compared
//   with `A::same_result`), like the correctness check of Dynamo's wrapper backend.
// * `lowered_graph<A>(g, lowerings)` is the eager runner with some nodes replaced by a
//   compiler backend's kernels (`node_lowering`): a backend lowers what it knows and
//   leaves every other node (operators it does not know, higher-order operators,
//   global-state setters) to run exactly as the eager backend runs it.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/constant.hpp>
#include <lasso/detail/attributes.hpp>
#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>
#include <lasso/runtime/graph_sizes.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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

/// What a compiler backend puts in place of one node (`lowered_graph`): `run` computes
/// the node's value from the values of `operands` (nodes of the graph, or constants),
/// which need not be the node's own arguments, so one kernel can compute a node from
/// the inputs of a whole chain of nodes. A node `absorbed` into another's kernel is
/// not run at all; nothing outside the kernels may read it.
template <class Value> struct node_lowering {
    std::function<Value(std::span<const Value>)> run;
    std::vector<lasso::graph::argument> operands;
    bool absorbed = false;
};
/// Lowerings by node index (`graph::node::index()`).
template <class Value> using node_lowerings = std::unordered_map<std::uint32_t, node_lowering<Value>>;

namespace detail {
/// What a step keeps of its operation: the adapter's prepared form, or nothing.
template <class A> struct no_prepared_op {};
template <class A> struct prepared_op_type { using type = no_prepared_op<A>; };
template <class A>
    requires PreparedOperationsAdapter<A>
struct prepared_op_type<A> {
    using type = std::optional<typename A::prepared_op>;
};
template <class A> using prepared_op_of = typename prepared_op_type<A>::type;

/// A graph flattened for running: each operation names its target once and refers to
/// its arguments by place (an input, an earlier result, or a constant made once), so a
/// call does no lookups and no string work beyond the adapter's own `run_op` (none
/// with prepared operations). A value is dropped after the last step that reads it.
///
/// A call of a small graph allocates nothing but its results: the inputs are read where
/// the caller holds them, results live in an array on the stack (up to
/// `small_graph_values`), and an operation whose arguments lie side by side (the
/// inputs in order, typically) reads them in place, touching no reference count.
template <class A, class Meta> class graph_runner {
public:
    using value = typename A::value;

    explicit graph_runner(const lasso::graph::graph<Meta>& g, const node_lowerings<value>* lowerings = nullptr) {
        std::unordered_map<std::uint32_t, std::uint32_t> slot_of; // node index -> its place
        std::unordered_map<std::uint32_t, hop_kind> operator_of;  // node index -> its operator, for operators only
        auto operand_of = [&](auto& self, const lasso::graph::argument& a) -> std::uint32_t {
            if (auto* n = a.get_if<lasso::graph::node>()) {
                auto it = slot_of.find(n->index());
                if (it == slot_of.end()) throw backend_error("graph argument " + std::string(g.name(*n)) + " has no value");
                return it->second;
            }
            if (graph_sizes<A, Meta>::holds_size(a)) {
                sizes_.template add<backend_error>(g, a, locals_);
                return locals_++;
            }
            if (const auto* seq = a.get_if<lasso::graph::sequence>(); seq && holds_node(*seq)) {
                // A tuple of results (`concatenate((x, y))`): a step makes it on each call.
                step pack;
                pack.target = "tuple";
                pack.hop = hop_kind::pack;
                for (const auto& item : seq->items) pack.operands.push_back(self(self, item));
                pack.result = locals_++;
                const std::uint32_t result = pack.result;
                steps_.push_back(std::move(pack));
                return result;
            }
            constants_.push_back(constant_value(a));
            return constant_flag | static_cast<std::uint32_t>(constants_.size() - 1);
        };
        auto operand = [&](const lasso::graph::argument& a) { return operand_of(operand_of, a); };
        // Inputs are numbered in placeholder order, whatever nodes come between.
        for (lasso::graph::node p : g.placeholders()) slot_of.emplace(p.index(), input_flag | inputs_++);
        for (lasso::graph::node n : g.nodes()) {
            switch (g.kind(n)) {
            case lasso::graph::node_kind::placeholder: break;
            case lasso::graph::node_kind::call_function:
            case lasso::graph::node_kind::call_method: {
                step s;
                s.target = std::string(g.target(n));
                if (lowerings) {
                    if (const auto it = lowerings->find(n.index()); it != lowerings->end()) {
                        if (it->second.absorbed) break; // no slot: reading it is an error
                        s.kernel = it->second.run;
                        for (const auto& a : it->second.operands) s.operands.push_back(operand(a));
                        s.result = locals_++;
                        slot_of.emplace(n.index(), s.result);
                        steps_.push_back(std::move(s));
                        break;
                    }
                }
                s.is_method = g.kind(n) == lasso::graph::node_kind::call_method;
                if (const auto owned = g.subgraphs(n); !owned.empty()) {
                    s.hop = higher_order_of(s.target, owned.size(), g.name(n));
                    s.item = subgraphs_.size();
                    auto& runners = subgraphs_.emplace_back();
                    for (const auto& subgraph : owned) runners.push_back(std::make_shared<const graph_runner>(subgraph));
                }
                if (s.target == "getitem" && !s.is_method) {
                    // An item of a higher-order operator's results (a tuple of values).
                    const auto args = g.args(n);
                    const auto* of = args.size() == 2 ? args[0].template get_if<lasso::graph::node>() : nullptr;
                    const auto* index = args.size() == 2 ? args[1].template get_if<std::int64_t>() : nullptr;
                    const auto it = of ? operator_of.find(of->index()) : operator_of.end();
                    const hop_kind producer = it != operator_of.end() ? it->second : hop_kind::none;
                    if (producer != hop_kind::none && producer != hop_kind::item) {
                        if (!index || *index < 0)
                            throw backend_error("node " + std::string(g.name(n)) + " takes no item index");
                        s.hop = hop_kind::item;
                        s.item = static_cast<std::size_t>(*index);
                    }
                }
                if (!s.is_method) s.state = global_state_of_setter<A>(s.target);
                for (const auto& k : g.kwargs(n)) s.keywords.push_back(std::string(k.name));
                if (!s.keywords.empty() && (!TensorKeywordsAdapter<A> || s.hop != hop_kind::none))
                    throw backend_error("the eager backend cannot run node " + std::string(g.name(n)) +
                                        " with keyword arguments (the adapter has no tensor_keywords)");
                if constexpr (PreparedOperationsAdapter<A>)
                    if (s.hop == hop_kind::none && s.state < 0 && s.keywords.empty())
                        s.prepared = A::prepare_op(s.target, s.is_method);
                const auto args = g.args(n);
                if (s.state >= 0) {
                    const bool* on = args.size() == 1 ? args[0].template get_if<bool>() : nullptr;
                    if (!on)
                        throw backend_error("node " + std::string(g.name(n)) +
                                            " sets global state without one bool argument");
                    s.on = *on;
                }
                for (const auto& a : args) s.operands.push_back(operand(a));
                for (const auto& k : g.kwargs(n)) s.operands.push_back(operand(k.value));
                if (s.hop == hop_kind::item) s.operands.resize(1);
                s.result = locals_++;
                slot_of.emplace(n.index(), s.result);
                if (s.hop != hop_kind::none && s.hop != hop_kind::item) operator_of.emplace(n.index(), s.hop);
                steps_.push_back(std::move(s));
                break;
            }
            case lasso::graph::node_kind::output:
                for (const auto& a : g.args(n)) outputs_.push_back(operand(a));
                break;
            default: throw backend_error("the eager backend cannot run node " + std::string(g.name(n)));
            }
        }
        for (step& s : steps_) s.in_place = side_by_side(s.operands);
        plan_releases();
        // One operation on the inputs in order, whose result is the one output (`x + y`,
        // a graph on each side of a break): a call runs it on the caller's span of inputs,
        // with no room for results and no step loop.
        lone_step_ = steps_.size() == 1 && sizes_.empty() && steps_[0].state < 0 && outputs_.size() == 1 &&
                     outputs_[0] == steps_[0].result && steps_[0].operands.size() == inputs_ &&
                     steps_[0].in_place == input_flag;
    }

    std::vector<value> operator()(std::span<const value> inputs) const {
        std::vector<value> out(outputs_.size());
        outputs_into(inputs, out);
        return out;
    }

    /// The outputs stored into `out` (one place per output, in output order): what
    /// `(*this)(inputs)` returns, without making the vector (the cache hit of a frame
    /// that returns several: runtime/direct_return.hpp). A result is moved into the
    /// last of its places and copied into the others.
    void outputs_into(std::span<const value> inputs, std::span<value> out) const {
        check_inputs(inputs);
        if (out.size() != outputs_.size()) [[unlikely]]
            throw backend_error("graph has " + std::to_string(outputs_.size()) + " outputs, room for " +
                                std::to_string(out.size()));
        if (lone_step_) {
            out[0] = dispatch(steps_[0], inputs);
            return;
        }
        with_locals([&](value* locals) {
            run_steps(inputs, locals);
            for (std::size_t i = 0; i < outputs_.size(); ++i)
                out[i] = moves_output_[i] ? std::move(locals[outputs_[i]]) : read(inputs, locals, outputs_[i]);
        });
    }

    std::size_t output_count() const noexcept { return outputs_.size(); }

    /// Output `i` alone: what `(*this)(inputs)[i]` is, without the vector of outputs
    /// (the cache hit of a frame that returns one graph output: runtime/direct_return.hpp).
    value output(std::span<const value> inputs, std::size_t i) const {
        check_inputs(inputs);
        if (lone_step_) return dispatch(steps_[0], inputs); // its one output
        return with_locals([&](value* locals) -> value {
            run_steps(inputs, locals);
            const std::uint32_t o = outputs_[i];
            if (!(o & (input_flag | constant_flag))) return std::move(locals[o]);
            return read(inputs, locals, o);
        });
    }

private:
    /// A place is an index into the graph's results (a step's result, a tuple it packs,
    /// a size it computes), or, with a flag, into the inputs or the constants.
    static constexpr std::uint32_t constant_flag = 0x8000'0000u;
    static constexpr std::uint32_t input_flag = 0x4000'0000u;
    static constexpr std::uint32_t no_place = 0xffff'ffffu;
    /// Graphs with at most this many results keep them on the stack during a call.
    static constexpr std::uint32_t small_graph_values = 16;
    /// Operations with at most this many arguments not side by side copy them to the stack.
    static constexpr std::size_t small_operation_arguments = 4;

    /// What a node with subgraphs runs (output/higher_order.hpp defines the operators),
    /// or an item of such a node's tuple of results; `pack` makes a tuple argument that
    /// holds results.
    enum class hop_kind : std::uint8_t { none, cond, while_loop, map_rows, item, pack };

    /// Whether sequence `s` holds a node, at any depth.
    static bool holds_node(const lasso::graph::sequence& s) {
        return std::any_of(s.items.begin(), s.items.end(), [](const lasso::graph::argument& item) {
            const auto* inner = item.get_if<lasso::graph::sequence>();
            return item.is_node() || (inner && holds_node(*inner));
        });
    }
    struct step {
        std::string target;
        bool is_method = false;
        hop_kind hop = hop_kind::none;
        std::size_t item = 0;                ///< the index of a tuple item, or of an operator's subgraphs in `subgraphs_`
        long state = -1;                     ///< the global-state variable a setter node sets, or -1
        bool on = false;                     ///< and the value it sets
        std::vector<std::uint32_t> operands; ///< the positional arguments, then the keyword ones
        std::vector<std::string> keywords;   ///< the names of the keyword arguments (the last operands)
        std::uint32_t result = 0;
        /// The first operand when all lie side by side (`side_by_side`), else `no_place`.
        std::uint32_t in_place = no_place;
        /// The results no later step reads and no output is, dropped once this step ran:
        /// an intermediate value lives no longer than it does in the interpreter, so
        /// its memory is free for the next result.
        std::vector<std::uint32_t> release;
        /// The operation as the adapter resolved it (lasso::feature::prepared_operations).
        [[no_unique_address]] prepared_op_of<A> prepared{};
        /// A backend's kernel in place of the operation (`node_lowering`), or empty.
        std::function<value(std::span<const value>)> kernel;
    };

    void check_inputs(std::span<const value> inputs) const {
        if (inputs.size() != inputs_) [[unlikely]]
            throw backend_error("graph expects " + std::to_string(inputs_) + " inputs, got " +
                                std::to_string(inputs.size()));
    }

    /// Calls `run(locals)` with room for every result of the graph, all empty. A small
    /// graph's room is on the stack, and only the values it uses are made.
    template <class Run> decltype(auto) with_locals(Run&& run) const {
        if (locals_ <= small_graph_values) {
            alignas(value) std::byte room[small_graph_values * sizeof(value)];
            value* locals = reinterpret_cast<value*>(room);
            std::uninitialized_value_construct_n(locals, locals_);
            struct destroy {
                value* locals;
                std::uint32_t n;
                ~destroy() { std::destroy_n(locals, n); }
            } on_exit{locals, locals_};
            return run(locals);
        }
        std::vector<value> locals(locals_);
        return run(locals.data());
    }

    void run_steps(std::span<const value> inputs, value* locals) const {
        if (!sizes_.empty()) [[unlikely]]
            sizes_.compute(inputs, locals);
        for (const step& s : steps_) {
            if (s.state >= 0) {
                if (!set_global_state<A>(static_cast<std::size_t>(s.state), s.on))
                    throw backend_error("the adapter cannot set global state (set_global_state): " + s.target);
                locals[s.result] = A::value_of_constant(none_t{});
                continue;
            }
            locals[s.result] = run_step(s, inputs, locals);
            for (std::uint32_t slot : s.release) locals[slot] = value();
        }
    }

    /// Step `s` on its arguments: read in place when they lie side by side, else copied.
    value run_step(const step& s, std::span<const value> inputs, const value* locals) const {
        const std::size_t n = s.operands.size();
        if (s.in_place != no_place) return dispatch(s, std::span<const value>(&read(inputs, locals, s.in_place), n));
        if (n <= small_operation_arguments) {
            value args[small_operation_arguments];
            for (std::size_t i = 0; i < n; ++i) args[i] = read(inputs, locals, s.operands[i]);
            return dispatch(s, std::span<const value>(args, n));
        }
        std::vector<value> args;
        args.reserve(n);
        for (std::uint32_t o : s.operands) args.push_back(read(inputs, locals, o));
        return dispatch(s, args);
    }

    value dispatch(const step& s, std::span<const value> args) const {
        if (s.kernel) return s.kernel(args);
        if (s.hop == hop_kind::pack) return make_pack(args);
        return s.hop != hop_kind::none ? run_higher_order(s, args) : run_operation(s, args);
    }

    /// The first of `operands` when they are places k, k+1, ... of one kind (their values
    /// then lie side by side), else `no_place`.
    static std::uint32_t side_by_side(const std::vector<std::uint32_t>& operands) {
        if (operands.empty()) return no_place;
        for (std::size_t i = 1; i < operands.size(); ++i)
            if (operands[i] != operands[0] + i) return no_place;
        return operands[0];
    }

    static value run_operation(const step& s, std::span<const value> args) {
        if constexpr (TensorKeywordsAdapter<A>)
            if (!s.keywords.empty()) return A::run_op(s.target, args, s.is_method, std::span<const std::string>(s.keywords));
        if constexpr (PreparedOperationsAdapter<A>) return A::run_prepared(*s.prepared, args);
        else return A::run_op(s.target, args, s.is_method);
    }

    /// When each result is dropped, and which outputs can be moved out of the results.
    void plan_releases() {
        constexpr std::size_t unused = SIZE_MAX, kept = SIZE_MAX - 1;
        auto is_result = [](std::uint32_t o) { return !(o & (constant_flag | input_flag)); };
        std::vector<std::size_t> last_use(locals_, unused);
        for (std::size_t i = 0; i < steps_.size(); ++i)
            for (std::uint32_t o : steps_[i].operands)
                if (is_result(o)) last_use[o] = i;
        for (std::uint32_t o : outputs_)
            if (is_result(o)) last_use[o] = kept;
        for (std::size_t i = 0; i < steps_.size(); ++i)
            if (last_use[steps_[i].result] == unused) last_use[steps_[i].result] = i; // a result nothing reads
        for (std::uint32_t slot = 0; slot < locals_; ++slot)
            if (last_use[slot] < steps_.size()) steps_[last_use[slot]].release.push_back(slot);
        // A result that is an output several times is copied but for the last time.
        moves_output_.assign(outputs_.size(), false);
        for (std::size_t i = 0; i < outputs_.size(); ++i)
            moves_output_[i] = is_result(outputs_[i]) && std::find(outputs_.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                                                   outputs_.end(), outputs_[i]) == outputs_.end();
    }

    static hop_kind higher_order_of(const std::string& target, std::size_t subgraphs, std::string_view node) {
        if (target == "cond" && subgraphs == 2) return hop_kind::cond;
        if (target == "while_loop" && subgraphs == 2) return hop_kind::while_loop;
        if (target == "map_rows" && subgraphs == 1) return hop_kind::map_rows;
        throw backend_error("the eager backend cannot run node " + std::string(node) + " (" + target + " with " +
                            std::to_string(subgraphs) + " subgraphs)");
    }

    /// Runs a higher-order operator on its arguments: its result, a tuple of values
    /// (each `getitem` node takes one). Out of line: plain graphs never call it.
    LASSO_OUT_OF_LINE value run_higher_order(const step& s, std::span<const value> args) const {
        const auto& subgraphs = s.hop == hop_kind::item ? no_subgraphs_ : subgraphs_[s.item];
        if constexpr (!HigherOrderAdapter<A>) {
            (void)s, (void)args;
            throw backend_error("the adapter cannot run higher-order operators (truth, make_tuple, elements)");
        } else {
            switch (s.hop) {
            case hop_kind::cond: {
                // args: the predicate, then the branches' inputs.
                const std::span<const value> inputs = args.subspan(1);
                return A::make_tuple((*subgraphs[A::truth(args[0]) ? 0 : 1])(inputs));
            }
            case hop_kind::while_loop: {
                // args: the carried values, then the inputs both subgraphs read.
                std::vector<value> state(args.begin(), args.end());
                const std::size_t carried = subgraphs[1]->outputs_.size();
                for (;;) {
                    if constexpr (LoopPassAdapter<A>) A::loop_pass();
                    const std::vector<value> go = (*subgraphs[0])(state);
                    if (go.size() != 1)
                        throw backend_error("the condition of while_loop returned " + std::to_string(go.size()) + " values");
                    if (!A::truth(go[0])) break;
                    std::vector<value> next = (*subgraphs[1])(state);
                    std::move(next.begin(), next.end(), state.begin());
                }
                state.resize(carried);
                return A::make_tuple(std::move(state));
            }
            case hop_kind::map_rows: {
                if constexpr (!RowMappingAdapter<A>) {
                    throw backend_error("the adapter cannot map rows (tensor_rows, stack_rows)");
                } else {
                    // args: the tensor whose rows are mapped, then the body's other inputs.
                    std::vector<value> inputs(args.begin(), args.end());
                    std::vector<value> results;
                    for (value& row : A::tensor_rows(args[0])) {
                        inputs[0] = std::move(row);
                        std::vector<value> out = (*subgraphs[0])(inputs);
                        if (out.size() != 1)
                            throw backend_error("the body of map_rows returned " + std::to_string(out.size()) + " values");
                        results.push_back(std::move(out[0]));
                    }
                    return A::make_tuple({A::stack_rows(results)});
                }
            }
            case hop_kind::item: {
                const std::vector<value> items = A::elements(args[0]);
                if (s.item >= items.size())
                    throw backend_error("item " + std::to_string(s.item) + " of a tuple of " + std::to_string(items.size()));
                return items[s.item];
            }
            case hop_kind::none:
            case hop_kind::pack: break;
            }
            throw backend_error("not a higher-order operator: " + s.target);
        }
    }

    const value& read(std::span<const value> inputs, const value* locals, std::uint32_t o) const {
        if (o & constant_flag) return constants_[o & ~constant_flag];
        if (o & input_flag) return inputs[o & ~input_flag];
        return locals[o];
    }

    static value make_pack(std::span<const value> items) {
        if constexpr (requires(std::vector<value> v) { A::make_tuple(std::move(v)); })
            return A::make_tuple(std::vector<value>(items.begin(), items.end()));
        else throw backend_error("the eager backend takes tuples of results only from adapters with make_tuple");
    }

    static value constant_value(const lasso::graph::argument& a) {
        if (auto scalar = scalar_constant_value<A>(a)) return std::move(*scalar);
        const auto& v = a.value();
        if (auto* seq = std::get_if<lasso::graph::sequence>(&v)) {
            if constexpr (requires(std::vector<value> items) { A::make_tuple(std::move(items)); }) {
                std::vector<value> items;
                for (const auto& item : seq->items) {
                    if (item.is_node()) throw backend_error("the eager backend takes tuples of constants only");
                    items.push_back(constant_value(item));
                }
                return A::make_tuple(std::move(items));
            }
        }
        throw backend_error("the eager backend takes tuple arguments only from adapters with make_tuple");
    }

    std::vector<step> steps_;
    /// The runners of each higher-order operator's subgraphs.
    std::vector<std::vector<std::shared_ptr<const graph_runner>>> subgraphs_;
    static inline const std::vector<std::shared_ptr<const graph_runner>> no_subgraphs_{};
    std::vector<value> constants_;
    std::vector<std::uint32_t> outputs_; ///< places
    std::vector<bool> moves_output_;     ///< whether output i is a result no later output repeats
    bool lone_step_ = false;             ///< one step on the inputs in order, its result the one output
    /// The arguments that hold symbolic sizes, computed per call (runtime/graph_sizes.hpp).
    graph_sizes<A, Meta> sizes_;
    std::uint32_t locals_ = 0; ///< results, tuples packed and sizes computed
    std::uint32_t inputs_ = 0;
};

/// A runner as a compiled graph. Shared, so that the cache-hit path can find the runner
/// behind a compiled graph and ask it for one output (`runner_of`).
template <class A, class Meta> struct shared_runner {
    std::shared_ptr<const graph_runner<A, Meta>> runner;
    std::vector<typename A::value> operator()(std::span<const typename A::value> inputs) const { return (*runner)(inputs); }
};

/// The runner behind `graph` when `graph` is a runner as `eager_backend` and
/// `lowered_graph` return it (not wrapped by anything); else null.
template <class A>
std::shared_ptr<const graph_runner<A, typename A::tensor_meta>> runner_of(const compiled_graph<typename A::value>& graph) {
    if (const auto* shared = graph.template target<shared_runner<A, typename A::tensor_meta>>()) return shared->runner;
    return nullptr;
}

template <class A, class Meta>
compiled_graph<typename A::value> make_runner(const lasso::graph::graph<Meta>& g,
                                              const node_lowerings<typename A::value>* lowerings = nullptr) {
    return shared_runner<A, Meta>{std::make_shared<const graph_runner<A, Meta>>(g, lowerings)};
}
} // namespace detail

/// Runs graphs node by node through the adapter's eager operators.
template <class A>
    requires EagerAdapter<A>
struct eager_backend {
    template <class Meta>
    compiled_graph<typename A::value> operator()(const lasso::graph::graph<Meta>& g,
                                                 std::span<const typename A::value> /*example_inputs*/) const {
        return detail::make_runner<A>(g);
    }
};

/// The eager runner of `g` with the nodes of `lowerings` replaced by their kernels.
/// Values are dropped after their last reader, kernels included.
template <class A, class Meta>
compiled_graph<typename A::value> lowered_graph(const lasso::graph::graph<Meta>& g,
                                                const node_lowerings<typename A::value>& lowerings) {
    static_assert(EagerAdapter<A>,
                  "lasso::lowered_graph<A>(g, lowerings) requires an adapter with eager operators "
                  "(lasso::EagerAdapter: run_op)");
    return detail::make_runner<A>(g, &lowerings);
}

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
        compiled_graph<typename A::value> reference = detail::graph_runner<A, Meta>(g);
        return [compiled, reference](std::span<const typename A::value> inputs) {
            // Both runs start from the same global state (a graph may set it).
            const std::vector<bool> before = read_global_states<A>();
            auto got = compiled(inputs);
            const std::vector<bool> after = read_global_states<A>();
            restore_global_states<A>(before);
            auto want = reference(inputs);
            if (read_global_states<A>() != after)
                throw backend_error("backend left the global state different from the eager graph");
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
