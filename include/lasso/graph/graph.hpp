// lasso/graph/graph.hpp
//
// `graph<Meta>`: the FX-like graph that symbolic evaluation records tensor operations
// into. Nodes live contiguously in creation order and are named by handles (`node`);
// creation order is also the graph's order, so every argument refers to an earlier node
// and rollback is a truncation.
//
// Node creation is on the hot path of capture, so a node costs no allocation of its
// own: targets, keyword names and string constants are interned in a per-graph symbol
// table, a node's name is a (base symbol, suffix) pair rendered as text only when
// asked for, and arguments are flattened into one per-graph array of 16-byte cells.
// A cell holding a node reference is also that reference's entry in the referenced
// node's list of uses (a doubly linked list threaded through the cells, as LLVM's
// operands are), so users stay consistent through every mutation at O(1) per use.
//
// This header is the API. The storage it works on (node records, cells, symbols, names,
// use lists) is `detail::graph_storage` in graph/detail/, and what the graph asks of
// `Meta` is the `GraphMeta` concept in graph/meta.hpp.
#pragma once

#include <lasso/detail/join.hpp>
#include <lasso/graph/detail/storage.hpp>
#include <lasso/graph/meta.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/recycling_allocator.hpp>

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace lasso::graph {

namespace detail {

struct always_true {
    template <class... T> constexpr bool operator()(const T&...) const noexcept { return true; }
};
struct never {
    template <class... T> constexpr bool operator()(const T&...) const noexcept { return false; }
};

} // namespace detail

/// An FX-like graph of tensor operations with metadata of type `Meta` (see
/// `GraphMeta`). Nodes are created at the end, in an order that is always a valid
/// evaluation order (arguments refer to earlier nodes only), and are read and changed
/// through the graph with `node` handles. Copying copies deeply; a moved-from graph may
/// only be assigned to or destroyed.
template <class Meta> class graph : private detail::graph_storage {
    static_assert(std::copyable<Meta>,
                  "lasso::graph::graph<Meta>: the tensor metadata type Meta must be copyable "
                  "(graphs are copied deeply)");
    static_assert(detail::describe_lookup::has_describe<Meta>,
                  "lasso::graph::graph<Meta>: Meta needs a free function "
                  "`std::string describe(const Meta&)` in Meta's namespace, found by "
                  "argument-dependent lookup; printed graphs show it, e.g. \"f64[3, 4]\"");

    using record = detail::node_record;
    using cell_tag = detail::cell_tag;
    static constexpr std::uint32_t nil = detail::nil;

public:
    using meta_type = Meta;
    /// A creation index: what `checkpoint` returns and `rollback` takes.
    using timestamp = std::uint32_t;

    graph() = default;
    graph(const graph&) = default;
    graph& operator=(const graph&) = default;
    graph(graph&&) noexcept = default;
    graph& operator=(graph&&) noexcept = default;
    ~graph() = default;

    /// A deep copy. It shares nothing with this graph, and every handle of this graph
    /// names the corresponding node of the copy (and vice versa, for nodes that existed
    /// when the copy was made).
    graph copy() const { return graph(*this); }

    // ---------------------------------------------------------------- creation

    /// The input that `source_name` (e.g. "L['x']") is read from. Inputs are
    /// de-duplicated by source: asking again for a source that already has a live
    /// placeholder returns that placeholder, and `meta` is then ignored. The name is the
    /// source made an identifier (`L['x']` -> `l_x_`).
    node add_placeholder(std::string_view source_name, std::optional<Meta> meta = std::nullopt) {
        return placeholder(source_name, {}, meta);
    }

    /// The input that `source_name` is read from when it is an int the graph knows as a
    /// symbolic size (`L['n']`, made a symbol by dynamic shapes): a placeholder without
    /// metadata whose one argument is that size. It prints as `l_n_: Sym(s0)`, and
    /// backends read the symbol's value from it (`placeholder_size`).
    node add_size_placeholder(std::string_view source_name, const symbolic::sym_int& size) {
        const argument arg{size_argument{size}};
        std::optional<Meta> no_meta;
        return placeholder(source_name, list_ref<argument>(std::span<const argument>(&arg, 1)), no_meta);
    }

    /// `target(args..., kwargs...)`. The name starts from the target's last component.
    node add_call_function(std::string_view target, list_ref<argument> args, list_ref<keyword> kwargs = {},
                           std::optional<Meta> meta = std::nullopt) {
        const std::uint32_t t = symbols_.intern(target);
        return create(node_kind::call_function, t, short_name_of(t), args, kwargs, meta);
    }
    node add_call_function(symbol target, list_ref<argument> args, list_ref<keyword> kwargs = {},
                           std::optional<Meta> meta = std::nullopt) {
        check_symbol(target);
        return create(node_kind::call_function, target.id, short_name_of(target.id), args, kwargs, meta);
    }

    /// `args[0].method(args[1:]..., kwargs...)`: the object is the first argument.
    node add_call_method(std::string_view method, list_ref<argument> args, list_ref<keyword> kwargs = {},
                         std::optional<Meta> meta = std::nullopt) {
        return add_method(symbols_.intern(method), args, kwargs, meta);
    }
    node add_call_method(symbol method, list_ref<argument> args, list_ref<keyword> kwargs = {},
                         std::optional<Meta> meta = std::nullopt) {
        check_symbol(method);
        return add_method(method.id, args, kwargs, meta);
    }

    /// Fetches attribute `target` (a dotted path such as "layer.weight") of the module
    /// the graph belongs to. The name is the whole path made an identifier.
    node add_get_attr(std::string_view target, std::optional<Meta> meta = std::nullopt) {
        const std::uint32_t t = symbols_.intern(target);
        return create(node_kind::get_attr, t, full_name_of(t), {}, {}, meta);
    }

    /// The output node: the graph returns `values` (as a tuple). A graph has at most
    /// one, and it is its last node: no node can be added after it (erase it first).
    node set_output(list_ref<argument> values) {
        if (output_ != nil)
            throw graph_error("the graph already has an output node ('" + render_name(output_) +
                              "'); erase it before setting another");
        std::optional<Meta> no_meta;
        return create(node_kind::output, output_symbol_, {output_symbol_, 0}, values, {}, no_meta);
    }

    /// Interns `text` in this graph's symbol table; symbols are valid only in the graph
    /// (and its copies) that made them.
    symbol intern(std::string_view text) { return symbol{symbols_.intern(text)}; }
    std::string_view text(symbol s) const {
        check_symbol(s);
        return symbols_.text(s.id);
    }

    /// Location and source_fn stack given to every node created from now on, until
    /// changed. The translator sets them as it moves through instructions and frames,
    /// so creating a node copies only two ids.
    void set_current_location(list_ref<source_frame> frames) { current_location_ = intern_location(frames); }
    /// `stack` is a braced list of strings or any sized range of string-likes.
    template <class Strings = std::initializer_list<std::string_view>>
    void set_current_source_fn_stack(const Strings& stack) {
        current_source_fn_ = intern_source_fn(stack);
    }

    // ---------------------------------------------------------------- node accessors

    /// Whether `n` names a live node of this graph.
    bool contains(node n) const noexcept {
        return n.index_ < nodes_.size() && stamp_of(n.index_) == n.stamp_ && nodes_[n.index_].alive;
    }

    node_kind kind(node n) const { return at(n).kind; }

    /// The node's unique name, e.g. "add_1".
    std::string name(node n) const { return render_name(checked(n)); }
    /// Appends the name to `out` (no temporary string).
    void append_name(std::string& out, node n) const { append_name_of(out, checked(n)); }

    /// The operator, method or attribute name; for a placeholder, its source; "output"
    /// for the output node.
    std::string_view target(node n) const { return symbols_.text(at(n).target); }
    /// Changes the target (the name stays).
    void set_target(node n, std::string_view target) {
        record& r = at_mut(n);
        if (r.kind == node_kind::placeholder || r.kind == node_kind::output)
            throw graph_error("the target of " + std::string(name_of(r.kind)) + " '" + name(n) + "' cannot be changed");
        r.target = symbols_.intern(target);
    }

    /// Positional arguments (for the output node: the returned values).
    std::vector<argument> args(node n) const {
        const record& r = at(n);
        std::vector<argument> out;
        for (std::uint32_t i = r.args_begin; i < r.args_end;) out.push_back(decode(i));
        return out;
    }
    std::vector<keyword> kwargs(node n) const {
        const record& r = at(n);
        std::vector<keyword> out;
        for (std::uint32_t i = r.kwargs_begin; i < r.kwargs_end;) {
            std::string key(symbols_.text(cells_[i++].payload()));
            out.push_back(keyword{std::move(key), decode(i)});
        }
        return out;
    }
    /// Replaces the positional arguments. They may refer only to nodes created before
    /// `n`, which keeps creation order a valid evaluation order.
    void set_args(node n, list_ref<argument> args) {
        const std::uint32_t slot = checked(n);
        const record& r = nodes_[slot];
        if (r.kind == node_kind::placeholder || r.kind == node_kind::get_attr)
            throw graph_error(std::string(name_of(r.kind)) + " '" + render_name(slot) + "' takes no arguments");
        if (r.kind == node_kind::call_method && args.empty())
            throw graph_error("call_method '" + render_name(slot) +
                              "' needs the object it is called on as its first argument");
        const std::size_t count = validate_all(args, {}, slot, r.kind, r.target);
        unlink_range(r.args_begin, r.args_end);
        reserve_cells(count);
        const auto begin = static_cast<std::uint32_t>(cells_.size());
        for (const argument& a : args) write(a, slot);
        nodes_[slot].args_begin = begin;
        nodes_[slot].args_end = static_cast<std::uint32_t>(cells_.size());
        cells_pinned_ = static_cast<std::uint32_t>(cells_.size());
    }
    void set_kwargs(node n, list_ref<keyword> kwargs) {
        const std::uint32_t slot = checked(n);
        const record& r = nodes_[slot];
        if (!is_call(r.kind))
            throw graph_error(std::string(name_of(r.kind)) + " '" + render_name(slot) + "' takes no keyword arguments");
        const std::size_t count = validate_all({}, kwargs, slot, r.kind, r.target);
        unlink_range(r.kwargs_begin, r.kwargs_end);
        reserve_cells(count);
        const auto begin = static_cast<std::uint32_t>(cells_.size());
        write_kwargs(kwargs, slot);
        nodes_[slot].kwargs_begin = begin;
        nodes_[slot].kwargs_end = static_cast<std::uint32_t>(cells_.size());
        cells_pinned_ = static_cast<std::uint32_t>(cells_.size());
    }

    /// The distinct nodes that use `n`, in creation order.
    std::vector<node> users(node n) const {
        const record& r = at(n);
        std::vector<std::uint32_t> slots;
        for (std::uint32_t c = r.uses; c != nil; c = cells_[c].next()) slots.push_back(cells_[c].owner);
        std::sort(slots.begin(), slots.end());
        slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
        std::vector<node> out;
        out.reserve(slots.size());
        for (auto s : slots) out.push_back(handle(s));
        return out;
    }
    bool has_users(node n) const { return at(n).uses != nil; }

    /// The distinct nodes `n` refers to (positional, then keyword arguments), in order
    /// of first appearance.
    std::vector<node> inputs(node n) const {
        const record& r = at(n);
        std::vector<node> out;
        auto scan = [&](std::uint32_t begin, std::uint32_t end) {
            for (std::uint32_t i = begin; i < end; ++i) {
                if (cells_[i].tag() != cell_tag::node) continue;
                const node input = handle(cells_[i].payload());
                if (std::find(out.begin(), out.end(), input) == out.end()) out.push_back(input);
            }
        };
        scan(r.args_begin, r.args_end);
        scan(r.kwargs_begin, r.kwargs_end);
        return out;
    }

    const std::optional<Meta>& meta(node n) const { return metas_[checked(n)]; }
    /// The size a placeholder made by `add_size_placeholder` is; nothing for any other node.
    std::optional<symbolic::sym_int> placeholder_size(node n) const {
        if (kind(n) != node_kind::placeholder) return std::nullopt;
        const auto a = args(n);
        if (a.size() != 1) return std::nullopt;
        if (const auto* s = a[0].template get_if<size_argument>()) return s->value;
        return std::nullopt;
    }
    void set_meta(node n, std::optional<Meta> meta) { metas_[checked(n)] = std::move(meta); }

    timestamp creation_index(node n) const { return at(n).creation; }

    /// The source location stack, outermost frame first; views live as long as the graph.
    std::vector<source_frame> location(node n) const {
        std::vector<source_frame> out;
        for (const auto& f : locations_.get(at(n).location))
            out.push_back({symbols_.text(f.function), symbols_.text(f.file), f.line});
        return out;
    }
    void set_location(node n, list_ref<source_frame> frames) {
        const std::uint32_t slot = checked(n);
        nodes_[slot].location = intern_location(frames);
    }

    /// The stack of higher-order operators (outermost first) whose subgraph the node was
    /// traced in; empty at top level.
    std::vector<std::string_view> source_fn_stack(node n) const {
        std::vector<std::string_view> out;
        for (auto s : source_fns_.get(at(n).source_fn)) out.push_back(symbols_.text(s));
        return out;
    }
    template <class Strings = std::initializer_list<std::string_view>>
    void set_source_fn_stack(node n, const Strings& stack) {
        const std::uint32_t slot = checked(n);
        nodes_[slot].source_fn = intern_source_fn(stack);
    }

    // ---------------------------------------------------------------- the whole graph

    /// Live nodes in creation order. Erasing nodes while iterating is fine; nodes added
    /// meanwhile are not visited, and the graph must not be rolled back meanwhile.
    class node_range {
    public:
        class iterator {
        public:
            using iterator_concept = std::forward_iterator_tag;
            using iterator_category = std::input_iterator_tag;
            using value_type = node;
            using difference_type = std::ptrdiff_t;
            using reference = node;

            iterator() = default;
            node operator*() const { return g_->handle(slot_); }
            iterator& operator++() {
                do ++slot_;
                while (slot_ < end_ && !g_->nodes_[slot_].alive);
                return *this;
            }
            iterator operator++(int) {
                iterator old = *this;
                ++*this;
                return old;
            }
            friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.slot_ == b.slot_; }

        private:
            friend class node_range;
            iterator(const graph* g, std::uint32_t slot, std::uint32_t end) : g_(g), slot_(slot), end_(end) {
                while (slot_ < end_ && !g_->nodes_[slot_].alive) ++slot_;
            }
            const graph* g_ = nullptr;
            std::uint32_t slot_ = 0;
            std::uint32_t end_ = 0;
        };

        iterator begin() const { return iterator(g_, 0, end_); }
        iterator end() const { return iterator(g_, end_, end_); }

    private:
        friend class graph;
        explicit node_range(const graph* g) : g_(g), end_(static_cast<std::uint32_t>(g->nodes_.size())) {}
        const graph* g_;
        std::uint32_t end_;
    };
    node_range nodes() const { return node_range(this); }

    /// Live placeholders in creation order.
    std::vector<node> placeholders() const {
        std::vector<node> out;
        for (std::uint32_t s = 0; s < nodes_.size(); ++s)
            if (nodes_[s].alive && nodes_[s].kind == node_kind::placeholder) out.push_back(handle(s));
        return out;
    }
    /// The live placeholder read from `source_name`, if any.
    std::optional<node> find_placeholder(std::string_view source_name) const {
        const std::uint32_t source = symbols_.find(source_name);
        if (source == nil || source >= placeholder_of_.size() || placeholder_of_[source] == nil) return std::nullopt;
        return handle(placeholder_of_[source]);
    }
    std::optional<node> output() const {
        if (output_ == nil) return std::nullopt;
        return handle(output_);
    }

    /// Number of live nodes.
    std::size_t size() const noexcept { return live_; }
    bool empty() const noexcept { return live_ == 0; }
    /// Number of live call_function and call_method nodes: the operations a backend runs.
    std::size_t call_count() const noexcept { return calls_; }

    // ---------------------------------------------------------------- mutation

    /// Removes `n`, which must have no users.
    void erase_node(node n) {
        const std::uint32_t slot = checked(n);
        if (nodes_[slot].uses != nil) {
            std::string users_text;
            for (node u : users(n)) {
                if (!users_text.empty()) users_text += ", ";
                users_text += "'" + render_name(u.index_) + "'";
            }
            throw graph_error("cannot erase node '" + render_name(slot) + "': it is still used by " + users_text);
        }
        remove(slot);
    }

    /// Makes every user of `old_node` for which `keep(user)` holds refer to
    /// `replacement` instead. `replacement` itself is skipped (so `y = f(x)` can replace
    /// `x` everywhere else); every other affected user must come after `replacement`.
    /// Returns the number of argument positions changed. Checks before changing anything.
    template <class Pred = detail::always_true>
    std::size_t replace_all_uses_with(node old_node, node replacement, Pred keep = {}) {
        const std::uint32_t o = checked(old_node);
        const std::uint32_t r = checked(replacement);
        if (o == r) return 0;
        if (nodes_[r].kind == node_kind::output)
            throw graph_error("cannot replace uses of '" + render_name(o) + "' with the output node");
        std::vector<std::uint32_t> chosen;
        for (std::uint32_t c = nodes_[o].uses; c != nil; c = cells_[c].next()) {
            const std::uint32_t user = cells_[c].owner;
            if (user == r || !keep(handle(user))) continue;
            if (user < r)
                throw graph_error("cannot replace uses of '" + render_name(o) + "' with '" + render_name(r) +
                                  "': the user '" + render_name(user) + "' comes before '" + render_name(r) + "'");
            chosen.push_back(c);
        }
        for (const std::uint32_t c : chosen) {
            unlink(c);
            cells_[c].head = (r << 4) | static_cast<std::uint32_t>(cell_tag::node);
            link(c, r);
        }
        return chosen.size();
    }

    /// The creation index the next node will get. `rollback` to it removes every node
    /// created after this call.
    timestamp checkpoint() const noexcept { return counter_; }

    /// Removes every node created at or after `point` (a value of `checkpoint()`),
    /// newest first, releasing their names, so that the same operations afterwards give
    /// the same names as if those nodes had never existed. Other changes made since the
    /// checkpoint (erasures, new arguments, metadata) are not undone.
    void rollback(timestamp point) {
        if (point > counter_)
            throw graph_error("rollback to creation index " + std::to_string(point) +
                              ", which this graph has not reached (it is at " + std::to_string(counter_) + ")");
        const auto first_it = std::lower_bound(nodes_.begin(), nodes_.end(), point,
                                               [](const record& r, timestamp p) { return r.creation < p; });
        const auto first = static_cast<std::uint32_t>(first_it - nodes_.begin());
        if (first == nodes_.size()) return;
        for (std::uint32_t s = static_cast<std::uint32_t>(nodes_.size()); s-- > first;) {
            if (nodes_[s].alive) remove(s);
            release_name(nodes_[s]);
        }
        const std::uint32_t cells_from = nodes_[first].args_begin;
        nodes_.resize(first);
        metas_.resize(first);
        if (cells_pinned_ <= cells_from) cells_.resize(cells_from);
    }

    /// Removes call_function, call_method and get_attr nodes that nothing uses, newest
    /// first, so whole dead chains go in one pass. Nodes whose target `is_impure`
    /// reports (called with the target as `std::string_view`, or with the `node`) stay.
    /// Returns the number of nodes removed.
    template <class Impure = detail::never> std::size_t eliminate_dead_code(Impure is_impure = {}) {
        std::size_t removed = 0;
        for (auto s = static_cast<std::uint32_t>(nodes_.size()); s-- > 0;) {
            const record& r = nodes_[s];
            if (!r.alive || r.uses != nil) continue;
            if (!is_call(r.kind) && r.kind != node_kind::get_attr) continue;
            bool impure;
            if constexpr (std::is_invocable_r_v<bool, Impure&, std::string_view>)
                impure = is_impure(symbols_.text(r.target));
            else impure = is_impure(handle(s));
            if (impure) continue;
            remove(s);
            ++removed;
        }
        return removed;
    }

    // ---------------------------------------------------------------- subgraphs

    /// Gives call node `owner` the graphs it runs (the branches of a `cond`, the body of
    /// a loop), in the order its operator defines. They cannot change once attached,
    /// and copies of this graph share them. A node that rollback or erasure removes
    /// owns nothing any more.
    void attach_subgraphs(node owner, std::vector<graph> subgraphs) {
        const std::uint32_t slot = checked(owner);
        if (!is_call(nodes_[slot].kind))
            throw graph_error("only a call node can own subgraphs, not '" + render_name(slot) + "'");
        if (!this->subgraphs(owner).empty()) throw graph_error("node '" + render_name(slot) + "' already owns subgraphs");
        owned_.emplace_back(owner, std::make_shared<const std::vector<graph>>(std::move(subgraphs)));
    }
    /// The subgraphs `n` owns (none for most nodes).
    std::span<const graph> subgraphs(node n) const {
        if (owned_.empty() || !contains(n)) return {};
        for (const auto& [owner, graphs] : owned_)
            if (owner == n) return std::span<const graph>(*graphs);
        return {};
    }
    /// The call nodes of every subgraph of this graph's live nodes, counted through
    /// nested subgraphs (`call_count()` counts this graph's own).
    std::size_t subgraph_call_count() const {
        std::size_t count = 0;
        for (const auto& [owner, graphs] : owned_)
            if (contains(owner))
                for (const graph& g : *graphs) count += g.call_count() + g.subgraph_call_count();
        return count;
    }

    /// Checks every invariant (use lists match arguments, arguments precede users,
    /// names unique, counts right) and throws `graph_error` naming the first broken one.
    /// For tests and debugging: linear in the size of the graph.
    void lint() const { check_invariants(); }

private:
    // ---- nodes

    /// The placeholder of `source_name`, made with `args` and `meta` unless it exists.
    node placeholder(std::string_view source_name, list_ref<argument> args, std::optional<Meta>& meta) {
        const std::uint32_t source = symbols_.intern(source_name);
        if (source < placeholder_of_.size() && placeholder_of_[source] != nil) return handle(placeholder_of_[source]);
        const node n = create(node_kind::placeholder, source, full_name_of(source), args, {}, meta);
        if (placeholder_of_.size() <= source) placeholder_of_.resize(symbols_.size(), nil);
        placeholder_of_[source] = n.index_;
        return n;
    }
    node add_method(std::uint32_t method, list_ref<argument> args, list_ref<keyword> kwargs, std::optional<Meta>& meta) {
        if (args.empty())
            throw graph_error(lasso::detail::join(
                {"call_method '", symbols_.text(method), "' needs the object it is called on as its first argument"}));
        return create(node_kind::call_method, method, short_name_of(method), args, kwargs, meta);
    }

    /// Adds a node. `meta` is taken by reference and moved from only when it holds a
    /// value (moving an empty optional trips g++ 12's -Wmaybe-uninitialized).
    node create(node_kind kind, std::uint32_t target, name_request name, list_ref<argument> args, list_ref<keyword> kwargs,
                std::optional<Meta>& meta) {
        if (output_ != nil)
            throw graph_error(lasso::detail::join({"cannot add ", name_of(kind), " '", symbols_.text(target),
                                                   "' after the output node; erase the output first"}));
        const auto slot = static_cast<std::uint32_t>(nodes_.size());
        if (slot >= detail::max_payload) throw graph_error("too many nodes in one graph");
        if (counter_ == nil) throw graph_error("the creation index of this graph overflowed");
        const std::size_t count = validate_all(args, kwargs, slot, kind, target);

        record r;
        r.creation = counter_;
        r.target = target;
        r.kind = kind;
        r.location = current_location_;
        r.source_fn = current_source_fn_;
        r.name_base = name.base;
        metas_.emplace_back();
        if (meta) metas_.back().emplace(std::move(*meta));
        nodes_.push_back(r);
        reserve_cells(count);
        record& placed = nodes_.back();
        placed.name_suffix = take_name(name);
        placed.args_begin = static_cast<std::uint32_t>(cells_.size());
        for (const argument& a : args) write(a, slot);
        placed.args_end = placed.kwargs_begin = static_cast<std::uint32_t>(cells_.size());
        write_kwargs(kwargs, slot);
        nodes_.back().kwargs_end = static_cast<std::uint32_t>(cells_.size());

        ++counter_;
        ++live_;
        if (is_call(kind)) ++calls_;
        if (kind == node_kind::output) output_ = slot;
        return handle(slot);
    }
    /// Erases the live node at `slot` (its users are already gone). The name stays
    /// taken, so a later node never repeats the name of an erased one.
    void remove(std::uint32_t slot) noexcept {
        record& r = nodes_[slot];
        unlink_range(r.args_begin, r.args_end);
        unlink_range(r.kwargs_begin, r.kwargs_end);
        r.alive = false;
        metas_[slot].reset();
        --live_;
        if (is_call(r.kind)) --calls_;
        if (output_ == slot) output_ = nil;
        if (r.kind == node_kind::placeholder && r.target < placeholder_of_.size() && placeholder_of_[r.target] == slot)
            placeholder_of_[r.target] = nil;
    }

    std::vector<std::optional<Meta>, recycling_allocator<std::optional<Meta>>> metas_; ///< parallel to nodes_
    std::vector<std::pair<node, std::shared_ptr<const std::vector<graph>>>> owned_;    ///< subgraphs by owner
};

} // namespace lasso::graph
