"""When objects die around graph breaks: captured as in plain CPython.

Usage:
  frame_lifetimes.py [--python /usr/bin/python3.11] [--pythonpath DIR]

Runs a program (below) by the CPython 3.11 interpreter plain (LASSO_DISABLE=1),
captured and captured with the verifying backend. The program watches objects with
weakref callbacks and prints, at fixed points, which of them are alive and which died
since the last point, in the order they died. Stdout must be the same in the three
runs: an object lasso keeps alive longer (or lets die sooner) than CPython prints
another line. The captured functions break the graph at each call of `new_token` (a
numpy ufunc of a Python function, which lasso does not inline) and at print:

* raised_kept: a ValueError raised and caught in the trace and kept by the caller in a
  global, called again while the last one is kept (the guards read it); the local it
  was made next to lives as long as the exception's traceback, and dies when the
  caller drops the exception;
* nested_raising: a KeyError raised inside an inlined helper after a break in it, with
  a value on the caller's stack across the call (dies when the exception leaves the
  frame) and an object of the helper's in the exception (lives until the caller drops
  the exception; a local not read after the break would die at the break, captured:
  docs/cpython.md, "When objects die");
* nested_normal: a break inside an inlined helper (nested resume functions), a local
  of the caller deleted after the break and a value on the stack across a break: all
  are dead once the call returns (in another order). (Not while it runs: with a PEP 523 frame evaluator
  installed, CPython 3.11's CALL keeps the arguments on the caller's stack until the
  call returns, and a resume function gets the frame's values as arguments: see
  docs/cpython.md, "When objects die".)

It also checks that the captured runs broke the graph (else they compare nothing).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

PROGRAM = r'''
import sys, weakref
import numpy as np
import lasso

class Token:
    pass

REFS = {}
DIED = []
COUNT = [0]

def _made(name):
    name = "%s %d" % (name, COUNT[0])
    COUNT[0] += 1
    t = Token()
    REFS[name] = weakref.ref(t, lambda r, name=name: DIED.append(name))
    return t

def _show(label, ordered=True):
    alive = sorted(n for n, r in REFS.items() if r() is not None)
    print(label, "alive:", alive, "died:", DIED if ordered else sorted(DIED))
    DIED.clear()

# A callable lasso does not inline: each call is a graph break.
new_token = np.frompyfunc(_made, 1, 1)

KEPT = [None]

@lasso.capture
def raised_kept(x, y):
    t = new_token("kept local")
    try:
        raise ValueError("kept")
    except ValueError as e:
        KEPT[0] = e
    return (x - y) * 3 if t is not None else x

def pair(a, b):
    return b

def raising_helper(x):
    t = new_token("helper local")
    y = x * 2
    print("in the raising helper")
    raise KeyError(t)

@lasso.capture
def nested_raising(x):
    return pair(new_token("stack value"), raising_helper(x) + 1)

def helper(x):
    t = new_token("inner local")
    y = x * 2
    print("in the helper")
    return y + 1 if t is not None else y

@lasso.capture
def nested_normal(x):
    u = new_token("outer local")
    z = helper(x)
    del u
    w = pair(new_token("outer stack value"), print("at the break"))
    return z + 1 if w is None else z

def main():
    x = np.arange(3.0)
    y = np.ones(3)
    for i in range(4):
        r = raised_kept(x, y)
        _show("raised_kept %d returned" % i)
    KEPT[0] = None
    _show("the kept exception dropped")
    print(r.tolist())
    for i in range(3):
        try:
            nested_raising(x)
        except KeyError as e:
            KEPT[0] = e
        _show("nested_raising %d raised" % i)
        KEPT[0] = None
        _show("nested_raising %d: its exception dropped" % i)
    for i in range(3):
        r = nested_normal(x)
        # In which order they die differs: they all die as the call returns.
        _show("nested_normal %d returned" % i, ordered=False)
        print(r.tolist())

main()
import json
print("graph breaks:", sum(len(f["breaks"]) for f in json.loads(lasso.explain_json())["frames"]), file=sys.stderr)
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default="/usr/bin/python3.11")
    ap.add_argument("--pythonpath", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "dev", "python"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "lifetimes.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(PROGRAM)
        outputs = {}
        problems = []
        for label, extra in (("plain", {"LASSO_DISABLE": "1"}), ("captured", {}), ("verify", {"LASSO_BACKEND": "verify"})):
            env = {k: v for k, v in os.environ.items() if not k.startswith("LASSO_")}
            env["PYTHONPATH"] = args.pythonpath
            env.update(extra)
            p = subprocess.run([args.python, script], capture_output=True, text=True, env=env, timeout=120)
            outputs[label] = (p.stdout, p.returncode)
            if p.returncode != 0:
                problems.append(f"{label}: exit status {p.returncode}: {p.stderr.strip().splitlines()[-1:]}")
            if label != "plain":
                last = p.stderr.strip().splitlines()[-1:] or [""]
                if not last[0].startswith("graph breaks:") or int(last[0].split()[-1]) < 10:
                    problems.append(f"{label}: expected graph breaks, stderr ends {last}")
        for label in ("captured", "verify"):
            if outputs[label] != outputs["plain"]:
                plain = outputs["plain"][0].splitlines()
                other = outputs[label][0].splitlines()
                first = next((i for i in range(max(len(plain), len(other)))
                              if i >= len(plain) or i >= len(other) or plain[i] != other[i]), 0)
                problems.append(f"{label} differs from plain at line {first + 1}:\n"
                                f"  plain:    {plain[first] if first < len(plain) else '<end>'}\n"
                                f"  {label}: {other[first] if first < len(other) else '<end>'}")
    for p in problems:
        print(p)
    print("frame_lifetimes:", "ok" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
