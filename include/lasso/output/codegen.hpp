// lasso/output/codegen.hpp
//
// From a finished translation to a new code object. Two steps:
//
// * `finalize_graph` decides what the graph returns: every tensor the frame's return
//   value needs that the graph computes (inputs are reloaded from their sources, so the
//   caller gets the very same object back), each once. Nodes that set global state to
//   no effect are removed (output/cleanup_graph.hpp), then dead nodes (not those that
//   set global state) and inputs nothing uses, so the compiled callable takes exactly
//   the inputs it reads.
// * `generate_code` writes the replacement bytecode in the semantic vocabulary:
//
//       <the original prologue: make_cell / copy_free_vars / resume>
//       push_null; load_const <compiled graph>; <reload each input>; call n   (if any op)
//       unpack_sequence k; store_fast __lasso_out_0 ... __lasso_out_{k-1}
//                                        (a single output comes back alone: no unpack_sequence)
//       <compute the values side effects store, into locals>      (output/replay.hpp)
//       <rebuild the return value from outputs, constants, containers, sources>
//       <replay the side effects>
//       return_value
//
//   and assembles it through the adapter. A return value that cannot be rebuilt in
//   bytecode (an iterator, say) is reported as `unsupported`, and the frame then runs
//   eagerly like any other frame that cannot be captured.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/assemble.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/transform.hpp>
#include <lasso/constant.hpp>
#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/cleanup_graph.hpp>
#include <lasso/output/reconstruct.hpp>
#include <lasso/output/replay.hpp>
#include <lasso/resume/resume_code.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/output/graph_symbols.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace lasso::output {

/// The placeholders a backend reads the symbols of the graph's sizes from: for each
/// symbol a size argument of a node uses, the first placeholder that holds it
/// (output/graph_symbols.hpp). They stay graph inputs even when no node uses them.
template <class A, class Meta>
std::vector<lasso::graph::node> symbol_binding_placeholders(const lasso::graph::graph<Meta>& g) {
    std::vector<lasso::graph::node> out;
    if constexpr (SymbolicShapesAdapter<A>) {
        std::vector<std::uint32_t> used;
        const symbolic::shape_env* env = nullptr;
        auto collect = [&](auto& self, const lasso::graph::argument& a) -> void {
            if (const auto* s = a.get_if<lasso::graph::size_argument>()) {
                env = s->value.env();
                env->collect_symbols(s->value.poly(), used);
            } else if (const auto* seq = a.get_if<lasso::graph::sequence>()) {
                for (const auto& item : seq->items) self(self, item);
            }
        };
        for (lasso::graph::node n : g.nodes()) {
            if (g.kind(n) == lasso::graph::node_kind::placeholder) continue; // an int input's own size
            for (const auto& a : g.args(n)) collect(collect, a);
            for (const auto& k : g.kwargs(n)) collect(collect, k.value);
        }
        for (std::uint32_t symbol : used) {
            for (lasso::graph::node p : g.placeholders()) {
                bool holds = false;
                for_each_held_symbol<A>(g, p, env, [&](std::uint32_t s, std::uint32_t) { holds = holds || s == symbol; });
                if (holds) {
                    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
                    break;
                }
            }
        }
    } else {
        (void)g;
    }
    return out;
}

/// Sets the graph's output to the computed tensors the values `roots` need (each once,
/// in first-use order), removes dead nodes and unused inputs, and returns the outputs.
/// Tensors with a source (inputs, values read from the frame) are not outputs: codegen
/// reloads them from their sources, so the very same objects come back.
template <class Translation> graph_outputs finalize_graph(Translation& t, std::span<const tracker_ref> roots) {
    auto& g = t.graph;
    if (auto out = g.output()) g.erase_node(*out);
    graph_outputs outputs;
    // Each value is walked once: a list held twice, or one that holds itself (generated
    // code makes it empty and fills it after, output/reconstruct.hpp), is not walked again.
    std::vector<bool> walked(t.trackers.size(), false);
    auto visit = [&](auto& self, tracker_ref r) -> void {
        const auto& record = t.trackers[r];
        if (record.source) return; // reloaded from its source as a whole
        if (auto out = trackers::graph_value_of(t.trackers, r)) {
            if (const auto* n = out->template get_if<lasso::graph::node>();
                n && g.kind(*n) == lasso::graph::node_kind::placeholder)
                return;
            if (std::find(outputs.begin(), outputs.end(), *out) == outputs.end()) outputs.push_back(std::move(*out));
            return;
        }
        if (walked[r.index]) return;
        walked[r.index] = true;
        trackers::for_each_part(t.trackers, r, [&](tracker_ref part) { self(self, part); });
    };
    for (tracker_ref r : roots) visit(visit, r);
    g.set_output(outputs);
    using A = typename Translation::adapter;
    // The state the graph starts in is known for the guarded variables only.
    std::vector<std::optional<bool>> entry(global_states<A>().size());
    for (const auto& guard : t.guards)
        if (guard.kind == guard_kind::global_state && guard.expected_length < entry.size())
            entry[guard.expected_length] = guard.expected_flag;
    cleanup_graph<A>(g, std::move(entry));
    // Nodes that set global state have no users but must run, and so does every
    // operation where running it may raise.
    g.eliminate_dead_code(
        [](std::string_view target) { return operations_may_raise<A>() || global_state_of_setter<A>(target) >= 0; });
    const auto binding = symbol_binding_placeholders<A>(g);
    for (lasso::graph::node p : g.placeholders())
        if (!g.has_users(p) && std::find(binding.begin(), binding.end(), p) == binding.end()) g.erase_node(p);
    return outputs;
}

/// The trackers the generated code of a frame that returned rebuilds: the return
/// value and the values side effects store.
template <class Translation> std::vector<tracker_ref> return_roots(const Translation& t) {
    using A = typename Translation::adapter;
    std::vector<tracker_ref> roots;
    if (const auto returned = t.returned()) roots.push_back(*returned);
    append_effect_roots<A>(t, roots);
    return roots;
}

/// The graph's outputs for a frame that returned: what the return value and the side
/// effects need.
template <class Translation> graph_outputs finalize_graph(Translation& t) {
    const std::vector<tracker_ref> roots = return_roots(t);
    return finalize_graph(t, std::span<const tracker_ref>(roots));
}

/// The live graph inputs with their sources, in placeholder order (the order the
/// compiled callable takes them in).
template <class Translation> std::vector<std::pair<lasso::graph::node, source_ref>> live_inputs(const Translation& t) {
    std::vector<std::pair<lasso::graph::node, source_ref>> out;
    for (lasso::graph::node p : t.graph.placeholders())
        for (const auto& [node, source] : t.inputs)
            if (node == p) {
                out.emplace_back(node, source);
                break;
            }
    return out;
}

/// One step of the program that rebuilds a frame's return value: push graph output
/// `index`, push the frame value of `source`, push `constant`, or make a tuple, list or
/// dict of the top `index` values (a dict's are key, value, key, value, ...).
template <class Value> struct return_step {
    enum class kind : std::uint8_t { output, source, constant, tuple, list, dict };
    kind what = kind::constant;
    std::uint32_t index = 0;
    source_ref source{};
    std::optional<Value> constant;
};

/// The return value as a postfix program over graph outputs, frame values (reloaded from
/// their sources), constants and containers; or why it cannot be rebuilt this way. The
/// cache-hit fast path runs it directly (`plan_return`). A container reached twice (the
/// same tuple twice in the return value) would come back as two: such a value is left
/// to the generated code, which builds it once (output/reconstruct.hpp).
template <class A, class Translation>
std::variant<std::vector<return_step<typename A::value>>, unsupported> return_program(const Translation& t,
                                                                                      const graph_outputs& outputs) {
    using step = return_step<typename A::value>;
    const auto returned = t.returned();
    if (!returned) return unsupported{reasons::internal_error, "the frame did not return"};
    std::vector<step> program;
    std::optional<unsupported> problem;
    std::vector<bool> containers_seen(t.trackers.size(), false);
    auto visit = [&](auto& self, tracker_ref r) -> void {
        if (problem) return;
        const auto& record = t.trackers[r];
        if (record.source) {
            program.push_back({step::kind::source, 0, *record.source, std::nullopt});
            return;
        }
        if (auto out = trackers::graph_value_of(t.trackers, r)) {
            auto it = std::find(outputs.begin(), outputs.end(), *out);
            if (it == outputs.end())
                problem = unsupported{reasons::value_not_rebuildable,
                                      "a returned tensor or size is neither an input nor a graph output"};
            else program.push_back({step::kind::output, static_cast<std::uint32_t>(it - outputs.begin()), {}, std::nullopt});
            return;
        }
        if (const constant* c = trackers::known_constant_of(t.trackers, r)) {
            program.push_back({step::kind::constant, 0, {}, A::value_of_constant(*c)});
            return;
        }
        const auto kind = std::visit(
            [](const auto& x) -> std::optional<typename step::kind> {
                using T = std::decay_t<decltype(x)>;
                if constexpr (requires { T::container; }) {
                    switch (T::container) {
                    case trackers::container_kind::tuple: return step::kind::tuple;
                    case trackers::container_kind::list: return step::kind::list;
                    case trackers::container_kind::dict: return step::kind::dict;
                    }
                }
                return std::nullopt;
            },
            record.data);
        if (!kind) {
            problem = unsupported{reasons::value_not_rebuildable,
                                  "the return value cannot be rebuilt in generated code (a value created during "
                                  "tracing that is not a tensor, constant, tuple, list or dict)"};
            return;
        }
        if (containers_seen[r.index]) {
            problem =
                unsupported{reasons::value_not_rebuildable, "a tuple, list or dict is reached twice in the return value"};
            return;
        }
        containers_seen[r.index] = true;
        std::size_t parts = 0;
        trackers::for_each_part(t.trackers, r, [&](tracker_ref part) {
            self(self, part);
            ++parts;
        });
        program.push_back(
            {*kind, static_cast<std::uint32_t>(*kind == step::kind::dict ? parts / 2 : parts), {}, std::nullopt});
    };
    visit(visit, *returned);
    if (problem) return *problem;
    return program;
}

/// The return program when the cache-hit fast path can run it: outputs, frame values,
/// constants and tuples only (a list or dict is a new object on every call, built by the
/// generated code).
template <class A, class Translation>
std::optional<std::vector<return_step<typename A::value>>> plan_return(const Translation& t, const graph_outputs& outputs) {
    using step = return_step<typename A::value>;
    if (!t.effects.empty()) return std::nullopt; // the generated code replays them
    auto program = return_program<A>(t, outputs);
    auto* steps = std::get_if<std::vector<step>>(&program);
    if (!steps) return std::nullopt;
    for (const step& s : *steps)
        if (s.what == step::kind::list || s.what == step::kind::dict) return std::nullopt;
    return std::move(*steps);
}

/// The start of every generated code (`decoded`: the original code, decoded): the
/// frame's prologue (make_cell, copy_free_vars, resume; `resume::frame_prologue`), then, when there is a compiled graph, its call on its inputs
/// (each reloaded from its source) with the outputs stored in locals
/// `__lasso_out_0 ...`, whose names are returned; or, with `onto_stack`, left on the
/// stack by the unpacking (the last output at the bottom). A graph of one output
/// returns it without a tuple (runtime/compile_graph.hpp), so nothing is unpacked.
template <class A, class Translation>
std::vector<std::string> emit_graph_call(const std::vector<bytecode::instruction<A>>& decoded, const Translation& t,
                                         const graph_outputs& outputs, const std::optional<typename A::value>& compiled,
                                         bytecode::code_fields<typename A::value>& fields,
                                         std::vector<bytecode::instruction<A>>& body, bool onto_stack = false) {
    using value = typename A::value;
    using bytecode::create_instruction;
    for (auto& inst : resume::frame_prologue<A>(decoded, fields)) body.push_back(std::move(inst));
    std::vector<std::string> output_locals;
    if (!compiled) {
        if (!outputs.empty()) give_up(reasons::internal_error, "graph outputs without a compiled graph");
        return output_locals;
    }
    body.push_back(create_instruction<A>(op::push_null));
    body.push_back(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{*compiled}));
    const auto inputs = live_inputs(t);
    for (const auto& [node, source] : inputs)
        reconstruct_source<A>(t.sources, source, body, [](const source_key& k) -> value {
            return k.is_string ? A::value_of_constant(constant{k.text}) : A::value_of_constant(constant{k.integer});
        });
    body.push_back(create_instruction<A>(op::call, static_cast<std::int64_t>(inputs.size())));
    if (outputs.empty()) {
        body.push_back(create_instruction<A>(op::pop_top));
        return output_locals;
    }
    // A graph of one output returns it alone (runtime/compile_graph.hpp): nothing to unpack.
    if (outputs.size() > 1)
        body.push_back(create_instruction<A>(op::unpack_sequence, static_cast<std::int64_t>(outputs.size())));
    if (onto_stack) return output_locals;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        std::string name = "__lasso_out_" + std::to_string(i);
        ensure_local(fields, name);
        body.push_back(create_instruction<A>(op::store_fast, name));
        output_locals.push_back(std::move(name));
    }
    return output_locals;
}

/// Assembles generated instructions into a code with `fields` (the original's, with
/// the locals codegen added). Instructions without a position report `line`.
template <class A>
typename A::code finish_generated(std::vector<bytecode::instruction<A>>& body,
                                  bytecode::code_fields<typename A::value> fields, int line) {
    for (auto& inst : body)
        if (inst.pos.line < 0) inst.pos = bytecode::position{line, line, -1, -1};
    fields.bytecode.clear();
    fields.exception_table.clear();
    fields.line_table.clear();
    bytecode::finish_code<A>(body, fields);
    return A::make_code(std::move(fields));
}

/// Writes the replacement code of a frame captured whole: call the compiled graph
/// (`compiled`, absent when the graph has no operation), rebuild the return value,
/// return it. Returns the new code, or why the return value cannot be rebuilt.
template <class A, class Translation>
std::variant<typename A::code, unsupported> generate_code(const bytecode::code_fields<typename A::value>& original,
                                                          const Translation& t, const graph_outputs& outputs,
                                                          const std::optional<typename A::value>& compiled) {
    const auto returned = t.returned();
    if (!returned) return unsupported{reasons::internal_error, "the frame did not return"};
    try {
        bytecode::code_fields<typename A::value> fields = original;
        std::vector<bytecode::instruction<A>> body;
        const auto output_locals = emit_graph_call<A>(bytecode::decode<A>(original), t, outputs, compiled, fields, body);
        reconstructor<A, Translation> rebuild(t, outputs, output_locals, fields, body, /*rebuild_iterators=*/false);
        effect_replay<A, Translation> replay(t);
        for (tracker_ref r : replay.roots()) rebuild.count(r);
        rebuild.count(*returned);
        try {
            replay.stage(rebuild, fields, body);
        } catch (unsupported& u) {
            u.reason = "a value a side effect stores cannot be rebuilt in generated code: " + u.reason;
            throw;
        }
        try {
            rebuild.emit(*returned);
        } catch (unsupported& u) {
            u.reason = "the return value cannot be rebuilt in generated code: " + u.reason;
            throw;
        }
        replay.apply(body);
        body.push_back(bytecode::create_instruction<A>(op::return_value));
        // Every generated instruction reports the function's first line.
        return finish_generated<A>(body, std::move(fields), original.first_line);
    } catch (unsupported& u) { return std::move(u); }
}

} // namespace lasso::output
