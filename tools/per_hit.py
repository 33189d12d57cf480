#!/usr/bin/env python3
"""Instructions per call of one row of lasso_captured_benchmark, counted by callgrind.

    python3 tools/per_hit.py build/release/benchmarks/lasso_captured_benchmark one_break_fused

The benchmark runs twice under `valgrind --tool=callgrind` (--benchmark_min_time 0.05
and 0.2). A run's total is what its calls of the function cost (minipy's
`interpreter::call` and the releases of the results, under the benchmark's `call`),
less what the captures cost (lasso's `first_call`). The count per call is the
difference of the totals over the difference of the calls that did not capture: what
is paid once (Google Benchmark's probe runs, set-up) cancels, so one binary gives the
same count from run to run. Needs valgrind (callgrind_annotate) and c++filt.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

CALL_LINE = re.compile(r"^\s*([\d,]+) .*>\s+\?\?\?:(minipy::interpreter::call\(minipy::value const&, "
                       r"minipy::value const\*, unsigned long|minipy::release\().*\((\d[\d,]*)x\)")
BENCH_CALL = re.compile(r"\*\s+\?\?\?:\(anonymous namespace\)::call\(benchmark")
FIRST_CALL = r"lasso::runtime<.*>::first_call\(minipy::frame&, lasso::frame_settings const&\)"


def number(text):
    return int(text.replace(",", ""))


def profile(binary, row, min_time, workdir):
    out = os.path.join(workdir, f"callgrind.{min_time}")
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={out}", binary,
                    f"--benchmark_filter=call/{row}$", f"--benchmark_min_time={min_time}"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=calling", out], check=True,
                          capture_output=True, text=True).stdout
    return subprocess.run(["c++filt"], input=tree, check=True, capture_output=True, text=True).stdout.split("\n")


def totals(lines):
    """(calls, cost of the calls, cost of the captures, captures) of one run."""
    starts = [i for i, line in enumerate(lines) if BENCH_CALL.search(line)]
    if not starts:
        sys.exit("per_hit: no benchmark call in the profile (is the row name right?)")
    calls = cost = 0
    i = starts[0] + 1
    while i < len(lines) and lines[i].strip():
        m = CALL_LINE.match(lines[i])
        if m:
            cost += number(m.group(1))
            if "interpreter::call" in m.group(2):
                calls = number(m.group(3))
        i += 1
    capture_cost = captures = 0
    for line in lines:
        if re.search(r"\*\s+\?\?\?:" + FIRST_CALL + r" \[", line):
            capture_cost = number(line.split()[0])
        m = re.search(r">\s+\?\?\?:" + FIRST_CALL + r" \((\d[\d,]*)x\)", line)
        if m:
            captures += number(m.group(1))
    return calls, cost, capture_cost, captures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="lasso_captured_benchmark of a release build")
    parser.add_argument("row", help="a row without its 'call/' prefix, e.g. one_break_fused")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        short = totals(profile(args.binary, args.row, 0.05, workdir))
        long = totals(profile(args.binary, args.row, 0.2, workdir))
    hits = (long[0] - long[3]) - (short[0] - short[3])
    if hits <= 0:
        sys.exit("per_hit: the two runs made the same number of calls; nothing to divide by")
    per_hit = ((long[1] - long[2]) - (short[1] - short[2])) / hits
    print(f"{args.row}: {per_hit:.0f} instructions per call ({short[0]} and {long[0]} calls, "
          f"{short[3]} and {long[3]} captures)")


if __name__ == "__main__":
    main()
