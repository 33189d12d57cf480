// lasso/output/reconstruct.hpp
//
// Bytecode that rebuilds trackers as interpreter values: a frame value is loaded again
// from its source (so the very same object comes back), a tensor the graph computed is
// read from the local its graph output was stored in, a constant is loaded, containers
// made during tracing are built from their items, an iterator is made again from the
// items it has not yet given (an iterator of a list: the list's, advanced once side
// effects are replayed), a function the trace made is made again from its code
// constant, an object of a user class made in the trace is made as a bare instance
// whose attributes are then stored (`InstanceAdapter`), a cell an inlined call made is
// made empty and then given its contents (`CellMakingAdapter`), a NULL marker is pushed
// as NULL.
//
// Values reached more than once (the same list on the stack and in a local, a tuple
// twice in a return value, an iterator both in a local and on the stack as a loop's)
// are built once and kept in a temporary local, so that the rebuilt values alias
// exactly as the traced ones did. A cycle through an object or a cell (a list holding
// an object whose attribute is the list) is built as the interpreter built it: the
// object first, the list next, and the attribute stored once the list exists. A
// container that holds itself through containers alone cannot be built by one
// expression and is unsupported. `count` every root first, then `emit` each; what
// cannot be rebuilt throws `unsupported` naming it.
#pragma once

#include <lasso/adapter.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/constant.hpp>
#include <lasso/graph.hpp>
#include <lasso/sources.hpp>
#include <lasso/trackers/defaults.hpp>
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

/// The graph's outputs, in output order.
using graph_outputs = std::vector<lasso::graph::node>;

/// `name` as a local of `fields` (added if it is not one yet).
template <class Value> void ensure_local(bytecode::code_fields<Value>& fields, const std::string& name) {
    if (std::find(fields.varnames.begin(), fields.varnames.end(), name) == fields.varnames.end())
        fields.varnames.push_back(name);
}

template <class A, class Output> class reconstructor {
public:
    using value = typename A::value;
    using meta = typename A::tensor_meta;
    using instruction = bytecode::instruction<A>;

    /// `output_locals[i]` is the local holding graph output `outputs[i]`; new temporaries
    /// are added to `fields`; instructions are appended to `body`.
    /// `rebuild_iterators`: whether iterators may be made again (for values live at a
    /// graph break; a returned iterator is not rebuilt, since its type would change).
    reconstructor(const Output& out, const graph_outputs& outputs, const std::vector<std::string>& output_locals,
                  bytecode::code_fields<value>& fields, std::vector<instruction>& body, bool rebuild_iterators)
        : out_(out), outputs_(outputs), output_locals_(output_locals), fields_(fields), body_(body),
          body_start_(body.size()), rebuild_iterators_(rebuild_iterators) {}

    /// The most instructions one reconstructor writes. Values that take more (a list
    /// of a million constants live at a graph break) are unsupported: the break is not
    /// made, or the frame runs eagerly, instead of writing code as long as the data.
    static constexpr std::size_t max_rebuild_instructions = std::size_t{1} << 16;

    /// Notes one use of `r` (call for every value to rebuild, before any `emit`).
    void count(tracker_ref r) {
        const auto& record = out_.trackers[r];
        if (record.source || !is_object(r)) return;
        if (uses_[r.index]++ > 0) return; // its items are counted once: it is built once
        for_each_item(r, [&](tracker_ref item) { count(item); });
    }

    /// Appends code that pushes the value of `r`.
    void emit(tracker_ref r) {
        using bytecode::create_instruction;
        if (auto temp = temps_.find(r.index); temp != temps_.end()) {
            push(create_instruction<A>(op::load_fast, temp->second));
            return;
        }
        if (open_.contains(r.index)) give_up("a list, tuple or dict that contains itself outlives the trace");
        if (body_.size() - body_start_ > max_rebuild_instructions)
            give_up("rebuilding the values live at the break or returned would take more than ",
                    std::to_string(max_rebuild_instructions), " instructions");
        const auto& record = out_.trackers[r];
        if (record.source) {
            reconstruct_source<A>(out_.sources, *record.source, body_, [](const source_key& k) -> value {
                return k.is_string ? A::value_of_constant(constant{k.text}) : A::value_of_constant(constant{k.integer});
            });
            return;
        }
        if (auto* t = out_.trackers.template get_if<trackers::tensor<meta>>(r)) {
            auto it = std::find(outputs_.begin(), outputs_.end(), t->node);
            if (it == outputs_.end()) give_up("a tensor to rebuild is neither a graph input nor a graph output");
            push(create_instruction<A>(op::load_fast, output_locals_[static_cast<std::size_t>(it - outputs_.begin())]));
            return;
        }
        if (auto* c = out_.trackers.template get_if<trackers::constant_value>(r)) {
            push_constant(c->value);
            return;
        }
        if (out_.trackers.template get_if<trackers::null>(r)) {
            push(create_instruction<A>(op::push_null));
            return;
        }
        if (auto* s = out_.trackers.template get_if<trackers::slice>(r)) {
            for (const auto& bound : {s->start, s->stop, s->step})
                push_constant(bound ? constant{*bound} : constant{none_t{}});
            push(create_instruction<A>(op::build_slice, std::int64_t{3}));
            return;
        }
        if (auto* m = out_.trackers.template get_if<trackers::context_manager>(r)) {
            // A context manager made in the trace (`no_grad()`): made again by its call.
            if (m->entered || m->call.empty() || !out_.trackers[m->call[0]].source)
                give_up("a context manager that generated code cannot make again (", m->name, ")");
            push(create_instruction<A>(op::push_null));
            for (tracker_ref part : m->call) emit(part);
            push(create_instruction<A>(op::call, static_cast<std::int64_t>(m->call.size() - 1)));
            keep_if_reused(r);
            return;
        }
        if (auto* it = out_.trackers.template get_if<trackers::iterator>(r); it && rebuild_iterators_ && !it->call.empty()) {
            // An iterator made by a builtin over lists: called again, advanced once the
            // lists have their final items (`advance_list_iterators`).
            for (std::size_t i = 1; i < it->call.size(); ++i)
                if (auto* list = out_.trackers.template get_if<trackers::list>(it->call[i]);
                    list && it->position > list->items.size())
                    give_up("an iterator over a list is past the end of the list");
            if (!out_.trackers[it->call[0]].source) give_up("the builtin that made an iterator has no source");
            push(create_instruction<A>(op::push_null));
            for (tracker_ref part : it->call) emit(part);
            push(create_instruction<A>(op::call, static_cast<std::int64_t>(it->call.size() - 1)));
            defer_advance(it->position);
            keep_if_reused(r);
            return;
        }
        if (auto* it = out_.trackers.template get_if<trackers::iterator>(r); it && rebuild_iterators_) {
            // An iterator is made again from the items it has not given yet.
            std::int64_t n = 0;
            if (!it->lazy) {
                for (std::size_t i = it->position; i < it->items.size(); ++i, ++n) emit(it->items[i]);
            } else if (auto* range = out_.trackers.template get_if<trackers::range>(*it->lazy)) {
                if (range->maker && out_.trackers[*range->maker].source) {
                    // The range of the items not given yet, made by the same builtin:
                    // code of the same size for any number of items.
                    emit_range(*range, it->position);
                    push(create_instruction<A>(op::get_iter));
                    keep_if_reused(r);
                    return;
                }
                if (it->length - it->position > max_constant_items)
                    give_up("an iterator of a range with ", std::to_string(it->length - it->position),
                            " items left, made by a builtin generated code cannot load");
                for (std::size_t i = it->position; i < it->length; ++i, ++n) push_constant(constant{range->item(i)});
            } else if (out_.trackers.template get_if<trackers::list>(*it->lazy) ||
                       out_.trackers.template get_if<trackers::dict>(*it->lazy)) {
                // An iterator of the list or dict itself, advanced once it has its final
                // items (after side effects are replayed: `advance_list_iterators`).
                const auto* list = out_.trackers.template get_if<trackers::list>(*it->lazy);
                if (list && it->position > list->items.size()) give_up("a list iterator is past the end of its list");
                emit(*it->lazy);
                push(create_instruction<A>(op::get_iter));
                defer_advance(it->position);
                keep_if_reused(r);
                return;
            } else {
                emit_row_iterator(*it->lazy, it->position);
                keep_if_reused(r);
                return;
            }
            push(create_instruction<A>(op::build_tuple, n));
            push(create_instruction<A>(op::get_iter));
            keep_if_reused(r);
            return;
        }
        if (auto* g = out_.trackers.template get_if<trackers::range>(r); g && g->maker && out_.trackers[*g->maker].source) {
            emit_range(*g, 0);
            keep_if_reused(r);
            return;
        }
        if (auto* m = out_.trackers.template get_if<trackers::made_function<value>>(r)) {
            // A function the trace made is made again from its code constant, and its
            // closure from the frame's cells.
            if (m->defaults) emit(*m->defaults);
            const std::size_t cells_before = unfilled_cells_.size();
            if (m->closure) {
                const auto* cells = out_.trackers.template get_if<trackers::tuple>(*m->closure);
                if (!cells) give_up("a closure to rebuild is not a tuple of cells");
                for (tracker_ref c : cells->items) {
                    const auto* cell = out_.trackers.template get_if<trackers::cell>(c);
                    if (made_cell(c)) {
                        emit(c);
                        continue;
                    }
                    if (!cell || cell->name.empty())
                        give_up("a function made in the trace outlives it with a cell that is not the frame's (a cell of an inlined call)");
                    push(create_instruction<A>(op::load_closure, cell->name));
                }
                push(create_instruction<A>(op::build_tuple, static_cast<std::int64_t>(cells->items.size())));
            }
            push(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{m->code}));
            namespace flag = bytecode::make_function_flags;
            push(create_instruction<A>(op::make_function,
                                       (m->defaults ? flag::defaults : 0) | (m->closure ? flag::closure : 0)));
            keep_if_reused(r);
            // The new cells get their contents once the function exists: a function
            // that closes over itself (a recursive def) finds itself in its cell.
            while (unfilled_cells_.size() > cells_before) {
                const auto [contents, name] = unfilled_cells_.back();
                unfilled_cells_.pop_back();
                store_attribute(name, "cell_contents", contents);
            }
            return;
        }
        if (auto* o = out_.trackers.template get_if<trackers::new_object<value>>(r)) {
            emit_new_object(r, *o);
            return;
        }
        if (auto* c = out_.trackers.template get_if<trackers::cell>(r); c && c->made_in_trace) {
            emit_new_cell(r, *c);
            return;
        }
        if (!is_container(r))
            give_up("a value made during tracing that is not a tensor, constant, container or iterator cannot be "
                    "rebuilt in generated code");
        std::int64_t n = 0;
        open_.insert(r.index);
        for_each_item(r, [&](tracker_ref item) {
            emit(item);
            ++n;
        });
        if (out_.trackers.template get_if<trackers::tuple>(r)) push(create_instruction<A>(op::build_tuple, n));
        else if (out_.trackers.template get_if<trackers::list>(r)) push(create_instruction<A>(op::build_list, n));
        else push(create_instruction<A>(op::build_map, n / 2));
        open_.erase(r.index);
        keep_if_reused(r);
        if (open_.empty()) store_deferred();
    }

    /// Advances the list iterators `emit` made to where the traced ones were: call
    /// after every value is rebuilt and the side effects are replayed, so that each
    /// list has the items its iterator went over.
    void advance_list_iterators() {
        using bytecode::create_instruction;
        for (const auto& [name, given] : pending_) {
            push(create_instruction<A>(op::load_fast, name));
            skip_items(given);
            push(create_instruction<A>(op::pop_top));
        }
        pending_.clear();
    }

private:
    /// An object made in the trace (`InstanceAdapter`): a bare instance of its class,
    /// kept in a temporary before its attributes are stored, so that an attribute that
    /// refers back to the object (directly or through containers) finds it built.
    void emit_new_object(tracker_ref r, const trackers::new_object<value>& o) {
        using bytecode::create_instruction;
        if constexpr (InstanceAdapter<A>) {
            if (!out_.trackers[o.class_tracker].source)
                give_up("an object made in the trace outlives it, and its class has no source to load it from");
            if (!instance_maker_)
                instance_maker_ = A::make_host_function("lasso_new_instance", [](std::span<const value> args) -> value {
                    if (args.size() != 1) throw std::logic_error("lasso_new_instance takes a class");
                    return A::new_instance(args[0]);
                });
            push(create_instruction<A>(op::push_null));
            push(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{*instance_maker_}));
            emit(o.class_tracker);
            push(create_instruction<A>(op::call, std::int64_t{1}));
            const std::string name = into_temp(r);
            for (const auto& [attribute, item] : o.attributes) store_attribute(name, attribute, item);
            push(create_instruction<A>(op::load_fast, name));
        } else {
            (void)r, (void)o;
            give_up("an object made in the trace outlives it, and the adapter cannot make instances "
                    "(InstanceAdapter::new_instance)");
        }
    }

    /// A cell an inlined call made (`CellMakingAdapter`): a new empty cell, kept in a
    /// temporary (every closure over it gets the same one), given its contents after
    /// the function whose closure made it (`unfilled_cells_`).
    void emit_new_cell(tracker_ref r, const trackers::cell& c) {
        using bytecode::create_instruction;
        if constexpr (CellMakingAdapter<A>) {
            if (!cell_maker_)
                cell_maker_ = A::make_host_function("lasso_new_cell", [](std::span<const value> args) -> value {
                    if (!args.empty()) throw std::logic_error("lasso_new_cell takes no arguments");
                    return A::new_cell();
                });
            push(create_instruction<A>(op::push_null));
            push(create_instruction<A>(op::load_const, bytecode::constant_arg<value>{*cell_maker_}));
            push(create_instruction<A>(op::call, std::int64_t{0}));
            const std::string name = into_temp(r);
            if (c.contents) unfilled_cells_.emplace_back(*c.contents, name);
            push(create_instruction<A>(op::load_fast, name));
        } else {
            (void)r, (void)c;
            give_up("a function made in the trace outlives it with a cell an inlined call made (the adapter cannot "
                    "make cells: CellMakingAdapter::new_cell)");
        }
    }

    /// Stores `item` as attribute `attribute` of the object in temporary `object` (an
    /// object's attribute, a new cell's contents). When `item` reaches a container still
    /// being built (the object is one of its items), the store waits until the
    /// outermost container under construction is built (`store_deferred`).
    void store_attribute(const std::string& object, const std::string& attribute, tracker_ref item) {
        using bytecode::create_instruction;
        if (reaches_open_container(item)) {
            deferred_.push_back({object, attribute, item});
            return;
        }
        emit(item);
        push(create_instruction<A>(op::load_fast, object));
        push(create_instruction<A>(op::store_attr, attribute));
    }
    void store_deferred() {
        auto stores = std::move(deferred_);
        deferred_.clear();
        for (const auto& s : stores) store_attribute(s.object, s.attribute, s.item);
    }
    /// Whether building `r` would build a container that is being built: one of the
    /// containers in `open_`, reached through items that are not built yet.
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
            for_each_item(next, [&](tracker_ref item) { todo.push_back(item); });
        }
        return false;
    }

    /// Pushes `g` without its first `given` items: the builtin that made it, called on
    /// constant bounds. With nothing given it is `g` itself, start included, even when
    /// empty (`range(1, -6, 2)` prints and reads `.start` as 1).
    void emit_range(const trackers::range& g, std::size_t given) {
        using bytecode::create_instruction;
        push(create_instruction<A>(op::push_null));
        emit(*g.maker);
        push_constant(constant{given == 0 ? g.start : given < g.length() ? g.item(given) : g.stop});
        push_constant(constant{g.stop});
        push_constant(constant{g.step});
        push(create_instruction<A>(op::call, std::int64_t{3}));
    }
    /// The most items of an iterator that generated code pushes one by one as constants.
    static constexpr std::size_t max_constant_items = 4096;

    /// With a new iterator on the stack: when it must give up `given` items first,
    /// keeps it in a temporary for `advance_list_iterators`.
    void defer_advance(std::size_t given) {
        if (given == 0) return;
        std::string name = "__lasso_iter_" + std::to_string(pending_.size());
        ensure_local(fields_, name);
        push(bytecode::create_instruction<A>(op::copy, std::int64_t{1}));
        push(bytecode::create_instruction<A>(op::store_fast, name));
        pending_.emplace_back(std::move(name), given);
    }

    /// With an iterator on the stack: takes `given` items from it, raising if it runs
    /// out first (a broken invariant: the items exist).
    void skip_items(std::size_t given) {
        using bytecode::create_instruction;
        instruction exhausted = create_instruction<A>(op::load_const, bytecode::constant_arg<value>{A::value_of_constant(constant{none_t{}})});
        instruction done = create_instruction<A>(op::nop);
        for (std::size_t i = 0; i < given; ++i) {
            push(create_instruction<A>(op::for_iter, bytecode::jump_target{exhausted.id}));
            push(create_instruction<A>(op::pop_top));
        }
        push(create_instruction<A>(op::jump, bytecode::jump_target{done.id}));
        push(std::move(exhausted));
        push(create_instruction<A>(op::raise_varargs, std::int64_t{1}));
        push(std::move(done));
    }

    /// An iterator over the rows of `tensor` that has given `given` rows: the tensor is
    /// iterated again and the iterator advanced past them, so that it reads the same
    /// tensor as the traced one did (a copy of the remaining rows would not see later
    /// in-place changes). The rows exist, since the tensor's shape is known; running out
    /// early would be a broken invariant, and raises.
    void emit_row_iterator(tracker_ref tensor, std::size_t given) {
        using bytecode::create_instruction;
        emit(tensor);
        push(create_instruction<A>(op::get_iter));
        if (given > 0) skip_items(given);
    }
    /// After `r` was built on the stack: keeps a copy in a temporary when it is used again.
    void keep_if_reused(tracker_ref r) {
        if (uses_[r.index] <= 1) return;
        push(bytecode::create_instruction<A>(op::copy, std::int64_t{1}));
        into_temp(r);
    }
    /// Stores the value on top of the stack, `r` built, into a new temporary that every
    /// later `emit(r)` loads; returns its name.
    std::string into_temp(tracker_ref r) {
        std::string name = "__lasso_tmp_" + std::to_string(temps_.size());
        ensure_local(fields_, name);
        push(bytecode::create_instruction<A>(op::store_fast, name));
        temps_.emplace(r.index, name);
        return name;
    }
    /// Whether `r` is an object the generated code builds (so its identity matters):
    /// a container, a range, an object, cell, function or context manager made in the
    /// trace, or an iterator when iterators are rebuilt.
    bool is_object(tracker_ref r) const {
        return is_container(r) || (rebuild_iterators_ && out_.trackers.template get_if<trackers::iterator>(r)) ||
               out_.trackers.template get_if<trackers::range>(r) ||
               out_.trackers.template get_if<trackers::new_object<value>>(r) || made_cell(r) ||
               out_.trackers.template get_if<trackers::made_function<value>>(r) ||
               out_.trackers.template get_if<trackers::context_manager>(r);
    }
    bool made_cell(tracker_ref r) const {
        const auto* c = out_.trackers.template get_if<trackers::cell>(r);
        return c && c->made_in_trace;
    }
    bool is_container(tracker_ref r) const {
        return out_.trackers.template get_if<trackers::tuple>(r) || out_.trackers.template get_if<trackers::list>(r) ||
               out_.trackers.template get_if<trackers::dict>(r);
    }
    /// The items of a container in build order (a dict's as key, value, key, value, ...);
    /// of an iterator, those it has not given yet (none are trackers for a range's).
    template <class F> void for_each_item(tracker_ref r, F&& f) const {
        if (auto* m = out_.trackers.template get_if<trackers::context_manager>(r)) {
            for (tracker_ref part : m->call) f(part);
        } else if (auto* it = out_.trackers.template get_if<trackers::iterator>(r)) {
            if (!it->call.empty())
                for (tracker_ref part : it->call) f(part); // made again by the call
            else if (!it->lazy)
                for (std::size_t i = it->position; i < it->items.size(); ++i) f(it->items[i]);
            else if (out_.trackers.template get_if<trackers::list>(*it->lazy) ||
                     out_.trackers.template get_if<trackers::dict>(*it->lazy))
                f(*it->lazy); // the list or dict it reads
        } else if (auto* m = out_.trackers.template get_if<trackers::made_function<value>>(r)) {
            if (m->defaults) f(*m->defaults);
            if (const auto* cells = m->closure ? out_.trackers.template get_if<trackers::tuple>(*m->closure) : nullptr)
                for (tracker_ref c : cells->items) f(c);
        } else if (auto* c = out_.trackers.template get_if<trackers::cell>(r)) {
            if (c->made_in_trace && c->contents) f(*c->contents);
        } else if (auto* o = out_.trackers.template get_if<trackers::new_object<value>>(r)) {
            for (const auto& [name, item] : o->attributes) f(item);
        } else if (auto* t = out_.trackers.template get_if<trackers::tuple>(r))
            for (auto item : t->items) f(item);
        else if (auto* l = out_.trackers.template get_if<trackers::list>(r))
            for (auto item : l->items) f(item);
        else if (auto* d = out_.trackers.template get_if<trackers::dict>(r))
            for (const auto& [key, item] : d->items) {
                f(key);
                f(item);
            }
    }
    void push_constant(const constant& c) {
        push(bytecode::create_instruction<A>(op::load_const, bytecode::constant_arg<value>{A::value_of_constant(c)}));
    }
    void push(instruction inst) { body_.push_back(std::move(inst)); }

    const Output& out_;
    const graph_outputs& outputs_;
    const std::vector<std::string>& output_locals_;
    bytecode::code_fields<value>& fields_;
    std::vector<instruction>& body_;
    std::size_t body_start_ = 0; ///< the size of `body_` before this reconstructor wrote
    bool rebuild_iterators_ = false;
    std::unordered_map<std::uint32_t, int> uses_;
    std::unordered_map<std::uint32_t, std::string> temps_;
    std::vector<std::pair<std::string, std::size_t>> pending_; ///< list iterators to advance
    std::optional<value> instance_maker_; ///< the host function that makes bare instances
    std::optional<value> cell_maker_;     ///< the host function that makes empty cells
    /// Cells made but not filled yet: their contents and temporaries.
    std::vector<std::pair<tracker_ref, std::string>> unfilled_cells_;
    std::unordered_set<std::uint32_t> open_; ///< containers whose items are being built
    struct deferred_store {
        std::string object, attribute;
        tracker_ref item;
    };
    std::vector<deferred_store> deferred_; ///< stores waiting for `open_` to empty
};

} // namespace lasso::output
