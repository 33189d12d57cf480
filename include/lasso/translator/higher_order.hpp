// lasso/translator/higher_order.hpp
//
// Higher-order operators: builtins of kind `higher_order` that take functions, each
// captured as one node that owns subgraphs (output/subgraph.hpp).
//
//   cond(pred, true_fn, false_fn, operands)   pred a bool or a one-element tensor,
//       operands a tuple of tensors; what the taken branch returns. With a predicate
//       known at trace time, the taken branch is inlined; with a tensor predicate, both
//       are traced, must return the same structure of tensors of the same shapes and
//       dtypes, and make one `cond` node with two subgraphs.
//   while_loop(cond_fn, body_fn, carried)     carried a tuple of tensors; body_fn must
//       return a tuple of tensors of the same shapes and dtypes: one `while_loop` node
//       with the condition's and the body's subgraphs.
//   map_rows(fn, xs, args)                    fn(row, *args) for each row of tensor xs,
//       stacked: one `map_rows` node whose subgraph is fn traced on a row's shape.
//
// A function is traced by inlining it on fresh placeholders in the frame's graph; the
// region it made becomes the subgraph. It must change nothing outside itself: a side
// effect, an edit of a tracker made before it, a change of global state, or anything it
// cannot trace makes the whole call unsupported, so the graph breaks at the call and
// the interpreter runs the operator. The node's results are items of a tuple
// (`getitem(node, i)`), one tracker each.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/detail/join.hpp>
#include <lasso/graph.hpp>
#include <lasso/output/graph_symbols.hpp>
#include <lasso/output/subgraph.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/inline.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace lasso::handlers {

namespace detail {

/// What tracing one function of a higher-order operator made.
template <class Meta> struct traced_function {
    output::graph_region region;
    bool tuple = false;      ///< it returned a tuple (else one tensor)
    std::vector<Meta> metas; ///< of its results
};

/// The tensors of `operands`, a tuple of tensors.
template <class T> std::vector<tracker_ref> tensor_operands(T& t, tracker_ref operands, const std::string& what) {
    const auto* items = t.tuple_items(operands);
    if (!items) give_up(reasons::higher_order_misuse, what, " of ", t.describe(operands), " (not a tuple of tensors)");
    for (tracker_ref item : *items)
        if (!t.tensor_of(item))
            give_up(reasons::higher_order_misuse, what, " with ", t.describe(item), " among its tensors");
    return *items;
}

/// The number of elements of a tensor of metadata `m`, when the adapter says its shape.
template <class T> std::optional<std::int64_t> element_count(const typename T::meta& m) {
    static_attribute shape = T::adapter::tensor_attribute(m, "shape");
    if (const auto* sizes = std::get_if<std::vector<sym_int>>(&shape)) {
        std::int64_t count = 1;
        for (const sym_int& s : *sizes) count *= s.specialize();
        return count;
    }
    const auto* dims = std::get_if<std::vector<constant>>(&shape);
    if (!dims) return std::nullopt;
    std::int64_t count = 1;
    for (const constant& d : *dims) {
        const auto* n = std::get_if<std::int64_t>(&d);
        if (!n) return std::nullopt;
        count *= *n;
    }
    return count;
}

/// Traces function `fn` on placeholders of metadata `metas` into the frame's graph:
/// the region it made and what it returned. `what` names it in reasons ("cond's
/// true_fn").
template <class T>
traced_function<typename T::meta> trace_function(T& t, tracker_ref fn, std::span<const typename T::meta> metas,
                                                 const std::string& what) {
    using meta = typename T::meta;
    auto& out = t.output();
    const auto watch = out.checkpoint();
    traced_function<meta> traced;
    traced.region.first = out.graph.checkpoint();
    std::vector<tracker_ref> params;
    for (const meta& m : metas) {
        const auto p = out.graph.add_placeholder(
            lasso::detail::join({"__lasso_operand_", lasso::detail::decimal(out.graph.checkpoint())}), m);
        traced.region.operands.push_back(p);
        params.push_back(t.add_tracker(trackers::tensor<meta>{p, m}));
    }
    const std::size_t effects = out.effects.size();
    const std::size_t state_nodes = out.state_nodes;
    const std::uint32_t enclosing_floor = out.operator_function_floor;
    out.operator_function_floor = static_cast<std::uint32_t>(out.trackers.size());
    tracker_ref result{};
    try {
        result = inline_call(t, fn, params, {});
    } catch (unsupported& u) {
        out.operator_function_floor = enclosing_floor;
        out.inline_failure.reset(); // no graph break inside the function: the operator runs whole
        u.reason = what + " cannot be captured: " + u.reason;
        throw;
    }
    out.operator_function_floor = enclosing_floor;
    if (out.effects.size() != effects || out.edited_since(watch))
        give_up(reasons::higher_order_misuse, what,
                " changes something outside it (the functions of higher-order operators must not)");
    if (out.state_nodes != state_nodes) give_up(reasons::higher_order_misuse, what, " changes global state");
    out.release(watch);
    std::vector<tracker_ref> results{result};
    if (const auto* items = t.tuple_items(result)) {
        traced.tuple = true;
        results = *items;
    }
    for (tracker_ref r : results) {
        const auto* x = t.tensor_of(r);
        if (!x)
            give_up(reasons::higher_order_misuse, what, " returns ", t.describe(r), " (not a tensor or a tuple of tensors)");
        traced.region.results.push_back(x->node);
        traced.metas.push_back(x->meta);
    }
    return traced;
}

/// Checks that two traced functions return the same structure of tensors of the same
/// metadata; `what` names the pair in the reason.
template <class T, class Meta>
void check_same_results(T&, const traced_function<Meta>& a, const traced_function<Meta>& b, const std::string& what) {
    if (a.tuple != b.tuple || a.metas.size() != b.metas.size())
        give_up(reasons::higher_order_misuse, what, " return different structures (", a.tuple ? "a tuple of " : "",
                lasso::detail::decimal(a.metas.size()), a.metas.size() == 1 ? " tensor" : " tensors", " and ",
                b.tuple ? "a tuple of " : "", lasso::detail::decimal(b.metas.size()),
                b.metas.size() == 1 ? " tensor)" : " tensors)");
    for (std::size_t i = 0; i < a.metas.size(); ++i)
        if (!(a.metas[i] == b.metas[i]))
            give_up(reasons::higher_order_misuse, what, " return tensors of different shapes or dtypes (result ",
                    lasso::detail::decimal(i), ": ", T::adapter::describe_meta(a.metas[i]), " and ",
                    T::adapter::describe_meta(b.metas[i]), ")");
}

/// Makes the operator's node: `target(leading..., lifted...)` owning the subgraphs of
/// `functions` (which take the same inputs: their operands, then the union of what they
/// lift), with their regions taken out of the frame's graph. Returns a tracker per
/// result (`getitem(node, i)`, with the metadata of `results`), as a tuple when
/// `tuple`.
/// Where tensors can be written in place (lasso::feature::tensor_mutation), the results
/// of `cond` and `while_loop` may be the very tensors their functions were given or
/// read (plain `while_loop` returns its carried tuple after no pass, a branch may
/// return an operand): results, operands and lifted tensors are marked as sharing
/// memory, so an in-place write to any of them stays a graph break.
template <class T>
void note_operator_aliases(T& t, std::span<const lasso::graph::node> operands, std::span<const lasso::graph::node> lifted,
                           std::span<const tracker_ref> results) {
    auto shared = [&](lasso::graph::node n) {
        return std::find(operands.begin(), operands.end(), n) != operands.end() ||
               std::find(lifted.begin(), lifted.end(), n) != lifted.end();
    };
    auto& out = t.output();
    auto& arena = out.trackers;
    // Inside a function of an enclosing operator, trackers made before it are not this
    // function's to edit: the enclosing operator's node reads the same tensors (its
    // operands or lifted reads) and marks them.
    for (std::uint32_t i = out.operator_function_floor, n = static_cast<std::uint32_t>(arena.size()); i < n; ++i) {
        const tracker_ref r{i};
        // A tensor's value in the graph is its node (a size's is an expression).
        const auto value = trackers::graph_value_of(arena, r);
        const lasso::graph::node* node = value ? value->template get_if<lasso::graph::node>() : nullptr;
        if (!node || !shared(*node)) continue;
        // The caller's tensor gets what the trace wrote only after the graph, while the
        // node would return the graph's copy: the call breaks, the interpreter runs it.
        if (arena[r].source && out.effects.latest(output::mutation_kind::tensor, r))
            give_up(reasons::unsupported_mutation, "a higher-order operator may return ",
                    out.sources.guard_name(*arena[r].source),
                    ", which the trace wrote in place (the result must be the caller's array)");
        trackers::note_may_alias(out, r);
    }
    for (tracker_ref r : results) trackers::note_may_alias(out, r);
}

template <class T>
tracker_ref make_operator_node(T& t, const std::string& target, std::vector<lasso::graph::argument> leading,
                               std::span<traced_function<typename T::meta>* const> functions,
                               const std::vector<typename T::meta>& results, bool tuple,
                               std::span<const lasso::graph::node> aliased_operands = {}, bool results_may_alias = false) {
    using meta = typename T::meta;
    auto& g = t.output().graph;
    std::vector<lasso::graph::node> lifted;
    for (const auto* f : functions)
        for (const auto n : output::lifted_reads(g, f->region))
            if (std::find(lifted.begin(), lifted.end(), n) == lifted.end()) lifted.push_back(n);
    if constexpr (TensorMutationAdapter<typename T::adapter>)
        if (results_may_alias)
            note_operator_aliases(t, aliased_operands, std::span<const lasso::graph::node>(lifted),
                                  std::span<const tracker_ref>{});
    // A subgraph's runner reads symbols from the subgraph's own inputs: a size computed
    // from a symbol none of them holds (an int from the enclosing frame) is specialized.
    auto size_in_subgraph = [](const lasso::graph::graph<meta>& sub, const sym_int& size) {
        std::vector<std::uint32_t> used;
        size.env()->collect_symbols(size.poly(), used);
        for (const std::uint32_t symbol : used) {
            bool held = false;
            for (const auto p : sub.placeholders())
                output::for_each_held_symbol<typename T::adapter>(
                    sub, p, size.env(), [&](std::uint32_t s, std::uint32_t) { held = held || s == symbol; });
            if (!held) return lasso::graph::argument(size.specialize());
        }
        return lasso::graph::argument(size);
    };
    std::vector<lasso::graph::graph<meta>> subgraphs;
    for (const auto* f : functions) subgraphs.push_back(output::extract_subgraph(g, f->region, lifted, size_in_subgraph));
    for (auto f = functions.rbegin(); f != functions.rend(); ++f) output::erase_region(g, (*f)->region);
    for (const auto n : lifted) leading.emplace_back(n);
    const auto node = g.add_call_function(target, leading);
    g.attach_subgraphs(node, std::move(subgraphs));
    std::vector<tracker_ref> items;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto item = g.add_call_function("getitem", {node, static_cast<std::int64_t>(i)}, {}, results[i]);
        items.push_back(t.add_tracker(trackers::tensor<meta>{item, results[i]}));
    }
    if constexpr (TensorMutationAdapter<typename T::adapter>)
        if (results_may_alias) note_operator_aliases(t, {}, {}, items);
    if (!tuple) return items.at(0);
    return t.add_tracker(trackers::tuple{std::move(items)});
}

template <class T> std::vector<typename T::meta> metas_of(T& t, const std::vector<tracker_ref>& tensors) {
    std::vector<typename T::meta> metas;
    for (tracker_ref r : tensors) metas.push_back(t.tensor_of(r)->meta);
    return metas;
}

template <class T> tracker_ref call_cond(T& t, std::span<const tracker_ref> args) {
    using meta = typename T::meta;
    if (args.size() != 4) give_up(reasons::higher_order_misuse, "cond() takes pred, true_fn, false_fn and operands");
    const std::vector<tracker_ref> operands = tensor_operands(t, args[3], "cond()");
    if (auto known = trackers::known_truth(t.arena(), args[0]))
        return inline_call(t, *known ? args[1] : args[2], operands, {});
    const auto* pred = t.tensor_of(args[0]);
    if (!pred)
        give_up(reasons::higher_order_misuse, "cond() with a predicate that is ", t.describe(args[0]),
                " (not a bool or a tensor)");
    if (element_count<T>(pred->meta) != std::optional<std::int64_t>(1))
        give_up(reasons::higher_order_misuse, "cond() with a predicate tensor of ", T::adapter::describe_meta(pred->meta),
                " (not one element)");
    const lasso::graph::node pred_node = pred->node;
    const std::vector<meta> metas = metas_of(t, operands);
    auto yes = trace_function(t, args[1], std::span<const meta>(metas), "cond's true_fn");
    auto no = trace_function(t, args[2], std::span<const meta>(metas), "cond's false_fn");
    yes.region.end = no.region.first;
    check_same_results(t, yes, no, "cond's branches");
    std::vector<lasso::graph::argument> leading{pred_node};
    std::vector<lasso::graph::node> operand_nodes;
    for (tracker_ref r : operands) operand_nodes.push_back(t.tensor_of(r)->node);
    for (const auto n : operand_nodes) leading.emplace_back(n);
    traced_function<meta>* functions[] = {&yes, &no};
    return make_operator_node(t, "cond", std::move(leading), std::span<traced_function<meta>* const>(functions), yes.metas,
                              yes.tuple, std::span<const lasso::graph::node>(operand_nodes), true);
}

template <class T> tracker_ref call_while_loop(T& t, std::span<const tracker_ref> args) {
    using meta = typename T::meta;
    if (args.size() != 3) give_up(reasons::higher_order_misuse, "while_loop() takes cond_fn, body_fn and carried");
    const std::vector<tracker_ref> carried = tensor_operands(t, args[2], "while_loop()");
    if (carried.empty()) give_up(reasons::higher_order_misuse, "while_loop() with nothing carried");
    const std::vector<meta> metas = metas_of(t, carried);
    auto condition = trace_function(t, args[0], std::span<const meta>(metas), "while_loop's cond_fn");
    auto body = trace_function(t, args[1], std::span<const meta>(metas), "while_loop's body_fn");
    condition.region.end = body.region.first;
    if (condition.tuple || condition.metas.size() != 1 ||
        element_count<T>(condition.metas[0]) != std::optional<std::int64_t>(1))
        give_up(reasons::higher_order_misuse, "while_loop's cond_fn does not return a one-element tensor");
    if (!body.tuple || body.metas != metas)
        give_up(reasons::higher_order_misuse,
                "while_loop's body_fn does not return a tuple of tensors of the carried shapes and dtypes");
    std::vector<lasso::graph::argument> leading;
    std::vector<lasso::graph::node> carried_nodes;
    for (tracker_ref r : carried) carried_nodes.push_back(t.tensor_of(r)->node);
    for (const auto n : carried_nodes) leading.emplace_back(n);
    traced_function<meta>* functions[] = {&condition, &body};
    return make_operator_node(t, "while_loop", std::move(leading), std::span<traced_function<meta>* const>(functions), metas,
                              true, std::span<const lasso::graph::node>(carried_nodes), true);
}

template <class T> tracker_ref call_map_rows(T& t, std::span<const tracker_ref> args) {
    using A = typename T::adapter;
    using meta = typename T::meta;
    if constexpr (!RowMappingAdapter<A>) {
        (void)args;
        give_up(reasons::adapter_cannot, "map_rows() (the adapter cannot map rows: tensor_rows, stack_rows, stacked_meta)");
    } else {
        if (args.size() != 3) give_up(reasons::higher_order_misuse, "map_rows() takes fn, xs and args");
        const auto* xs = t.tensor_of(args[1]);
        if (!xs) give_up(reasons::higher_order_misuse, "map_rows() of ", t.describe(args[1]), " (not a tensor)");
        const std::vector<tracker_ref> extra = tensor_operands(t, args[2], "map_rows()");
        const lasso::graph::node xs_node = xs->node;
        // A symbolic row count stays symbolic (it is at least 2); a static one is read.
        std::optional<sym_int> symbolic_rows;
        if constexpr (SymbolicShapesAdapter<A>)
            if (const auto sizes = A::meta_sizes(xs->meta); !sizes.empty() && sizes[0].is_symbolic())
                symbolic_rows = sizes[0];
        const std::size_t rows = symbolic_rows ? 1 : t.tensor_length(*xs);
        if (rows == 0) give_up(reasons::higher_order_misuse, "map_rows() of a tensor with no rows");
        std::vector<meta> metas{t.tensor_of(t.tensor_row(args[1], 0))->meta};
        for (const meta& m : metas_of(t, extra)) metas.push_back(m);
        auto body = trace_function(t, args[0], std::span<const meta>(metas), "map_rows' fn");
        if (body.tuple || body.metas.size() != 1)
            give_up(reasons::higher_order_misuse, "map_rows' fn does not return one tensor");
        std::vector<lasso::graph::argument> leading{xs_node};
        for (tracker_ref r : extra) leading.emplace_back(t.tensor_of(r)->node);
        traced_function<meta>* functions[] = {&body};
        meta stacked = A::stacked_meta(body.metas[0], static_cast<std::int64_t>(rows));
        if constexpr (SymbolicShapesAdapter<A>)
            if (symbolic_rows) A::set_meta_size(stacked, 0, *symbolic_rows);
        return make_operator_node(t, "map_rows", std::move(leading), std::span<traced_function<meta>* const>(functions),
                                  {std::move(stacked)}, false);
    }
}

} // namespace detail

/// A call of higher-order builtin `name` on `args`.
template <class T>
tracker_ref call_higher_order(T& t, const std::string& name, std::span<const tracker_ref> args,
                              const std::vector<std::string>& kw_names) {
    if (!kw_names.empty()) give_up(reasons::call_form_unsupported, name, "() with keyword arguments");
    if (name == "cond") return detail::call_cond(t, args);
    if (name == "while_loop") return detail::call_while_loop(t, args);
    if (name == "map_rows") return detail::call_map_rows(t, args);
    give_up(reasons::higher_order_misuse, "higher-order operator ", name, "() is not supported");
}

} // namespace lasso::handlers
