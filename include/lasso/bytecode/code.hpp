// lasso/bytecode/code.hpp
//
// `code_fields` is the library's neutral view of a code object: the raw bytecode plus
// every table an instruction argument can refer to. Adapters convert their own code
// objects to and from it (`read_code`, `make_code`); the bytecode layer never sees an
// adapter's code type otherwise.
#pragma once

#include <lasso/adapter/requirements.hpp>
#include <lasso/bytecode/exception_table.hpp>
#include <lasso/bytecode/line_table.hpp>
#include <lasso/bytecode/opcode_table.hpp>

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lasso::bytecode {

template <class Value> struct code_fields {
    std::vector<std::uint8_t> bytecode;
    std::vector<Value> constants;
    std::vector<std::string> names;    ///< globals and attributes (arg_kind::name)
    std::vector<std::string> varnames; ///< locals, parameters first (arg_kind::local)
    std::vector<std::string> cellvars; ///< cells owned by this code (arg_kind::cell, first)
    std::vector<std::string> freevars; ///< cells from outside (arg_kind::cell, after cellvars)
    /// With an encoding that numbers cells in localsplus (`cell_numbering::localsplus`):
    /// the kind bits of each slot (`localsplus_kind`), as CPython's `co_localspluskinds`.
    /// They follow from the names (`localsplus_kinds_of`): `read_code` may leave them
    /// empty, decode rejects kinds that disagree with the names, and every code lasso
    /// assembles gets them. Empty in the separate numbering.
    std::vector<std::uint8_t> localsplus_kinds;
    int argcount = 0;         ///< positional parameters, positional-only ones included
    int posonly_argcount = 0; ///< of those, the positional-only ones
    int kwonly_argcount = 0;
    std::uint32_t flags = 0;
    std::string name;
    std::string qualname; ///< the qualified name (`Outer.method.<locals>.f`); empty: the same as `name`
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

} // namespace lasso::bytecode

// The rows of the code objects (lasso/adapter/requirements.hpp) as concepts.
LASSO_DETAIL_DEFINE_TABLE(LASSO_ADAPTER_CODE_TABLE, failing_code_rows, present_code_rows)

namespace lasso::bytecode {

/// What the code-level operations (decode, assemble, transform, disassemble) need: the
/// opcode table and the rows of group `code_objects`.
template <class A>
concept CodeAdapter = BytecodeAdapter<A> && !::lasso::detail::adapter_table::failing_code_rows<A>().has(
    ::lasso::detail::adapter_table::code_objects);

/// Adapters that declare `lasso::feature::template_constants`: bytecode templates make
/// their constants (None, integers) with `make_constant`.
template <class A>
concept TemplateConstantAdapter = features_of<A>()
.has(feature::template_constants) &&
    !::lasso::detail::adapter_table::failing_code_rows<A>().has(::lasso::detail::adapter_table::template_constants);

} // namespace lasso::bytecode
