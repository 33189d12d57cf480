// A test encoding that numbers cells as CPython 3.11 does (`cell_numbering::localsplus`):
// the cache adapter's instruction set (cache_adapter.hpp: two-byte units, inline caches,
// load_global's NULL bit), whose cell arguments are slots of one space with the locals:
// the locals, then the cell variables that are not locals, then the free variables. A
// cell variable that is an argument keeps the argument's slot.
#pragma once

#include "cache_adapter.hpp"

#include <lasso/lasso.hpp>

namespace lasso_test {

namespace detail {
/// `enc` with cells numbered in localsplus.
constexpr lasso::bytecode::encoding with_localsplus_cells(lasso::bytecode::encoding enc) {
    enc.cells = lasso::bytecode::cell_numbering::localsplus;
    return enc;
}
} // namespace detail

struct localsplus_adapter : cache_adapter {
    static constexpr lasso::bytecode::encoding bytecode_encoding =
        detail::with_localsplus_cells(cache_adapter::bytecode_encoding);
};
static_assert(lasso::bytecode::opcode_traits<localsplus_adapter>::check.ok());

} // namespace lasso_test
