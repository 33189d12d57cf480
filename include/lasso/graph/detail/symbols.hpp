// lasso/graph/detail/symbols.hpp
//
// Interning: each distinct string of a graph (targets, keyword names, string constants,
// name bases, file and function names) and each distinct location or source_fn stack
// is stored once and named by a 32-bit id, so that nodes and cells hold ids rather than
// strings. A symbol id must fit a cell's payload, which bounds the table.
#pragma once

#include <lasso/graph/detail/cells.hpp>
#include <lasso/graph/node.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso::graph::detail {

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

} // namespace lasso::graph::detail
