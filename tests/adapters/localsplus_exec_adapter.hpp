// The runnable tiny runtime (examples/minimal_adapter/tiny_exec.hpp) with graph breaks in
// frames with cells, its instructions laid out as CPython 3.11's (cache_adapter.hpp) and
// its cells numbered as CPython 3.11 numbers them (localsplus_adapter.hpp): a cell
// argument is a slot of the locals-plus-cells space. Its frame accessor finds a cell by
// that slot the way CPython's frame holds it, written out here apart from lasso's
// `cell_layout`: an argument that is a cell is read from the argument (the frame is
// handed over before make_cell runs), a free variable from the function's closure.
#pragma once

#include "cache_adapter.hpp"
#include "localsplus_adapter.hpp"
#include "tiny_exec.hpp"

#include <lasso/lasso.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace lasso_test::tiny {

struct localsplus_exec_adapter : exec_adapter_resumable {
    static constexpr auto opcodes = lasso_test::detail::with_cpython_layout(adapter::opcodes);
    static constexpr lasso::bytecode::encoding bytecode_encoding =
        lasso_test::detail::with_localsplus_cells(lasso_test::detail::cpython_like_encoding(compact_adapter::EXT));
    static constexpr lasso::feature_set features = exec_adapter_resumable::features | lasso::feature::closure_resume;

    /// The cell in slot `number` of a frame about to run its code.
    static const value* frame_cell_contents(const exec_frame& f, std::size_t number) {
        const auto& code = f.code->fields;
        std::vector<std::string> slots = code.varnames;
        for (const auto& name : code.cellvars)
            if (std::find(slots.begin(), slots.end(), name) == slots.end()) slots.push_back(name);
        const std::size_t first_free = slots.size();
        if (number >= first_free + code.freevars.size()) return nullptr;
        if (number < code.varnames.size()) return frame_local(f, number); // an argument, not a cell yet
        if (number < first_free || !f.closure) return nullptr;            // a cell variable not made yet
        const value& cell = std::get<tuple>(f.closure->data).items.at(number - first_free);
        const auto& held = std::get<instance>(cell->data).attributes;
        const auto it = held.find("cell_contents");
        return it == held.end() ? nullptr : &it->second;
    }
    /// `fn` with `cells` (a tuple) as its closure.
    static value with_closure(const value& fn, const value& cells) {
        function copy = std::get<function>(fn->data);
        copy.closure = cells;
        return make(std::move(copy));
    }
    static value call_code(const exec_frame& f, const code& c) { return run_code<localsplus_exec_adapter>(f, c); }
    /// Every code lasso made, so that a test can look at the fields it gave them.
    static inline std::vector<code> made;
    static code make_code(lasso::bytecode::code_fields<value> f) {
        made.push_back(exec_adapter_resumable::make_code(std::move(f)));
        return made.back();
    }
};
static_assert(lasso::InterpreterAdapter<localsplus_exec_adapter> && lasso::ClosureResumeAdapter<localsplus_exec_adapter>);

} // namespace lasso_test::tiny
