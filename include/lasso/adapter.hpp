// lasso/adapter.hpp
//
// What an interpreter author writes: an adapter type that describes their interpreter
// to lasso, as static members. This header gathers the adapter surface, from the
// bytecode layer (decode, assemble, disassemble) up to graph capture (frames, values,
// tensor operators, running code):
//
//  - lasso/adapter/vocabulary.hpp   the types the members speak in (value_kind, operand,
//                                   builtin_behaviour, ...);
//  - lasso/adapter/features.hpp     the optional features an adapter declares;
//  - lasso/adapter/requirements.hpp the table of every member: who needs it, how it is
//                                   checked, its signature;
//  - lasso/adapter/concepts.hpp     the concepts made from the table;
//  - lasso/adapter/check.hpp        one readable message per mistake at the entry points.
//
// docs/adapter-reference.md lists the table.
#pragma once

#include <lasso/adapter/check.hpp>
#include <lasso/adapter/concepts.hpp>
#include <lasso/adapter/features.hpp>
#include <lasso/adapter/requirements.hpp>
#include <lasso/adapter/vocabulary.hpp>
#include <lasso/bytecode/code.hpp>
#include <lasso/bytecode/opcode_table.hpp>
#include <lasso/bytecode/semantic_op.hpp>
#include <lasso/constant.hpp>
#include <lasso/unsupported.hpp>
