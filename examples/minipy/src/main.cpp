// The minipy command-line tool: run a program, or disassemble it.
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <sstream>
#include <string>
#include <vector>

#include "minipy/adapter.hpp"
#include "minipy/capture.hpp"
#include "minipy/compiler.hpp"
#include "minipy/interpreter.hpp"

namespace {

const char* usage =
    "usage: minipy run [options] FILE   run a minipy program\n"
    "       minipy dis FILE             disassemble every code object of a program\n"
    "       minipy --help               show this help\n"
    "\n"
    "minipy is a strict subset of Python 3 with tensors (see examples/minipy/SPEC.md).\n"
    "An uncaught exception prints a traceback and exits with status 1; so does a\n"
    "syntax error (FILE:LINE:COL: message, then SyntaxError: message).\n"
    "\n"
    "Functions decorated with @capture run through lasso's graph capture. Options of run:\n"
    "  --backend NAME          backend for every @capture function (overrides backend=):\n"
    "                          eager, verify (eager checked against eager), fused (elementwise\n"
    "                          chains and reductions as one loop), verify-fused (fused checked\n"
    "                          against eager on every call)\n"
    "  --explain               print what capture did (graphs, guards, graph breaks,\n"
    "                          recompiles) to stderr at exit; stdout is unchanged\n"
    "  --explain-json FILE     write the same report as JSON to FILE\n"
    "  --logs LIST             log artifacts to stderr as they happen, a comma list of\n"
    "                          graph, guards, bytecode, breaks, recompiles (or all)\n"
    "  --dot DIR               write each compiled graph as DIR/<function>_<n>.dot\n"
    "  --report DIR            write the report as a web page, DIR/index.html (graphs drawn\n"
    "                          with Graphviz's dot when it is installed)\n"
    "  --dynamic auto|true|false  symbolic sizes for every @capture function (overrides\n"
    "                          dynamic=): when sizes change, from the first call, never\n"
    "  --stance NAME           what capture does at first (set_stance() changes it): default,\n"
    "                          force_eager, eager_on_recompile, fail_on_recompile\n"
    "  --interpreted-breaks    run the code at graph breaks in the interpreter, not in lasso\n"
    "                          (the results are the same; for comparing the two)\n"
    "  --no-capture            run @capture functions eagerly (no graph capture)\n"
    "A bad option is a usage error (exit status 2).\n";

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

/// Parses the options of `run`; prints a usage error and returns nullopt when bad.
std::optional<minipy::capture_run_options> parse_run_options(const std::vector<std::string>& args, std::string& path) {
  minipy::capture_run_options o;
  auto bad = [](const std::string& message) {
    std::cerr << "minipy: " << message << "\n" << usage;
    return std::nullopt;
  };
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::string a = args[i];
    std::optional<std::string> inline_value;
    if (a.rfind("--", 0) == 0) {
      const auto eq = a.find('=');
      if (eq != std::string::npos) {
        inline_value = a.substr(eq + 1);
        a = a.substr(0, eq);
      }
    }
    auto takes_value = a == "--backend" || a == "--explain-json" || a == "--logs" || a == "--dot" || a == "--dynamic" ||
                       a == "--stance" || a == "--report";
    std::string v;
    if (takes_value) {
      if (inline_value) {
        v = *inline_value;
      } else if (i + 1 < args.size()) {
        v = args[++i];
      } else {
        return bad("option " + a + " needs a value");
      }
      if (v.empty()) return bad("option " + a + " needs a value");
    } else if (inline_value) {
      return bad("option " + a + " takes no value");
    }
    if (a == "--backend") {
      if (v != "eager" && v != "verify" && v != "fused" && v != "verify-fused")
        return bad("unknown backend '" + v + "' (known: eager, verify, fused, verify-fused)");
      o.backend = v;
    } else if (a == "--dynamic") {
      using lasso::symbolic::dynamic_shapes;
      if (v == "auto")
        o.dynamic = dynamic_shapes::automatic;
      else if (v == "true")
        o.dynamic = dynamic_shapes::always;
      else if (v == "false")
        o.dynamic = dynamic_shapes::never;
      else
        return bad("unknown --dynamic '" + v + "' (known: auto, true, false)");
    } else if (a == "--stance") {
      const auto s = lasso::parse_stance(v);
      if (!s)
        return bad("unknown --stance '" + v + "' (known: default, force_eager, eager_on_recompile, fail_on_recompile)");
      o.stance = *s;
    } else if (a == "--explain-json") {
      o.explain_json = v;
    } else if (a == "--logs") {
      try {
        (void)lasso::parse_log_artifacts(v);
      } catch (const std::invalid_argument& e) { return bad(e.what()); }
      o.logs = v;
    } else if (a == "--dot") {
      o.dot_dir = v;
    } else if (a == "--report") {
      o.report_dir = v;
    } else if (a == "--explain") {
      o.explain = true;
    } else if (a == "--no-capture") {
      o.capture = false;
    } else if (a == "--interpreted-breaks") {
      o.native_break_code = false;
    } else if (a.size() > 1 && a[0] == '-') {
      return bad("unknown option '" + a + "'");
    } else {
      if (!path.empty()) return bad("expected one FILE, got '" + path + "' and '" + a + "'");
      path = a;
    }
  }
  if (path.empty()) return bad("expected `run [options] FILE`");
  return o;
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
  std::string path;
  std::optional<minipy::capture_run_options> options;
  if (command == "run") {
    options = parse_run_options(args, path);
    if (!options) return 2;
  } else if (command == "dis" && args.size() == 2) {
    path = args[1];
  } else {
    std::cerr << "minipy: expected `run [options] FILE` or `dis FILE`\n" << usage;
    return 2;
  }
  std::string source;
  if (!read_file(path, source)) {
    std::cerr << "minipy: can't open file '" << path << "'\n";
    return 2;
  }
  if (command == "dis") return dis(source, path);
  return minipy::run_source_with_capture(source, path, std::cout, std::cerr, *options);
}
