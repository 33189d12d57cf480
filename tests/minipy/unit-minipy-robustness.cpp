// Robustness and targeted tests for the minipy interpreter: thousands of generated
// malformed or hostile programs must each end with a clean status (0, or 1 with a
// Python-style last stderr line), never a crash or a hang; plus checks of specific
// behaviours (integer overflow, `minipy dis`, the capture hook, the lasso adapter).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "minipy/adapter.hpp"
#include "minipy/compiler.hpp"
#include "minipy/interpreter.hpp"

using namespace minipy;

namespace {

struct outcome {
  int status;
  std::string out;
  std::string err;
};

outcome run(const std::string& source, std::uint64_t max_steps = 200000, std::uint64_t memory_budget = 0) {
  std::ostringstream out, err;
  run_options options;
  options.max_steps = max_steps;
  options.memory_budget = memory_budget;
  const int status = run_source(source, "fuzz.py", out, err, options);
  return {status, out.str(), err.str()};
}

std::string last_line(const std::string& text) {
  std::istringstream in(text);
  std::string line, last;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  return last;
}

// A clean end: status 0 with nothing on stderr, or status 1 whose last stderr line is
// `Type` or `Type: message`.
bool clean(const outcome& o) {
  static const std::regex exception_line(R"(^[A-Za-z_][A-Za-z0-9_.]*(: .*)?$)");
  if (o.status == 0) return o.err.empty();
  if (o.status != 1) return false;
  return std::regex_match(last_line(o.err), exception_line);
}

void check_clean(const std::string& source, std::uint64_t max_steps = 200000) {
  const outcome o = run(source, max_steps);
  INFO("program: " << source.substr(0, 300));
  INFO("status: " << o.status << ", stderr: " << o.err.substr(o.err.size() > 400 ? o.err.size() - 400 : 0));
  CHECK(clean(o));
}

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  // The scripts live in one folder per feature.
  for (const auto& e : std::filesystem::recursive_directory_iterator(MINIPY_SCRIPTS_DIR))
    if (e.is_regular_file() && e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

int g_programs = 0;

}  // namespace

TEST_CASE("random bytes and token soup end cleanly") {
  std::mt19937 rng(12345);
  static const char* tokens[] = {"def ",   "class ",  "f",         "x",          "y",        "(",
                                 ")",      "[",       "]",         "{",          "}",        ":",
                                 ",",      ".",       "=",         "+",          "-",        "*",
                                 "/",      "//",      "%",         "**",         "@",        "<",
                                 ">",      "==",      "!=",        " and ",      " or ",     " not ",
                                 " in ",   " is ",    "lambda ",   "if ",        "else ",    "elif ",
                                 "while ", "for ",    "try",       "except ",    "finally",  "with ",
                                 " as ",   "return ", "raise ",    "break",      "continue", "pass",
                                 "del ",   "global ", "nonlocal ", "assert ",    "None",     "True",
                                 "False",  "0",       "1",         "2.5",        "1e308",    "'s'",
                                 "\"t\"",  "\n",      "\n    ",    "\n        ", " ",        "print",
                                 "len",    "range",   "tensor",    "zeros",      "capture",  "@capture\n",
                                 "yield",  "import ", "\\",        "#",          "'''",      "9999999999999999999999"};
  for (int i = 0; i < 1100; ++i) {
    std::string src;
    const int n = static_cast<int>(rng() % 120);
    if (i % 3 == 0) {
      for (int k = 0; k < n; ++k) src += static_cast<char>(rng() % 256);
    } else {
      for (int k = 0; k < n; ++k) src += tokens[rng() % (sizeof tokens / sizeof *tokens)];
    }
    check_clean(src);
    ++g_programs;
  }
}

TEST_CASE("truncations of every corpus script end cleanly") {
  const auto files = corpus();
  REQUIRE(files.size() >= 100);
  for (const auto& f : files) {
    const std::string src = read(f);
    constexpr int cuts = 12;
    for (int c = 1; c <= cuts; ++c) {
      const std::size_t at = src.size() * static_cast<std::size_t>(c) / (cuts + 1);
      check_clean(src.substr(0, at));
      ++g_programs;
    }
    // The whole script, and the script with its lines reversed.
    check_clean(src, 5000000);
    std::istringstream in(src);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::reverse(lines.begin(), lines.end());
    std::string reversed;
    for (const auto& l : lines) reversed += l + "\n";
    check_clean(reversed);
    g_programs += 2;
  }
}

TEST_CASE("deep nesting, huge literals and deep recursion end cleanly") {
  std::vector<std::string> programs;
  for (int depth : {10, 100, 199, 200, 201, 1000, 5000}) {
    programs.push_back("x = " + repeat("(", depth) + "1" + repeat(")", depth) + "\nprint(x)\n");
    programs.push_back("x = " + repeat("[", depth) + repeat("]", depth) + "\nprint(len(x))\n");
    programs.push_back("x = " + repeat("-", depth) + "1\nprint(x)\n");
    programs.push_back("x = 1" + repeat(" + 1", depth) + "\nprint(x)\n");
    programs.push_back("x = " + repeat("not ", depth) + "True\nprint(x)\n");
    programs.push_back("f = " + repeat("lambda: ", std::min(depth, 300)) + "1\nprint(f)\n");
    std::string blocks;
    for (int i = 0; i < std::min(depth, 150); ++i)
      blocks += std::string(static_cast<std::size_t>(i), ' ') + "if True:\n";
    blocks += std::string(static_cast<std::size_t>(std::min(depth, 150)), ' ') + "print('deep')\n";
    programs.push_back(blocks);
    std::string defs;
    for (int i = 0; i < std::min(depth, 90); ++i)
      defs += std::string(static_cast<std::size_t>(i), ' ') + "def f" + std::to_string(i) + "():\n";
    defs += std::string(static_cast<std::size_t>(std::min(depth, 90)), ' ') + "return 1\n";
    programs.push_back(defs);
  }
  // Deep data built at run time.
  programs.push_back("a = []\nfor i in range(100000):\n    a = [a]\nprint(len(a))\nprint(a)\n");
  programs.push_back("a = ()\nfor i in range(100000):\n    a = (a,)\nd = {a: 1}\n");
  programs.push_back("a = []\nb = []\nfor i in range(5000):\n    a = [a]\n    b = [b]\nprint(a == b)\n");
  programs.push_back("a = [1]\nfor i in range(3000):\n    a = [a]\nt = tensor(a)\n");
  programs.push_back("x = []\nx.append(x)\nprint(x, x == x)\nd = {}\nd[1] = d\nprint(d)\n");
  // Huge literals.
  programs.push_back("x = 123456789012345678901234567890\nprint(x)\n");
  programs.push_back("x = -9223372036854775808\nprint(x, -x)\n");
  programs.push_back("x = 1e999\nprint(x, -x)\n");
  programs.push_back("s = '" + std::string(1 << 20, 'a') + "'\nprint(len(s))\n");
  {
    std::string list = "x = [";
    for (int i = 0; i < 100000; ++i) list += std::to_string(i) + ",";
    programs.push_back(list + "]\nprint(len(x), sum(x))\n");
    std::string dict = "d = {";
    for (int i = 0; i < 20000; ++i) dict += std::to_string(i) + ": i" + ",";
    programs.push_back("i = 3\n" + dict + "}\nprint(len(d))\n");
    std::string call = "print(";
    for (int i = 0; i < 5000; ++i) call += std::to_string(i) + ",";
    programs.push_back(call + ")\n");
  }
  programs.push_back("print('x' * 10000000000)\n");
  programs.push_back("print([0] * 10000000000)\n");
  programs.push_back("print(zeros(100000, 100000, 100000))\n");
  programs.push_back("print(list(range(10000000000)))\n");
  programs.push_back("s = 'ab'\nfor i in range(100):\n    s = s + s\n");
  // Deep recursion, directly and through builtins.
  programs.push_back("def f(n):\n    return f(n + 1)\nf(0)\n");
  programs.push_back("def f(n):\n    return g(n)\ndef g(n):\n    return f(n)\nf(0)\n");
  programs.push_back("class C:\n    def __str__(self):\n        return str(self)\nprint(C())\n");
  programs.push_back("class C:\n    def __repr__(self):\n        return repr([self])\nprint(C())\n");
  programs.push_back("class C:\n    def __init__(self):\n        C()\nC()\n");
  programs.push_back("def f():\n    try:\n        f()\n    finally:\n        f()\nf()\n");
  programs.push_back("def f():\n    try:\n        f()\n    except RecursionError:\n        f()\nf()\n");
  programs.push_back("def f():\n    with no_grad():\n        f()\nf()\n");
  // Loops that only a step budget stops.
  programs.push_back("while True:\n    pass\n");
  programs.push_back("while True:\n    try:\n        pass\n    except:\n        pass\n");
  programs.push_back(
      "def f():\n    while True:\n        try:\n            return f()\n        except RecursionError:\n            pass\nf()\n");
  // Assorted hostile runtime behaviour.
  programs.push_back("d = {1: 2}\nfor k in d:\n    d[k + 1] = 3\n");
  programs.push_back("l = [1]\nfor x in l:\n    l.append(x)\n    if len(l) > 100000:\n        break\nprint(len(l))\n");
  programs.push_back("raise\n");
  programs.push_back("try:\n    raise 5\nexcept 5:\n    pass\n");
  programs.push_back("class E(Exception):\n    def __str__(self):\n        raise ValueError('no')\nraise E()\n");
  programs.push_back("class E(Exception):\n    def __init__(self):\n        return 3\nraise E\n");
  programs.push_back("x = 1\ndel x\ndel x\n");
  programs.push_back("def f():\n    print(y)\n    y = 1\nf()\n");
  programs.push_back("def f():\n    def g():\n        return v\n    g()\n    v = 1\nf()\n");
  programs.push_back("with 5:\n    pass\n");
  programs.push_back("a, b = 1\n");
  programs.push_back("a, b = [1, 2, 3]\n");
  programs.push_back("print(sorted([1, 'a', None]))\n");
  programs.push_back("print(sorted([float('nan'), 1.0, float('nan'), 0.5] * 50))\n");
  programs.push_back("x = tensor([[1, 2], [3]])\n");
  programs.push_back("print(tensor(1) @ tensor(2))\n");
  programs.push_back("print(ones(3).reshape(-1, -1))\n");
  programs.push_back("print(int('9' * 5000))\n");
  programs.push_back("print(float('1e' + '9' * 400))\n");
  programs.push_back("print(2 ** 64)\n");
  programs.push_back("print((-9223372036854775807 - 1) // -1)\n");
  programs.push_back("print((-9223372036854775807 - 1) % -1, abs(-9223372036854775807 - 1))\n");
  programs.push_back("print(range(-9223372036854775807 - 1, 9223372036854775807, 3)[5])\n");
  programs.push_back("print(len(range(-9223372036854775807 - 1, 9223372036854775807)))\n");
  programs.push_back("print('abc'[9223372036854775807:], [1][-9223372036854775807 - 1:])\n");
  programs.push_back("print(print)\nprint(len, int, ValueError, [].append, (1).__class__)\n");
  programs.push_back("@capture(backend=5, fullgraph=[])\ndef f(x):\n    return f(x)\nf(1)\n");
  // A small step budget: some of these (recursion in finally) are exponential.
  for (const auto& p : programs) {
    check_clean(p, 20000);
    ++g_programs;
  }
}

TEST_CASE("at least 3000 hostile programs were run") { CHECK(g_programs >= 3000); }

TEST_CASE("integer overflow raises OverflowError") {
  for (const char* src :
       {"print(9223372036854775807 + 1)\n", "x = 2 ** 63\n", "print(-(-9223372036854775807 - 1))\n",
        "print(3037000500 * 3037000500)\n", "x = 99999999999999999999\n", "print(abs(-9223372036854775807 - 1))\n"}) {
    const outcome o = run(src);
    INFO(src);
    CHECK(o.status == 1);
    CHECK(last_line(o.err) == "OverflowError: integer overflow");
  }
  const outcome caught =
      run("try:\n    x = 9223372036854775807\n    x += 1\nexcept OverflowError as e:\n    print('caught', e)\n");
  CHECK(caught.status == 0);
  CHECK(caught.out == "caught integer overflow\n");
}

TEST_CASE("str.upper and str.lower refuse non-ASCII text instead of mapping only ASCII letters") {
  // Python maps every cased letter ('\u00e9'.upper() is '\u00c9', '\u00df'.upper() is 'SS');
  // minipy has no Unicode case tables, so it says so rather than print other text.
  for (const char* method : {"upper", "lower"}) {
    const outcome o = run(std::string("print('caf\u00e9'.") + method + "())\n");
    INFO(method);
    CHECK(o.status == 1);
    CHECK(last_line(o.err) ==
          std::string("TypeError: str.") + method + "() of text with non-ASCII characters is not supported in minipy");
  }
  const outcome ascii = run("print('MiXeD 1'.upper(), 'MiXeD 1'.lower())\n");
  CHECK(ascii.status == 0);
  CHECK(ascii.out == "MIXED 1 mixed 1\n");
}

TEST_CASE("the memory budget ends growth that the step budget alone lets through") {
  // Each program doubles something a few dozen times: few steps, unbounded memory.
  for (const char* src :
       {"x = [0] * 1000\nwhile True:\n    x = x + x\n", "x = [0] * 1000\nwhile True:\n    x.extend(x)\n",
        "x = [0] * 1000\nwhile True:\n    x += x\n", "s = 'ab'\nwhile True:\n    s = s + s\n",
        "s = 'ab'\nwhile True:\n    s = s * 2\n", "s = 'ab'\nwhile True:\n    s = s.replace('a', 'aa')\n",
        "x = [1, 2]\nwhile True:\n    x = list(x) + list(range(len(x)))\n",
        "t = ones(1000)\nu = t.reshape(1000, 1) * t\nv = u.reshape(1000000, 1) * t\n",
        "a = [0] * 1000\nb = [a] * 1000\nc = [b] * 1000\nprint(len(repr(c)))\n"}) {
    const outcome o = run(src, 200000, std::uint64_t{8} << 20);
    INFO(src);
    CHECK(o.status == 1);
    CHECK(last_line(o.err) == "MemoryError");
  }
  // Within the budget nothing changes; and the budget counts what was made, not what is live.
  const outcome small = run("x = [0] * 1000\nprint(len(x + x))\n", 200000, std::uint64_t{8} << 20);
  CHECK(small.status == 0);
  CHECK(small.out == "2000\n");
  const outcome spent = run("for i in range(100):\n    x = [0] * 10000\n", 200000, std::uint64_t{8} << 20);
  CHECK(spent.status == 1);
  CHECK(last_line(spent.err) == "MemoryError");
}

TEST_CASE("tracebacks, syntax errors and recursion") {
  const outcome o = run("def f():\n    raise ValueError('bad')\nf()\n");
  CHECK(o.status == 1);
  CHECK(o.err.find("Traceback (most recent call last):") != std::string::npos);
  CHECK(o.err.find("File \"fuzz.py\", line 3, in <module>") != std::string::npos);
  CHECK(o.err.find("File \"fuzz.py\", line 2, in f") != std::string::npos);
  CHECK(last_line(o.err) == "ValueError: bad");

  const outcome s = run("x = = 1\n");
  CHECK(s.status == 1);
  CHECK(s.err.rfind("fuzz.py:1:", 0) == 0);
  CHECK(last_line(s.err).rfind("SyntaxError: ", 0) == 0);

  const outcome r = run("def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept RecursionError as e:\n    print(e)\n");
  CHECK(r.status == 0);
  CHECK(r.out == "maximum recursion depth exceeded\n");
}

TEST_CASE("minipy dis prints the exception table of a try statement") {
  const auto path = std::filesystem::temp_directory_path() / "minipy_dis_test.py";
  {
    std::ofstream f(path);
    f << "def f():\n    try:\n        g()\n    except ValueError as e:\n        print(e)\n    finally:\n        h()\n";
  }
  const std::string command = std::string(MINIPY_EXECUTABLE) + " dis " + path.string();
  std::string output;
  if (FILE* p = popen(command.c_str(), "r")) {
    char buf[4096];
    std::size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) output.append(buf, n);
    CHECK(pclose(p) == 0);
  }
  std::filesystem::remove(path);
  CHECK(output.find("Disassembly of <code object f, line 1>:") != std::string::npos);
  CHECK(output.find("ExceptionTable:") != std::string::npos);
  CHECK(output.find("PUSH_EXC_INFO") != std::string::npos);
  CHECK(output.find("CHECK_EXC_MATCH") != std::string::npos);
  CHECK(output.find("[1] lasti") != std::string::npos);
  CHECK(std::regex_search(output, std::regex(R"(\d+ to \d+ -> \d+ \[0\])")));
}

TEST_CASE("captured functions go through the frame evaluator") {
  std::ostringstream out, err;
  int status = -1;
  int evaluated = 0;
  std::string backend;
  bool fullgraph = false;
  run_with_large_stack([&] {
    interpreter in(out, err);
    in.frame_evaluator = [&](interpreter& self, frame& f) {
      ++evaluated;
      backend = f.func->capture_options.backend;
      fullgraph = f.func->capture_options.fullgraph;
      return self.eval_frame(f);
    };
    status = in.run_main(
        "@capture(backend='verify', fullgraph=True)\ndef f(x, y=2):\n    return x * y\n"
        "def g(x):\n    return x + 1\nprint(f(3), f(4, y=5), g(1))\n",
        "capture.py");
  });
  CHECK(status == 0);
  CHECK(out.str() == "6 20 2\n");
  CHECK(evaluated == 2);
  CHECK(backend == "verify");
  CHECK(fullgraph);
}

TEST_CASE("the lasso adapter round-trips every corpus script") {
  std::ostringstream out, err;
  run_with_large_stack([&] {
    interpreter in(out, err);
    for (const auto& f : corpus()) {
      const std::string src = read(f);
      ref<code_object> code;
      try {
        code = compile_source(src, f.string());
      } catch (const syntax_error&) { continue; }
      std::vector<ref<code_object>> todo{code};
      while (!todo.empty()) {
        ref<code_object> c = todo.back();
        todo.pop_back();
        for (const auto& k : c->constants)
          if (k.is<code_object>()) todo.emplace_back(k.as<code_object>());
        auto again = lasso::bytecode::transform_code<bytecode_adapter>(c, [](auto&, auto&) {});
        INFO(f.string() << " " << c->name);
        CHECK(again->bytecode == c->bytecode);
        CHECK(again->exception_table == c->exception_table);
        CHECK(again->line_table == c->line_table);
        CHECK(again->stacksize == c->stacksize);
      }
    }
  });
}

TEST_CASE("constants: same type and equal value") {
  std::ostringstream out, err;
  interpreter in(out, err);
  using A = bytecode_adapter;
  CHECK(A::same_constant(value::integer(1), value::integer(1)));
  CHECK_FALSE(A::same_constant(value::integer(1), value::floating(1.0)));
  CHECK_FALSE(A::same_constant(value::integer(1), value::boolean(true)));
  CHECK_FALSE(A::same_constant(value::floating(0.0), value::floating(-0.0)));
  CHECK(A::same_constant(new_str("a"), new_str("a")));
  CHECK(A::same_constant(new_tuple({value::integer(1), new_str("x")}), new_tuple({value::integer(1), new_str("x")})));
  CHECK_FALSE(A::same_constant(new_tuple({value::integer(1)}), new_tuple({value::floating(1.0)})));
  CHECK(A::constant_repr(new_str("it's")) == "\"it's\"");
  CHECK(A::constant_repr(new_tuple({value::none(), value::floating(1e16)})) == "(None, 1e+16)");
  CHECK(A::constant_repr(A::make_constant({false, 7})) == "7");
}

TEST_CASE("reference counting frees garbage as soon as it is unreachable") {
  // Every construct that creates objects, run many times: the number of live objects
  // afterwards must not grow with the number of iterations (only cycles wait for the
  // interpreter's teardown, and this program makes none that survive).
  const std::string body =
      "class P:\n"
      "    def __init__(self, x):\n"
      "        self.x = x\n"
      "    def __str__(self):\n"
      "        return 'P' + str(self.x)\n"
      "class CM:\n"
      "    def __enter__(self):\n"
      "        return [1, 2]\n"
      "    def __exit__(self, a, b, c):\n"
      "        return isinstance(b, KeyError)\n"
      "def work(i):\n"
      "    p = P(i)\n"
      "    s = str(p) + repr([p.x, (i, 'a'), {'k': i}])\n"
      "    f = lambda y, z=[i]: y + z[0]\n"
      "    t = tensor([[i, 1.5], [2, 3]]) @ ones(2) + 1\n"
      "    r = [q * 2 for q in range(5) if q % 2]\n"
      "    try:\n"
      "        {}['missing' + str(i)]\n"
      "    except KeyError as e:\n"
      "        s = s + str(e)\n"
      "    with CM() as m:\n"
      "        m.append(i)\n"
      "        raise KeyError(i)\n"
      "    try:\n"
      "        raise ValueError(s)\n"
      "    except ValueError:\n"
      "        pass\n"
      "    finally:\n"
      "        r.append(f(1))\n"
      "    d = dict(zip('ab', r))\n"
      "    return len(s) + len(d) + t.sum().item() + sum(sorted(r, reverse=True))\n";
  auto live_after = [&](int iterations) {
    std::ostringstream out, err;
    std::size_t live = 0;
    int status = -1;
    run_with_large_stack([&] {
      interpreter in(out, err);
      status = in.run_main(body + "total = 0\nfor i in range(" + std::to_string(iterations) +
                               "):\n    total = total + work(i)\nprint(total > 0)\n",
                           "refcount.py");
      live = in.live_objects();
    });
    INFO(err.str());
    CHECK(status == 0);
    CHECK(out.str() == "True\n");
    return live;
  };
  const std::size_t few = live_after(10);
  const std::size_t many = live_after(2000);
  INFO("live objects after 10 and 2000 iterations: " << few << ", " << many);
  CHECK(many <= few + 16);
}
