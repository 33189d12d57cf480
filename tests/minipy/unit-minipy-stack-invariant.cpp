// The eval loop's stack invariant check (MINIPY_CHECK_STACK_INVARIANT, see `frame` in
// interpreter.hpp): in builds that have it, code that breaks the invariant aborts the
// process with a message naming the instruction. The broken code is run in a child
// process, made by patching the bytecode of a compiled program.
#include <doctest/doctest.h>

#include <csignal>
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "minipy/interpreter.hpp"
#include "minipy/opcodes.hpp"

using namespace minipy;

#if MINIPY_CHECK_STACK_INVARIANT

namespace {

struct child_result {
  bool aborted = false;
  std::string err;
};

// Runs `body` in a forked child with its stderr piped back; the child exits with
// status 0 if `body` returns.
child_result run_in_child(const std::function<void()>& body) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    std::signal(SIGABRT, SIG_DFL);  // not the test runner's crash report
    close(fds[0]);
    dup2(fds[1], 2);
    close(fds[1]);
    body();
    _exit(0);
  }
  close(fds[1]);
  child_result r;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) r.err.append(buf, static_cast<std::size_t>(n));
  close(fds[0]);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  r.aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  return r;
}

// Compiles `source`, lets `patch` change the module's code object, and runs it.
void run_patched(const std::string& source, const std::function<void(code_object&)>& patch) {
  std::ostringstream out, err;
  interpreter in(out, err);
  ref<code_object> code = in.compile(source, "patched.py");
  patch(*code);
  code->finalize();
  ref<dict_object> globals = in.new_globals();
  in.run_code(*code, *globals, globals.get());
}

// The byte offset of the first `op` in `code`.
std::size_t offset_of(const code_object& code, opcode op) {
  for (std::size_t i = 0; i < code.bytecode.size(); i += 2)
    if (code.bytecode[i] == static_cast<std::uint8_t>(op)) return i;
  FAIL("opcode not found");
  return 0;
}

// `x = 1` is LOAD_CONST 1, STORE_NAME x. Made LOAD_CONST 1, SWAP 0, the swap moves the
// 1 above the stack pointer and leaves a null below it.
void swap_the_store(code_object& c) {
  const std::size_t at = offset_of(c, opcode::STORE_NAME);
  c.bytecode[at] = static_cast<std::uint8_t>(opcode::SWAP);
  c.bytecode[at + 1] = 0;
}

}  // namespace

TEST_CASE("a value left above the stack pointer aborts after the instruction that left it") {
  const child_result r = run_in_child([] { run_patched("x = 1\n", swap_the_store); });
  INFO("stderr: " << r.err);
  CHECK(r.aborted);
  CHECK(r.err.find("minipy: stack invariant broken after SWAP at offset 4 in <module> (patched.py, line 1): "
                   "stack slot 1, above the stack pointer, is not null") != std::string::npos);
}

TEST_CASE("in a deep value stack, the slots an instruction touched are still checked") {
  // As above, with 1000 stack slots: past 256 slots above the stack pointer, the check
  // after an instruction reads only the slots near the stack pointers before and after.
  const child_result r = run_in_child([] {
    run_patched("x = 1\n", [](code_object& c) {
      swap_the_store(c);
      c.stacksize = 1000;
    });
  });
  INFO("stderr: " << r.err);
  CHECK(r.aborted);
  CHECK(r.err.find("after SWAP at offset 4 in <module> (patched.py, line 1): stack slot 1, above the stack "
                   "pointer, is not null (stack depth 1 of at most 1000)") != std::string::npos);
}

TEST_CASE("a stack deeper than the code's stack size aborts") {
  const child_result r = run_in_child([] { run_patched("x = 1\n", [](code_object& c) { c.stacksize = 0; }); });
  INFO("stderr: " << r.err);
  CHECK(r.aborted);
  CHECK(r.err.find("after LOAD_CONST at offset 2 in <module> (patched.py, line 1): the stack pointer is outside "
                   "the value stack (stack depth 1 of at most 0)") != std::string::npos);
}

TEST_CASE("valid code runs under the check") {
  const child_result r = run_in_child([] {
    std::ostringstream out, err;
    if (run_source("l = [1, 2]\nl[0] = 5\nprint(abs(-3))\nl[-1] = 7\nprint(len(l), l)\n", "ok.py", out, err) != 0 ||
        out.str() != "3\n2 [5, 7]\n")
      std::abort();
  });
  INFO("stderr: " << r.err);
  CHECK_FALSE(r.aborted);
  CHECK(r.err.empty());
}

TEST_CASE("valid code with a deep stack runs under the check") {
  // Compiled code keeps its stacks shallow (a long list display appends item by item),
  // so the stack is made deep by hand: the check reads a window of it, and finds
  // nothing wrong in valid code.
  const child_result r = run_in_child(
      [] { run_patched("l = [1, 2]\nl[0] = abs(-5)\nx = (l, len(l))\n", [](code_object& c) { c.stacksize = 1000; }); });
  INFO("stderr: " << r.err);
  CHECK_FALSE(r.aborted);
  CHECK(r.err.empty());
}

#endif
