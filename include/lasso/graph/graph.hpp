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
#pragma once

#include <lasso/detail/join.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/recycling_allocator.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace lasso::graph {

namespace detail {

namespace describe_lookup {
// Poison pill: ordinary lookup stops here, so only argument-dependent lookup can find
// the `describe` of a metadata type.
void describe() = delete;

template <class M>
concept has_describe = requires(const M& m) {
    { describe(m) } -> std::convertible_to<std::string>;
};

template <class M> std::string call(const M& m) { return std::string(describe(m)); }
} // namespace describe_lookup

/// Renders metadata through the `describe` found by argument-dependent lookup.
template <class M> std::string describe_meta(const M& m) { return describe_lookup::call(m); }

} // namespace detail

/// What a graph needs of its tensor metadata type (the adapter's `tensor_meta`): it is
/// copyable (graphs are copied deeply), and a free function `describe(const Meta&)`,
/// found by argument-dependent lookup (so declare it next to `Meta`), renders it for
/// printed graphs, e.g. "f64[3, 4]". A free function keeps `Meta` a plain aggregate.
template <class M>
concept GraphMeta = std::copyable<M> && detail::describe_lookup::has_describe<M>;

namespace detail {

inline constexpr std::uint32_t nil = 0xFFFF'FFFFu;
/// Node slots, symbols and sequence lengths share 28 bits of a cell with its tag.
inline constexpr std::uint32_t max_payload = (1u << 28) - 1;

inline std::uint32_t next_graph_salt() {
    static std::atomic<std::uint32_t> counter{1};
    // An odd multiplier spreads consecutive graphs far apart in stamp space.
    return counter.fetch_add(1, std::memory_order_relaxed) * 0x9E37'79B9u;
}

struct string_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

/// Interned strings with stable ids. Ids index a vector of pointers to the map's keys,
/// which stay put while the map grows.
class symbol_table {
public:
    symbol_table() = default;
    symbol_table(const symbol_table& other) : index_(other.index_) { rebuild(); }
    symbol_table& operator=(const symbol_table& other) {
        if (this != &other) {
            index_ = other.index_;
            rebuild();
            recent_.fill(nil);
        }
        return *this;
    }
    symbol_table(symbol_table&&) = default;
    symbol_table& operator=(symbol_table&&) = default;
    ~symbol_table() = default;

    std::uint32_t intern(std::string_view text) {
        // A traced program repeats a handful of targets: comparing with the last few
        // interned first skips hashing for most nodes.
        for (const std::uint32_t id : recent_)
            if (id != nil && *texts_[id] == text) return id;
        std::uint32_t id = 0;
        if (auto it = index_.find(text); it != index_.end()) {
            id = it->second;
        } else {
            if (texts_.size() >= max_payload) throw graph_error("too many distinct strings in one graph");
            id = static_cast<std::uint32_t>(texts_.size());
            auto [added, inserted] = index_.emplace(std::string(text), id);
            texts_.push_back(&added->first);
        }
        recent_[next_recent_++ % recent_.size()] = id;
        return id;
    }
    std::uint32_t find(std::string_view text) const {
        auto it = index_.find(text);
        return it == index_.end() ? nil : it->second;
    }
    std::string_view text(std::uint32_t id) const noexcept { return *texts_[id]; }
    std::size_t size() const noexcept { return texts_.size(); }

private:
    void rebuild() {
        texts_.assign(index_.size(), nullptr);
        for (const auto& [text, id] : index_) texts_[id] = &text;
    }
    std::unordered_map<std::string, std::uint32_t, string_hash, std::equal_to<>> index_;
    std::vector<const std::string*> texts_;
    std::array<std::uint32_t, 4> recent_{nil, nil, nil, nil};
    std::uint32_t next_recent_ = 0;
};

/// An open-addressing set of 64-bit keys (linear probing, backward-shift deletion):
/// the taken node names, without an allocation per name.
class flat_u64_set {
public:
    bool contains(std::uint64_t key) const noexcept {
        if (slots_.empty()) return false;
        for (std::size_t i = home(key);; i = (i + 1) & mask()) {
            if (slots_[i] == key) return true;
            if (slots_[i] == empty) return false;
        }
    }
    bool insert(std::uint64_t key) {
        if ((size_ + 1) * 2 > slots_.size()) grow();
        std::size_t i = home(key);
        for (; slots_[i] != empty; i = (i + 1) & mask())
            if (slots_[i] == key) return false;
        slots_[i] = key;
        ++size_;
        return true;
    }
    bool erase(std::uint64_t key) noexcept {
        if (slots_.empty()) return false;
        std::size_t i = home(key);
        for (; slots_[i] != key; i = (i + 1) & mask())
            if (slots_[i] == empty) return false;
        // Shift later members of the probe run back into the hole unless that would
        // move them before their home slot.
        for (std::size_t j = i;;) {
            j = (j + 1) & mask();
            if (slots_[j] == empty) break;
            const std::size_t h = home(slots_[j]);
            const bool stays = i <= j ? (i < h && h <= j) : (i < h || h <= j);
            if (stays) continue;
            slots_[i] = slots_[j];
            i = j;
        }
        slots_[i] = empty;
        --size_;
        return true;
    }
    std::size_t size() const noexcept { return size_; }

private:
    static constexpr std::uint64_t empty = ~std::uint64_t{0};
    std::size_t mask() const noexcept { return slots_.size() - 1; }
    std::size_t home(std::uint64_t k) const noexcept {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        k *= 0xc4ceb9fe1a85ec53ULL;
        k ^= k >> 33;
        return static_cast<std::size_t>(k) & mask();
    }
    void grow() {
        auto old = std::move(slots_);
        slots_.assign(old.empty() ? 64 : old.size() * 2, empty);
        size_ = 0;
        for (auto k : old)
            if (k != empty) insert(k);
    }
    std::vector<std::uint64_t, recycling_allocator<std::uint64_t>> slots_;
    std::size_t size_ = 0;
};

/// Interned sequences of trivially copyable items (location stacks, source_fn stacks);
/// id 0 is the empty sequence. Nodes store only the id.
template <class Item> class sequence_table {
public:
    sequence_table() { ranges_.push_back({0, 0}); }

    std::uint32_t intern(std::span<const Item> items) {
        if (items.empty()) return 0;
        std::string key(items.size_bytes(), '\0');
        std::memcpy(key.data(), items.data(), items.size_bytes());
        if (auto it = index_.find(key); it != index_.end()) return it->second;
        const auto id = static_cast<std::uint32_t>(ranges_.size());
        const auto begin = static_cast<std::uint32_t>(items_.size());
        items_.insert(items_.end(), items.begin(), items.end());
        ranges_.push_back({begin, static_cast<std::uint32_t>(items_.size())});
        index_.emplace(std::move(key), id);
        return id;
    }
    std::span<const Item> get(std::uint32_t id) const noexcept {
        const auto [begin, end] = ranges_[id];
        return {items_.data() + begin, end - begin};
    }

private:
    std::vector<Item> items_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges_;
    std::unordered_map<std::string, std::uint32_t> index_;
};

struct frame_record {
    std::uint32_t function;
    std::uint32_t file;
    std::int32_t line;
};

enum class cell_tag : std::uint8_t { none, boolean, integer, floating, string, node, tuple, list, keyword };

/// One flattened argument value. `head` packs the tag (low 4 bits) and a 28-bit payload:
/// the bool, the string's symbol, the referenced node's slot, the item count of a
/// tuple/list, or the keyword's symbol (the keyword's value follows it). `body` holds
/// the integer or the double's bits; for a node reference it links the use list
/// (previous cell in the high half, next in the low half), and `owner` is the slot of
/// the node whose argument this is.
struct cell {
    std::uint32_t head = 0;
    std::uint32_t owner = 0;
    std::uint64_t body = 0;

    cell_tag tag() const noexcept { return static_cast<cell_tag>(head & 15u); }
    std::uint32_t payload() const noexcept { return head >> 4; }
    std::uint32_t prev() const noexcept { return static_cast<std::uint32_t>(body >> 32); }
    std::uint32_t next() const noexcept { return static_cast<std::uint32_t>(body); }
    void set_prev(std::uint32_t p) noexcept { body = (std::uint64_t{p} << 32) | next(); }
    void set_next(std::uint32_t n) noexcept { body = (body & 0xFFFF'FFFF'0000'0000ull) | n; }

    static cell make(cell_tag t, std::uint32_t payload = 0, std::uint64_t body = 0) noexcept {
        return cell{(payload << 4) | static_cast<std::uint32_t>(t), 0, body};
    }
};
static_assert(sizeof(cell) == 16);

/// Everything a graph stores for one node except its metadata (kept in a parallel
/// vector so that this record stays 48 bytes whatever `Meta` is).
struct node_record {
    std::uint32_t creation = 0;    ///< creation index (monotonic, never reused)
    std::uint32_t target = 0;      ///< symbol
    std::uint32_t name_base = 0;   ///< symbol; the name is base, or base_suffix
    std::uint32_t name_suffix = 0; ///< 0 for none
    std::uint32_t args_begin = 0, args_end = 0;     ///< cells of the positional arguments
    std::uint32_t kwargs_begin = 0, kwargs_end = 0; ///< keyword cells, each before its value
    std::uint32_t uses = nil;      ///< first cell referring to this node, or nil
    std::uint32_t location = 0;    ///< id in the location table, 0 for none
    std::uint32_t source_fn = 0;   ///< id in the source_fn table, 0 for none
    node_kind kind = node_kind::placeholder;
    bool alive = true;
};
static_assert(sizeof(node_record) == 48);

/// `text` as an identifier: ASCII letters lowercased, each run of other characters
/// than letters, digits and '_' collapsed into one '_', a leading digit prefixed with
/// '_'. `L['x']` becomes `l_x_`.
inline std::string sanitize_identifier(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 1);
    bool in_run = false;
    for (const char c : text) {
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool digit = c >= '0' && c <= '9';
        if (alpha || digit || c == '_') {
            out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
            in_run = false;
        } else if (!in_run) {
            out += '_';
            in_run = true;
        }
    }
    if (out.empty()) return "_";
    if (out[0] >= '0' && out[0] <= '9') out.insert(out.begin(), '_');
    return out;
}

/// Splits a trailing `_N` (N from 1 to 999999999, no leading zero) off an identifier,
/// so that a requested `add_1` competes with the names generated from `add`.
inline std::pair<std::string_view, std::uint32_t> split_suffix(std::string_view id) {
    const auto underscore = id.rfind('_');
    if (underscore == std::string_view::npos) return {id, 0};
    const auto digits = id.substr(underscore + 1);
    if (digits.empty() || digits.size() > 9 || digits[0] < '1' || digits[0] > '9') return {id, 0};
    std::uint32_t value = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return {id, 0};
        value = value * 10 + static_cast<std::uint32_t>(c - '0');
    }
    return {id.substr(0, underscore), value};
}

/// The part of a call target a node name starts from: what follows the last '.' or
/// ':' ("torch.relu" -> "relu", "aten::add" -> "add").
inline std::string_view target_base_name(std::string_view target) {
    const auto cut = target.find_last_of(".:");
    if (cut == std::string_view::npos || cut + 1 == target.size()) return target;
    return target.substr(cut + 1);
}

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
template <class Meta> class graph {
    static_assert(std::copyable<Meta>,
                  "lasso::graph::graph<Meta>: the tensor metadata type Meta must be copyable "
                  "(graphs are copied deeply)");
    static_assert(detail::describe_lookup::has_describe<Meta>,
                  "lasso::graph::graph<Meta>: Meta needs a free function "
                  "`std::string describe(const Meta&)` in Meta's namespace, found by "
                  "argument-dependent lookup; printed graphs show it, e.g. \"f64[3, 4]\"");

    using record = detail::node_record;
    using cell = detail::cell;
    using cell_tag = detail::cell_tag;
    static constexpr std::uint32_t nil = detail::nil;

public:
    using meta_type = Meta;
    /// A creation index: what `checkpoint` returns and `rollback` takes.
    using timestamp = std::uint32_t;

    graph() : salt_(detail::next_graph_salt()) { output_symbol_ = symbols_.intern("output"); }
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
        const std::uint32_t source = symbols_.intern(source_name);
        if (source < placeholder_of_.size() && placeholder_of_[source] != nil)
            return handle(placeholder_of_[source]);
        const node n = create(node_kind::placeholder, source, full_name_of(source), {}, {}, meta);
        if (placeholder_of_.size() <= source) placeholder_of_.resize(symbols_.size(), nil);
        placeholder_of_[source] = n.index_;
        return n;
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
            throw graph_error("the target of " + std::string(name_of(r.kind)) + " '" + name(n) +
                              "' cannot be changed");
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
            else
                impure = is_impure(handle(s));
            if (impure) continue;
            remove(s);
            ++removed;
        }
        return removed;
    }

    /// Checks every invariant (use lists match arguments, arguments precede users,
    /// names unique, counts right) and throws `graph_error` naming the first broken one.
    /// For tests and debugging: linear in the size of the graph.
    void lint() const {
        auto fail = [](const std::string& what) { throw graph_error("lint: " + what); };
        std::vector<std::uint32_t> expected_uses(nodes_.size(), 0);
        std::size_t live = 0, calls = 0;
        std::uint32_t outputs = 0;
        flat_names seen;
        for (std::uint32_t s = 0; s < nodes_.size(); ++s) {
            const record& r = nodes_[s];
            if (s > 0 && nodes_[s - 1].creation >= r.creation) fail("creation indices out of order");
            if (!r.alive) continue;
            ++live;
            if (is_call(r.kind)) ++calls;
            if (r.kind == node_kind::output) {
                ++outputs;
                if (output_ != s) fail("output node not recorded");
            }
            if (!seen.insert(name_key(r.name_base, r.name_suffix))) fail("duplicate name '" + render_name(s) + "'");
            if (!name_taken(r.name_base, r.name_suffix))
                fail("name '" + render_name(s) + "' not registered");
            auto check_range = [&](std::uint32_t begin, std::uint32_t end, bool keywords) {
                for (std::uint32_t i = begin; i < end; ++i) {
                    const cell& c = cells_[i];
                    if (keywords && c.tag() != cell_tag::keyword) fail("keyword cell expected in '" + render_name(s) + "'");
                    if (keywords) i = skip(i + 1) - 1;
                }
                for (std::uint32_t i = begin; i < end; ++i) {
                    const cell& c = cells_[i];
                    if (c.tag() != cell_tag::node) continue;
                    const std::uint32_t used = c.payload();
                    if (used >= s) fail("'" + render_name(s) + "' refers to a later node");
                    if (!nodes_[used].alive) fail("'" + render_name(s) + "' refers to an erased node");
                    if (c.owner != s) fail("wrong owner in an argument of '" + render_name(s) + "'");
                    ++expected_uses[used];
                }
            };
            check_range(r.args_begin, r.args_end, false);
            check_range(r.kwargs_begin, r.kwargs_end, true);
            if (r.kind == node_kind::placeholder &&
                (r.target >= placeholder_of_.size() || placeholder_of_[r.target] != s))
                fail("placeholder '" + render_name(s) + "' missing from the source map");
        }
        for (std::uint32_t s = 0; s < nodes_.size(); ++s) {
            const record& r = nodes_[s];
            std::uint32_t count = 0, prev = nil;
            for (std::uint32_t c = r.uses; c != nil; prev = c, c = cells_[c].next()) {
                if (!r.alive) fail("an erased node has uses");
                if (cells_[c].tag() != cell_tag::node || cells_[c].payload() != s)
                    fail("use list of '" + render_name(s) + "' holds a foreign cell");
                if (cells_[c].prev() != prev) fail("broken back link in the uses of '" + render_name(s) + "'");
                const record& owner = nodes_[cells_[c].owner];
                const bool inside = (c >= owner.args_begin && c < owner.args_end) ||
                                    (c >= owner.kwargs_begin && c < owner.kwargs_end);
                if (!owner.alive || !inside) fail("use list of '" + render_name(s) + "' holds a dead argument");
                if (++count > expected_uses[s]) break;
            }
            if (count != expected_uses[s]) fail("use list of '" + render_name(s) + "' does not match the arguments");
        }
        if (live != live_ || calls != calls_) fail("node counts are wrong");
        if (outputs != (output_ == nil ? 0u : 1u)) fail("output bookkeeping is wrong");
    }

private:
    using flat_names = detail::flat_u64_set;

    // ---- handles

    std::uint32_t stamp_of(std::uint32_t slot) const noexcept { return nodes_[slot].creation + salt_; }
    node handle(std::uint32_t slot) const noexcept { return node(slot, stamp_of(slot)); }

    std::uint32_t checked(node n) const {
        if (n.index_ >= nodes_.size() || stamp_of(n.index_) != n.stamp_) throw bad_handle(n);
        if (!nodes_[n.index_].alive)
            throw graph_error(lasso::detail::join({"node '", render_name(n.index_), "' has been erased"}));
        return n.index_;
    }
    graph_error bad_handle(node n) const {
        if (n.is_null()) return graph_error("null node handle (a default-constructed lasso::graph::node)");
        if (n.index_ >= nodes_.size())
            return graph_error(lasso::detail::join({"node handle #", lasso::detail::decimal(n.index_), " is out of range (the graph has ",
                                                    lasso::detail::decimal(nodes_.size()),
                                                    " node slots): it belongs to another graph or was removed by rollback"}));
        return graph_error(lasso::detail::join({"node handle #", lasso::detail::decimal(n.index_),
                                                " does not name a node of this graph: it belongs to another graph or was "
                                                "removed by rollback"}));
    }
    const record& at(node n) const { return nodes_[checked(n)]; }
    record& at_mut(node n) { return nodes_[checked(n)]; }
    void check_symbol(symbol s) const {
        if (s.id >= symbols_.size())
            throw graph_error("symbol #" + std::to_string(s.id) + " was not interned in this graph");
    }

    // ---- names

    static std::uint64_t name_key(std::uint32_t base, std::uint32_t suffix) noexcept {
        return (std::uint64_t{base} << 32) | suffix;
    }
    struct name_request {
        std::uint32_t base;
        std::uint32_t suffix;
    };
    name_request request_from(std::string_view text) {
        const std::string id = detail::sanitize_identifier(text);
        const auto [base, suffix] = detail::split_suffix(id);
        return {symbols_.intern(base), suffix};
    }
    /// Name request for a call target (its last component), cached per symbol.
    name_request short_name_of(std::uint32_t target) {
        return cached(short_names_, target, [&] { return request_from(detail::target_base_name(symbols_.text(target))); });
    }
    /// Name request for a source or attribute path (the whole text), cached per symbol.
    name_request full_name_of(std::uint32_t text) {
        return cached(full_names_, text, [&] { return request_from(symbols_.text(text)); });
    }
    template <class Make> name_request cached(std::vector<std::uint64_t>& cache, std::uint32_t sym, Make make) {
        if (sym < cache.size() && cache[sym] != ~std::uint64_t{0})
            return {static_cast<std::uint32_t>(cache[sym] >> 32), static_cast<std::uint32_t>(cache[sym])};
        const name_request req = make(); // may intern, so size the cache afterwards
        if (cache.size() < symbols_.size()) cache.resize(symbols_.size(), ~std::uint64_t{0});
        cache[sym] = name_key(req.base, req.suffix);
        return req;
    }
    // A name is a (base, suffix) pair. Suffix 0 renders as the bare base. For each base,
    // `next_suffix_[base]` is such that every suffix from 1 below it is taken, and no
    // suffix of a generated name is at or above it; `taken_names_` holds the bare names
    // and the suffixes that were asked for explicitly (`add_1` as a target). So a suffix
    // s >= 1 is taken exactly when s < next_suffix_[base] or the set holds it, and
    // generating `add_57` touches only a counter: the set stays as small as the number
    // of distinct bases, and in cache. Releasing a name (rollback) lowers the counter
    // to it, which keeps both properties because rollback releases newest names first.
    std::uint32_t next_suffix(std::uint32_t base) const noexcept {
        return base < next_suffix_.size() ? next_suffix_[base] : 1;
    }
    bool name_taken(std::uint32_t base, std::uint32_t suffix) const noexcept {
        return (suffix != 0 && suffix < next_suffix(base)) || taken_names_.contains(name_key(base, suffix));
    }
    /// Takes the requested name if free, else the smallest free suffix of the base.
    std::uint32_t take_name(name_request req) {
        if (req.suffix == 0 || req.suffix >= next_suffix(req.base))
            if (taken_names_.insert(name_key(req.base, req.suffix))) return req.suffix;
        if (next_suffix_.size() <= req.base) next_suffix_.resize(symbols_.size(), 1);
        std::uint32_t s = next_suffix_[req.base];
        while (taken_names_.contains(name_key(req.base, s))) ++s;
        next_suffix_[req.base] = s + 1;
        return s;
    }
    void release_name(const record& r) {
        taken_names_.erase(name_key(r.name_base, r.name_suffix)); // no-op for generated names
        if (r.name_suffix != 0 && r.name_base < next_suffix_.size())
            next_suffix_[r.name_base] = std::min(next_suffix_[r.name_base], r.name_suffix);
    }
    void append_name_of(std::string& out, std::uint32_t slot) const {
        const record& r = nodes_[slot];
        out += symbols_.text(r.name_base);
        if (r.name_suffix != 0) {
            out += '_';
            out += std::to_string(r.name_suffix);
        }
    }
    std::string render_name(std::uint32_t slot) const {
        std::string out;
        append_name_of(out, slot);
        return out;
    }

    // ---- arguments

    /// Checks the arguments of a node about to be created at (or reset on) slot
    /// `owner`: every node reference names a live, earlier, non-output node of this
    /// graph. Returns the number of cells they need.
    std::size_t validate_all(list_ref<argument> args, list_ref<keyword> kwargs, std::uint32_t owner,
                             node_kind kind, std::uint32_t target) const {
        std::size_t count = 0;
        auto where = [&] {
            return lasso::detail::join({name_of(kind), " '", owner < nodes_.size() ? std::string_view(render_name(owner)) : symbols_.text(target), "'"});
        };
        for (const argument& a : args) count += validate(a, owner, where);
        for (const keyword& k : kwargs) count += 1 + validate(k.value, owner, where);
        if (cells_.size() + count > nil - 1) throw graph_error("too many argument cells in one graph");
        return count;
    }
    template <class Where>
    std::size_t validate(const argument& a, std::uint32_t owner, const Where& where) const {
        if (const node* n = a.get_if<node>()) {
            if (n->index_ >= nodes_.size() || stamp_of(n->index_) != n->stamp_) {
                const lasso::detail::decimal index(n->index_);
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to node handle #",
                                                    n->is_null() ? std::string_view("null") : std::string_view(index),
                                                    ", which is not a node of this graph (it belongs to another graph, "
                                                    "was removed by rollback, or is null)"}));
            }
            const record& r = nodes_[n->index_];
            if (!r.alive)
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to node '", render_name(n->index_),
                                                    "', which has been erased"}));
            if (r.kind == node_kind::output)
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to the output node"}));
            if (n->index_ >= owner)
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to node '", render_name(n->index_),
                                                    "', which is not created before it"}));
            return 1;
        }
        if (const sequence* s = a.get_if<sequence>()) {
            if (s->items.size() > detail::max_payload) throw graph_error(lasso::detail::join({"a tuple argument of ", where(), " is too long"}));
            std::size_t count = 1;
            for (const argument& item : s->items) count += validate(item, owner, where);
            return count;
        }
        return 1;
    }
    void reserve_cells(std::size_t count) {
        if (cells_.capacity() - cells_.size() < count)
            cells_.reserve(std::max(cells_.size() + count, cells_.capacity() * 2));
    }
    /// Appends the cells of one (validated) argument of node `owner`.
    void write(const argument& a, std::uint32_t owner) {
        using V = argument::value_type;
        static_assert(std::is_same_v<std::variant_alternative_t<0, V>, none_t> &&
                      std::is_same_v<std::variant_alternative_t<1, V>, bool> &&
                      std::is_same_v<std::variant_alternative_t<2, V>, std::int64_t> &&
                      std::is_same_v<std::variant_alternative_t<3, V>, double> &&
                      std::is_same_v<std::variant_alternative_t<4, V>, std::string> &&
                      std::is_same_v<std::variant_alternative_t<5, V>, node> &&
                      std::is_same_v<std::variant_alternative_t<6, V>, sequence>,
                      "write() switches on the order of argument's alternatives");
        switch (a.value().index()) {
        case 0: cells_.push_back(cell::make(cell_tag::none)); break;
        case 1: cells_.push_back(cell::make(cell_tag::boolean, *a.get_if<bool>() ? 1u : 0u)); break;
        case 2:
            cells_.push_back(cell::make(cell_tag::integer, 0, static_cast<std::uint64_t>(*a.get_if<std::int64_t>())));
            break;
        case 3: cells_.push_back(cell::make(cell_tag::floating, 0, std::bit_cast<std::uint64_t>(*a.get_if<double>()))); break;
        case 4: cells_.push_back(cell::make(cell_tag::string, symbols_.intern(*a.get_if<std::string>()))); break;
        case 5: {
            const std::uint32_t used = a.get_if<node>()->index_;
            const auto c = static_cast<std::uint32_t>(cells_.size());
            cells_.push_back(cell::make(cell_tag::node, used));
            cells_.back().owner = owner;
            link(c, used);
            break;
        }
        default: {
            const sequence& s = *a.get_if<sequence>();
            cells_.push_back(cell::make(s.is_list ? cell_tag::list : cell_tag::tuple,
                                        static_cast<std::uint32_t>(s.items.size())));
            for (const argument& item : s.items) write(item, owner);
            break;
        }
        }
    }
    void write_kwargs(list_ref<keyword> kwargs, std::uint32_t owner) {
        for (const keyword& k : kwargs) {
            cells_.push_back(cell::make(cell_tag::keyword, symbols_.intern(k.name)));
            write(k.value, owner);
        }
    }
    /// The index after the argument starting at cell `i`.
    std::uint32_t skip(std::uint32_t i) const noexcept {
        const cell& c = cells_[i++];
        if (c.tag() == cell_tag::tuple || c.tag() == cell_tag::list)
            for (std::uint32_t k = 0; k < c.payload(); ++k) i = skip(i);
        return i;
    }
    argument decode(std::uint32_t& i) const {
        const cell& c = cells_[i++];
        switch (c.tag()) {
        case cell_tag::none: return none;
        case cell_tag::boolean: return c.payload() != 0;
        case cell_tag::integer: return static_cast<std::int64_t>(c.body);
        case cell_tag::floating: return std::bit_cast<double>(c.body);
        case cell_tag::string: return std::string(symbols_.text(c.payload()));
        case cell_tag::node: return handle(c.payload());
        case cell_tag::tuple:
        case cell_tag::list: {
            sequence s{c.tag() == cell_tag::list, {}};
            s.items.reserve(c.payload());
            for (std::uint32_t k = 0; k < c.payload(); ++k) s.items.push_back(decode(i));
            return s;
        }
        case cell_tag::keyword: break;
        }
        throw graph_error("internal: corrupt argument cell");
    }

    // ---- use lists

    void link(std::uint32_t c, std::uint32_t used) noexcept {
        const std::uint32_t head = nodes_[used].uses;
        cells_[c].body = (std::uint64_t{nil} << 32) | head;
        if (head != nil) cells_[head].set_prev(c);
        nodes_[used].uses = c;
    }
    void unlink(std::uint32_t c) noexcept {
        cell& x = cells_[c];
        const std::uint32_t prev = x.prev(), next = x.next();
        if (prev == nil) nodes_[x.payload()].uses = next;
        else cells_[prev].set_next(next);
        if (next != nil) cells_[next].set_prev(prev);
        x.body = ~std::uint64_t{0};
    }
    void unlink_range(std::uint32_t begin, std::uint32_t end) noexcept {
        for (std::uint32_t i = begin; i < end; ++i)
            if (cells_[i].tag() == cell_tag::node) unlink(i);
    }

    // ---- nodes

    node add_method(std::uint32_t method, list_ref<argument> args, list_ref<keyword> kwargs,
                    std::optional<Meta>& meta) {
        if (args.empty())
            throw graph_error(lasso::detail::join({"call_method '", symbols_.text(method),
                                                "' needs the object it is called on as its first argument"}));
        return create(node_kind::call_method, method, short_name_of(method), args, kwargs, meta);
    }

    /// Adds a node. `meta` is taken by reference and moved from only when it holds a
    /// value (moving an empty optional trips g++ 12's -Wmaybe-uninitialized).
    node create(node_kind kind, std::uint32_t target, name_request name, list_ref<argument> args,
                list_ref<keyword> kwargs, std::optional<Meta>& meta) {
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

    std::uint32_t intern_location(list_ref<source_frame> frames) {
        std::vector<detail::frame_record> records;
        records.reserve(frames.size());
        for (const auto& f : frames) records.push_back({symbols_.intern(f.function), symbols_.intern(f.file), f.line});
        return locations_.intern(records);
    }
    template <class Strings> std::uint32_t intern_source_fn(const Strings& stack) {
        std::vector<std::uint32_t> ids;
        ids.reserve(stack.size());
        for (const auto& s : stack) ids.push_back(symbols_.intern(s));
        return source_fns_.intern(ids);
    }

    std::vector<record, recycling_allocator<record>> nodes_;
    std::vector<std::optional<Meta>, recycling_allocator<std::optional<Meta>>> metas_;
    std::vector<cell, recycling_allocator<cell>> cells_;
    detail::symbol_table symbols_;
    flat_names taken_names_;
    std::vector<std::uint32_t> next_suffix_;   ///< per base symbol
    std::vector<std::uint64_t> short_names_;   ///< per target symbol: cached name request
    std::vector<std::uint64_t> full_names_;    ///< per source/path symbol: cached name request
    std::vector<std::uint32_t> placeholder_of_; ///< per source symbol: live placeholder slot or nil
    detail::sequence_table<detail::frame_record> locations_;
    detail::sequence_table<std::uint32_t> source_fns_;
    std::uint32_t current_location_ = 0;
    std::uint32_t current_source_fn_ = 0;
    std::uint32_t salt_ = 0;
    std::uint32_t counter_ = 0;       ///< creation index of the next node
    std::uint32_t output_ = nil;
    std::uint32_t output_symbol_ = 0;
    std::uint32_t cells_pinned_ = 0;  ///< end of cells written by set_args/set_kwargs
    std::size_t live_ = 0;
    std::size_t calls_ = 0;
};

} // namespace lasso::graph
