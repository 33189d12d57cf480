// lasso/graph/detail/cells.hpp
//
// The flat layout of a graph: one fixed-size record per node, and every argument value
// flattened into one per-graph array of 16-byte cells, so that creating a node
// allocates nothing of its own. A cell holding a node reference is also an entry of
// the referenced node's use list (see `graph_storage`). The 28-bit cell payload bounds
// node slots, symbols and sequence lengths, hence `max_payload` lives here.
#pragma once

#include <lasso/graph/node.hpp>

#include <cstdint>

namespace lasso::graph::detail {

/// No slot, cell or symbol: the end of a use list, a graph without output node, an
/// empty cache entry.
inline constexpr std::uint32_t nil = 0xFFFF'FFFFu;
/// Node slots, symbols and sequence lengths share 28 bits of a cell with its tag.
inline constexpr std::uint32_t max_payload = (1u << 28) - 1;

enum class cell_tag : std::uint8_t { none, boolean, integer, floating, string, node, tuple, list, keyword, size };

/// One flattened argument value. `head` packs the tag (low 4 bits) and a 28-bit payload:
/// the bool, the string's symbol, the referenced node's slot, the item count of a
/// tuple/list, the keyword's symbol (the keyword's value follows it), or a size's index
/// in the graph's size table. `body` holds
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
    std::uint32_t creation = 0;                     ///< creation index (monotonic, never reused)
    std::uint32_t target = 0;                       ///< symbol
    std::uint32_t name_base = 0;                    ///< symbol; the name is base, or base_suffix
    std::uint32_t name_suffix = 0;                  ///< 0 for none
    std::uint32_t args_begin = 0, args_end = 0;     ///< cells of the positional arguments
    std::uint32_t kwargs_begin = 0, kwargs_end = 0; ///< keyword cells, each before its value
    std::uint32_t uses = nil;                       ///< first cell referring to this node, or nil
    std::uint32_t location = 0;                     ///< id in the location table, 0 for none
    std::uint32_t source_fn = 0;                    ///< id in the source_fn table, 0 for none
    node_kind kind = node_kind::placeholder;
    bool alive = true;
};
static_assert(sizeof(node_record) == 48);

} // namespace lasso::graph::detail
