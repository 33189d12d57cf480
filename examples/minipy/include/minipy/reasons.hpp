// minipy/reasons.hpp
//
// minipy's own entries in the registry of reasons (lasso/reasons.hpp): the reasons its
// adapter gives that no other interpreter would. They are kept the way the library keeps
// its table: ids `MP0001`, ... in order, checked at compile time, and apart from the
// library's ids and names. The adapter declares the table (`capture_adapter::reasons`)
// so explain and errors find the hints; docs/graph-breaks.md lists it after the
// library's.
#pragma once

#include <lasso/reasons.hpp>

#include <array>

namespace minipy {

// clang-format off
inline constexpr std::array<lasso::reason_entry, 2> minipy_reasons{{
    {"MP0001", "minipy_memory_limit", "tensor or sequence past minipy's size limit",
     "The operation would make a tensor (or a repeated sequence) larger than minipy allows; minipy raises MemoryError "
     "for it, so the trace stops and the interpreter raises.",
     "make the tensor smaller", "", lasso::reason_category::user_error},
    {"MP0002", "minipy_no_tensor_op", "minipy tensors have no such operation",
     "A method or function was called on a tensor that minipy's tensors do not have; the interpreter raises "
     "AttributeError when it makes the call.",
     "use an operation minipy's tensors have (examples/minipy/SPEC.md)", "", lasso::reason_category::user_error},
}};
// clang-format on

static_assert(lasso::valid_reason_table(minipy_reasons),
              "minipy_reasons: ids must be MP0001, MP0002, ... in order, names unique, texts present");
static_assert(lasso::disjoint_reason_tables(lasso::library_reasons, minipy_reasons),
              "minipy_reasons: an id or name is the library's too");

namespace reasons {
inline constexpr lasso::reason_kind memory_limit = lasso::find_reason(minipy_reasons, "minipy_memory_limit");
inline constexpr lasso::reason_kind no_tensor_op = lasso::find_reason(minipy_reasons, "minipy_no_tensor_op");
}  // namespace reasons

}  // namespace minipy
