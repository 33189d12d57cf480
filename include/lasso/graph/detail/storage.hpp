// lasso/graph/detail/storage.hpp
//
// `graph_storage`: what a graph stores besides its metadata, and the operations every
// public function of `graph<Meta>` is built from: checking handles, giving nodes unique
// names, validating and flattening arguments into cells, keeping use lists linked,
// interning locations, and checking that all of it agrees (`lint`). None of it depends
// on `Meta`, so it is a plain class that `graph<Meta>` derives from privately:
// graph.hpp then reads as the API, and its members name these ones without `this->`.
#pragma once

#include <lasso/detail/join.hpp>
#include <lasso/graph/detail/cells.hpp>
#include <lasso/graph/detail/names.hpp>
#include <lasso/graph/detail/symbols.hpp>
#include <lasso/graph/node.hpp>
#include <lasso/recycling_allocator.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace lasso::graph::detail {

inline std::uint32_t next_graph_salt() {
    static std::atomic<std::uint32_t> counter{1};
    // An odd multiplier spreads consecutive graphs far apart in stamp space.
    return counter.fetch_add(1, std::memory_order_relaxed) * 0x9E37'79B9u;
}

/// The nodes (records in creation order), their argument cells, the symbol, location and
/// source_fn tables, the names taken, and the counts a graph keeps up to date. Copying
/// copies deeply. Everything is protected: only `graph<Meta>` uses it.
class graph_storage {
protected:
    using record = node_record;
    using flat_names = flat_u64_set;

    graph_storage() : salt_(next_graph_salt()) { output_symbol_ = symbols_.intern("output"); }

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
            return graph_error(
                lasso::detail::join({"node handle #", lasso::detail::decimal(n.index_), " is out of range (the graph has ",
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
        const std::string id = sanitize_identifier(text);
        const auto [base, suffix] = split_suffix(id);
        return {symbols_.intern(base), suffix};
    }
    /// Name request for a call target (its last component), cached per symbol.
    name_request short_name_of(std::uint32_t target) {
        return cached(short_names_, target, [&] { return request_from(target_base_name(symbols_.text(target))); });
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
    std::size_t validate_all(list_ref<argument> args, list_ref<keyword> kwargs, std::uint32_t owner, node_kind kind,
                             std::uint32_t target) const {
        std::size_t count = 0;
        auto where = [&] {
            return lasso::detail::join({name_of(kind), " '",
                                        owner < nodes_.size() ? std::string_view(render_name(owner)) : symbols_.text(target),
                                        "'"});
        };
        for (const argument& a : args) count += validate(a, owner, where);
        for (const keyword& k : kwargs) count += 1 + validate(k.value, owner, where);
        if (cells_.size() + count > nil - 1) throw graph_error("too many argument cells in one graph");
        return count;
    }
    template <class Where> std::size_t validate(const argument& a, std::uint32_t owner, const Where& where) const {
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
                throw graph_error(lasso::detail::join(
                    {"an argument of ", where(), " refers to node '", render_name(n->index_), "', which has been erased"}));
            if (r.kind == node_kind::output)
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to the output node"}));
            if (n->index_ >= owner)
                throw graph_error(lasso::detail::join({"an argument of ", where(), " refers to node '",
                                                       render_name(n->index_), "', which is not created before it"}));
            return 1;
        }
        if (const sequence* s = a.get_if<sequence>()) {
            if (s->items.size() > max_payload)
                throw graph_error(lasso::detail::join({"a tuple argument of ", where(), " is too long"}));
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
                          std::is_same_v<std::variant_alternative_t<6, V>, sequence> &&
                          std::is_same_v<std::variant_alternative_t<7, V>, size_argument>,
                      "write() switches on the order of argument's alternatives");
        switch (a.value().index()) {
        case 0: cells_.push_back(cell::make(cell_tag::none)); break;
        case 1: cells_.push_back(cell::make(cell_tag::boolean, *a.get_if<bool>() ? 1u : 0u)); break;
        case 2:
            cells_.push_back(cell::make(cell_tag::integer, 0, static_cast<std::uint64_t>(*a.get_if<std::int64_t>())));
            break;
        case 3:
            cells_.push_back(cell::make(cell_tag::floating, 0, std::bit_cast<std::uint64_t>(*a.get_if<double>())));
            break;
        case 4: cells_.push_back(cell::make(cell_tag::string, symbols_.intern(*a.get_if<std::string>()))); break;
        case 5: {
            const std::uint32_t used = a.get_if<node>()->index_;
            const auto c = static_cast<std::uint32_t>(cells_.size());
            cells_.push_back(cell::make(cell_tag::node, used));
            cells_.back().owner = owner;
            link(c, used);
            break;
        }
        case 7:
            if (sizes_.size() >= max_payload) throw graph_error("too many symbolic sizes in one graph");
            cells_.push_back(cell::make(cell_tag::size, static_cast<std::uint32_t>(sizes_.size())));
            sizes_.push_back(a.get_if<size_argument>()->value);
            break;
        default: {
            const sequence& s = *a.get_if<sequence>();
            cells_.push_back(
                cell::make(s.is_list ? cell_tag::list : cell_tag::tuple, static_cast<std::uint32_t>(s.items.size())));
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
        case cell_tag::size: return size_argument{sizes_[c.payload()]};
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

    // ---- invariants

    /// The checks behind `graph::lint`: use lists match the arguments, arguments precede
    /// their users, names are unique and registered, counts are right.
    void check_invariants() const {
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
            if (!name_taken(r.name_base, r.name_suffix)) fail("name '" + render_name(s) + "' not registered");
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
            if (r.kind == node_kind::placeholder && (r.target >= placeholder_of_.size() || placeholder_of_[r.target] != s))
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
                const bool inside =
                    (c >= owner.args_begin && c < owner.args_end) || (c >= owner.kwargs_begin && c < owner.kwargs_end);
                if (!owner.alive || !inside) fail("use list of '" + render_name(s) + "' holds a dead argument");
                if (++count > expected_uses[s]) break;
            }
            if (count != expected_uses[s]) fail("use list of '" + render_name(s) + "' does not match the arguments");
        }
        if (live != live_ || calls != calls_) fail("node counts are wrong");
        if (outputs != (output_ == nil ? 0u : 1u)) fail("output bookkeeping is wrong");
    }

    // ---- locations

    std::uint32_t intern_location(list_ref<source_frame> frames) {
        std::vector<frame_record> records;
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
    std::vector<cell, recycling_allocator<cell>> cells_;
    symbol_table symbols_;
    std::vector<symbolic::sym_int> sizes_; ///< the symbolic sizes of size cells
    flat_names taken_names_;
    std::vector<std::uint32_t> next_suffix_;    ///< per base symbol
    std::vector<std::uint64_t> short_names_;    ///< per target symbol: cached name request
    std::vector<std::uint64_t> full_names_;     ///< per source/path symbol: cached name request
    std::vector<std::uint32_t> placeholder_of_; ///< per source symbol: live placeholder slot or nil
    sequence_table<frame_record> locations_;
    sequence_table<std::uint32_t> source_fns_;
    std::uint32_t current_location_ = 0;
    std::uint32_t current_source_fn_ = 0;
    std::uint32_t salt_ = 0;
    std::uint32_t counter_ = 0; ///< creation index of the next node
    std::uint32_t output_ = nil;
    std::uint32_t output_symbol_ = 0;
    std::uint32_t cells_pinned_ = 0; ///< end of cells written by set_args/set_kwargs
    std::size_t live_ = 0;
    std::size_t calls_ = 0;
};

} // namespace lasso::graph::detail
