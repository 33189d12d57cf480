// lasso/translator/handlers/stack.hpp
//
// Handlers of the stack family: no-ops, pop, push NULL, copy, swap, and constants.
// Each family is a function template the translator's dispatch calls with itself (`T`)
// and the instruction, for the semantic ops whose row in `bytecode::semantic_ops` names
// the family.
#pragma once

#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/trackers/defaults.hpp>
#include <lasso/translator/step.hpp>

#include <utility>

namespace lasso::handlers {

template <bytecode::op O, class T> step stack(T& t, const typename T::instruction& inst) {
    using bytecode::op;
    if constexpr (O == op::nop || O == op::resume || O == op::extended_arg || O == op::copy_free_vars) {
        // copy_free_vars: free variables are read from the frame on first use.
        return next{};
    } else if constexpr (O == op::pop_top) {
        t.pop();
        return next{};
    } else if constexpr (O == op::push_null) {
        t.push(t.add_tracker(trackers::null{}));
        return next{};
    } else if constexpr (O == op::copy) {
        const auto n = t.count_arg(inst);
        if (n == 0) throw bytecode::bytecode_error("copy 0", inst.offset);
        t.push(t.peek(n - 1));
        return next{};
    } else if constexpr (O == op::swap) {
        const auto n = t.count_arg(inst);
        if (n == 0) throw bytecode::bytecode_error("swap 0", inst.offset);
        t.need(n);
        auto& s = t.state().stack;
        std::swap(s[s.size() - 1], s[s.size() - n]);
        return next{};
    } else if constexpr (O == op::load_const) {
        t.push(t.code_constant(inst));
        return next{};
    }
}

} // namespace lasso::handlers
