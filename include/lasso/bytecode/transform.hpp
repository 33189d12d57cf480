// lasso/bytecode/transform.hpp
//
// The one-call rewrite of a code object: decode it, let a callback edit the
// instructions and the code's fields, assemble, recompute the stack size and build a new
// code through the adapter. The C++ counterpart of Dynamo's `transform_code_object`.
#pragma once

#include <lasso/bytecode/assemble.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/stack_analysis.hpp>

#include <concepts>
#include <vector>

namespace lasso::bytecode {

/// Assembles `instrs` into `fields` and sets `fields.stacksize` from stack analysis.
template <class A> void finish_code(std::vector<instruction<A>>& instrs, code_fields<typename A::value>& fields) {
    assemble<A>(instrs, fields);
    fields.stacksize = analyze_stack<A>(instrs).max_depth;
}

/// What `transform_code` calls: `callback(std::vector<instruction<A>>&, code_fields<value>&)`
/// edits the decoded code in place.
template <class Callback, class A>
concept code_transformer = std::invocable < Callback&,
        std::vector<instruction<A>>
&, code_fields<typename A::value>& > ;

/// Decodes `code`, lets `callback` edit it, and assembles the result.
template <CodeAdapter A, code_transformer<A> Callback>
typename A::code transform_code(const typename A::code& code, Callback&& callback) {
    code_fields<typename A::value> fields = A::read_code(code);
    std::vector<instruction<A>> instrs = decode<A>(fields);
    callback(instrs, fields);
    finish_code<A>(instrs, fields);
    return A::make_code(std::move(fields));
}

} // namespace lasso::bytecode
