// minipy code objects and the lasso adapter. See code.hpp and adapter.hpp.
#include <algorithm>
#include <cstring>

#include "minipy/adapter.hpp"
#include "minipy/code.hpp"
#include "minipy/interpreter.hpp"
#include "minipy/repr.hpp"

namespace minipy {

namespace lb = lasso::bytecode;

void code_object::finalize(bool tables_unpacked) {
  if (!tables_unpacked) {
    exceptions = lb::unpack_exception_table(exception_table, 1);
    lines = lb::unpack_line_table(line_table);
  }
  std::sort(exceptions.begin(), exceptions.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
  for (const auto& e : exceptions)
    if (e.target >= bytecode.size() || e.end > bytecode.size() || e.target % 2 != 0)
      throw lb::bytecode_error("exception handler outside the code", static_cast<long>(e.start));
  if (bytecode.size() % 2 != 0) throw lb::bytecode_error("bytecode of odd length");
  name_values.clear();
  interpreter* in = interpreter::current();
  for (const auto& n : names) name_values.push_back(in ? in->intern(n) : new_str(n));
  cell2arg.assign(cellvars.size(), -1);
  for (std::size_t i = 0; i < cellvars.size(); ++i)
    for (std::size_t j = 0; j < varnames.size(); ++j)
      if (varnames[j] == cellvars[i]) {
        cell2arg[i] = static_cast<int>(j);
        break;
      }
  global_cache.assign(names.size(), {});
  nlocals = varnames.size();
  ncells = cellvars.size() + freevars.size();
  frame_size = nlocals + ncells + static_cast<std::size_t>(std::max(stacksize, 0)) + 1;
}

int code_object::line_at(long offset) const noexcept {
  if (lines.empty() || offset < 0) return first_line;
  auto it = std::upper_bound(lines.begin(), lines.end(), static_cast<std::uint32_t>(offset),
                             [](std::uint32_t off, const lb::line_entry& e) { return off < e.start; });
  if (it == lines.begin()) return first_line;
  --it;
  // Artificial instructions have no line: report the nearest line before them.
  while (it->pos.line < 0 && it != lines.begin()) --it;
  return it->pos.line < 0 ? first_line : it->pos.line;
}

const lb::exception_entry* code_object::handler_at(long offset) const noexcept {
  const lb::exception_entry* best = nullptr;
  for (const auto& e : exceptions) {
    if (offset < static_cast<long>(e.start) || offset >= static_cast<long>(e.end)) continue;
    if (!best || e.end - e.start < best->end - best->start) best = &e;
  }
  return best;
}

// ================================================================ adapter

lb::code_fields<value> bytecode_adapter::read_code(const code& c) {
  lb::code_fields<value> f;
  f.bytecode = c->bytecode;
  f.constants = c->constants;
  f.names = c->names;
  f.varnames = c->varnames;
  f.cellvars = c->cellvars;
  f.freevars = c->freevars;
  f.argcount = c->argcount;
  f.kwonly_argcount = c->kwonly_argcount;
  f.flags = c->flags;
  f.name = c->name;
  f.filename = c->filename;
  f.first_line = c->first_line;
  f.stacksize = c->stacksize;
  f.exception_table = c->exceptions;
  f.line_table = c->lines;
  return f;
}

bytecode_adapter::code bytecode_adapter::make_code(lb::code_fields<value> f) {
  auto c = make<code_object>();
  c->bytecode = std::move(f.bytecode);
  c->constants = std::move(f.constants);
  c->names = std::move(f.names);
  c->varnames = std::move(f.varnames);
  c->cellvars = std::move(f.cellvars);
  c->freevars = std::move(f.freevars);
  c->argcount = f.argcount;
  c->kwonly_argcount = f.kwonly_argcount;
  c->flags = f.flags;
  c->name = f.name;
  c->qualname = std::move(f.name);
  c->filename = std::move(f.filename);
  c->first_line = f.first_line;
  c->stacksize = f.stacksize;
  c->exception_table = lb::pack_exception_table(f.exception_table, 1);
  c->line_table = lb::pack_line_table(f.line_table);
  // The tables as given, not unpacked again from the bytes just packed from them.
  c->exceptions = std::move(f.exception_table);
  c->lines = std::move(f.line_table);
  c->finalize(/*tables_unpacked=*/true);
  return c;
}

namespace {
void constant_text(std::string& out, const value& v) {
  if (v.is<code_object>()) {
    auto* c = v.as<code_object>();
    out += "<code object " + c->name + ", line " + std::to_string(c->first_line) + ">";
    return;
  }
  if (v.is<tuple_object>()) {
    const auto& items = v.as<tuple_object>()->items;
    out += '(';
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) out += ", ";
      constant_text(out, items[i]);
    }
    if (items.size() == 1) out += ',';
    out += ')';
    return;
  }
  switch (v.tag()) {
    case vtag::null: out += "<NULL>"; return;
    case vtag::none: out += "None"; return;
    case vtag::boolean: out += v.as_bool() ? "True" : "False"; return;
    case vtag::integer: append_int(out, v.as_int()); return;
    case vtag::floating: append_float(out, v.as_float()); return;
    case vtag::object: break;
  }
  if (v.is<str_object>()) {
    append_repr_string(out, v.as<str_object>()->data);
    return;
  }
  if (v.is<builtin_object>()) {
    auto* b = v.as<builtin_object>();
    // Compiled graphs are host functions (capture.hpp) placed in generated code.
    out += is_native(b->data, native_kind::host_function) ? "<compiled graph " : "<built-in function ";
    out += b->name;
    out += ">";
    return;
  }
  if (v.is<class_object>()) {
    out += "<class ";
    out += v.as<class_object>()->name;
    out += ">";
    return;
  }
  if (v.is<function_object>()) {
    // Resume functions are functions placed in generated code.
    out += "<function ";
    out += v.as<function_object>()->qualname;
    out += ">";
    return;
  }
  out += "<object>";
}
}  // namespace

std::string bytecode_adapter::constant_repr(const value& v) {
  std::string out;
  constant_text(out, v);
  return out;
}

bool bytecode_adapter::same_constant(const value& a, const value& b) {
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case vtag::null:
    case vtag::none: return true;
    case vtag::boolean: return a.as_bool() == b.as_bool();
    case vtag::integer: return a.as_int() == b.as_int();
    case vtag::floating: {
      const double x = a.as_float(), y = b.as_float();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    case vtag::object: break;
  }
  if (a.obj() == b.obj()) return true;
  if (a.kind() != b.kind()) return false;
  if (a.is<str_object>()) return a.as<str_object>()->data == b.as<str_object>()->data;
  if (a.is<tuple_object>()) {
    const auto& x = a.as<tuple_object>()->items;
    const auto& y = b.as<tuple_object>()->items;
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same_constant(x[i], y[i])) return false;
    return true;
  }
  return false;
}

value bytecode_adapter::make_constant(lb::template_constant c) {
  return c.is_none ? value::none() : value::integer(c.integer);
}

}  // namespace minipy
