"""Differential test driver: minipy against CPython 3.11 + prelude.py (the oracle).

Usage:
  python3 oracle.py --minipy PATH [--minipy-args "ARGS"] [--also-eager] [--scripts DIR]
                    [--timeout S] [--jobs N] [SCRIPT...]
  python3 oracle.py --self-check [--scripts DIR] [SCRIPT...]

Compare mode runs every script (default: every *.py below scripts/ next to this file,
which keeps them in one folder per feature; --scripts DIR: every *.py below DIR) under
both `python3 run_cpython.py S` and `PATH run ARGS S`. A script passes when
  * stdout is byte-identical,
  * the exit statuses are equal, and
  * for a non-zero status, the last non-empty stderr lines are equal, except that when
    CPython's line starts with "SyntaxError:" only that prefix has to match.

With --also-eager, every script that uses `capture` is also run as
`PATH run --no-capture ARGS S`, and that eager run has to agree with the captured run
in the same three ways (a three-way check: CPython == captured minipy == eager minipy).

--self-check runs every script under CPython only and checks that it is deterministic
(two runs give the same stdout, stderr and status), that scripts named err_* exit with
status 1 (after printing something, unless they fail to compile) and all others with
status 0 and an empty stderr, that nothing runs for more than a few seconds, and lints
the source against the minipy subset of examples/minipy/SPEC.md.

Both modes print one line per failing script and end with "N passed, M failed"; the
exit status is 0 only when M == 0. Paths default relative to this file, not the cwd.
"""

import argparse
import ast
import concurrent.futures
import os
import re
import shlex
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_CPYTHON = os.path.join(HERE, "run_cpython.py")
DEFAULT_SCRIPTS = os.path.join(HERE, "scripts")
SLOW_SECONDS = 5.0


class Result:
    def __init__(self, stdout, stderr, status, seconds, timed_out=False):
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.seconds = seconds
        self.timed_out = timed_out


def run(cmd, timeout):
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    start = time.monotonic()
    try:
        # A session of its own, so that a timeout kills the whole process group.
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=env, start_new_session=True)
    except OSError as e:
        return Result(b"", str(e).encode(), 127, time.monotonic() - start)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            p.kill()
        out, err = p.communicate()
        return Result(out, err, None, time.monotonic() - start, True)
    return Result(out, err, p.returncode, time.monotonic() - start)


def run_cpython(script, timeout):
    return run([sys.executable, RUN_CPYTHON, script], timeout)


def last_line(data):
    for line in reversed(data.decode("utf-8", "replace").splitlines()):
        if line.strip():
            return line.rstrip()
    return ""


def short(s, n=70):
    r = repr(s)
    return r if len(r) <= n else r[:n - 3] + "..."


def stdout_diff(expected, got):
    """One-line summary of the first difference between two byte strings."""
    el = expected.decode("utf-8", "replace").splitlines(True)
    gl = got.decode("utf-8", "replace").splitlines(True)
    for i in range(max(len(el), len(gl))):
        e = el[i] if i < len(el) else None
        g = gl[i] if i < len(gl) else None
        if e == g:
            continue
        if e is None:
            return "stdout line %d: unexpected extra output %s" % (i + 1, short(g))
        if g is None:
            return "stdout line %d: output ends early, expected %s" % (i + 1, short(e))
        if e.rstrip("\n") == g.rstrip("\n"):
            return "stdout line %d: newline differs after %s" % (i + 1, short(e.rstrip("\n")))
        return "stdout line %d: expected %s, got %s" % (i + 1, short(e.rstrip("\n")),
                                                         short(g.rstrip("\n")))
    return "stdout differs"


def compare(name, expected, got, expected_label="CPython", got_label="minipy"):
    """Returns a list of problems (empty when the script passes)."""
    problems = []
    if expected.timed_out:
        return [expected_label + " timed out"]
    if got.timed_out:
        problems.append(got_label + " timed out")
    if expected.stdout != got.stdout:
        problems.append(stdout_diff(expected.stdout, got.stdout))
    if not got.timed_out and expected.status != got.status:
        problems.append("exit status: expected %s, got %s" % (expected.status, got.status))
    elif expected.status != 0 and not got.timed_out:
        e = last_line(expected.stderr)
        g = last_line(got.stderr)
        if e.startswith("SyntaxError:"):
            ok = g.startswith("SyntaxError:")
        else:
            ok = e == g
        if not ok:
            problems.append("last stderr line: expected %s, got %s" % (short(e), short(g)))
    return problems


# ---------------------------------------------------------------------------
# Lint: keep the test scripts inside the minipy subset of SPEC.md.

ALLOWED_BUILTINS = set("""
print len range str repr int float bool abs min max sum list tuple dict isinstance iter
enumerate zip sorted getattr setattr hasattr True False None
Exception ValueError TypeError RuntimeError KeyError IndexError ZeroDivisionError
AssertionError NameError AttributeError OverflowError RecursionError
tensor zeros ones full arange relu exp tanh sigmoid matmul allclose
capture disable graph_break mark_dynamic set_stance no_grad enable_grad is_grad_enabled set_grad_enabled grad_mode comptime cond while_loop map_rows
""".split())

ALLOWED_ATTRS = set("""
append pop extend insert index get keys values items join split upper lower strip
startswith replace relu abs exp tanh sqrt sigmoid sum mean max t reshape float item
tolist shape ndim dtype args __init__ __str__ __repr__ __enter__ __exit__
graph_break print_graph print_disas print_value_stack print_value_stack_and_return print_locals
print_bt print_guards get_local is_python_constant as_python_constant is_proxy python_type as_fake
""".split())

MAX_INT = 2 ** 62


class Linter(ast.NodeVisitor):
    def __init__(self, tree):
        self.errors = []
        self.defined = set()
        self.user_attrs = set()
        self.func_depth = 0
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.defined.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                self.defined.add(node.name)
            elif isinstance(node, ast.arg):
                self.defined.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.defined.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.defined.update(node.names)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.user_attrs.add(node.attr)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        self.user_attrs.add(item.name)
                    for t in getattr(item, "targets", []):
                        if isinstance(t, ast.Name):
                            self.user_attrs.add(t.id)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "setattr" and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)):
                self.user_attrs.add(node.args[1].value)

    def err(self, node, msg):
        self.errors.append("line %d: %s" % (getattr(node, "lineno", 0), msg))

    def generic_visit(self, node):
        forbidden = {
            ast.Import: "import", ast.ImportFrom: "import", ast.JoinedStr: "f-string",
            ast.Yield: "yield", ast.YieldFrom: "yield from", ast.Await: "await",
            ast.AsyncFunctionDef: "async", ast.AsyncFor: "async", ast.AsyncWith: "async",
            ast.GeneratorExp: "generator expression", ast.SetComp: "set comprehension",
            ast.DictComp: "dict comprehension", ast.Set: "set display",
            ast.Starred: "star-unpacking", ast.NamedExpr: "walrus", ast.Match: "match",
        }
        if type(node) in forbidden:
            self.err(node, forbidden[type(node)] + " is not in minipy")
        if hasattr(ast, "TryStar") and isinstance(node, ast.TryStar):
            self.err(node, "except* is not in minipy")
        super().generic_visit(node)

    def visit_FunctionDef(self, node):
        self.check_args(node, node.args)
        for d in node.decorator_list:
            target = d.func if isinstance(d, ast.Call) else d
            if not (isinstance(target, ast.Name) and target.id in ("capture", "comptime", "disable")):
                self.err(d, "decorator other than @capture, @comptime or @disable")
        self.func_depth += 1
        self.generic_visit(node)
        self.func_depth -= 1

    def visit_Lambda(self, node):
        self.check_args(node, node.args)
        self.func_depth += 1
        self.generic_visit(node)
        self.func_depth -= 1

    def check_args(self, node, a):
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            self.err(node, "*args/**kwargs/keyword-only/positional-only parameters")

    def visit_ClassDef(self, node):
        if len(node.bases) > 1 or node.keywords or node.decorator_list:
            self.err(node, "class with several bases, keywords or decorators")
        for b in node.bases:
            if not isinstance(b, ast.Name):
                self.err(node, "class base must be a name")
        self.generic_visit(node)

    def visit_Global(self, node):
        if self.func_depth == 0:
            self.err(node, "global at module level")
        self.generic_visit(node)

    def visit_For(self, node):
        if node.orelse:
            self.err(node, "for/else")
        self.generic_visit(node)

    def visit_While(self, node):
        if node.orelse:
            self.err(node, "while/else")
        self.generic_visit(node)

    def visit_With(self, node):
        if len(node.items) != 1:
            self.err(node, "with statement with several items")
        self.generic_visit(node)

    def visit_Raise(self, node):
        if node.cause is not None:
            self.err(node, "raise ... from ...")
        self.generic_visit(node)

    def visit_Slice(self, node):
        if node.step is not None:
            self.err(node, "slice with a step")
        self.generic_visit(node)

    def visit_Compare(self, node):
        operands = [node.left] + node.comparators
        for i, op in enumerate(node.ops):
            if isinstance(op, (ast.Is, ast.IsNot)):
                for side in (operands[i], operands[i + 1]):
                    if isinstance(side, ast.Constant) and side.value is not None:
                        self.err(node, "'is' on a literal")
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
                and isinstance(node.left.value, str):
            self.err(node, "% string formatting")
        self.generic_visit(node)

    def visit_Constant(self, node):
        v = node.value
        if isinstance(v, (bytes, complex)):
            self.err(node, "bytes/complex literal")
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_INT:
            self.err(node, "int literal exceeds 2**62")

    def visit_Call(self, node):
        for kw in node.keywords:
            if kw.arg is None:
                self.err(node, "** in call")
        # Method calls must name a minipy method or one the script defines (plain
        # attribute loads are not checked: AttributeError tests read missing ones).
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr not in ALLOWED_ATTRS \
                and f.attr not in self.user_attrs:
            self.err(node, "method %r is not a minipy method or a user one" % f.attr)
        self.generic_visit(node)

    def visit_Dict(self, node):
        if any(k is None for k in node.keys):
            self.err(node, "** in dict display")
        self.generic_visit(node)

    def visit_Name(self, node):
        # Names containing "undefined" are deliberately undefined (NameError tests).
        if isinstance(node.ctx, ast.Load) and node.id not in self.defined \
                and node.id not in ALLOWED_BUILTINS and "undefined" not in node.id:
            self.err(node, "name %r is neither defined in the script nor a minipy builtin"
                     % node.id)


def lint(path):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    try:
        tree = ast.parse(src, path)
    except SyntaxError:
        return []  # intentional syntax-error scripts
    lines = src.count("\n") + 1
    linter = Linter(tree)
    linter.visit(tree)
    errors = linter.errors
    if lines > 80:
        errors.append("script has %d lines (keep it small)" % lines)
    return errors


def self_check_one(script, timeout):
    name = os.path.basename(script)
    problems = list(lint(script))
    r1 = run_cpython(script, timeout)
    r2 = run_cpython(script, timeout)
    if r1.timed_out or r2.timed_out:
        return problems + ["timed out under CPython"]
    if (r1.stdout, r1.stderr, r1.status) != (r2.stdout, r2.stderr, r2.status):
        if r1.stdout != r2.stdout:
            problems.append("nondeterministic: " + stdout_diff(r1.stdout, r2.stdout))
        else:
            problems.append("nondeterministic stderr or status")
    expect = 1 if name.startswith("err_") else 0
    if r1.status != expect:
        problems.append("exit status %s, expected %s (last stderr line: %s)"
                        % (r1.status, expect, short(last_line(r1.stderr))))
    if expect == 0 and r1.stderr:
        problems.append("unexpected stderr output: " + short(last_line(r1.stderr)))
    if expect == 1:
        ll = last_line(r1.stderr)
        if "Did you mean" in ll:
            problems.append("CPython adds a 'Did you mean' hint: " + short(ll))
        if not r1.stdout and not ll.startswith("SyntaxError:"):
            problems.append("error script prints nothing to stdout before failing")
    slowest = max(r1.seconds, r2.seconds)
    if slowest > SLOW_SECONDS:
        problems.append("too slow under CPython (%.1f s)" % slowest)
    return problems


def uses_capture(script):
    """True when the script mentions `capture` outside comments."""
    with open(script, encoding="utf-8") as f:
        src = f.read()
    return re.search(r"(?m)^[^#\n]*\bcapture\b", src) is not None


def compare_one(script, minipy, minipy_args, timeout, also_eager=False):
    name = os.path.basename(script)
    expected = run_cpython(script, timeout)
    got = run([minipy, "run"] + minipy_args + [script], timeout)
    problems = compare(name, expected, got)
    if also_eager and uses_capture(script):
        eager = run([minipy, "run", "--no-capture"] + minipy_args + [script], timeout)
        problems += ["eager vs captured: " + p
                     for p in compare(name, got, eager, "captured minipy", "eager minipy")]
    return problems


def scripts_below(directory):
    """Every *.py below `directory`, in its folders too (not in hidden ones), sorted."""
    out = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        out.extend(os.path.join(root, f) for f in files if f.endswith(".py"))
    return sorted(out)


def collect_scripts(args, tool="oracle.py"):
    """The scripts named on the command line (paths, paths relative to --scripts, or file
    names of scripts somewhere below it), or every *.py below the scripts directory (the
    feature folders of scripts/ by default). Shared with explain_check.py."""
    scripts_dir = os.path.abspath(args.scripts) if args.scripts else DEFAULT_SCRIPTS
    if args.script:
        out = []
        below = None
        for s in args.script:
            if os.path.exists(s):
                out.append(os.path.abspath(s))
            elif os.path.exists(os.path.join(scripts_dir, s)):
                out.append(os.path.join(scripts_dir, s))
            else:
                if below is None:
                    below = scripts_below(scripts_dir) if os.path.isdir(scripts_dir) else []
                named = [p for p in below if os.path.basename(p) == s]
                if len(named) != 1:
                    sys.exit(tool + (": no such script: " if not named else
                                     ": several scripts are named ") + s)
                out.append(named[0])
        return out
    if not os.path.isdir(scripts_dir):
        sys.exit(tool + ": no such directory: " + scripts_dir)
    return scripts_below(scripts_dir)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minipy", help="path of the minipy binary")
    ap.add_argument("--minipy-args", default="",
                    help="extra arguments passed to `minipy run` before the script")
    ap.add_argument("--also-eager", action="store_true",
                    help="also run scripts using capture with `run --no-capture` and "
                         "require the same results as the captured run")
    ap.add_argument("--scripts", help="directory whose *.py scripts, in its folders too, "
                                      "are run (default: scripts/)")
    ap.add_argument("--self-check", action="store_true",
                    help="check the scripts under CPython only")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("script", nargs="*", help="scripts to run (default: all)")
    argv = list(sys.argv[1:] if argv is None else argv)
    # Let `--minipy-args --capture-all` work although the value starts with "--".
    for i in range(len(argv) - 1):
        if argv[i] == "--minipy-args":
            argv[i:i + 2] = ["--minipy-args=" + argv[i + 1]]
            break
    args = ap.parse_args(argv)
    if not args.self_check and not args.minipy:
        ap.error("one of --minipy or --self-check is required")

    scripts = collect_scripts(args)
    if args.self_check:
        def job(s):
            return self_check_one(s, args.timeout)
    else:
        minipy = os.path.abspath(args.minipy) if os.sep in args.minipy else args.minipy
        minipy_args = shlex.split(args.minipy_args)

        def job(s):
            return compare_one(s, minipy, minipy_args, args.timeout, args.also_eager)

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(job, scripts))
    passed = failed = 0
    for script, problems in zip(scripts, results):
        if problems:
            failed += 1
            print("FAIL %s: %s" % (os.path.basename(script), "; ".join(problems)))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    sys.stdout.flush()
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
