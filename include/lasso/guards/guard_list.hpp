// lasso/guards/guard_list.hpp
//
// What a guard is, before it is compiled: its kind, the source it reads, what it
// expects, and the failure a check reports. The translator records these (builder.hpp,
// output_graph.hpp); guard.hpp compiles a list of them into a `guard_program`.
#pragma once

#include <lasso/constant.hpp>
#include <lasso/sources.hpp>
#include <lasso/symbolic/shape_env.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lasso {

enum class guard_kind : std::uint8_t {
    type_match,      ///< type identity of the value equals `expected_id`
    id_match,        ///< identity of the value equals `expected_id`
    constant_match,  ///< the value equals `expected_constant` (and has its type)
    tensor_match,    ///< the value is a tensor with metadata `expected_meta`
    length_match,    ///< the container has `expected_length` elements
    global_state,    ///< global-state variable `expected_length` (lasso/global_state.hpp) equals `expected_flag` (no source)
    absent,          ///< the source cannot be read (an object without an attribute of its own)
    present,         ///< the source can be read, whatever its value (`hasattr` that found it)
    same_object,     ///< the value is (`expected_flag`) or is not the same object as the one at `other_source`
    code_match,      ///< the value is an interpreted function whose code's identity is `expected_id`
    sizes,           ///< the symbolic sizes of the tensors hold (lasso/guards/size_guards.hpp; no source, checked last)
    disjoint_memory, ///< the tensor's elements share no memory with those of the tensor at `other_source` (tensor_mutation)
};

template <class Meta> struct guard {
    guard_kind kind = guard_kind::type_match;
    std::optional<source_ref> source;
    std::optional<source_ref> other_source; ///< same_object, disjoint_memory: the value compared with
    std::uintptr_t expected_id = 0;
    constant expected_constant;
    std::optional<Meta> expected_meta;
    std::size_t expected_length = 0;
    bool expected_flag = false;
    std::string type_name; ///< for messages: the expected type's name
    /// tensor_match: the symbolic sizes of `expected_meta`, as (dimension, symbol);
    /// type_match of an int made a symbol: (`symbolic::whole_value`, symbol).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> symbol_dims;
    /// sizes: the shape environment whose symbols and relations are checked.
    std::shared_ptr<const symbolic::shape_env> shapes;
};

/// The result of checking a program: pass, or which guard failed and why.
struct guard_failure {
    std::size_t index = 0; ///< position in the guard list
    std::string reason;    ///< e.g. "L['x'].shape: expected f64[3, 4], got f64[2, 4]"
};

class guard_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Whether address ranges `[begin, end)` `a` and `b` overlap (an empty one overlaps none).
constexpr bool memory_overlaps(std::pair<std::uintptr_t, std::uintptr_t> a,
                               std::pair<std::uintptr_t, std::uintptr_t> b) noexcept {
    return a.first < a.second && b.first < b.second && a.first < b.second && b.first < a.second;
}

} // namespace lasso
