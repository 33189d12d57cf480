"""Differential fuzzing of minipy's graph capture against CPython.

Usage:
  python3 fuzz.py --minipy PATH [--seeds N] [--start S] [--exclude A,B-C] [--jobs J]
                  [--out DIR] [--no-reduce] [--reduce-budget SEC] [--timeout SEC]
                  [--allow-known] [--keep] [--quiet]
  python3 fuzz.py --minipy PATH --check FILE [--reduce-budget SEC] [--out DIR]
  python3 fuzz.py --cpython DIR [--python /usr/bin/python3.11] [the options above]

Every seed's program (tests/fuzz/gen.py) runs five ways:
  cpython   python3 tests/minipy/run_cpython.py PROGRAM      (the oracle)
  eager     minipy run --no-capture PROGRAM
  captured  minipy run --explain-json REPORT PROGRAM
  verify    minipy run --backend verify --interpreted-breaks PROGRAM  (the code at
            graph breaks run by the interpreter, where the other runs have lasso run it)
  fused     minipy run --backend verify-fused PROGRAM        (the fusing backend, each
            call checked bit for bit against the eager graph)
A program passes when CPython exits 0 with an empty stderr (anything else is a bug of
the generator) and each minipy run agrees with CPython: the same stdout, the same exit
status and, for a non-zero status, the same last stderr line.

A mismatch is saved under --out as seed_N/program.py with seed_N/report.txt, and
reduced (unless --no-reduce) to seed_N/reduced.py: statements are deleted and compound
statements replaced by their bodies for as long as the program stays valid under
CPython and shows the same kind of mismatch (the same runs differ from CPython in the
same aspects, with the same exception type).

The capture report of every captured run is summed up (calls, graphs, graph breaks,
ops, recompiles, and the reasons frames were not captured), so that a generator that
stops exercising capture is noticed; a run where no graph at all was compiled fails.
The summary lists the 12 most common reasons of each kind; LASSO_FUZZ_TOP=N lists N.

--check FILE runs one program the five ways (and reduces it when it fails).

--cpython DIR is the CPython mode, for lasso's CPython 3.11 adapter (docs/cpython.md):
DIR holds the module `_lasso` and the package `lasso` (build/dev/python). Each seed's
program comes from tests/fuzz/gen_numpy.py (Python + numpy) and runs three ways under
--python (default /usr/bin/python3.11, which has numpy) with PYTHONPATH=DIR:
  cpython   LASSO_DISABLE=1 (capture returns the function unchanged: the oracle)
  captured  LASSO_EXPLAIN_JSON=REPORT
  verify    LASSO_BACKEND=verify
with the same rules: the plain run exits 0 with an empty stderr, the others agree
with it.
The last line is "N passed, M failed"; the exit status is 0 only when M == 0.
"""

import argparse
import ast
import collections
import concurrent.futures
import copy
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MINIPY_TESTS = os.path.join(os.path.dirname(HERE), "minipy")
RUN_CPYTHON = os.path.join(MINIPY_TESTS, "run_cpython.py")
sys.path.insert(0, HERE)
sys.path.insert(0, MINIPY_TESTS)
import gen  # noqa: E402
import gen_numpy  # noqa: E402
# The script corpus's driver: run (with a process-group timeout), last_line, short and
# stdout_diff are shared.
from oracle import last_line, run, stdout_diff  # noqa: E402
from oracle import short as oracle_short  # noqa: E402

MODES = ("eager", "captured", "verify", "fused")
# The CPython mode's runs besides the plain one, and what runs them (main sets these).
CPYTHON_MODES = ("captured", "verify")
CPYTHON = {}     # {"python": PATH, "pythonpath": DIR} in the CPython mode


# ---------------------------------------------------------------------------
# Running a program.

def error_kind(r):
    """What a failing run died of: the exception type of its last stderr line, or the
    signal that killed it."""
    if r.timed_out:
        return "timeout"
    if r.status is not None and r.status < 0:
        return "signal %d" % -r.status
    line = last_line(r.stderr)
    m = re.match(r"^([A-Za-z_][\w.]*)(:|$)", line)
    return m.group(1) if m else line[:40]


# `--dynamic MODE` for the captured runs (fuzz.py --dynamic), when given.
CAPTURE_ARGS = []


def run_all(path, minipy, timeout, report_path=None, need_valid=False):
    """The five runs of one program: {"cpython": Result, "eager": ..., ...}. With
    need_valid, minipy is not run when CPython fails (returns None)."""
    if CPYTHON:
        return run_all_cpython(path, timeout, report_path, need_valid)
    out = {"cpython": run([sys.executable, RUN_CPYTHON, path], timeout)}
    if need_valid and oracle_problem(out) is not None:
        return None
    cmds = {
        "eager": [minipy, "run", "--no-capture", path],
        "captured": [minipy, "run"] + CAPTURE_ARGS + (["--explain-json", report_path] if report_path else [])
                    + [path],
        "verify": [minipy, "run", "--backend", "verify", "--interpreted-breaks"] + CAPTURE_ARGS + [path],
        "fused": [minipy, "run", "--backend", "verify-fused"] + CAPTURE_ARGS + [path],
    }
    for mode in MODES:
        out[mode] = run(cmds[mode], timeout)
    return out


def run_all_cpython(path, timeout, report_path=None, need_valid=False):
    """The CPython mode's three runs: {"cpython": plain, "captured": ..., "verify": ...}."""
    # Through env(1): the variables of one run, none inherited from the caller's.
    base = ["env", "-u", "LASSO_DISABLE", "-u", "LASSO_BACKEND", "-u", "LASSO_EXPLAIN_JSON",
            "-u", "LASSO_LOGS", "PYTHONPATH=" + CPYTHON["pythonpath"]]
    program = [CPYTHON["python"], path]
    out = {"cpython": run(base + ["LASSO_DISABLE=1"] + program, timeout)}
    if need_valid and oracle_problem(out) is not None:
        return None
    report = ["LASSO_EXPLAIN_JSON=" + report_path] if report_path else []
    out["captured"] = run(base + report + program, timeout)
    out["verify"] = run(base + ["LASSO_BACKEND=verify"] + program, timeout)
    return out


SKIPPED = 77   # the exit status of a skipped run (ctest's SKIP_RETURN_CODE)


def cpython_unavailable():
    """Why the CPython mode cannot run here (no interpreter, numpy or _lasso), or None."""
    probe = run(["env", "PYTHONPATH=" + CPYTHON["pythonpath"], CPYTHON["python"], "-c",
                 "import numpy, _lasso, lasso"], 60)
    if probe.status != 0:
        return "%s cannot import numpy, _lasso and lasso from %s: %s" % (
            CPYTHON["python"], CPYTHON["pythonpath"], last_line(probe.stderr) or "status %s" % probe.status)
    return None


def oracle_problem(results):
    """Why the CPython run does not count as an oracle (a generator bug), or None."""
    ref = results["cpython"]
    if ref.timed_out:
        return "CPython timed out"
    if ref.status != 0:
        return "CPython exit status %s: %s" % (ref.status, last_line(ref.stderr))
    if ref.stderr:
        return "CPython wrote to stderr: %s" % last_line(ref.stderr)
    return None


def signature(results):
    """The kind of a mismatch: for each minipy run, the aspects in which it differs
    from CPython. Empty when every run agrees."""
    ref = results["cpython"]
    sig = []
    for mode in MODES:
        r = results[mode]
        if r.timed_out:
            sig.append((mode, "timeout", ""))
            continue
        if r.stdout != ref.stdout:
            sig.append((mode, "stdout", ""))
        if r.status != ref.status:
            sig.append((mode, "status", error_kind(r)))
        elif r.status != 0 and last_line(r.stderr) != last_line(ref.stderr):
            sig.append((mode, "stderr", error_kind(r)))
    return tuple(sig)


def short(s):
    return oracle_short(s, 100)


def describe(results):
    """Human-readable lines about each run that differs from CPython."""
    ref = results["cpython"]
    lines = []
    for mode, aspect, detail in signature(results):
        r = results[mode]
        # In the CPython mode the runs are CPython's too: "captured run", "plain".
        run_name, ref_name = ("%s run" % mode, "plain") if CPYTHON else ("%s minipy" % mode, "CPython")
        if aspect == "timeout":
            lines.append("%s timed out" % run_name)
        elif aspect == "stdout":
            lines.append("%s: %s" % (run_name, stdout_diff(ref.stdout, r.stdout)))
        elif aspect == "status":
            lines.append("%s: exit status %s (%s %s), last stderr line %s"
                         % (run_name, r.status, ref_name, ref.status, short(last_line(r.stderr))))
        else:
            lines.append("%s: last stderr line %s, %s %s"
                         % (run_name, short(last_line(r.stderr)), ref_name, short(last_line(ref.stderr))))
    return lines


def sig_text(sig):
    return ", ".join("%s %s%s" % (m, a, " (%s)" % d if d else "") for m, a, d in sig)


# ---------------------------------------------------------------------------
# Bugs known and still open: (name, description, matcher(signature, results, source)).
# A mismatch a matcher recognises is labelled KNOWN. Every bug the fuzzer has found so
# far is fixed, so the list is empty; add an entry while a found bug waits for its fix.
KNOWN_ISSUES = []


def known_issue(sig, results, source):
    for name, text, match in KNOWN_ISSUES:
        if match(sig, results, source):
            return "%s (%s)" % (name, text)
    return None


# ---------------------------------------------------------------------------
# Capture statistics from --explain-json.

INLINE_STACK_RE = re.compile(r" \(in an inlined call: [^()]*\)$")
NAME_RE = re.compile(r"\b(?:[A-Za-z]+\d+(?:_\d+)*|make_f\d+|set_f\d+\w*)\b")


class Stats:
    KEYS = ("programs", "functions", "calls", "calls_full", "calls_break", "cache_hits", "translations",
            "captured", "eager", "breaks", "resume_functions",
            "graphs", "ops", "recompiles", "cache_limit", "no_report", "nested_breaks", "nested_eager")

    def __init__(self):
        self.n = dict.fromkeys(self.KEYS, 0)
        self.reasons = collections.Counter()
        self.break_reasons = collections.Counter()
        self.recompile_reasons = collections.Counter()
        self.lock = threading.Lock()

    def add_report(self, path):
        try:
            with open(path, encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, ValueError):
            with self.lock:
                self.n["no_report"] += 1
            return
        with self.lock:
            n = self.n
            n["programs"] += 1
            for fr in report.get("frames", []):
                n["functions"] += 1
                calls = fr.get("calls", 0)
                n["calls"] += calls
                n["cache_hits"] += fr.get("cache_hits", 0)
                unsupported = fr.get("unsupported", [])
                breaks = fr.get("breaks", [])
                if not unsupported and not breaks:
                    n["calls_full"] += calls
                if breaks:
                    n["calls_break"] += calls
                if str(fr.get("function", "")).startswith("resume_in_"):
                    n["resume_functions"] += 1
                translations = fr.get("recompiles", 0) + 1
                n["translations"] += translations
                n["eager"] += len(unsupported)
                n["breaks"] += len(breaks)
                n["captured"] += translations - len(unsupported)
                graphs = fr.get("graphs", [])
                n["graphs"] += len(graphs)
                n["ops"] += sum(g.get("ops", 0) for g in graphs)
                n["recompiles"] += fr.get("recompiles", 0)
                n["cache_limit"] += 1 if fr.get("cache_limit_hit") else 0
                n["nested_eager"] += fr.get("ran_eagerly_nested", 0)
                for reason in fr.get("recompile_reasons", []):
                    # The kind of guard that failed, without the values and names.
                    reason = NAME_RE.sub("NAME", str(reason))
                    self.recompile_reasons[re.sub(r"\d+", "N", reason)] += 1
                for records, counter in ((unsupported, self.reasons), (breaks, self.break_reasons)):
                    for u in records:
                        reason = str(u.get("reason", ""))
                        # A break inside inlined calls names its inline stack: counted
                        # apart, and under the reason without it.
                        inside = INLINE_STACK_RE.search(reason)
                        if inside:
                            n["nested_breaks"] += 1
                            reason = reason[:inside.start()]
                        reason = NAME_RE.sub("NAME", reason)
                        counter[re.sub(r"\d+", "N", reason)] += 1

    def text(self, top=int(os.environ.get("LASSO_FUZZ_TOP", "12"))):
        n = self.n
        pct = 100.0 * n["calls_full"] / n["calls"] if n["calls"] else 0.0
        out = ["capture: %d programs, %d captured functions (%d of them resume functions), "
               "%d calls (%d = %.0f%% in functions captured whole every time), %d cache hits"
               % (n["programs"], n["functions"], n["resume_functions"], n["calls"], n["calls_full"],
                  pct, n["cache_hits"]),
               "         %d translations: %d captured (%d of them with a graph break), %d ran "
               "eagerly; %d graphs, %d ops, %d recompiles, %d functions hit the cache limit"
               % (n["translations"], n["captured"], n["breaks"], n["eager"], n["graphs"], n["ops"],
                  n["recompiles"], n["cache_limit"]),
               "         %d of the graph breaks inside inlined calls; %d calls ran eagerly, nested too deep"
               % (n["nested_breaks"], n["nested_eager"]),
               "         %d calls (%.0f%%) in functions that had a graph break"
               % (n["calls_break"], 100.0 * n["calls_break"] / n["calls"] if n["calls"] else 0.0)]
        if n["no_report"]:
            out.append("         %d captured runs wrote no report" % n["no_report"])
        for title, counter in (("graph breaks, by reason:", self.break_reasons),
                               ("ran eagerly, by reason (translations):", self.reasons),
                               ("recompiles, by the guard that failed:", self.recompile_reasons)):
            if not counter:
                continue
            out.append(title)
            for reason, count in counter.most_common(top):
                out.append("  %6d  %s" % (count, reason))
            rest = sum(counter.values()) - sum(c for _, c in counter.most_common(top))
            if rest:
                out.append("  %6d  (%d other reasons)" % (rest, len(counter) - top))
        return out


# ---------------------------------------------------------------------------
# The reducer: statement-level delta debugging on the AST.

def statement_lists(tree):
    """(node, field) of every list of statements (or except handlers), pre-order."""
    out = []

    def walk(node):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], (ast.stmt, ast.excepthandler)):
                out.append((node, field))
                for child in value:
                    walk(child)
            elif isinstance(value, list):
                for child in value:
                    if isinstance(child, ast.AST):
                        walk(child)
            elif isinstance(value, ast.AST):
                walk(value)
    walk(tree)
    return out


def fix_empty(tree):
    """Blocks left empty get a `pass` (orelse/finalbody may stay empty)."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and not body and not isinstance(node, ast.Module):
            body.append(ast.Pass())
    return tree


def unparse(tree):
    try:
        return ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    except Exception:  # noqa: BLE001 - an unprintable tree is just a bad candidate
        return None


class Reducer:
    def __init__(self, test, budget, max_tests=100000):
        self.test = test            # test(src) -> bool: still the same mismatch?
        self.deadline = time.monotonic() + budget
        self.max_tests = max_tests
        self.tests = 0
        self.cache = {}
        self.current = None         # source of the smallest failing program so far

    def out_of_time(self):
        return time.monotonic() > self.deadline or self.tests >= self.max_tests

    def try_src(self, src):
        """True when src still fails the same way; it then becomes the current one."""
        if src is None or src == self.current:
            return False
        if src in self.cache:
            return self.cache[src]
        if self.out_of_time():
            return False
        self.tests += 1
        ok = self.test(src)
        self.cache[src] = ok
        if ok:
            self.current = src
        return ok

    def candidate(self, tree, edit):
        """Copy tree, apply edit(copy) and return the candidate's source (or None)."""
        t = copy.deepcopy(tree)
        if edit(t) is False:
            return None, None
        fix_empty(t)
        return t, unparse(t)

    def delete_pass(self, tree):
        """ddmin-like deletion of runs of statements, over every statement list."""
        changed = False
        li = 0
        while li < len(statement_lists(tree)) and not self.out_of_time():
            node, field = statement_lists(tree)[li]
            n = len(getattr(node, field))
            chunk = max(1, n // 2)
            while chunk >= 1 and not self.out_of_time():
                i = 0
                while i < len(getattr(statement_lists(tree)[li][0], statement_lists(tree)[li][1])):
                    def edit(t, li=li, i=i, chunk=chunk):
                        nd, f = statement_lists(t)[li]
                        del getattr(nd, f)[i:i + chunk]
                    cand, src = self.candidate(tree, edit)
                    if self.try_src(src):
                        tree = cand
                        changed = True
                        if li >= len(statement_lists(tree)):
                            break
                    else:
                        i += chunk
                    if self.out_of_time():
                        break
                if li >= len(statement_lists(tree)):
                    break
                chunk //= 2
            li += 1
        return tree, changed

    def unwrap_pass(self, tree):
        """Replace compound statements by one of their blocks."""
        changed = False
        li = 0
        while li < len(statement_lists(tree)) and not self.out_of_time():
            node, field = statement_lists(tree)[li]
            i = 0
            while i < len(getattr(node, field)) and not self.out_of_time():
                stmt = getattr(node, field)[i]
                options = []
                if isinstance(stmt, (ast.If, ast.For, ast.While, ast.With, ast.Try)):
                    options.append("body")
                if isinstance(stmt, ast.If) and stmt.orelse:
                    options.append("orelse")
                if isinstance(stmt, ast.Try) and stmt.finalbody:
                    options.append("finalbody")
                done = False
                for opt in options:
                    def edit(t, li=li, i=i, opt=opt):
                        nd, f = statement_lists(t)[li]
                        lst = getattr(nd, f)
                        s = lst[i]
                        lst[i:i + 1] = getattr(s, opt)
                    cand, src = self.candidate(tree, edit)
                    if self.try_src(src):
                        tree = cand
                        changed = done = True
                        break
                if li >= len(statement_lists(tree)):
                    break
                node, field = statement_lists(tree)[li]
                if not done:
                    i += 1
            li += 1
        return tree, changed

    def reduce(self, src):
        try:
            tree = ast.parse(src)
        except SyntaxError:
            return src
        start = unparse(tree)
        if not self.try_src(start):
            return src      # the mismatch depends on the original layout
        while not self.out_of_time():
            tree, a = self.delete_pass(tree)
            tree, b = self.unwrap_pass(tree)
            if not (a or b):
                break
        return unparse(tree)


# ---------------------------------------------------------------------------
# Driving seeds.

class Runner:
    def __init__(self, args):
        self.args = args
        minipy = args.minipy or ""
        self.minipy = os.path.abspath(minipy) if os.sep in minipy else minipy
        self.stats = Stats()
        self.tmp = tempfile.mkdtemp(prefix="minipy-fuzz-")
        self.out_lock = threading.Lock()

    def say(self, line):
        with self.out_lock:
            print(line)
            sys.stdout.flush()

    def run_program(self, path, with_report=True):
        report = path + ".json" if with_report else None
        results = run_all(path, self.minipy, self.args.timeout, report)
        return results, report

    def same_kind_test(self, want, name, slowest):
        """A test for the reducer: the candidate is valid and fails the same way.
        `slowest` is the longest run of the original program, in seconds."""
        path = os.path.join(self.tmp, name + ".reduce.py")

        def test(src):
            with open(path, "w", encoding="utf-8") as f:
                f.write(src)
            results = run_all(path, self.minipy, timeout, need_valid=True)
            return results is not None and signature(results) == want
        # Deleting statements can make loops endless: candidates get a short timeout
        # unless the mismatch itself is a timeout.
        timeout = self.args.timeout
        if not any(aspect == "timeout" for _, aspect, _ in want):
            timeout = min(timeout, self.args.reduce_timeout, max(1.0, 10 * slowest))
        return test

    def save(self, label, src, results, problem_lines, sig):
        out = os.path.join(self.args.out, label)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "program.py"), "w", encoding="utf-8") as f:
            f.write(src)
        with open(os.path.join(out, "report.txt"), "w", encoding="utf-8") as f:
            f.write("kind: %s\n" % sig_text(sig))
            for line in problem_lines:
                f.write(line + "\n")
            for mode in ("cpython",) + MODES:
                r = results[mode]
                f.write("%s: status %s%s, last stderr line %r\n"
                        % (mode, r.status, " (timed out)" if r.timed_out else "",
                           last_line(r.stderr)))
        for mode in ("cpython",) + MODES:
            with open(os.path.join(out, mode + ".stdout"), "wb") as f:
                f.write(results[mode].stdout)
        return out

    def reduce_and_save(self, label, src, sig, out, results):
        if self.args.no_reduce:
            return None
        slowest = max(r.seconds for r in results.values())
        reducer = Reducer(self.same_kind_test(sig, label, slowest), self.args.reduce_budget)
        small = reducer.reduce(src)
        path = os.path.join(out, "reduced.py")
        with open(path, "w", encoding="utf-8") as f:
            f.write("# Reduced from %s (%d tests): %s\n" % (label, reducer.tests, sig_text(sig)))
            f.write(small)
        return path, small.count("\n")

    def check_source(self, label, src):
        """Runs one program; returns (status, message lines): status is "pass",
        "fail", "known" or "invalid"."""
        path = os.path.join(self.tmp, label + ".py")
        with open(path, "w", encoding="utf-8") as f:
            f.write(src)
        results, report = self.run_program(path)
        if report and os.path.exists(report):
            self.stats.add_report(report)
            os.unlink(report)
        elif report:
            self.stats.add_report(report)
        bad = oracle_problem(results)
        if bad:
            out = self.save(label, src, results, ["invalid program: " + bad], ())
            return "invalid", ["INVALID %s: %s (saved in %s)" % (label, bad, out)]
        sig = signature(results)
        if not sig:
            if not self.args.keep:
                os.unlink(path)
            return "pass", []
        lines = describe(results)
        out = self.save(label, src, results, lines, sig)
        known = known_issue(sig, results, src)
        head = "KNOWN" if known else "FAIL"
        msg = ["%s %s: %s%s" % (head, label, sig_text(sig), " -- " + known if known else "")]
        msg += ["    " + l for l in lines]
        # Known bugs are reduced only on request (--check).
        reduced = None
        if not known or self.args.check:
            reduced = self.reduce_and_save(label, src, sig, out, results)
        if reduced:
            msg.append("    reduced to %d lines: %s" % (reduced[1], reduced[0]))
        else:
            msg.append("    saved in %s" % out)
        return ("known" if known else "fail"), msg

    def check_seed(self, seed):
        generate = gen_numpy.generate if CPYTHON else gen.generate
        return self.check_source("seed_%d" % seed, generate(seed))


def parse_exclude(text):
    out = set()
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            a, b = part.split("-", 1)
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minipy", help="path of the minipy binary (the minipy mode)")
    ap.add_argument("--cpython", metavar="DIR",
                    help="the CPython mode: DIR holds _lasso and the package lasso (build/dev/python)")
    ap.add_argument("--python", default="/usr/bin/python3.11",
                    help="the CPython 3.11 with numpy the CPython mode runs (default /usr/bin/python3.11)")
    ap.add_argument("--seeds", type=int, default=100, help="number of seeds (default 100)")
    ap.add_argument("--dynamic", choices=("auto", "true", "false"),
                    help="symbolic sizes in the captured runs (minipy run --dynamic); default: each "
                         "function's own")
    ap.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--exclude", help="seeds to skip: comma list of N or A-B")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    ap.add_argument("--out", default=os.path.join(os.getcwd(), "fuzz-out"),
                    help="where mismatches are saved (default ./fuzz-out)")
    ap.add_argument("--no-reduce", action="store_true", help="save mismatches unreduced")
    ap.add_argument("--reduce-budget", type=float, default=180.0,
                    help="seconds of reduction per mismatch (default 180)")
    ap.add_argument("--reduce-timeout", type=float, default=10.0,
                    help="longest run while reducing (default 10; at most ten times "
                         "the original program's slowest run, and at least 1)")
    ap.add_argument("--allow-known", action="store_true",
                    help="mismatches of known minipy bugs do not count as failures")
    ap.add_argument("--keep", action="store_true", help="keep the generated programs")
    ap.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    ap.add_argument("--check", metavar="FILE", help="run (and reduce) one program")
    args = ap.parse_args(argv)
    if bool(args.minipy) == bool(args.cpython):
        ap.error("give one of --minipy PATH and --cpython DIR")
    if args.cpython:
        global MODES
        MODES = CPYTHON_MODES
        CPYTHON.update(python=args.python, pythonpath=os.path.abspath(args.cpython))
    if args.dynamic:
        CAPTURE_ARGS[:] = ["--dynamic", args.dynamic]

    if args.cpython:
        problem = cpython_unavailable()
        if problem:
            print("skipped: %s" % problem)
            return SKIPPED
    runner = Runner(args)
    start = time.monotonic()
    counts = collections.Counter()
    try:
        if args.check:
            with open(args.check, encoding="utf-8") as f:
                src = f.read()
            label = os.path.splitext(os.path.basename(args.check))[0]
            status, msg = runner.check_source(label, src)
            for line in msg:
                runner.say(line)
            counts[status] += 1
        else:
            skip = parse_exclude(args.exclude)
            seeds = [s for s in range(args.start, args.start + args.seeds) if s not in skip]
            done = 0
            with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
                futures = {pool.submit(runner.check_seed, s): s for s in seeds}
                for fut in concurrent.futures.as_completed(futures):
                    status, msg = fut.result()
                    counts[status] += 1
                    for line in msg:
                        runner.say(line)
                    done += 1
                    if not args.quiet and done % 100 == 0 and done < len(seeds):
                        runner.say("... %d/%d seeds, %.0f s" % (done, len(seeds),
                                                               time.monotonic() - start))
    finally:
        if not args.keep:
            shutil.rmtree(runner.tmp, ignore_errors=True)
    elapsed = time.monotonic() - start
    for line in runner.stats.text():
        runner.say(line)
    failed = counts["fail"] + counts["invalid"]
    if args.allow_known:
        passed = counts["pass"] + counts["known"]
    else:
        passed = counts["pass"]
        failed += counts["known"]
    if counts["known"]:
        runner.say("%d mismatches of known minipy bugs%s" % (
            counts["known"], " (not counted as failures)" if args.allow_known else ""))
    if counts["invalid"]:
        runner.say("%d programs were invalid under CPython (generator bugs)" % counts["invalid"])
    total = sum(counts.values())
    if total >= 5 and runner.stats.n["graphs"] == 0:
        runner.say("FAIL capture: no graph was compiled in %d programs" % total)
        failed += 1
    runner.say("time: %.1f s, %d jobs" % (elapsed, args.jobs))
    runner.say("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
