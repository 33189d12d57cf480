"""Runs the capture scripts of tests/cpython/scripts plain and captured, and compares.

Usage:
  python3 capture_check.py [--python /usr/bin/python3.11] [--pythonpath DIR] [SCRIPT...]

Every script (default: every *.py in scripts/ next to this file) is run by the CPython
3.11 interpreter three times: plain (LASSO_DISABLE=1: `lasso.capture` returns the
function unchanged), captured, and captured with the verifying backend
(LASSO_BACKEND=verify). The captured runs must print the same stdout, exit with the same
status and end stderr with the same last line as the plain run. The first captured run
writes lasso's report (LASSO_EXPLAIN_JSON), which is checked against the script's header:

  # explain: graphs=N ops=N graph_breaks=N recompiles=N frames_captured=N
      The report's "totals" (any subset of its keys), worked out by hand from the
      counting rules of lasso/runtime/explain.hpp, never copied from a run.
  # explain-reason: SUBSTRING
      Some "unsupported" or "breaks" record of some frame has a reason containing
      SUBSTRING (case-insensitive).

Prints one line per mismatch and ends with "N passed, M failed"; exit status 0 only
when M == 0.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def expectations(path):
    totals, reasons = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*# explain:(.*)", line)
            if m:
                for item in m.group(1).split():
                    key, _, value = item.partition("=")
                    totals[key] = int(value)
            m = re.match(r"\s*# explain-reason:\s*(.*)", line)
            if m:
                reasons.append(m.group(1).strip())
    return totals, reasons


def run(python, pythonpath, script, extra_env):
    env = dict(os.environ)
    for key in ("LASSO_DISABLE", "LASSO_BACKEND", "LASSO_EXPLAIN_JSON"):
        env.pop(key, None)
    env["PYTHONPATH"] = pythonpath
    env.update(extra_env)
    p = subprocess.run([python, script], capture_output=True, text=True, env=env, timeout=120)
    lines = p.stderr.strip().splitlines()
    return p.stdout, p.returncode, lines[-1] if lines else ""


def check(python, pythonpath, script):
    problems = []
    name = os.path.basename(script)
    plain = run(python, pythonpath, script, {"LASSO_DISABLE": "1"})
    with tempfile.TemporaryDirectory() as tmp:
        report_path = os.path.join(tmp, "report.json")
        captured = run(python, pythonpath, script, {"LASSO_EXPLAIN_JSON": report_path})
        verified = run(python, pythonpath, script, {"LASSO_BACKEND": "verify"})
        for label, got in (("captured", captured), ("verify", verified)):
            for what, a, b in zip(("stdout", "exit status", "last stderr line"), plain, got):
                if a != b:
                    problems.append(f"{name}: {label} {what} differs: plain {a!r}, {label} {b!r}")
        totals, reasons = expectations(script)
        if not totals:
            problems.append(f"{name}: no '# explain:' header")
        try:
            with open(report_path, encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            problems.append(f"{name}: no report: {e}")
            return problems
    for key, want in totals.items():
        got = report["totals"].get(key)
        if got != want:
            problems.append(f"{name}: {key} = {got}, expected {want}")
    records = [r for f in report["frames"] for r in f.get("unsupported", []) + f.get("breaks", [])]
    for reason in reasons:
        if not any(reason.lower() in r["reason"].lower() for r in records):
            problems.append(f"{name}: no break or unsupported reason contains {reason!r}: {[r['reason'] for r in records]}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default="/usr/bin/python3.11")
    parser.add_argument("--pythonpath", default=os.path.join(HERE, "..", "..", "build", "dev", "python"))
    parser.add_argument("scripts", nargs="*")
    args = parser.parse_args()
    scripts = args.scripts or sorted(glob.glob(os.path.join(HERE, "scripts", "*.py")))
    passed = failed = 0
    for script in scripts:
        problems = check(args.python, os.path.abspath(args.pythonpath), script)
        for p in problems:
            print(p)
        if problems:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
