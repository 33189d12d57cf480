// lasso/output/output_graph.hpp
//
// What one capture builds, shared by every translator that works on it (the frame's
// own and, when calls are inlined, those of the callees): the graph, the trackers, the
// sources of frame values, the guards, the graph's inputs and the places already read
// (globals and attributes, so that reading one twice gives one tracker and one set of
// guards).
//
// `checkpoint()` / `restore()` cover all of it. Everything here grows by appending, so
// a restore is mostly truncation; the exception is a tracker edited in place (a list
// created during tracing that is appended to, a cell that is stored into, an iterator
// that advances). Such edits go through `edit<T>(r)`, which saves the tracker's old
// value first when it existed at the newest checkpoint, and `restore` puts those back.
// The side-effect record is truncated with the rest.
// Code that keeps tracker handles of its own (a translator's cache of constant
// trackers) compares `generation()`, which every restore advances.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/global_state.hpp>
#include <lasso/graph.hpp>
#include <lasso/guards/guard.hpp>
#include <lasso/output/side_effects.hpp>
#include <lasso/sources.hpp>
#include <lasso/symbolic/dynamic_dims.hpp>
#include <lasso/symbolic/shape_env.hpp>
#include <lasso/trackers/tracker.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace lasso {

template <class A, class TrackerList> class output_graph {
public:
    using adapter = A;
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using variant = tracker_variant_t<TrackerList>;

    lasso::graph::graph<meta> graph;
    /// The graph's placeholders with the sources they are read from, in creation order.
    std::vector<std::pair<lasso::graph::node, source_ref>> inputs;
    source_table<value> sources;
    std::vector<guard<meta>> guards;
    tracker_arena<variant> trackers;
    /// Values whose identity a guard checks. The cache entry made from this graph keeps
    /// them alive, so that no other object can take the address a guard expects.
    std::vector<value> identities;
    /// The identities (`A::identity`) of the frame values behind the trackers the
    /// builder made for objects (not constants), by tracker index in creation order:
    /// what `is` between two of them compares at trace time, under a guard.
    std::vector<std::pair<std::uint32_t, std::uintptr_t>> frame_identities;
    /// Cell objects the trace reached through closures made outside it, and the frame's
    /// free cells, by identity (translator/cell_identity.hpp): one tracker per cell, and
    /// the source that reaches the cell object (for identity guards).
    struct cell_entry {
        std::uintptr_t identity = 0;
        tracker_ref cell;
        source_ref object;
        std::optional<value> cell_object;          ///< the cell itself, for one that is not the frame's
        std::optional<tracker_ref> object_tracker; ///< tracks `cell_object` once a store made one
    };
    std::vector<cell_entry> cells;
    /// Whether the builder made a `trackers::unread_list`: until then no instruction
    /// needs to look for one among its operands (translator/unread_lists.hpp).
    bool has_unread_lists = false;
    /// Mutations of values that existed before the trace, to replay after the graph.
    output::side_effects effects;
    /// The traced values of the global-state variables (lasso/global_state.hpp) at this
    /// point of the trace: what `is_grad_enabled()` reads here. Read them through
    /// `read_traced_state` and change them through `set_traced_state`, which keep the
    /// guards.
    std::vector<bool> global_state;
    /// Per variable, whether the entry depends on its traced value no more: it is
    /// guarded, or the trace set it. A variable declared `explicit_reads_only` starts
    /// unsettled, and its first read settles it with a guard.
    std::vector<bool> global_state_settled;
    /// How many graph nodes set global state (the rest of `graph.call_count()` are
    /// operations).
    std::size_t state_nodes = 0;
    /// How many `with` blocks of objects of interpreted classes the trace entered
    /// (translator/user_context_managers.hpp): if the graph raises, the frame must run
    /// again eagerly, so that their `__exit__` runs.
    std::size_t user_blocks = 0;
    /// While a higher-order operator's function is traced: how many trackers there were
    /// when it started. Those made before belong to the enclosing trace, which the
    /// function must not edit (translator/higher_order.hpp).
    std::uint32_t operator_function_floor = 0;
    /// How many instructions the trace evaluated under the handler of a try block: if
    /// the graph raises, the frame must run again eagerly, so that the handler runs.
    std::size_t handled_instructions = 0;
    /// Items of the lists and tuples the trace built or grew, in all (checkpoints do not
    /// take them back): bounded by `Config::max_traced_sequence_items`.
    std::size_t traced_sequence_items = 0;
    /// Symbolic sizes (lasso/symbolic/): the shape environment, made with the first
    /// symbol and shared with the cache entry and the graph's metadata; the code's record
    /// of dynamic dimensions (none: every dimension static) and how this capture uses it.
    /// Checkpoints do not take symbols or relations back: a relation learned in an
    /// evaluation that was taken back still held for the traced sizes.
    std::shared_ptr<symbolic::shape_env> shapes;
    symbolic::dynamic_dims* dynamic_record = nullptr;
    symbolic::dynamic_shapes dynamic_mode = symbolic::dynamic_shapes::automatic;

    /// Whether the graph holds an operation besides nodes that set global state.
    bool has_operations() const noexcept { return graph.call_count() > state_nodes; }

    output_graph() = default;
    output_graph(output_graph&&) noexcept = default;
    output_graph& operator=(output_graph&&) noexcept = default;

    // ---- places already read ------------------------------------------------------

    /// A global (`base` 0) or an attribute of tracker `base - 1`, read once.
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
    void add_place(source_kind kind, std::uint32_t base, std::string name, tracker_ref tracker) {
        places_.push_back({base, kind, std::move(name), tracker});
    }

    // ---- guards -------------------------------------------------------------------

    /// Adds a guard of `kind` on `source`; `fill(g)` sets what it expects.
    template <class Fill> void add_guard(guard_kind kind, std::optional<source_ref> source, Fill&& fill) {
        guard<meta> g;
        g.kind = kind;
        g.source = source;
        fill(g);
        guards.push_back(std::move(g));
    }

    // ---- global state ---------------------------------------------------------------

    /// Starts the trace in the interpreter's state `now`: guards every variable but
    /// those that only explicit reads depend on (their guard waits for a read).
    void start_traced_states(std::vector<bool> now) {
        const auto variables = global_states<A>();
        global_state = std::move(now);
        global_state_settled.assign(global_state.size(), false);
        for (std::size_t i = 0; i < global_state.size(); ++i)
            if (i >= variables.size() || !variables[i].explicit_reads_only) guard_traced_state(i);
    }

    /// The traced value of variable `i`, read by the trace (folded into a constant, or
    /// saved to be put back): guarded unless the trace set it or guarded it already.
    bool read_traced_state(std::size_t i) {
        if (!global_state_settled.at(i)) guard_traced_state(i);
        return global_state[i];
    }

    /// The trace sets variable `i` to `on` (the graph node that does it is the caller's).
    void set_traced_state(std::size_t i, bool on) {
        global_state.at(i) = on;
        global_state_settled[i] = true;
    }

    /// Adds the guard on symbolic sizes (lasso/guards/size_guards.hpp) when the trace
    /// made symbols: last, after the tensor guards that read them. Called once, when the
    /// translation is done.
    void add_size_guard() {
        if (shapes) add_guard(guard_kind::sizes, std::nullopt, [&](auto& g) { g.shapes = shapes; });
    }

    /// Guards variable `i` on the value the trace started from (a variable is guarded
    /// before the trace sets it, so that value is still `global_state[i]`).
    void guard_traced_state(std::size_t i) {
        add_guard(guard_kind::global_state, std::nullopt, [&](auto& g) {
            g.expected_length = i;
            g.expected_flag = global_state[i];
        });
        global_state_settled[i] = true;
    }

    /// The identity of the frame value behind tracker `r`, if the builder made it.
    std::optional<std::uintptr_t> frame_identity(tracker_ref r) const {
        auto at = std::lower_bound(frame_identities.begin(), frame_identities.end(), r.index,
                                   [](const auto& entry, std::uint32_t index) { return entry.first < index; });
        if (at == frame_identities.end() || at->first != r.index) return std::nullopt;
        return at->second;
    }

    // ---- trackers edited in place -------------------------------------------------

    /// Tracker `r` as a `T` to change in place (nullptr if it is another kind). Its
    /// value is saved first when a checkpoint could need it back.
    template <class T> T* edit(tracker_ref r) {
        T* t = trackers.template get_if<T>(r);
        if (t && r.index < undo_floor_)
            undo_.push_back([r, old = *t](tracker_arena<variant>& arena) { *arena.template get_if<T>(r) = old; });
        return t;
    }

    /// Makes tracker `r`, a `From`, into `replacement` (a list read at last, say), its
    /// handle unchanged; the old value is saved first when a checkpoint could need it.
    template <class From, class To> void replace(tracker_ref r, To replacement) {
        auto& data = trackers[r].data;
        if (r.index < undo_floor_)
            undo_.push_back([r, old = std::get<From>(data)](tracker_arena<variant>& arena) {
                arena[r].data.template emplace<From>(old);
            });
        data.template emplace<To>(std::move(replacement));
    }

    // ---- checkpoint and restore ---------------------------------------------------

    struct checkpoint_t {
        typename lasso::graph::graph<meta>::timestamp graph_point = 0;
        std::size_t trackers = 0, sources = 0, guards = 0, inputs = 0, places = 0, undo = 0, identities = 0, effects = 0,
                    cells = 0;
        std::uint32_t undo_floor = 0;
        std::vector<bool> global_state = {};
        std::vector<bool> global_state_settled = {};
        std::size_t state_nodes = 0;
        std::size_t user_blocks = 0;
        std::size_t handled_instructions = 0;
    };

    /// The state now; `restore` returns to it. Checkpoints nest: restoring one
    /// forgets those taken after it.
    checkpoint_t checkpoint() {
        checkpoint_t cp{graph.checkpoint(),   trackers.size(), sources.size(), guards.size(),
                        inputs.size(),        places_.size(),  undo_.size(),   identities.size(),
                        effects.size(),       cells.size(),    undo_floor_,    global_state,
                        global_state_settled, state_nodes,     user_blocks,    handled_instructions};
        undo_floor_ = static_cast<std::uint32_t>(trackers.size());
        return cp;
    }

    /// Undoes everything done since `cp`: trackers edited in place get their old
    /// values back, and every tracker, node, source, guard, input and place added since
    /// is forgotten (their handles become invalid).
    void restore(const checkpoint_t& cp) {
        if (cp.undo > undo_.size() || cp.trackers > trackers.size())
            throw std::logic_error("output_graph::restore: the checkpoint is newer than the state (restored twice?)");
        while (undo_.size() > cp.undo) {
            undo_.back()(trackers);
            undo_.pop_back();
        }
        trackers.rollback(static_cast<typename tracker_arena<variant>::checkpoint_t>(cp.trackers));
        graph.rollback(cp.graph_point);
        sources.truncate(cp.sources);
        guards.erase(guards.begin() + static_cast<std::ptrdiff_t>(cp.guards), guards.end());
        inputs.erase(inputs.begin() + static_cast<std::ptrdiff_t>(cp.inputs), inputs.end());
        places_.erase(places_.begin() + static_cast<std::ptrdiff_t>(cp.places), places_.end());
        identities.erase(identities.begin() + static_cast<std::ptrdiff_t>(cp.identities), identities.end());
        effects.truncate(cp.effects);
        while (!frame_identities.empty() && frame_identities.back().first >= cp.trackers) frame_identities.pop_back();
        cells.resize(std::min(cells.size(), cp.cells));
        for (auto& e : cells) // a store since made a tracker of an older cell
            if (e.object_tracker && e.object_tracker->index >= cp.trackers) e.object_tracker.reset();
        undo_floor_ = cp.undo_floor;
        global_state = cp.global_state;
        global_state_settled = cp.global_state_settled;
        state_nodes = cp.state_nodes;
        user_blocks = cp.user_blocks;
        handled_instructions = cp.handled_instructions;
        ++generation_;
    }

    /// Whether a tracker that existed at `cp` was changed in place since (a mutation of
    /// something older than the checkpoint).
    bool edited_since(const checkpoint_t& cp) const noexcept { return undo_.size() > cp.undo; }
    /// Keeps everything done since `cp`, which was taken only to watch for edits:
    /// edits are saved again from the checkpoint before it.
    void release(const checkpoint_t& cp) noexcept { undo_floor_ = cp.undo_floor; }

    /// Advances on every restore.
    std::uint32_t generation() const noexcept { return generation_; }

private:
    std::vector<place> places_;
    std::vector<std::function<void(tracker_arena<variant>&)>> undo_;
    /// Trackers below this index existed at the newest checkpoint: edits to them are saved.
    std::uint32_t undo_floor_ = 0;
    std::uint32_t generation_ = 0;
};

} // namespace lasso
