// lasso/recycling_allocator.hpp
//
// The large arrays of a translation (decoded instructions, the tracker arena, the
// graph's nodes, metadata, argument cells and names) are allocated through
// `recycling_allocator`, which keeps freed blocks of 16 KB and more in a small cache of
// the freeing thread and hands them to the next request they fit. Translating frames
// one after another then writes into memory that earlier translations already touched.
//
// Why: the system allocator gives such blocks back to the kernel. glibc serves large
// requests with fresh mappings and trims the top of its heap once enough is free there,
// so each translation of a large frame would fault in every page it writes; on a
// virtual machine those faults cost more than the translation itself. The cache keeps
// at most 64 blocks and 64 MB per thread, and `release_recycled_blocks()` empties the
// calling thread's cache; a thread's cache is freed when the thread ends.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace lasso {

namespace detail {

/// The freed blocks a thread keeps. Trivially destructible, so that a block freed
/// while threads wind down (after the thread's `block_cache_owner` is gone) is still
/// handled: the cache is then closed and frees at once.
struct block_cache {
    static constexpr std::size_t max_blocks = 64;
    static constexpr std::size_t max_bytes = std::size_t{64} << 20;
    /// A cached block is used for a request it exceeds at most this many times over.
    static constexpr std::size_t max_oversize = 4;

    struct entry {
        void* base;
        std::size_t bytes;
    };
    entry blocks[max_blocks];
    std::size_t count = 0;
    std::size_t bytes = 0;
    bool closed = false;

    /// The smallest cached block of at least `wanted` bytes (and not much larger),
    /// removed from the cache; nullptr if none fits. `got` receives its size.
    void* take(std::size_t wanted, std::size_t& got) noexcept {
        std::size_t best = count;
        for (std::size_t i = 0; i < count; ++i)
            if (blocks[i].bytes >= wanted && blocks[i].bytes / max_oversize <= wanted &&
                (best == count || blocks[i].bytes < blocks[best].bytes))
                best = i;
        if (best == count) return nullptr;
        void* base = blocks[best].base;
        got = blocks[best].bytes;
        bytes -= got;
        blocks[best] = blocks[--count];
        return base;
    }

    /// Keeps a block for reuse, making room by freeing smaller cached blocks; false if
    /// the block is not kept (the caller frees it).
    bool keep(void* base, std::size_t size) noexcept {
        if (closed || size > max_bytes) return false;
        while (count == max_blocks || bytes + size > max_bytes) {
            std::size_t smallest = 0;
            for (std::size_t i = 1; i < count; ++i)
                if (blocks[i].bytes < blocks[smallest].bytes) smallest = i;
            if (blocks[smallest].bytes >= size) return false;
            ::operator delete(blocks[smallest].base);
            bytes -= blocks[smallest].bytes;
            blocks[smallest] = blocks[--count];
        }
        blocks[count++] = {base, size};
        bytes += size;
        return true;
    }

    void release() noexcept {
        for (std::size_t i = 0; i < count; ++i) ::operator delete(blocks[i].base);
        count = 0;
        bytes = 0;
    }
};

inline thread_local constinit block_cache thread_block_cache{};

/// Frees the thread's cached blocks when the thread ends and closes its cache.
struct block_cache_owner {
    ~block_cache_owner() {
        thread_block_cache.release();
        thread_block_cache.closed = true;
    }
};
inline thread_local block_cache_owner thread_block_cache_owner{};

/// Room before each recycled block for its size, keeping the block aligned as
/// `operator new` aligns.
inline constexpr std::size_t block_header = alignof(std::max_align_t);
/// Smaller requests go straight to `operator new`: the system allocator reuses them well.
inline constexpr std::size_t min_recycled_bytes = std::size_t{16} << 10;

inline void* allocate_block(std::size_t bytes) {
    block_cache& cache = thread_block_cache;
    std::size_t size = 0;
    void* base = cache.take(bytes, size);
    if (!base) {
        if (!cache.closed) (void)&thread_block_cache_owner; // registers the cleanup of this thread's cache
        size = bytes;
        base = ::operator new(block_header + size);
    }
    *static_cast<std::size_t*>(base) = size;
    return static_cast<std::byte*>(base) + block_header;
}

inline void free_block(void* p) noexcept {
    void* base = static_cast<std::byte*>(p) - block_header;
    block_cache& cache = thread_block_cache;
    if (!cache.closed) (void)&thread_block_cache_owner; // the block may come from another thread
    if (!cache.keep(base, *static_cast<std::size_t*>(base))) ::operator delete(base);
}

} // namespace detail

/// Frees the blocks the calling thread keeps for reuse.
inline void release_recycled_blocks() noexcept { detail::thread_block_cache.release(); }

/// A standard allocator whose blocks of 16 KB and more are recycled through a
/// per-thread cache (see the top of this header). Stateless: all instances are equal,
/// and memory may be freed on another thread than the one that allocated it.
template <class T> struct recycling_allocator {
    using value_type = T;

    recycling_allocator() noexcept = default;
    template <class U> constexpr recycling_allocator(const recycling_allocator<U>&) noexcept {}

    T* allocate(std::size_t n) {
        if constexpr (alignof(T) > detail::block_header) {
            return std::allocator<T>{}.allocate(n);
        } else {
            if (n > static_cast<std::size_t>(-1) / 2 / sizeof(T)) throw std::bad_array_new_length();
            const std::size_t bytes = n * sizeof(T);
            if (bytes < detail::min_recycled_bytes) return static_cast<T*>(::operator new(bytes));
            return static_cast<T*>(detail::allocate_block(bytes));
        }
    }

    void deallocate(T* p, std::size_t n) noexcept {
        if constexpr (alignof(T) > detail::block_header) {
            std::allocator<T>{}.deallocate(p, n);
        } else {
            if (n * sizeof(T) < detail::min_recycled_bytes) ::operator delete(p);
            else detail::free_block(p);
        }
    }

    friend constexpr bool operator==(const recycling_allocator&, const recycling_allocator&) noexcept { return true; }
};

} // namespace lasso
