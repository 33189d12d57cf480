// lasso/bytecode.hpp: the bytecode layer (instructions, opcode tables, decode, assemble,
// stack analysis, liveness, templates, disassembly).
#pragma once

#include <lasso/bytecode/assemble.hpp>
#include <lasso/bytecode/cells.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/decode.hpp>
#include <lasso/bytecode/disassemble.hpp>
#include <lasso/bytecode/encoding.hpp>
#include <lasso/bytecode/error.hpp>
#include <lasso/bytecode/exception_table.hpp>
#include <lasso/bytecode/indexed_instruction.hpp>
#include <lasso/bytecode/instruction.hpp>
#include <lasso/bytecode/line_table.hpp>
#include <lasso/bytecode/liveness.hpp>
#include <lasso/bytecode/location_table.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/relocate.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/bytecode/stack_analysis.hpp>
#include <lasso/bytecode/templates.hpp>
#include <lasso/bytecode/transform.hpp>
