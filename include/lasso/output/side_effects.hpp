// lasso/output/side_effects.hpp
//
// The side-effect record of a capture: mutations of values that existed before the
// trace (the contents of a list or dict from the frame, an attribute of an object from
// the frame, a global, the elements of a tensor from the frame), recorded during tracing instead of performed, and replayed by
// the generated code after the graph runs (output/replay.hpp).
//
// A container's new contents live in its tracker, which the translator edits in place
// (undone by a checkpoint's restore like any other edit); the record only notes that
// the container was mutated, once, with its items on entry (replay compares them with
// the final ones, and reproduces a dict's key order from them). An attribute or global store is an entry of
// its own: the stored value. Reads after a write look the place up here first, so
// they see the written value. Entries are appended in program order and a restore
// truncates them; each place's entries are chained newest to oldest, so finding the
// current value of a place and undoing a truncation are both constant time.
#pragma once

#include <lasso/trackers/tracker.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lasso::output {

/// What a mutation changes.
enum class mutation_kind : std::uint8_t {
    contents,  ///< the items of a list or dict from the frame (its tracker holds them)
    attribute, ///< attribute `name` of an object from the frame
    global,    ///< global `name` of the frame
    cell,      ///< the contents of the frame's free variable `name` (a closure cell)
    tensor,    ///< the elements of a tensor from the frame, written in place (`value`: the new contents)
};

/// Whether mutations of `kind` change a tracker's value (not a name of the frame).
constexpr bool has_target(mutation_kind kind) noexcept {
    return kind == mutation_kind::contents || kind == mutation_kind::attribute || kind == mutation_kind::tensor;
}

/// One entry of the record.
struct mutation {
    mutation_kind kind = mutation_kind::contents;
    tracker_ref target{}; ///< contents: the container; attribute: the object; tensor: the tensor
    std::string name;     ///< attribute, global or cell: its name
    tracker_ref value{};  ///< attribute, global or cell: the value stored; tensor: its new contents
    /// contents: the items on entry (a dict's as key, value, key, value, ...), which
    /// replay compares with the final ones to change only what changed.
    std::vector<tracker_ref> entry_items;
    /// contents of a list not read (`trackers::unread_list`): its entry items are not
    /// known, only what was appended, which replay extends it by.
    bool entry_unknown = false;
    std::uint32_t previous = UINT32_MAX; ///< the same place's entry before this one
};

class side_effects {
public:
    static constexpr std::uint32_t no_entry = UINT32_MAX;

    bool empty() const noexcept { return log_.empty(); }
    std::size_t size() const noexcept { return log_.size(); }
    /// Every entry, in program order.
    const std::vector<mutation>& log() const noexcept { return log_; }

    /// The newest entry of a place, or nullptr when the trace has not mutated it.
    const mutation* latest(mutation_kind kind, tracker_ref target, std::string_view name = {}) const {
        auto at = latest_.find(key(kind, target, name));
        return at == latest_.end() ? nullptr : &log_[at->second];
    }
    /// Whether the contents of container `r` were mutated.
    bool contents_mutated(tracker_ref r) const { return latest(mutation_kind::contents, r) != nullptr; }
    /// Whether `r` is the target of any mutation (its contents or an attribute).
    bool is_target(tracker_ref r) const {
        for (tracker_ref t : targets_)
            if (t == r) return true;
        return false;
    }
    /// The trackers whose contents or attributes were mutated, each once, in order.
    const std::vector<tracker_ref>& targets() const noexcept { return targets_; }

    /// Appends `m` (program order); it becomes its place's newest entry.
    void record(mutation m) {
        std::string k = key(m.kind, m.target, m.name);
        auto [at, inserted] = latest_.try_emplace(std::move(k), static_cast<std::uint32_t>(log_.size()));
        m.previous = inserted ? no_entry : at->second;
        at->second = static_cast<std::uint32_t>(log_.size());
        if (has_target(m.kind) && !is_target(m.target)) targets_.push_back(m.target);
        log_.push_back(std::move(m));
    }

    /// The entry items of list `r`, read when the trace needed them after appending to
    /// it unread: replay then compares with them as for any list.
    void entry_items_read(tracker_ref r, const std::vector<tracker_ref>& items) {
        for (mutation& m : log_)
            if (m.kind == mutation_kind::contents && m.target == r && m.entry_unknown) {
                m.entry_items = items;
                m.entry_unknown = false;
            }
    }

    /// Forgets every entry after the first `n` (a checkpoint's restore).
    void truncate(std::size_t n) {
        while (log_.size() > n) {
            const mutation& m = log_.back();
            const std::string k = key(m.kind, m.target, m.name);
            if (m.previous == no_entry) {
                latest_.erase(k);
                if (has_target(m.kind) && !targets_.empty() && targets_.back() == m.target &&
                    !has_entry_for(m.target, log_.size() - 1))
                    targets_.pop_back();
            } else {
                latest_[k] = m.previous;
            }
            log_.pop_back();
        }
    }

    /// The newest entry of every place, in the order the places were first mutated:
    /// what replay performs (earlier values of a place are overwritten, so they are
    /// not replayed, and are not computed by the graph either).
    std::vector<const mutation*> final_mutations() const {
        std::vector<const mutation*> out;
        for (const mutation& m : log_)
            if (m.previous == no_entry) out.push_back(&log_[latest_.at(key(m.kind, m.target, m.name))]);
        return out;
    }

private:
    static std::string key(mutation_kind kind, tracker_ref target, std::string_view name) {
        std::string k;
        k.reserve(name.size() + 12);
        k += static_cast<char>('0' + static_cast<int>(kind));
        if (has_target(kind)) k += std::to_string(target.index);
        k += ':';
        k += name;
        return k;
    }
    /// Whether an entry before `end` targets `r`.
    bool has_entry_for(tracker_ref r, std::size_t end) const {
        for (std::size_t i = 0; i < end; ++i)
            if (has_target(log_[i].kind) && log_[i].target == r) return true;
        return false;
    }

    std::vector<mutation> log_;
    std::unordered_map<std::string, std::uint32_t> latest_;
    std::vector<tracker_ref> targets_;
};

} // namespace lasso::output
