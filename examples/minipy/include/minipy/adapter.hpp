// minipy's lasso adapter: how lasso reads, builds and prints minipy code objects.
#pragma once

#include <string>

#include <lasso/lasso.hpp>

#include "minipy/code.hpp"
#include "minipy/opcodes.hpp"
#include "minipy/value.hpp"

namespace minipy {

struct bytecode_adapter {
  using value = minipy::value;
  using code = ref<code_object>;
  /// Bytecode templates (resume functions, context re-entry) make their constants
  /// with `make_constant`.
  static constexpr lasso::feature_set features{lasso::feature::template_constants};

  static constexpr auto opcodes = opcode_table;
  static constexpr lasso::bytecode::encoding bytecode_encoding = minipy::bytecode_encoding;

  static lasso::bytecode::code_fields<value> read_code(const code& c);
  /// Builds a code object (qualname = name; the compiler sets the real qualname).
  static code make_code(lasso::bytecode::code_fields<value> fields);
  /// Python repr; code objects print as `<code object NAME, line N>`.
  static std::string constant_repr(const value& v);
  /// Same type and equal value: 1, 1.0 and True differ, and so do 0.0 and -0.0.
  static bool same_constant(const value& a, const value& b);
  static value make_constant(lasso::bytecode::template_constant c);
};

static_assert(lasso::check_bytecode_adapter<bytecode_adapter>());
static_assert(lasso::bytecode::CodeAdapter<bytecode_adapter>);
static_assert(lasso::bytecode::TemplateConstantAdapter<bytecode_adapter>);

using instr = lasso::bytecode::instruction<bytecode_adapter>;

}  // namespace minipy
