// lasso/graph/detail/names.hpp
//
// The pieces of node naming that do not need a graph: the set of taken names (each a
// 64-bit (base symbol, suffix) key), and the text rules that turn a target or a source
// into the identifier a name starts from. `graph_storage` combines them with the
// per-base suffix counters into unique names.
#pragma once

#include <lasso/recycling_allocator.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lasso::graph::detail {

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

} // namespace lasso::graph::detail
