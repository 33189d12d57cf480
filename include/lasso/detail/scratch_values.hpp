// lasso/detail/scratch_values.hpp
//
// Room for the values a cache hit computes with (a graph's results, a return program's
// stack), made empty for one call and destroyed after it. A hit of a small function
// must not allocate, so small rooms live on the stack.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace lasso::detail {

/// Calls `run(values)` with `n` empty (value-initialised) values, on the stack when `n`
/// is at most `Small`, else on the heap; they are destroyed when `run` returns or throws.
template <class Value, std::size_t Small, class Run> decltype(auto) with_scratch_values(std::size_t n, Run&& run) {
    if (n <= Small) {
        alignas(Value) std::byte room[Small * sizeof(Value)];
        Value* values = reinterpret_cast<Value*>(room);
        std::uninitialized_value_construct_n(values, n);
        struct destroy {
            Value* values;
            std::size_t n;
            ~destroy() { std::destroy_n(values, n); }
        } on_exit{values, n};
        return run(values);
    }
    std::vector<Value> values(n);
    return run(values.data());
}

} // namespace lasso::detail
