// minipy code objects: bytecode in minipy's encoding (opcodes.hpp) plus the tables its
// arguments refer to, the packed exception and line tables (lasso's CPython-style
// formats), and decoded caches the interpreter reads on every exception and traceback.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <lasso/lasso.hpp>

#include "minipy/object.hpp"
#include "minipy/value.hpp"

namespace minipy {

/// Code flags (CPython's values).
namespace code_flags {
inline constexpr std::uint32_t optimized = 0x1;
inline constexpr std::uint32_t newlocals = 0x2;
inline constexpr std::uint32_t nested = 0x10;
}  // namespace code_flags

struct code_object final : object {
  static constexpr okind static_kind = okind::code;
  code_object() : object(static_kind) {}

  std::vector<std::uint8_t> bytecode;
  std::vector<value> constants;
  std::vector<std::string> names;
  std::vector<std::string> varnames;  ///< parameters first
  std::vector<std::string> cellvars;  ///< cells created by this code (MAKE_CELL)
  std::vector<std::string> freevars;  ///< cells taken from the closure (COPY_FREE_VARS)
  int argcount = 0;
  int kwonly_argcount = 0;
  std::uint32_t flags = 0;
  std::string name;
  std::string qualname;
  std::string filename;
  int first_line = 1;
  int stacksize = 0;
  std::vector<std::uint8_t> exception_table;  ///< pack_exception_table, unit 1 (bytes)
  std::vector<std::uint8_t> line_table;       ///< pack_line_table

  // ---- decoded caches (filled by finalize())
  std::vector<lasso::bytecode::exception_entry> exceptions;  ///< sorted by start
  std::vector<lasso::bytecode::line_entry> lines;
  std::vector<value> name_values;  ///< `names` as interned str objects
  std::vector<int> cell2arg;       ///< per cellvar: the varname it starts from, or -1
  std::size_t nlocals = 0;         ///< varnames.size()
  std::size_t ncells = 0;          ///< cellvars.size() + freevars.size()
  std::size_t frame_size = 0;      ///< nlocals + ncells + stacksize + 1 (a spare stack slot)

  /// LOAD_GLOBAL inline cache, one entry per name.
  struct global_cache_entry {
    std::uint64_t globals_version = 0;
    std::uint64_t builtins_version = 0;
    std::ptrdiff_t index = -1;
    bool in_builtins = false;
  };
  std::vector<global_cache_entry> global_cache;

  /// A per-code slot for the graph-capture layer (PEP 523's co_extra).
  void* extra = nullptr;

  /// Recomputes the caches from the primary fields; throws lasso::bytecode_error for
  /// malformed tables. With `tables_unpacked`, `exceptions` and `lines` already hold
  /// what the packed tables say (make_code packs them from there) and are kept.
  void finalize(bool tables_unpacked = false);
  /// Source line of the instruction at byte offset `offset` (-1 if unknown).
  int line_at(long offset) const noexcept;
  /// The exception-table entry covering `offset`, or nullptr.
  const lasso::bytecode::exception_entry* handler_at(long offset) const noexcept;

  void clear_refs() noexcept override {
    std::vector<value>().swap(constants);
    std::vector<value>().swap(name_values);
  }
};

}  // namespace minipy
