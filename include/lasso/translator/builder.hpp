// lasso/translator/builder.hpp
//
// The builder: a frame value and the source it was read from become a tracker, and
// guards on that source record what the trace relies on. Constants get a constant
// guard; tensors a tensor guard and a graph placeholder; tuples, lists and dicts a
// type and a length guard and trackers for their items (with item sources); builtins,
// classes and global functions an identity guard, functions from the frame's locals a
// guard on their code; anything else a type guard, its attributes
// built on first read. A list, dict or object reached by two paths is one tracker.
// Globals and attributes the trace stored read back as the value stored.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/fold.hpp>
#include <lasso/global_state.hpp>
#include <lasso/output/output_graph.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/unsupported.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace lasso {

template <class A, class Output> class builder {
public:
    using value = typename A::value;
    using meta = typename A::tensor_meta;

    /// Containers nested deeper than this are kept as opaque objects (and a container
    /// that contains itself does not recurse forever).
    static constexpr int max_depth = 32;

    explicit builder(Output& out) noexcept : out_(out) {}

    /// The tracker of frame value `v` read from `source`, with its guards. A list, dict
    /// or object already built from another source is the same tracker (guarded: `x is
    /// y`), so that a mutation through one path is seen through the other.
    tracker_ref build(const value& v, source_ref source, int depth = 0) {
        const auto identity = static_cast<std::uintptr_t>(A::identity(v));
        const value_kind kind = A::classify(v);
        const bool may_mutate = kind == value_kind::list || kind == value_kind::dict || kind == value_kind::other;
        if (may_mutate)
            for (const auto& [index, known] : out_.frame_identities)
                if (known == identity && is_mutable(tracker_ref{index})) {
                    const tracker_ref same{index};
                    out_.add_guard(guard_kind::same_object, source, [&](auto& g) {
                        g.other_source = *out_.trackers[same].source;
                        g.expected_flag = true;
                    });
                    return same;
                }
        const tracker_ref r = make(v, source, depth, kind);
        if (!trackers::known_constant_of(out_.trackers, r)) out_.frame_identities.emplace_back(r.index, identity);
        if constexpr (TensorMutationAdapter<A>)
            if (kind == value_kind::tensor) keep_apart_from_written(r);
        if (may_mutate && is_mutable(r))
            for (tracker_ref mutated : out_.effects.targets())
                if (could_be_same(r, mutated)) guard_distinct(r, mutated);
        return r;
    }

    /// Before the first mutation of frame value `r`: guards that no other list, dict or
    /// object the trace read from the frame is the same object (a call that passes one
    /// list twice would see the mutation through both; the trace saw it through one).
    /// Values built later are guarded in `build`.
    void guard_unaliased(tracker_ref r) {
        for (const auto& [index, identity] : out_.frame_identities)
            if (index != r.index && is_mutable(tracker_ref{index}) && could_be_same(r, tracker_ref{index}))
                guard_distinct(r, tracker_ref{index});
    }

    /// With `tensor_mutation`: guards that frame tensors `a` and `b` share no memory,
    /// when they share none now; false when they do (a write into one changes the
    /// other, which the trace holds apart: the caller gives up).
    bool keep_memory_apart(tracker_ref a, tracker_ref b) {
        if (memory_overlaps(trackers::memory_span_of(out_.trackers, a).value(),
                            trackers::memory_span_of(out_.trackers, b).value()))
            return false;
        out_.add_guard(guard_kind::disjoint_memory, *out_.trackers[a].source,
                       [&](auto& g) { g.other_source = *out_.trackers[b].source; });
        return true;
    }

    /// Whether `r` is a list, dict or object read from the frame: what can be mutated
    /// and reached by two paths.
    bool is_mutable(tracker_ref r) const {
        const auto& record = out_.trackers[r];
        if (!record.source) return false;
        return trackers::alias_kind(out_.trackers, r).has_value();
    }

    /// Reads the items of `r` if it is a list not read yet (`trackers::unread_list`):
    /// guards its length, builds its items, and makes it a `list` of those followed by
    /// what the trace appended (and a recorded mutation of it then knows its entry items).
    void read_list(tracker_ref r) {
        const auto* unread = out_.trackers.template get_if<trackers::unread_list<value>>(r);
        if (!unread) return;
        const value v = unread->obj;
        const std::vector<tracker_ref> appended = unread->appended;
        const int depth = unread->depth;
        const source_ref source = *out_.trackers[r].source;
        auto items = A::elements(v);
        out_.add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
        std::vector<tracker_ref> refs;
        refs.reserve(items.size() + appended.size());
        for (std::size_t i = 0; i < items.size(); ++i)
            refs.push_back(build(items[i], out_.sources.item(source, static_cast<std::int64_t>(i)), depth + 1));
        out_.effects.entry_items_read(r, refs);
        refs.insert(refs.end(), appended.begin(), appended.end());
        out_.template replace<trackers::unread_list<value>>(r, trackers::list{std::move(refs)});
    }

    /// The global `name` read through `read(name)` (a place or, with `globals_by_value`,
    /// a value of its own; empty: not defined), built once; after a store in the trace,
    /// the value stored.
    template <class Read> tracker_ref global(const std::string& name, Read&& read) {
        if (const auto* stored = out_.effects.latest(output::mutation_kind::global, {}, name)) return stored->value;
        if (auto* known = out_.find_place(source_kind::global, 0, name)) return *known;
        const auto v = read(name);
        if (!v) give_up(reasons::would_raise, "global '", name, "' is not defined");
        auto r = build(*v, out_.sources.global(name));
        out_.add_place(source_kind::global, 0, name, r);
        return r;
    }

    /// Whether attribute `name` of `obj` (whose value is `v`) can be read without side
    /// effects (or was read already).
    bool has_attribute(tracker_ref obj, const value& v, const std::string& name) const {
        return out_.effects.latest(output::mutation_kind::attribute, obj, name) ||
               out_.find_place(source_kind::attribute, obj.index + 1, name) || A::attribute(v, name).has_value();
    }

    /// The value at attribute `name` of the object or class tracker `obj` (whose value
    /// is `v`), built once; `describe` names `obj` in the reason when it cannot be read.
    template <class Describe>
    tracker_ref attribute(tracker_ref obj, const value& v, const std::string& name, Describe&& describe) {
        if (const auto* stored = out_.effects.latest(output::mutation_kind::attribute, obj, name)) return stored->value;
        const auto base = obj.index + 1;
        if (auto* known = out_.find_place(source_kind::attribute, base, name)) return *known;
        const auto& rec = out_.trackers[obj];
        if (!rec.source)
            give_up(reasons::unsupported_attribute, "attribute '", name, "' of ", describe(obj), " that has no source");
        std::optional<value> attr = A::attribute(v, name);
        if (!attr)
            give_up(reasons::unsupported_attribute, "attribute '", name, "' of ", A::type_name(v),
                    " is not statically readable");
        const source_ref source = out_.sources.attribute(*rec.source, name);
        auto r = build(*attr, source);
        out_.add_place(source_kind::attribute, base, name, r);
        return r;
    }

private:
    /// Whether frame values `a` and `b` (each guarded on its type) could be one object
    /// on another call: both lists, both dicts, or objects of one type.
    bool could_be_same(tracker_ref a, tracker_ref b) const {
        const auto kind = trackers::alias_kind(out_.trackers, a);
        if (kind != trackers::alias_kind(out_.trackers, b)) return false;
        if (kind != "object") return true;
        auto value_of = [&](tracker_ref r) {
            return trackers::family_answer<const value*>(
                out_.trackers, r, [](const auto& t) -> decltype(t.object_value()) { return t.object_value(); }, nullptr);
        };
        return A::type_identity(*value_of(a)) == A::type_identity(*value_of(b));
    }

    /// Makes the dynamic dimensions of tensor `v` (metadata `m`, read from `source`)
    /// symbols, as the code's record, the capture's mode and the value's own marks
    /// (`mark_dynamic`) say; sizes 0 and 1 stay static. Two dimensions of the same size
    /// share a symbol (duck sizing). Returns the (dimension, symbol) pairs.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> make_sizes_symbolic(const value& v, meta& m, source_ref source) {
        std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
        const auto mode = out_.dynamic_mode;
        symbolic::dynamic_dims* record = out_.dynamic_record;
        if (!record || mode == symbolic::dynamic_shapes::never) return out;
        const std::string name = out_.sources.guard_name(source);
        std::vector<std::int64_t> sizes;
        for (const sym_int& s : A::meta_sizes(m)) sizes.push_back(s.hint());
        if (mode == symbolic::dynamic_shapes::automatic) record->observe(name, sizes);
        const std::uint64_t marked = A::marked_dynamic(v);
        for (std::size_t d = 0; d < sizes.size(); ++d) {
            const bool dynamic = mode == symbolic::dynamic_shapes::always || record->is_dynamic(name, d) ||
                                 (d < symbolic::dynamic_dims::max_dims && (marked >> d & 1u));
            if (!dynamic || sizes[d] < 2) continue;
            const auto [size, symbol] = symbol_for(name + ".shape[" + std::to_string(d) + "]", sizes[d]);
            A::set_meta_size(m, d, size);
            out.emplace_back(static_cast<std::uint32_t>(d), symbol);
        }
        return out;
    }

    /// The symbol of a size or int traced as `hint`, read from `where`: an existing one
    /// with that hint (duck sizing, guarded equal), or a new one. With its index.
    std::pair<sym_int, std::uint32_t> symbol_for(std::string where, std::int64_t hint) {
        if (!out_.shapes) out_.shapes = std::make_shared<symbolic::shape_env>();
        symbolic::shape_env& env = *out_.shapes;
        const auto existing = env.symbol_with_hint(hint);
        const symbolic::atom_id atom = existing ? *existing : env.add_symbol(std::move(where), hint);
        return {sym_int::of_atom(env, atom), *env.as_symbol(symbolic::polynomial::atom(atom))};
    }

    /// Int local `v` (read from `source`) as a symbol, when the capture's mode or the
    /// code's record says it is dynamic: a graph input of its own, guarded on its type
    /// and, by the size guard, to be at least 2 (0 and 1 stay constants, as sizes do;
    /// so do negative ints) and to keep every relation the trace records. Only the
    /// frame's own locals are made symbols (arguments, and a resume function's stack
    /// values and locals): an int read from a global, a cell or an attribute stays a
    /// constant.
    std::optional<tracker_ref> symbolic_int(const value& v, source_ref source) {
        const auto mode = out_.dynamic_mode;
        symbolic::dynamic_dims* record = out_.dynamic_record;
        if (!record || mode == symbolic::dynamic_shapes::never) return std::nullopt;
        if (out_.sources[source].kind != source_kind::local) return std::nullopt;
        const auto i = fold::as_int(A::constant_of(v));
        if (!i) return std::nullopt;
        const std::string name = out_.sources.guard_name(source);
        const bool dynamic = mode == symbolic::dynamic_shapes::always ? true : record->observe_int(name, *i);
        if (!dynamic || *i < 2) return std::nullopt;
        const std::pair<sym_int, std::uint32_t> found = symbol_for(name, *i);
        const sym_int& size = found.first;
        const std::uint32_t symbol = found.second; // a plain name: clang 14 cannot capture a structured binding
        out_.add_guard(guard_kind::type_match, source, [&](auto& g) {
            g.expected_id = A::type_identity(v);
            g.type_name = A::type_name(v);
            g.symbol_dims = {{symbolic::whole_value, symbol}};
        });
        out_.inputs.emplace_back(out_.graph.add_size_placeholder(name, size), source);
        return out_.trackers.add(trackers::symbolic_size{size}, source);
    }

    void guard_distinct(tracker_ref a, tracker_ref b) {
        out_.add_guard(guard_kind::same_object, *out_.trackers[a].source, [&](auto& g) {
            g.other_source = *out_.trackers[b].source;
            g.expected_flag = false;
        });
    }

    /// Frame tensor `r`, just read, kept apart from the frame tensors the trace wrote in
    /// place before: the graph reads `r` as it was on entry, the program after the write.
    void keep_apart_from_written(tracker_ref r) {
        if (!trackers::memory_span_of(out_.trackers, r)) return; // holds no memory: no tensor
        for (tracker_ref written : out_.effects.targets())
            if (written != r && out_.effects.latest(output::mutation_kind::tensor, written) &&
                !keep_memory_apart(written, r))
                give_up(reasons::unsupported_mutation, "read of ", out_.sources.guard_name(*out_.trackers[r].source),
                        ", which shares memory with ", out_.sources.guard_name(*out_.trackers[written].source),
                        " that the trace wrote in place");
    }

    tracker_ref make(const value& v, source_ref source, int depth, value_kind kind) {
        switch (kind) {
        case value_kind::integer:
            if constexpr (SymbolicShapesAdapter<A>)
                if (auto r = symbolic_int(v, source)) return *r;
            [[fallthrough]];
        case value_kind::none:
        case value_kind::boolean:
        case value_kind::floating:
        case value_kind::string: {
            constant c = A::constant_of(v);
            out_.add_guard(guard_kind::constant_match, source, [&](auto& g) { g.expected_constant = c; });
            return out_.trackers.add(trackers::constant_value{std::move(c)}, source);
        }
        case value_kind::tensor: {
            meta m = A::tensor_meta_of(v);
            std::vector<std::pair<std::uint32_t, std::uint32_t>> symbol_dims;
            if constexpr (SymbolicShapesAdapter<A>) symbol_dims = make_sizes_symbolic(v, m, source);
            out_.add_guard(guard_kind::tensor_match, source, [&](auto& g) {
                g.expected_meta = m;
                g.symbol_dims = std::move(symbol_dims);
            });
            const std::string name = out_.sources.guard_name(source);
            lasso::graph::node n = out_.graph.add_placeholder(name, m);
            out_.inputs.emplace_back(n, source);
            trackers::tensor<meta> t{n, std::move(m)};
            if constexpr (TensorMutationAdapter<A>) std::tie(t.memory_begin, t.memory_end) = A::tensor_memory(v);
            return out_.trackers.add(std::move(t), source);
        }
        case value_kind::tuple:
        case value_kind::list: {
            if (depth >= max_depth) break;
            type_guard(v, source);
            if (kind == value_kind::list && python_container_methods<A>()) {
                // Its items are read when the trace needs them (read_list).
                out_.has_unread_lists = true;
                return out_.trackers.add(trackers::unread_list<value>{v, {}, depth}, source);
            }
            auto items = A::elements(v);
            out_.add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
            std::vector<tracker_ref> refs;
            refs.reserve(items.size());
            for (std::size_t i = 0; i < items.size(); ++i)
                refs.push_back(build(items[i], out_.sources.item(source, static_cast<std::int64_t>(i)), depth + 1));
            if (kind == value_kind::list) return out_.trackers.add(trackers::list{std::move(refs)}, source);
            return out_.trackers.add(trackers::tuple{std::move(refs)}, source);
        }
        case value_kind::dict: {
            if (depth >= max_depth) break;
            type_guard(v, source);
            auto items = A::dict_items(v);
            out_.add_guard(guard_kind::length_match, source, [&](auto& g) { g.expected_length = items.size(); });
            std::vector<std::pair<tracker_ref, tracker_ref>> refs;
            refs.reserve(items.size());
            for (auto& [key, item] : items) {
                auto item_ref = build(item, out_.sources.item(source, key), depth + 1);
                refs.emplace_back(out_.trackers.add(trackers::constant_value{constant{std::move(key)}}), item_ref);
            }
            return out_.trackers.add(trackers::dict{std::move(refs)}, source);
        }
        case value_kind::builtin: {
            identity_guard(v, source);
            builtin_behaviour b = A::builtin_behaviour(v);
            std::string name = b.name.empty() ? std::string(A::builtin_name(v)) : std::move(b.name);
            return out_.trackers.add(trackers::builtin<value>{v, std::move(name), false, b.kind}, source);
        }
        case value_kind::function: {
            if constexpr (InlineAdapter<A>) {
                // A function reached from the frame's locals or cells is guarded on its
                // code, not its identity: a closure made anew on every call (a def run
                // by the caller, or before a graph break) must not recompile. What the
                // trace relies on besides the code is read, and guarded, through sources
                // of its own (defaults, closure cells, attributes). Globals keep identity.
                const source_kind root = out_.sources[out_.sources.root(source)].kind;
                if (root == source_kind::local || root == source_kind::local_cell) {
                    const auto fn_code = A::function_code(v);
                    out_.add_guard(guard_kind::code_match, source,
                                   [&](auto& g) { g.expected_id = A::code_identity(fn_code); });
                    out_.identities.push_back(v); // keeps the code alive, so its identity is not reused
                    return out_.trackers.add(trackers::function<value>{v, {}, {}, {}}, source);
                }
            }
            identity_guard(v, source);
            if constexpr (InlineAdapter<A>) {
                if constexpr (mutable_function_code<A>()) {
                    // The same function object may run other code later.
                    const auto fn_code = A::function_code(v);
                    out_.add_guard(guard_kind::code_match, source,
                                   [&](auto& g) { g.expected_id = A::code_identity(fn_code); });
                }
            }
            return out_.trackers.add(trackers::function<value>{v, {}, {}, {}}, source);
        }
        case value_kind::type: {
            identity_guard(v, source);
            return out_.trackers.add(trackers::type<value>{v}, source);
        }
        case value_kind::other: break;
        }
        if constexpr (ContextManagerAdapter<A>) {
            if (auto b = A::context_manager_behaviour(v); b && b->kind == builtin_kind::context_manager) {
                type_guard(v, source);
                return out_.trackers.add(trackers::context_manager{std::move(b->name), b->state, b->state_value}, source);
            }
        }
        type_guard(v, source);
        return out_.trackers.add(trackers::object<value>{v}, source);
    }

    void type_guard(const value& v, source_ref source) {
        out_.add_guard(guard_kind::type_match, source, [&](auto& g) {
            g.expected_id = A::type_identity(v);
            g.type_name = A::type_name(v);
        });
    }
    void identity_guard(const value& v, source_ref source) {
        out_.add_guard(guard_kind::id_match, source, [&](auto& g) { g.expected_id = A::identity(v); });
        out_.identities.push_back(v);
    }

    Output& out_;
};

} // namespace lasso
