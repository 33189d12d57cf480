// lasso/bytecode/code.hpp
//
// `code_fields` is the library's neutral view of a code object: the raw bytecode plus
// every table an instruction argument can refer to. Adapters convert their own code
// objects to and from it (`read_code`, `make_code`); the bytecode layer never sees an
// adapter's code type otherwise.
#pragma once

#include <lasso/bytecode/exception_table.hpp>
#include <lasso/bytecode/line_table.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

namespace lasso::bytecode {

template <class Value> struct code_fields {
    std::vector<std::uint8_t> bytecode;
    std::vector<Value> constants;
    std::vector<std::string> names;    ///< globals and attributes (arg_kind::name)
    std::vector<std::string> varnames; ///< locals, parameters first (arg_kind::local)
    std::vector<std::string> cellvars; ///< cells owned by this code (arg_kind::cell, first)
    std::vector<std::string> freevars; ///< cells from outside (arg_kind::cell, after cellvars)
    int argcount = 0;
    int kwonly_argcount = 0;
    std::uint32_t flags = 0;
    std::string name;
    std::string filename;
    int first_line = 1;
    int stacksize = 0;
    std::vector<exception_entry> exception_table;
    std::vector<line_entry> line_table;
};

/// A constant of a bytecode template, made into an adapter value by `make_constant`.
struct template_constant {
    bool is_none = true;
    std::int64_t integer = 0;
};

/// What the code-level operations (decode, assemble, transform, disassemble) need.
template <class A>
concept CodeAdapter =
    BytecodeAdapter<A> && requires(const typename A::code& code, code_fields<typename A::value> fields,
                                   const typename A::value& v) {
        typename A::code;
        { A::read_code(code) } -> std::same_as<code_fields<typename A::value>>;
        { A::make_code(std::move(fields)) } -> std::same_as<typename A::code>;
        { A::constant_repr(v) } -> std::convertible_to<std::string>;
        { A::same_constant(v, v) } -> std::convertible_to<bool>;
    };

/// Adapters that can build the constants used by bytecode templates (None, integers).
template <class A>
concept TemplateConstantAdapter = requires(template_constant c) {
    { A::make_constant(c) } -> std::convertible_to<typename A::value>;
};

} // namespace lasso::bytecode
