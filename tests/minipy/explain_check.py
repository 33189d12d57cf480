"""Checks minipy's capture report (--explain-json) against expectations in the scripts.

Usage:
  python3 explain_check.py --minipy PATH [--scripts DIR] [--timeout S] [--jobs N] [SCRIPT...]
  python3 explain_check.py --self-check [--scripts DIR] [SCRIPT...]

Every script (default: every *.py below scripts/ next to this file, in its feature
folders; --scripts DIR: every *.py below DIR) with an `# explain:` header is run as
`PATH run --explain-json TMP SCRIPT` (its stdout, stderr and exit status are ignored:
tests/minipy/oracle.py checks those), and the report written to TMP is compared with
the header. The expectations are worked out by hand from the counting rules of the
capture design, never copied from minipy's output.

Header lines (comments anywhere in the script, one expectation per line):

  # explain: graphs=N graph_breaks=N ops=N recompiles=N frames_captured=N [subgraph_ops=N]
      The report's "totals". The first five keys are required; subgraph_ops counts the
      ops in the subgraphs of higher-order operators (not in ops).
  # explain-frame: NAME key=value ...
      The captured frame whose "function" is NAME (exactly one must exist). Keys:
        graphs=N         number of compiled graphs (len of "graphs")
        unsupported=N    number of "unsupported" records (translations that ran the
                         frame eagerly)
        breaks=N         number of "breaks" records (graph breaks: the graph so far
                         compiled, the rest in a resume function)
        cache_entries=N  "cache_entries"
        recompiles=N     "recompiles"
        ops=N            sum of the graphs' "ops"
        calls=N          "calls" (every call of the function)
        cache_hits=N     "cache_hits" (calls whose guards matched a cache entry)
        graph_ops=A,B    per-graph "ops", in report order
        subgraph_ops=A,B per-graph "subgraph_ops" (ops inside higher-order operators)
        inputs=A,B       per-graph "inputs" (a count, or the length of a list)
        outputs=A,B      per-graph "outputs"
  # explain-unlisted: WHY
      Some captured frames have no frame line (resume functions of one code that share
      a name, say): the frame lines are then not expected to add up to the totals.
  # explain-reason: NAME[@LINE][#ID]: SUBSTRING
      Some "unsupported" or "breaks" record of frame NAME has a "reason" containing SUBSTRING
      (case-insensitive; may be empty) and, when @LINE is given, "line" == LINE, and when
      #ID is given, "id" == ID (the registry id, docs/graph-breaks.md: `f@13#LB0028:`).
  # explain-guard: NAME: TEXT
      Some cache entry of frame NAME has a guard line equal to TEXT (`s0 > 3`,
      `s0 = L['x'].shape[0]`, `tensor L['x']: f64[s0, 3]`).
  # explain-recompile: NAME: TEXT
      Some recompile reason of frame NAME equals TEXT
      (`L['x'].shape[0]: 2 -> 3, now dynamic`).
  # explain-graph: NAME: TEXT
      Some graph of frame NAME has a line containing TEXT (`graph(l_x_: f64[s0]):`).
  # explain-stderr: TEXT
      What the run printed to stderr (comptime's output) has a line containing TEXT;
      the lines these expectations match come in the order of the expectations.

--self-check validates only the headers: their syntax, that every NAME is a function
defined in the script, that every script using capture has an `# explain:` header,
internal consistency (a frame cannot have more graphs than successful translations,
nor more than 8 cache entries, ...), and, when the frame lines cover every function
the script captures, that the per-frame numbers add up to the totals (frames_captured
= sum of recompiles + 1 - unsupported).

Both modes print one line per mismatch and end with "N passed, M failed"; the exit
status is 0 only when M == 0. Paths default relative to this file, not the cwd.
"""

import argparse
import ast
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import oracle  # noqa: E402  (collect_scripts is shared)
DEFAULT_SCRIPTS = os.path.join(HERE, "scripts")
CACHE_SIZE_LIMIT = 8

TOTAL_KEYS = ("graphs", "graph_breaks", "ops", "recompiles", "frames_captured")
FRAME_INT_KEYS = ("graphs", "unsupported", "breaks", "cache_entries", "recompiles", "ops", "calls",
                  "cache_hits")
# Resume functions are frames of their own, named after the function and the line.
RESUME_RE = re.compile(r"^resume_in_([A-Za-z_]\w*?)_at_\d+(?:_\d+)?(?:_via_\w+_at_\d+)?$")
FRAME_LIST_KEYS = ("graph_ops", "subgraph_ops", "inputs", "outputs")
OPTIONAL_TOTAL_KEYS = ("subgraph_ops",)

TOTALS_RE = re.compile(r"^#\s*explain:(.*)$")
FRAME_RE = re.compile(r"^#\s*explain-frame:\s*(\S+)(.*)$")
REASON_RE = re.compile(r"^#\s*explain-reason:\s*([A-Za-z_]\w*)(?:@(\d+))?(?:#([A-Z]{2,4}[0-9]{4}))?:(.*)$")
UNLISTED_RE = re.compile(r"^#\s*explain-unlisted:\s*(.*)$")
STDERR_RE = re.compile(r"^#\s*explain-stderr:(.*)$")
TEXT_RE = re.compile(r"^#\s*explain-(guard|recompile|graph):\s*([A-Za-z_]\w*):(.*)$")
ANY_RE = re.compile(r"^#\s*explain")


class Expectations:
    def __init__(self):
        self.totals = None          # {key: int}
        self.frames = {}            # name -> {key: int or [int]}
        self.reasons = []           # (name, line or None, substring, header line no, id or None)
        self.unlisted = None        # why some captured frames have no frame line
        self.stderr = []            # texts stderr lines must contain, in order
        self.texts = []             # (kind, name, text, header line no): guard, recompile, graph
        self.errors = []            # syntax problems


def parse_pairs(text, allowed_int, allowed_list, where, errors):
    out = {}
    for item in text.split():
        if "=" not in item:
            errors.append("%s: expected key=value, got %r" % (where, item))
            continue
        key, value = item.split("=", 1)
        if key in out:
            errors.append("%s: key %r given twice" % (where, key))
            continue
        try:
            if key in allowed_int:
                out[key] = int(value)
                if out[key] < 0:
                    raise ValueError
            elif key in allowed_list:
                out[key] = [int(v) for v in value.split(",")]
                if any(v < 0 for v in out[key]):
                    raise ValueError
            else:
                errors.append("%s: unknown key %r" % (where, key))
        except ValueError:
            errors.append("%s: bad value %r for %r" % (where, value, key))
    return out


def parse_header(src):
    ex = Expectations()
    for no, line in enumerate(src.splitlines(), 1):
        s = line.strip()
        if not ANY_RE.match(s):
            continue
        where = "line %d" % no
        m = TOTALS_RE.match(s)
        if m:
            if ex.totals is not None:
                ex.errors.append(where + ": a second '# explain:' line")
                continue
            ex.totals = parse_pairs(m.group(1), TOTAL_KEYS + OPTIONAL_TOTAL_KEYS, (), where, ex.errors)
            missing = [k for k in TOTAL_KEYS if k not in ex.totals]
            if missing:
                ex.errors.append(where + ": '# explain:' lacks " + ", ".join(missing))
            continue
        m = FRAME_RE.match(s)
        if m:
            name = m.group(1)
            if not re.match(r"^[A-Za-z_]\w*$", name):
                ex.errors.append("%s: bad function name %r" % (where, name))
                continue
            if name in ex.frames:
                ex.errors.append("%s: a second explain-frame line for %r" % (where, name))
                continue
            pairs = parse_pairs(m.group(2), FRAME_INT_KEYS, FRAME_LIST_KEYS, where, ex.errors)
            if not pairs:
                ex.errors.append(where + ": explain-frame without expectations")
            ex.frames[name] = pairs
            continue
        m = UNLISTED_RE.match(s)
        if m:
            if not m.group(1).strip():
                ex.errors.append(where + ": explain-unlisted needs a reason")
            ex.unlisted = m.group(1).strip()
            continue
        m = STDERR_RE.match(line.strip())
        if m:
            text = m.group(1).strip()
            if not text:
                ex.errors.append(where + ": explain-stderr needs a text")
            ex.stderr.append(text)
            continue
        m = TEXT_RE.match(s)
        if m:
            if not m.group(3).strip():
                ex.errors.append(where + ": explain-%s needs a text" % m.group(1))
            ex.texts.append((m.group(1), m.group(2), m.group(3).strip(), no))
            continue
        m = REASON_RE.match(s)
        if m:
            line_no = int(m.group(2)) if m.group(2) else None
            ex.reasons.append((m.group(1), line_no, m.group(4).strip(), no, m.group(3)))
            continue
        ex.errors.append(where + ": unrecognised explain line: " + s)
    return ex


# ---------------------------------------------------------------------------
# Self-check: headers only.

def captured_functions(tree):
    """Names of functions decorated with @capture / @capture(...) or passed to capture()."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                target = d.func if isinstance(d, ast.Call) else d
                if isinstance(target, ast.Name) and target.id == "capture":
                    names.add(node.name)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "capture" and node.args
              and isinstance(node.args[0], ast.Name)):
            names.add(node.args[0].id)
    return names


def uses_capture(src):
    return re.search(r"(?m)^[^#\n]*\bcapture\b", src) is not None


def self_check_one(script):
    with open(script, encoding="utf-8") as f:
        src = f.read()
    ex = parse_header(src)
    problems = list(ex.errors)
    if ex.totals is None:
        if ex.frames or ex.reasons:
            problems.append("explain-frame/explain-reason lines without '# explain:'")
        elif uses_capture(src):
            problems.append("uses capture but has no '# explain:' header")
        return problems
    try:
        tree = ast.parse(src, script)
    except SyntaxError as e:
        return problems + ["does not parse: %s" % e]
    defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    if any(isinstance(n, ast.Lambda) for n in ast.walk(tree)):
        defined |= {"<lambda>", "lambda"}  # a lambda's frame, and its resume codes' names
    def known(name):
        m = RESUME_RE.match(name)
        return name in defined or (m is not None and m.group(1) in defined)
    for name in ex.frames:
        if not known(name):
            problems.append("explain-frame names %r, which the script does not define" % name)
    for kind, name, _, no in ex.texts:
        if not known(name):
            problems.append("line %d: explain-%s names undefined function %r" % (no, kind, name))
    lines = src.count("\n") + 1
    for name, line_no, _, no, _ in ex.reasons:
        if not known(name):
            problems.append("line %d: explain-reason names undefined function %r" % (no, name))
        if line_no is not None and not 1 <= line_no <= lines:
            problems.append("line %d: explain-reason line %d is outside the script" % (no, line_no))
        fr = ex.frames.get(name)
        if fr is not None and fr.get("unsupported", 1) + fr.get("breaks", 1) == 0:
            problems.append("line %d: explain-reason for %r, which expects unsupported=0 breaks=0"
                            % (no, name))
    t = ex.totals
    if t.get("ops", 0) > 0 and t.get("graphs", 0) == 0:
        problems.append("totals: ops without graphs")
    if t.get("graphs", 0) > t.get("frames_captured", 0):
        problems.append("totals: more graphs than frames_captured")
    for name, fr in ex.frames.items():
        where = "frame %s: " % name
        if "recompiles" in fr:
            translations = fr["recompiles"] + 1
            if fr.get("unsupported", 0) > translations:
                problems.append(where + "more unsupported records than translations")
            if fr.get("graphs", 0) > translations - fr.get("unsupported", 0):
                problems.append(where + "more graphs than successful translations")
            if fr.get("cache_entries", 0) > translations:
                problems.append(where + "more cache entries than translations")
        if "calls" in fr and "recompiles" in fr and \
                fr["recompiles"] + 1 + fr.get("cache_hits", 0) > fr["calls"]:
            problems.append(where + "more translations and cache hits than calls")
        if fr.get("cache_entries", 0) > CACHE_SIZE_LIMIT:
            problems.append(where + "more than %d cache entries" % CACHE_SIZE_LIMIT)
        if fr.get("ops", 0) > 0 and fr.get("graphs", 1) == 0:
            problems.append(where + "ops without graphs")
        for key in FRAME_LIST_KEYS:
            if key in fr and "graphs" in fr and len(fr[key]) != fr["graphs"]:
                problems.append(where + "%s lists %d graphs, graphs=%d"
                                % (key, len(fr[key]), fr["graphs"]))
        if "graph_ops" in fr and "ops" in fr and sum(fr["graph_ops"]) != fr["ops"]:
            problems.append(where + "graph_ops do not add up to ops")
    # When every captured function has a frame line, the frames must add up to the totals.
    # Resume functions count too: a header that leaves some out says so (explain-unlisted).
    covered = captured_functions(tree) <= set(ex.frames) and not ex.unlisted
    complete = all(k in fr for fr in ex.frames.values()
                   for k in ("graphs", "unsupported", "recompiles"))
    if ex.frames and covered and complete:
        sums = {
            "graphs": sum(fr["graphs"] for fr in ex.frames.values()),
            "graph_breaks": sum(fr["unsupported"] + fr.get("breaks", 0) for fr in ex.frames.values()),
            "recompiles": sum(fr["recompiles"] for fr in ex.frames.values()),
            "frames_captured": sum(fr["recompiles"] + 1 - fr["unsupported"]
                                   for fr in ex.frames.values()),
        }
        if all("ops" in fr or fr["graphs"] == 0 for fr in ex.frames.values()):
            sums["ops"] = sum(fr.get("ops", 0) for fr in ex.frames.values())
        for key, value in sums.items():
            if key in t and t[key] != value:
                problems.append("totals: %s=%d but the frame lines add up to %d"
                                % (key, t[key], value))
    return problems


# ---------------------------------------------------------------------------
# Compare mode.

def count(v):
    if isinstance(v, list):
        return len(v)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError("expected a count or a list, got %r" % (v,))
    return v


def find_frames(report):
    frames = report.get("frames")
    if isinstance(frames, list):
        return frames
    for v in report.values():
        if isinstance(v, list) and v and all(isinstance(x, dict) and "function" in x for x in v):
            return v
    return []


def compare_report(ex, report):
    problems = []
    totals = report.get("totals")
    if not isinstance(totals, dict):
        return ["report has no \"totals\" object"]
    for key, want in ex.totals.items():
        got = totals.get(key)
        if got != want:
            problems.append("totals.%s: expected %d, got %s" % (key, want, got))
    frames = find_frames(report)
    for name, fr in ex.frames.items():
        matches = [f for f in frames if f.get("function") == name]
        if len(matches) != 1:
            problems.append("frame %s: %d frames with that name in the report"
                            % (name, len(matches)))
            continue
        f = matches[0]
        try:
            graphs = f.get("graphs", [])
            if not isinstance(graphs, list):
                raise ValueError("\"graphs\" is not a list")
            actual = {
                "graphs": len(graphs),
                "unsupported": count(f.get("unsupported", [])),
                "breaks": count(f.get("breaks", [])),
                "cache_entries": f.get("cache_entries"),
                "recompiles": f.get("recompiles"),
                "calls": f.get("calls"),
                "cache_hits": f.get("cache_hits"),
                "graph_ops": [count(g.get("ops")) for g in graphs],
                "subgraph_ops": [count(g.get("subgraph_ops")) for g in graphs],
                "inputs": [count(g.get("inputs")) for g in graphs],
                "outputs": [count(g.get("outputs")) for g in graphs],
            }
            actual["ops"] = sum(actual["graph_ops"])
        except (ValueError, AttributeError, TypeError) as e:
            problems.append("frame %s: malformed report entry (%s)" % (name, e))
            continue
        for key, want in fr.items():
            if actual[key] != want:
                fmt = (lambda v: ",".join(map(str, v))) if isinstance(want, list) else str
                got = actual[key]
                problems.append("frame %s: %s expected %s, got %s"
                                % (name, key, fmt(want), fmt(got) if got is not None else None))
    for kind, name, text, _ in ex.texts:
        matches = [f for f in frames if f.get("function") == name]
        if kind == "guard":
            have = [ln.strip() for f in matches for g in (f.get("entry_guards") or []) for ln in str(g).splitlines()]
            ok = text in have
        elif kind == "recompile":
            have = [str(r) for f in matches for r in (f.get("recompile_reasons") or [])]
            ok = text in have
        else:
            have = [ln for f in matches for g in (f.get("graphs") or []) if isinstance(g, dict)
                    for ln in str(g.get("readable", "")).splitlines()]
            ok = any(text in ln for ln in have)
        if not ok:
            problems.append("frame %s: no %s %s %r (have: %s)"
                            % (name, kind, "line containing" if kind == "graph" else "equal to", text,
                               " | ".join(have) or "none"))
    for name, line_no, sub, _, rid in ex.reasons:
        matches = [f for f in frames if f.get("function") == name]
        records = [r for f in matches for r in (f.get("unsupported") or []) + (f.get("breaks") or [])
                   if isinstance(r, dict)]
        ok = any(sub.lower() in str(r.get("reason", "")).lower()
                 and (line_no is None or r.get("line") == line_no)
                 and (rid is None or r.get("id") == rid) for r in records)
        if not ok:
            seen = "; ".join("line %s: %s %s" % (r.get("line"), r.get("id"), r.get("reason")) for r in records)
            problems.append("frame %s: no unsupported record%s%s%s (have: %s)"
                            % (name, " at line %d" % line_no if line_no is not None else "",
                               " with id %s" % rid if rid else "",
                               " with reason containing %r" % sub if sub else "",
                               seen or "none"))
    return problems


def compare_stderr(ex, err):
    """The explain-stderr expectations, matched in order against the lines of `err`."""
    lines = err.splitlines()
    at = 0
    for text in ex.stderr:
        while at < len(lines) and text not in lines[at]:
            at += 1
        if at == len(lines):
            return ["stderr: no line containing %r (after the lines the expectations before it "
                    "matched; stderr was %d lines)" % (text, len(lines))]
        at += 1
    return []


def check_one(script, minipy, timeout):
    with open(script, encoding="utf-8") as f:
        src = f.read()
    ex = parse_header(src)
    if ex.errors:
        return ["bad header: " + "; ".join(ex.errors)]
    fd, tmp = tempfile.mkstemp(prefix="explain-", suffix=".json")
    os.close(fd)
    os.unlink(tmp)
    try:
        cmd = [minipy, "run", "--explain-json", tmp, script]
        try:
            p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            return ["cannot run minipy: %s" % e]
        try:
            _, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                p.kill()
            p.communicate()
            return ["minipy timed out"]
        if not os.path.exists(tmp):
            last = [l for l in err.decode("utf-8", "replace").splitlines() if l.strip()]
            return ["no report written (status %s%s)"
                    % (p.returncode, ", stderr: " + last[-1] if last else "")]
        try:
            with open(tmp, encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            return ["report is not valid JSON: %s" % e]
        if not isinstance(report, dict):
            return ["report is not a JSON object"]
        return compare_report(ex, report) + compare_stderr(ex, err.decode("utf-8", "replace"))
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def has_header(script):
    with open(script, encoding="utf-8") as f:
        return any(TOTALS_RE.match(l.strip()) for l in f)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minipy", help="path of the minipy binary")
    ap.add_argument("--scripts", help="directory whose *.py scripts, in its folders too, "
                                      "are checked (default: scripts/)")
    ap.add_argument("--self-check", action="store_true",
                    help="only validate the headers (no minipy needed)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per run")
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("script", nargs="*", help="scripts to check (default: all)")
    args = ap.parse_args(argv)
    if not args.self_check and not args.minipy:
        ap.error("one of --minipy or --self-check is required")
    scripts = oracle.collect_scripts(args, "explain_check.py")
    if args.self_check:
        def job(s):
            return self_check_one(s)
        # Scripts without capture and without a header have nothing to check.
        selected = []
        for s in scripts:
            with open(s, encoding="utf-8") as f:
                src = f.read()
            if uses_capture(src) or re.search(r"(?m)^\s*#\s*explain", src):
                selected.append(s)
        scripts = selected
    else:
        minipy = os.path.abspath(args.minipy) if os.sep in args.minipy else args.minipy
        scripts = [s for s in scripts if has_header(s)]

        def job(s):
            return check_one(s, minipy, args.timeout)

    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(job, scripts))
    passed = failed = 0
    for script, problems in zip(scripts, results):
        name = os.path.basename(script)
        if problems:
            failed += 1
            for p in problems:
                print("FAIL %s: %s" % (name, p))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    sys.stdout.flush()
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
