// lasso/translator/handlers/by_family.hpp
//
// The library's handler of each semantic op: the function of its handler family (its
// row in `bytecode::semantic_ops` names the family). `translator::on<O>` calls it; the
// families live one header each beside this one.
#pragma once

#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/translator/handlers/calls.hpp>
#include <lasso/translator/handlers/containers.hpp>
#include <lasso/translator/handlers/control_flow.hpp>
#include <lasso/translator/handlers/exceptions.hpp>
#include <lasso/translator/handlers/globals_attributes.hpp>
#include <lasso/translator/handlers/locals.hpp>
#include <lasso/translator/handlers/operators.hpp>
#include <lasso/translator/handlers/stack.hpp>
#include <lasso/translator/step.hpp>
#include <lasso/unsupported.hpp>

namespace lasso::handlers {

template <bytecode::op O, class T> step by_family(T& t, const typename T::instruction& inst) {
    using family = bytecode::op_family;
    constexpr family f = bytecode::family_of(O);
    if constexpr (f == family::stack) return stack<O>(t, inst);
    else if constexpr (f == family::locals) return locals<O>(t, inst);
    else if constexpr (f == family::globals_attributes) return globals_attributes<O>(t, inst);
    else if constexpr (f == family::operators) return operators<O>(t, inst);
    else if constexpr (f == family::containers) return containers<O>(t, inst);
    else if constexpr (f == family::calls) return calls<O>(t, inst);
    else if constexpr (f == family::control_flow) return control_flow<O>(t, inst);
    else if constexpr (f == family::exceptions) return exceptions<O>(t, inst);
    else if constexpr (f == family::custom)
        give_up(reasons::unsupported_bytecode, "custom opcode ", inst.name(), " has no handler in the translator's Config");
    else {
        static_assert(f == family::untranslated, "lasso::translator::on: an op_family without a handler function");
        give_up(reasons::unsupported_bytecode, "'", bytecode::name_of(O), "' is not supported by the translator yet");
    }
}

} // namespace lasso::handlers
