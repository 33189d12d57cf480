"""Runs the example scripts of docs/graph-breaks.md and checks each reports its id.

Usage:
  python3 graph_break_examples.py --minipy PATH [--examples DIR]

Every script DIR/<ID>.py (default: graph-breaks/ next to this file) is the example of
registry entry ID. It is run as `PATH run --explain-json TMP SCRIPT`, and ID must be one
the run reported: the `id` of a `breaks` or `unsupported` record, an id of
`recompile_ids` or `limit_ids`, the id of a break that could not be made (a record's
reason "... (no graph break: ID ...)"), or an id that starts a warning or error line
the run printed (limits and stances say theirs there). The script's exit status is not
checked: some examples show what a raising program reports.

Prints one line per failing script and ends with "N passed, M failed"; exit status 0
only when M == 0.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ID = re.compile(r"^[A-Z]{2,4}[0-9]{4}$")


def reported_ids(report, output):
    ids = set()
    for frame in report["frames"]:
        for record in frame["breaks"] + frame["unsupported"]:
            ids.add(record["id"])
            ids.update(re.findall(r"\(no graph break: ([A-Z]{2,4}[0-9]{4}) ", record["reason"]))
        ids.update(frame["recompile_ids"])
        ids.update(frame["limit_ids"])
    ids.update(re.findall(r"(?:^|warning: |Error: )([A-Z]{2,4}[0-9]{4})\b", output, re.MULTILINE))
    return ids


def check(minipy, path):
    entry = os.path.splitext(os.path.basename(path))[0]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "explain.json")
        run = subprocess.run([minipy, "run", "--explain-json", out, os.path.basename(path)],
                             cwd=os.path.dirname(path), capture_output=True, text=True, timeout=120)
        try:
            with open(out) as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            return f"{entry}: no report ({e}); stderr: {run.stderr.strip()[:300]}"
    ids = reported_ids(report, run.stdout + run.stderr)
    if entry not in ids:
        return f"{entry}: the run reported {sorted(ids) or 'no id'}, not {entry}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minipy", required=True)
    parser.add_argument("--examples", default=os.path.join(HERE, "graph-breaks"))
    args = parser.parse_args()
    scripts = sorted(f for f in os.listdir(args.examples) if f.endswith(".py"))
    passed = failed = 0
    for name in scripts:
        if not ID.match(name[:-3]):
            print(f"{name}: an example is named after its id (LB0001.py)")
            failed += 1
            continue
        problem = check(os.path.abspath(args.minipy), os.path.join(os.path.abspath(args.examples), name))
        if problem:
            print(problem)
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
