// lasso/output/reconstruct.hpp
//
// Bytecode that rebuilds trackers as interpreter values. A frame value is loaded again
// from its source (so the very same object comes back); every other tracker is rebuilt
// as its family says (the `rebuild` member of its type, trackers/*.hpp): a tensor the
// graph computed is read from the local its graph output was stored in, a constant is
// loaded, containers made during tracing are built from their items, an iterator is
// made again from the items it has not yet given (an iterator of a list: the list's,
// advanced once side effects are replayed), a function the trace made is made again
// from its code constant, an object of a user class made in the trace is made as a
// bare instance whose attributes are then stored (`InstanceAdapter`), a cell an
// inlined call made is made empty and then given its contents (`CellMakingAdapter`), a
// NULL marker is pushed as NULL. A family without `rebuild` cannot be rebuilt: the
// reason names it. The reconstructor gives the families the primitives they build
// with (below), and takes care of what they share: values used twice, cycles, and the
// size of the code.
//
// Values reached more than once (the same list on the stack and in a local, a tuple
// twice in a return value, an iterator both in a local and on the stack as a loop's)
// are built once and kept in a temporary local, so that the rebuilt values alias
// exactly as the traced ones did. A cycle through an object or a cell (a list holding
// an object whose attribute is the list) is built as the interpreter built it: the
// object first, the list next, and the attribute stored once the list exists. A list
// or dict that holds itself through containers (`l.append(l)`, a tuple in a list that
// holds the tuple) is built the same way: made empty, kept in a temporary, and filled
// item by item once every tuple being built around it exists (a tuple cannot be filled
// after it is made, so it is built from the lists it holds while they are still empty).
// `count` every root first, then `emit` each; what cannot be rebuilt throws
// `unsupported` naming it.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/behaviour.hpp>
#include <lasso/unsupported.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace lasso::output {

/// The graph's outputs, in output order: nodes, and symbolic sizes the graph computes.
using graph_outputs = std::vector<lasso::graph::argument>;

/// `name` as a local of `fields` (added if it is not one yet).
template <class Value> void ensure_local(bytecode::code_fields<Value>& fields, const std::string& name) {
    if (std::find(fields.varnames.begin(), fields.varnames.end(), name) == fields.varnames.end())
        fields.varnames.push_back(name);
}

template <class A, class Output> class reconstructor {
public:
    using adapter = A;
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using instruction = bytecode::instruction<A>;

    /// `output_locals[i]` is the local holding graph output `outputs[i]`; new temporaries
    /// are added to `fields`; instructions are appended to `body`.
    /// `rebuild_iterators`: whether iterators may be made again (for values live at a
    /// graph break; a returned iterator is not rebuilt, since its type would change).
    reconstructor(const Output& out, const graph_outputs& outputs, const std::vector<std::string>& output_locals,
                  bytecode::code_fields<value>& fields, std::vector<instruction>& body, bool rebuild_iterators)
        : out_(out),
          outputs_(outputs),
          output_locals_(output_locals),
          fields_(fields),
          body_(body),
          body_start_(body.size()),
          rebuild_iterators_(rebuild_iterators) {}

    /// The most instructions one reconstructor writes. Values that take more (a list
    /// of a million constants live at a graph break) are unsupported: the break is not
    /// made, or the frame runs eagerly, instead of writing code as long as the data.
    static constexpr std::size_t max_rebuild_instructions = std::size_t{1} << 16;
    /// The most items of an iterator that generated code pushes one by one as constants.
    static constexpr std::size_t max_constant_items = 4096;

    /// Notes one use of `r` (call for every value to rebuild, before any `emit`).
    void count(tracker_ref r) {
        const auto& record = out_.trackers[r];
        if (record.source || !trackers::built_once(out_.trackers, r)) return;
        if (uses_[r.index]++ > 0) return; // its parts are counted once: it is built once
        trackers::for_each_part(out_.trackers, r, [&](tracker_ref part) { count(part); });
    }

    /// Appends code that pushes the value of `r`.
    void emit(tracker_ref r) {
        if (auto temp = temps_.find(r.index); temp != temps_.end()) {
            push(op::load_fast, temp->second);
            return;
        }
        if (open_.contains(r.index)) // reached again through a value made whole, such as a function's defaults
            give_up(reasons::value_not_rebuildable,
                    "a list, tuple or dict that contains itself through a function's defaults (or another value made "
                    "whole) outlives the trace");
        if (body_.size() - body_start_ > max_rebuild_instructions)
            give_up(reasons::trace_too_long, "rebuilding the values live at the break or returned would take more than ",
                    std::to_string(max_rebuild_instructions), " instructions");
        const auto& record = out_.trackers[r];
        if (record.source) {
            reconstruct_source<A>(out_.sources, *record.source, body_, [](const source_key& k) -> value {
                return k.is_string ? A::value_of_constant(constant{k.text}) : A::value_of_constant(constant{k.integer});
            });
            return;
        }
        std::visit(
            [&](const auto& t) {
                if constexpr (requires { t.rebuild(*this, r); }) t.rebuild(*this, r);
                else cannot_rebuild(r);
            },
            record.data);
    }

    /// Advances the list iterators `emit` made to where the traced ones were: call
    /// after every value is rebuilt and the side effects are replayed, so that each
    /// list has the items its iterator went over.
    void advance_list_iterators() {
        for (const auto& [name, given] : pending_) {
            push(op::load_fast, name);
            skip_items(given);
            push(op::pop_top);
        }
        pending_.clear();
    }

    // ---- what the families build with ---------------------------------------------

    /// The translation whose trackers are rebuilt.
    const Output& output() const noexcept { return out_; }
    /// Whether iterators may be made again here (not for a return value).
    bool rebuilds_iterators() const noexcept { return rebuild_iterators_; }

    /// Appends an instruction of semantic op `o` (with its argument, if any).
    template <class... Arg> void push(op o, Arg&&... arg) {
        body_.push_back(bytecode::create_instruction<A>(o, std::forward<Arg>(arg)...));
    }
    void push_constant(const constant& c) { push(op::load_const, bytecode::constant_arg<value>{A::value_of_constant(c)}); }
    void push_value(const value& v) { push(op::load_const, bytecode::constant_arg<value>{v}); }
    /// Pushes graph output `node`, from the local its value was stored in.
    void push_output(lasso::graph::node node) {
        auto it = std::find(outputs_.begin(), outputs_.end(), lasso::graph::argument(node));
        if (it == outputs_.end())
            give_up(reasons::value_not_rebuildable, "a tensor to rebuild is neither a graph input nor a graph output");
        push(op::load_fast, output_locals_[static_cast<std::size_t>(it - outputs_.begin())]);
    }
    /// Pushes symbolic size `s`, a graph output (the compiled graph computes it from
    /// the call's sizes).
    void push_size(const sym_int& s) {
        auto it = std::find(outputs_.begin(), outputs_.end(), lasso::graph::argument(s));
        if (it == outputs_.end()) give_up(reasons::value_not_rebuildable, "a size to rebuild is not a graph output");
        push(op::load_fast, output_locals_[static_cast<std::size_t>(it - outputs_.begin())]);
    }

    /// Builds `self` from its parts: `emit_parts` pushes them, then `build` (build_tuple,
    /// build_list, build_map) with argument `count` makes the container. While its parts
    /// are built, a part that holds it is a cycle through containers alone (which no
    /// expression builds); stores into objects that reach it wait until it exists.
    template <class EmitParts> void build_from_parts(tracker_ref self, op build, std::size_t count, EmitParts&& emit_parts) {
        open_.insert(self.index);
        emit_parts();
        push(build, static_cast<std::int64_t>(count));
        open_.erase(self.index);
        keep_if_reused(self);
        if (open_.empty()) store_deferred();
    }

    /// Whether `self` (a list or dict) reaches itself through containers alone, so that
    /// no expression builds it: it must be made empty and filled after (`build_empty`).
    bool holds_itself(tracker_ref self) const {
        std::unordered_set<std::uint32_t> seen;
        std::vector<tracker_ref> todo;
        trackers::for_each_part(out_.trackers, self, [&](tracker_ref part) { todo.push_back(part); });
        while (!todo.empty()) {
            const tracker_ref next = todo.back();
            todo.pop_back();
            if (next == self) return true;
            if (!seen.insert(next.index).second || temps_.contains(next.index) || out_.trackers[next].source ||
                !trackers::built_from_parts(out_.trackers, next))
                continue;
            trackers::for_each_part(out_.trackers, next, [&](tracker_ref part) { todo.push_back(part); });
        }
        return false;
    }
    /// Pushes `self` made empty by `build` (build_list or build_map with no items) and
    /// keeps it in a temporary, so that its parts refer back to it. Its family's
    /// `fill(r, self)` gives it its items (`append_item`, `store_item`) now, or, while a
    /// tuple around it is being built, once that tuple exists.
    void build_empty(tracker_ref self, op build) {
        push(build, std::int64_t{0});
        push(op::copy, std::int64_t{1});
        const std::string name = into_temp(self);
        if (!open_.empty()) {
            deferred_fills_.emplace_back(self, name);
            return;
        }
        fill(self);
    }
    /// With a list on the stack: appends `item` to it.
    void append_item(tracker_ref item) {
        emit(item);
        push(op::list_append, std::int64_t{1});
    }
    /// With a dict on the stack: stores `item` under `key` in it.
    void store_item(tracker_ref key, tracker_ref item) {
        emit(item);
        push(op::copy, std::int64_t{2});
        emit(key);
        push(op::store_subscr);
    }

    /// After `r` was built on the stack: keeps a copy in a temporary when it is used again.
    void keep_if_reused(tracker_ref r) {
        if (uses_[r.index] <= 1) return;
        push(op::copy, std::int64_t{1});
        into_temp(r);
    }
    /// Stores the value on top of the stack, `r` built, into a new temporary that every
    /// later `emit(r)` loads; returns its name.
    std::string into_temp(tracker_ref r) {
        std::string name = "__lasso_tmp_" + std::to_string(temps_.size());
        ensure_local(fields_, name);
        push(op::store_fast, name);
        temps_.emplace(r.index, name);
        return name;
    }

    /// Stores `item` as attribute `attribute` of the object in temporary `object` (an
    /// object's attribute, a new cell's contents). When `item` reaches a container still
    /// being built (the object is one of its items), the store waits until the
    /// outermost container under construction is built.
    void store_attribute(const std::string& object, const std::string& attribute, tracker_ref item) {
        if (reaches_open_container(item)) {
            deferred_.push_back({object, attribute, item});
            return;
        }
        emit(item);
        push(op::load_fast, object);
        push(op::store_attr, attribute);
    }

    /// The new cells made so far that wait for their contents (a count, for
    /// `fill_cells_from`).
    std::size_t unfilled_cells() const noexcept { return unfilled_cells_.size(); }
    /// A new cell in temporary `cell` gets `contents` once `fill_cells_from` runs.
    void fill_later(tracker_ref contents, std::string cell) { unfilled_cells_.emplace_back(contents, std::move(cell)); }
    /// Gives the cells made since `start` their contents (newest first).
    void fill_cells_from(std::size_t start) {
        while (unfilled_cells_.size() > start) {
            const auto [contents, name] = unfilled_cells_.back();
            unfilled_cells_.pop_back();
            store_attribute(name, "cell_contents", contents);
        }
    }

    /// A host function of the adapter, made once per reconstructor under `name`.
    template <class Make> const value& host_function(const char* name, Make&& make) {
        for (const auto& [n, v] : host_functions_)
            if (std::string_view(n) == name) return v;
        host_functions_.emplace_back(name, make());
        return host_functions_.back().second;
    }

    /// With a new iterator on the stack: when it must give up `given` items first,
    /// keeps it in a temporary for `advance_list_iterators`.
    void defer_advance(std::size_t given) {
        if (given == 0) return;
        std::string name = "__lasso_iter_" + std::to_string(pending_.size());
        ensure_local(fields_, name);
        push(op::copy, std::int64_t{1});
        push(op::store_fast, name);
        pending_.emplace_back(std::move(name), given);
    }

    /// With an iterator on the stack: takes `given` items from it, raising if it runs
    /// out first (a broken invariant: the items exist).
    void skip_items(std::size_t given) {
        using bytecode::create_instruction;
        instruction exhausted = bytecode::create_load_none<A>();
        instruction done = create_instruction<A>(op::nop);
        for (std::size_t i = 0; i < given; ++i) {
            push(op::for_iter, bytecode::jump_target{exhausted.id});
            push(op::pop_top);
        }
        push(op::jump, bytecode::jump_target{done.id});
        body_.push_back(std::move(exhausted));
        push(op::raise_varargs, std::int64_t{1});
        body_.push_back(std::move(done));
    }

    /// Pushes an iterator over `iterable` that has given `given` of its `length` items
    /// (its family's `rebuild_iterator`).
    void emit_iterator_of(tracker_ref iterable, std::size_t given, std::size_t length) {
        std::visit(
            [&](const auto& t) {
                if constexpr (requires { t.rebuild_iterator(*this, iterable, given, length); })
                    t.rebuild_iterator(*this, iterable, given, length);
                else cannot_rebuild(iterable);
            },
            out_.trackers[iterable].data);
    }

    /// Gives up on a tracker whose family cannot be rebuilt in generated code.
    [[noreturn]] void cannot_rebuild(tracker_ref r) const {
        give_up(reasons::value_not_rebuildable,
                "a value made during tracing that is not a tensor, constant, container or iterator cannot be "
                "rebuilt in generated code (",
                describe(r), ")");
    }

private:
    std::string describe(tracker_ref r) const {
        return trackers::describe(
            out_.trackers, r, [](const value& v) { return std::string(A::type_name(v)); },
            [](tracker_ref) { return std::string("<anonymous>"); });
    }

    void store_deferred() {
        auto fills = std::move(deferred_fills_);
        deferred_fills_.clear();
        for (const auto& [container, name] : fills) {
            push(op::load_fast, name);
            fill(container);
            push(op::pop_top);
        }
        auto stores = std::move(deferred_);
        deferred_.clear();
        for (const auto& s : stores) store_attribute(s.object, s.attribute, s.item);
    }
    /// With `container`, made empty, on the stack: gives it its items (its family's `fill`).
    void fill(tracker_ref container) {
        std::visit(
            [&](const auto& t) {
                if constexpr (requires { t.fill(*this, container); }) t.fill(*this, container);
                else cannot_rebuild(container);
            },
            out_.trackers[container].data);
    }
    /// Whether building `r` would build a container that is being built: one of the
    /// containers in `open_`, reached through parts that are not built yet.
    bool reaches_open_container(tracker_ref r) const {
        if (open_.empty()) return false;
        std::vector<bool> seen(out_.trackers.size(), false);
        std::vector<tracker_ref> todo{r};
        while (!todo.empty()) {
            const tracker_ref next = todo.back();
            todo.pop_back();
            if (next.index >= seen.size() || seen[next.index]) continue;
            seen[next.index] = true;
            if (temps_.contains(next.index) || out_.trackers[next].source) continue;
            if (open_.contains(next.index)) return true;
            trackers::for_each_part(out_.trackers, next, [&](tracker_ref part) { todo.push_back(part); });
        }
        return false;
    }

    const Output& out_;
    const graph_outputs& outputs_;
    const std::vector<std::string>& output_locals_;
    bytecode::code_fields<value>& fields_;
    std::vector<instruction>& body_;
    std::size_t body_start_ = 0; ///< the size of `body_` before this reconstructor wrote
    bool rebuild_iterators_ = false;
    std::unordered_map<std::uint32_t, int> uses_;
    std::unordered_map<std::uint32_t, std::string> temps_;
    std::vector<std::pair<std::string, std::size_t>> pending_;  ///< list iterators to advance
    std::vector<std::pair<const char*, value>> host_functions_; ///< made once (new instances, new cells)
    /// Cells made but not filled yet: their contents and temporaries.
    std::vector<std::pair<tracker_ref, std::string>> unfilled_cells_;
    std::unordered_set<std::uint32_t> open_; ///< containers whose items are being built
    struct deferred_store {
        std::string object, attribute;
        tracker_ref item;
    };
    std::vector<deferred_store> deferred_; ///< stores waiting for `open_` to empty
    /// Containers made empty while a tuple around them was being built: each waits,
    /// in its temporary, for `open_` to empty to be filled.
    std::vector<std::pair<tracker_ref, std::string>> deferred_fills_;
};

} // namespace lasso::output
