// recycling_allocator: blocks of 16 KB and more go back to a cache of the freeing
// thread and serve the next request they fit; smaller blocks and much larger cached
// blocks are left alone.
#include <lasso/lasso.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

namespace {
using words = lasso::recycling_allocator<std::uint64_t>; // 8 bytes an item
} // namespace

TEST_CASE("a freed large block serves the next request it fits") {
    lasso::release_recycled_blocks();
    words alloc;
    std::uint64_t* a = alloc.allocate(4096); // 32 KB
    alloc.deallocate(a, 4096);
    std::uint64_t* b = alloc.allocate(3000); // 24 KB: fits the cached block
    CHECK(b == a);
    std::uint64_t* c = alloc.allocate(4096); // the cached block is in use: a new one
    CHECK(c != a);
    alloc.deallocate(c, 4096);
    alloc.deallocate(b, 3000);
    // Both blocks are cached; a request takes the smallest that fits, and a block more
    // than four times the request is kept for larger ones.
    std::uint64_t* big = alloc.allocate(64 * 1024); // 512 KB
    alloc.deallocate(big, 64 * 1024);
    std::uint64_t* d = alloc.allocate(2100); // 16.4 KB: one of the 32 KB blocks
    CHECK((d == a || d == c));
    alloc.deallocate(d, 2100);
    std::uint64_t* e = alloc.allocate(15 * 1024); // 120 KB: under a quarter of the 512 KB block
    CHECK(e != big);
    alloc.deallocate(e, 15 * 1024);
    lasso::release_recycled_blocks();
}

TEST_CASE("only blocks of 16 KB and more are cached") {
    lasso::release_recycled_blocks();
    const auto& cache = lasso::detail::thread_block_cache;
    words alloc;
    std::uint64_t* small = alloc.allocate(1000); // 8 KB
    alloc.deallocate(small, 1000);
    CHECK(cache.count == 0);
    std::uint64_t* large = alloc.allocate(2048); // 16 KB
    alloc.deallocate(large, 2048);
    CHECK(cache.count == 1);
    CHECK(cache.bytes == 2048 * sizeof(std::uint64_t));
    lasso::release_recycled_blocks();
    CHECK(cache.count == 0);
    CHECK(cache.bytes == 0);
}

TEST_CASE("the cache keeps at most 64 blocks, preferring larger ones") {
    lasso::release_recycled_blocks();
    const auto& cache = lasso::detail::thread_block_cache;
    words alloc;
    std::vector<std::uint64_t*> blocks;
    for (int i = 0; i < 70; ++i) blocks.push_back(alloc.allocate(2048)); // 16 KB each
    for (auto* b : blocks) alloc.deallocate(b, 2048);
    CHECK(cache.count == lasso::detail::block_cache::max_blocks);
    std::uint64_t* larger = alloc.allocate(8192); // 64 KB: replaces a 16 KB block
    alloc.deallocate(larger, 8192);
    CHECK(cache.count == lasso::detail::block_cache::max_blocks);
    CHECK(cache.bytes == (lasso::detail::block_cache::max_blocks - 1) * 2048 * 8 + 8192 * 8);
    lasso::release_recycled_blocks();
}

TEST_CASE("vectors grow through the cache and keep their items") {
    lasso::release_recycled_blocks();
    for (int round = 0; round < 3; ++round) {
        std::vector<std::uint64_t, words> v;
        for (std::uint64_t i = 0; i < 100000; ++i) v.push_back(i);
        CHECK(std::accumulate(v.begin(), v.end(), std::uint64_t{0}) == std::uint64_t{99999} * 100000 / 2);
        std::vector<std::uint64_t, words> copy = v;
        CHECK(copy == v);
    }
    lasso::release_recycled_blocks();
}

TEST_CASE("a block freed on another thread is cached there") {
    lasso::release_recycled_blocks();
    words alloc;
    std::uint64_t* block = alloc.allocate(4096);
    std::thread other([&] {
        alloc.deallocate(block, 4096);
        std::uint64_t* reused = alloc.allocate(4096);
        CHECK(reused == block);
        alloc.deallocate(reused, 4096); // freed with the thread's cache when it ends
    });
    other.join();
    std::uint64_t* fresh = alloc.allocate(4096);
    alloc.deallocate(fresh, 4096);
    lasso::release_recycled_blocks();
}
