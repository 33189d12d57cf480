// lasso/adapter.hpp
//
// What an interpreter author writes: an adapter type that describes their interpreter
// to lasso. This header gathers the requirements as concepts; each requirement says in
// its failure message what is missing. The bytecode part (opcode table, encoding, code
// objects and constants) is what `lasso::bytecode` needs; graph capture adds values,
// frames and operators on top of it.
#pragma once

#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>

namespace lasso {

/// The semantic opcode vocabulary adapters map their opcodes onto.
using bytecode::op;

/// An adapter whose bytecode lasso can decode, transform, assemble and disassemble.
/// Requirements (all static members of the adapter type `A`):
///  - `using value`: the interpreter's value handle (constants are values);
///  - `using code`: its code object handle;
///  - `static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes`;
///  - `static constexpr lasso::bytecode::encoding bytecode_encoding`;
///  - `static lasso::bytecode::code_fields<value> read_code(const code&)` and
///    `static code make_code(lasso::bytecode::code_fields<value>)`;
///  - `static std::string constant_repr(const value&)` and
///    `static bool same_constant(const value&, const value&)`.
template <class A>
concept BytecodeInterpreterAdapter = bytecode::CodeAdapter<A>;

/// Checks an adapter with one readable message per missing piece. Use it as
/// `static_assert(lasso::check_bytecode_adapter<my_adapter>());`.
template <class A> consteval bool check_bytecode_adapter() {
    static_assert(requires { typename A::value; }, "lasso adapter: missing `using value = ...;` (the interpreter's value type)");
    static_assert(requires { typename A::code; }, "lasso adapter: missing `using code = ...;` (the interpreter's code object type)");
    static_assert(requires { A::opcodes; }, "lasso adapter: missing `static constexpr std::array<lasso::bytecode::opcode_info, N> opcodes`");
    static_assert(requires { { A::bytecode_encoding } -> std::convertible_to<bytecode::encoding>; },
                  "lasso adapter: missing `static constexpr lasso::bytecode::encoding bytecode_encoding`");
    if constexpr (requires { typename A::value; typename A::code; }) {
        static_assert(requires(const typename A::code& c) {
            { A::read_code(c) } -> std::same_as<bytecode::code_fields<typename A::value>>;
        }, "lasso adapter: missing `static lasso::bytecode::code_fields<value> read_code(const code&)`");
        static_assert(requires(bytecode::code_fields<typename A::value> f) {
            { A::make_code(std::move(f)) } -> std::same_as<typename A::code>;
        }, "lasso adapter: missing `static code make_code(lasso::bytecode::code_fields<value>)`");
        static_assert(requires(const typename A::value& v) { { A::constant_repr(v) } -> std::convertible_to<std::string>; },
                      "lasso adapter: missing `static std::string constant_repr(const value&)`");
        static_assert(requires(const typename A::value& v) { { A::same_constant(v, v) } -> std::convertible_to<bool>; },
                      "lasso adapter: missing `static bool same_constant(const value&, const value&)`");
    }
    return true;
}

} // namespace lasso
