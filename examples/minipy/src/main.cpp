// The minipy command-line tool: run a program, or disassemble it.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "minipy/adapter.hpp"
#include "minipy/compiler.hpp"
#include "minipy/interpreter.hpp"

namespace {

const char* usage =
    "usage: minipy run FILE     run a minipy program\n"
    "       minipy dis FILE     disassemble every code object of a program\n"
    "       minipy --help       show this help\n"
    "\n"
    "minipy is a strict subset of Python 3 with tensors (see examples/minipy/SPEC.md).\n"
    "An uncaught exception prints a traceback and exits with status 1; so does a\n"
    "syntax error (FILE:LINE:COL: message, then SyntaxError: message).\n";

bool read_file(const std::string& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::ostringstream s;
  s << f.rdbuf();
  out = s.str();
  return true;
}

void disassemble_all(const minipy::ref<minipy::code_object>& code, std::string& out) {
  out += "Disassembly of " + minipy::bytecode_adapter::constant_repr(minipy::value(code)) + ":\n";
  out += lasso::bytecode::disassemble_code<minipy::bytecode_adapter>(code);
  for (const auto& c : code->constants) {
    if (!c.is<minipy::code_object>()) continue;
    out += "\n";
    disassemble_all(minipy::ref<minipy::code_object>(c.as<minipy::code_object>()), out);
  }
}

int dis(const std::string& source, const std::string& path) {
  int status = 0;
  minipy::run_with_large_stack([&] {
    minipy::interpreter in(std::cout, std::cerr);
    try {
      auto code = minipy::compile_source(source, path);
      std::string out;
      disassemble_all(code, out);
      std::cout << out;
    } catch (const minipy::syntax_error& e) {
      std::cerr << e.what() << "\nSyntaxError: " << e.message << "\n";
      status = 1;
    } catch (const std::exception& e) {
      std::cerr << path << ": " << e.what() << "\nSystemError: " << e.what() << "\n";
      status = 1;
    }
  });
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << usage;
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::cout << usage;
    return 0;
  }
  const std::string& command = args[0];
  if ((command != "run" && command != "dis") || args.size() != 2) {
    std::cerr << "minipy: expected `run FILE` or `dis FILE`\n" << usage;
    return 2;
  }
  const std::string& path = args[1];
  std::string source;
  if (!read_file(path, source)) {
    std::cerr << "minipy: can't open file '" << path << "'\n";
    return 2;
  }
  if (command == "dis") return dis(source, path);
  return minipy::run_source(source, path, std::cout, std::cerr);
}
