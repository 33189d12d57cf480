"""Recompiles of the fuzzer's programs, classified by the guard that failed.

Usage:
  python3 recompiles.py --minipy PATH [--seeds N] [--start S] [--jobs J]
                        [--dynamic MODE] [--examples K] [--json FILE]

Every seed's program (tests/fuzz/gen.py, the programs fuzz.py runs) runs once captured
with `--explain-json`; no comparison with CPython is made (fuzz.py does that). From the
reports the script sums up:
  - translations, recompiles (translations of a code after its first) and recompiles per
    translation;
  - calls, and the calls that ran eagerly because their code had reached the cache size
    limit: a call that neither hit the cache, nor was translated, nor ran eagerly for
    being nested too deep (calls - cache hits - translations - nested eager runs, per
    code that hit the limit);
  - every recompile by class: the kind of guard that failed (grad mode, dtype, rank,
    size, int/float/str/bool constant, type, identity, length, attribute presence,
    function code, ...) and where its value was read (local, global, attribute, item,
    closure cell).

The reason of a recompile is the first guard that failed in the code's newest cache
entry (the runtime explains that entry only): a class says which guard stopped that
entry, not that every entry failed on it.

--examples K prints K reasons of each class; --json FILE writes the sums as JSON.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

META_RE = r"([fi]64)\[([^\]]*)\]"
TENSOR_RE = re.compile(r"^(.*) is a tensor " + META_RE + r", but got (.*)$")
GOT_TENSOR_RE = re.compile(r"^a tensor " + META_RE + r"$")
CONSTANT_RE = re.compile(r"^(.*) == (.*), but got (.*)$")
TYPE_RE = re.compile(r"^type\((.*)\) is (.*), but got (.*)$")


def where(subject):
    """Where a guarded value was read, from its guard name (`L['x'].a[0]`)."""
    subject = subject.strip()
    if subject.startswith("len("):
        subject = subject[4:]
    if "cell_contents" in subject or subject.startswith("C["):
        return "closure cell"
    if re.search(r"\.(?!shape)[A-Za-z_]\w*", subject.split("]", 1)[-1] if "]" in subject else subject):
        return "attribute"
    if re.search(r"\]\s*\[", subject):
        return "item"
    if subject.startswith("G["):
        return "global"
    if subject.startswith("L["):
        return "local"
    return "other"


def constant_class(expected, got):
    """The class of a failed `==` guard: the constant's type, or a type change."""
    kinds = (("bool", r"^(True|False)$"), ("int", r"^-?\d+$"), ("float", r"^-?[\d.]+(e[-+]?\d+)?$|^-?inf$|^nan$"),
             ("str", r"^'.*'$|^\".*\"$"), ("None", r"^None$"))
    exp_kind = next((k for k, pat in kinds if re.match(pat, expected)), "other")
    got_kind = got.split(" ", 1)[0] if got and got[0].isalpha() else "other"
    if got.startswith("None"):
        got_kind = "None"
    if exp_kind != got_kind:
        return "type (constant became another type)"
    return "%s constant" % exp_kind


def tensor_class(exp_dtype, exp_shape, got):
    if got == "<missing>":
        return "missing (item or attribute gone)"
    m = GOT_TENSOR_RE.match(got)
    if not m:
        return "type (tensor became another type)"
    got_dtype, got_shape = m.group(1), m.group(2)
    exp_dims = [d.strip() for d in exp_shape.split(",") if d.strip()]
    got_dims = [d.strip() for d in got_shape.split(",") if d.strip()]
    if exp_dtype != got_dtype:
        return "tensor dtype"
    if len(exp_dims) != len(got_dims):
        return "tensor rank"
    return "tensor size"


def classify(reason):
    """(class, where) of one recompile reason."""
    r = reason.strip()
    if r.endswith(", now dynamic") or "now dynamic;" in r:
        return "tensor size (now dynamic)" if ".shape[" in r else "int (now dynamic)", where(r.split(":")[0])
    if re.match(r"^grad mode is (enabled|disabled)", r) or re.search(r" is (enabled|disabled), but it is ", r):
        return "global state (grad mode)", "global state"
    if "are specialized)" in r:
        return "size 0/1 specialization", where(r.split(" is ")[0])
    m = TENSOR_RE.match(r)
    if m:
        return tensor_class(m.group(2), m.group(3), m.group(4)), where(m.group(1))
    m = TYPE_RE.match(r)
    if m:
        return "type", where(m.group(1))
    if r.startswith("len("):
        return "length", where(r.split(")", 1)[0])
    if " is the same object as when captured" in r:
        return "identity", where(r.split(" is the same object")[0])
    if " is a function of the code it had" in r:
        return "function code", where(r.split(" is a function")[0])
    if r.endswith(" is present, but it is absent") or " is absent, but got " in r:
        return "attribute presence", where(r.split(" is ")[0])
    if re.search(r" is (not )?\S+, but it (is|is not)$", r):
        return "aliasing (same object)", where(r.split(" is ")[0])
    m = CONSTANT_RE.match(r)
    if m:
        return constant_class(m.group(2), m.group(3)), where(m.group(1))
    if ", but " in r and re.search(r"[<>=]", r.split(", but ")[0]):
        return "size relation", "sizes"
    if r == "no guard failed":
        return "no guard failed", "none"
    return "unclassified", "other"


def run_seed(minipy, seed, dynamic, timeout):
    source = gen.generate(seed)
    with tempfile.TemporaryDirectory(prefix="lasso_recompiles_") as tmp:
        program = os.path.join(tmp, "program.py")
        report = os.path.join(tmp, "report.json")
        with open(program, "w", encoding="utf-8") as f:
            f.write(source)
        cmd = [minipy, "run"] + (["--dynamic", dynamic] if dynamic else []) + ["--explain-json", report, program]
        try:
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired:
            return seed, None
        try:
            with open(report, encoding="utf-8") as f:
                return seed, json.load(f)
        except (OSError, ValueError):
            return seed, None


class Sums:
    KEYS = ("programs", "no_report", "codes", "calls", "cache_hits", "translations", "recompiles",
            "codes_at_cache_limit", "calls_eager_cache_limit", "calls_eager_nested")

    def __init__(self):
        self.n = dict.fromkeys(self.KEYS, 0)
        self.classes = collections.Counter()
        self.places = collections.Counter()
        self.pairs = collections.Counter()
        self.examples = collections.defaultdict(list)

    def add(self, report, keep):
        n = self.n
        if report is None:
            n["no_report"] += 1
            return
        n["programs"] += 1
        for fr in report.get("frames", []):
            n["codes"] += 1
            calls = fr.get("calls", 0)
            translations = fr.get("recompiles", 0) + 1
            nested = fr.get("ran_eagerly_nested", 0)
            n["calls"] += calls
            n["cache_hits"] += fr.get("cache_hits", 0)
            n["translations"] += translations
            n["recompiles"] += fr.get("recompiles", 0)
            n["calls_eager_nested"] += nested
            if fr.get("cache_limit_hit"):
                n["codes_at_cache_limit"] += 1
                n["calls_eager_cache_limit"] += max(0, calls - fr.get("cache_hits", 0) - translations - nested)
            for reason in fr.get("recompile_reasons", []):
                cls, place = classify(str(reason))
                self.classes[cls] += 1
                self.places[place] += 1
                self.pairs[(cls, place)] += 1
                if len(self.examples[cls]) < keep:
                    self.examples[cls].append(str(reason))

    def lines(self):
        n = self.n
        pct = lambda a, b: 100.0 * a / b if b else 0.0  # noqa: E731
        out = ["%d programs (%d without a report), %d codes" % (n["programs"], n["no_report"], n["codes"]),
               "%d translations, %d recompiles: %.3f recompiles per translation"
               % (n["translations"], n["recompiles"], n["recompiles"] / n["translations"] if n["translations"] else 0),
               "%d calls, %d cache hits; %d codes hit the cache limit, %d calls (%.2f%%) ran eagerly because of it"
               % (n["calls"], n["cache_hits"], n["codes_at_cache_limit"], n["calls_eager_cache_limit"],
                  pct(n["calls_eager_cache_limit"], n["calls"])),
               "recompiles, by the guard that failed:"]
        for cls, count in self.classes.most_common():
            out.append("  %6d  %5.1f%%  %s" % (count, pct(count, n["recompiles"]), cls))
        out.append("recompiles, by where the guarded value was read:")
        for place, count in self.places.most_common():
            out.append("  %6d  %5.1f%%  %s" % (count, pct(count, n["recompiles"]), place))
        out.append("recompiles, by class and place (classes of more than 1%):")
        for (cls, place), count in self.pairs.most_common():
            if count * 100 > n["recompiles"]:
                out.append("  %6d  %5.1f%%  %s, %s" % (count, pct(count, n["recompiles"]), cls, place))
        return out


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--minipy", required=True)
    p.add_argument("--seeds", type=int, default=500)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--dynamic", help="minipy run --dynamic MODE")
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--examples", type=int, default=0)
    p.add_argument("--json")
    args = p.parse_args(argv)
    if not os.path.exists(args.minipy):
        sys.exit("recompiles.py: no minipy at %s" % args.minipy)
    sums = Sums()
    seeds = range(args.start, args.start + args.seeds)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for _, report in pool.map(lambda s: run_seed(args.minipy, s, args.dynamic, args.timeout), seeds):
            sums.add(report, args.examples)
    for line in sums.lines():
        print(line)
    if args.examples:
        for cls, reasons in sorted(sums.examples.items()):
            print("examples of %s:" % cls)
            for r in reasons:
                print("    " + r)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"sums": sums.n, "classes": sums.classes, "places": sums.places,
                       "pairs": {"%s, %s" % k: v for k, v in sums.pairs.items()}}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
