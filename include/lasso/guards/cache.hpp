// lasso/guards/cache.hpp
//
// The code cache: per original code object, the list of translations made for it, each
// an `Entry` of the caller's choosing that holds the guard program under which it may be
// reused (the runtime's entry adds the transformed code and the cache-hit fast path).
//
// The lookup is one load when the adapter gives a per-code pointer slot
// (`A::code_cache_slot(code) -> void*&`), or one call when it reaches the slot through
// functions (`code_cache_get` and `code_cache_set`, as PEP 523's `co_extra` is);
// otherwise a hash map keyed by `A::code_identity`. The cache keeps each original code alive (it holds its
// handle) and clears the slots it set when it is destroyed, so it must be destroyed
// before the interpreter that owns the code objects.
#pragma once

#include <lasso/adapter.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace lasso {

namespace detail {
/// What a per-code slot points to: the start of a record, tagged with the cache that
/// owns it. A second cache (another runtime on the same interpreter) finds the slot
/// taken and keeps its records in its hash map instead.
struct slot_header {
    const void* owner = nullptr;
};

/// Whether the adapter gives a per-code slot, either way.
template <class A> inline constexpr bool has_code_slot = HasCodeCacheSlot<A> || HasCodeCacheAccessors<A>;
template <class A> void* read_code_slot(const typename A::code& code) {
    if constexpr (HasCodeCacheSlot<A>) return A::code_cache_slot(code);
    else return A::code_cache_get(code);
}
template <class A> void write_code_slot(const typename A::code& code, void* p) {
    if constexpr (HasCodeCacheSlot<A>) A::code_cache_slot(code) = p;
    else A::code_cache_set(code, p);
}
} // namespace detail

/// Every translation of one original code, newest last, plus `Info` the caller keeps
/// per code (statistics, explain records). Entries are held by pointer, so that adding
/// one while another runs (a captured function calling itself) leaves that one in place.
template <class A, class Entry, class Info> struct code_record : detail::slot_header {
    std::vector<std::unique_ptr<Entry>> entries; ///< read on every call: next to the header
    Info info;
    typename A::code code;
};

template <class A, class Entry, class Info>
    requires RuntimeAdapter<A>
class code_cache {
    static_assert(!(HasCodeCacheSlot<A> && HasCodeCacheAccessors<A>),
                  "lasso adapter: declare code_cache_slot or code_cache_accessors, not both");

public:
    using record = code_record<A, Entry, Info>;

    code_cache() = default;
    code_cache(const code_cache&) = delete;
    code_cache& operator=(const code_cache&) = delete;
    ~code_cache() {
        if constexpr (detail::has_code_slot<A>)
            for (auto& r : records_)
                if (detail::read_code_slot<A>(r->code) == static_cast<detail::slot_header*>(r.get()))
                    detail::write_code_slot<A>(r->code, nullptr);
    }

    /// The record of `code`, or nullptr. On the cache-hit path: no allocation.
    record* find(const typename A::code& code) const noexcept {
        if constexpr (detail::has_code_slot<A>) {
            auto* header = static_cast<detail::slot_header*>(detail::read_code_slot<A>(code));
            if (!header) return nullptr;
            if (header->owner == this) return static_cast<record*>(header);
        }
        if (by_identity_.empty()) return nullptr;
        auto it = by_identity_.find(A::code_identity(code));
        return it == by_identity_.end() ? nullptr : it->second;
    }

    /// The record of `code`, created (with `info`) on first use.
    record& find_or_add(const typename A::code& code, Info info = {}) {
        if (record* r = find(code)) return *r;
        auto owned = std::make_unique<record>();
        owned->owner = this;
        owned->code = code;
        owned->info = std::move(info);
        record* r = owned.get();
        records_.push_back(std::move(owned));
        if constexpr (detail::has_code_slot<A>) {
            if (!detail::read_code_slot<A>(code)) {
                detail::write_code_slot<A>(code, static_cast<detail::slot_header*>(r));
                return *r;
            }
        }
        by_identity_.emplace(A::code_identity(code), r);
        return *r;
    }

    /// Every record, in the order the codes were first seen.
    const std::vector<std::unique_ptr<record>>& records() const noexcept { return records_; }

private:
    std::vector<std::unique_ptr<record>> records_;
    std::unordered_map<std::uintptr_t, record*> by_identity_;
};

} // namespace lasso
