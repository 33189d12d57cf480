"""Random mutations of user objects and classes between captured calls.

Usage:
  object_mutations.py [--python /usr/bin/python3.11] [--pythonpath DIR] [--seeds N]

Each seed runs a program (the source below, after the marker) by the CPython 3.11
interpreter plain (LASSO_DISABLE=1), captured and captured with the verifying backend.
The program calls two captured functions 60 times on instances of a class and its
subclass, changing between calls, at random: a class attribute, an instance's array,
the instance's `__class__`, a method stored on the instance and deleted again, a
method replaced on the class, an attribute shadowing a class attribute and deleted,
the `__init__` of a class the captured code constructs, another class attribute, a
`__setattr__` added to a class and removed, a property added to the constructed class
and removed; and stores that reach an instance's dict by other ways (`o.__dict__[...]`,
`setattr`, `vars(o).update`), a base-class attribute that an instance whose own one was
deleted reads (or an AttributeError when there is none), so that guards that skip reads
of unchanged objects (object versions) are tried on each kind of change.
The captured functions call a method, store an attribute on the caller's object and
construct an instance in the trace. Stdout must be the same in the three runs (the
guards must catch every change: a missed one gives another number).
"""

import argparse
import os
import subprocess
import sys
import tempfile

PROGRAM = r'''
import random, sys
import numpy as np
import lasso

class A:
    k = 1.0
    def act(self, x):
        return x * self.k + self.b

class B(A):
    def act(self, x):
        return x - self.b

class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

def pair_init(self, a, b):
    self.a = b
    self.b = a * 10

def times3(self, x):
    return x * 3

def doubling_setattr(self, name, value):
    object.__setattr__(self, name, value * 2 if name == "last" else value)

def b_plus_one(self, v):
    self._b = v + 1

b_property = property(lambda self: self._b, b_plus_one)

@lasso.capture
def plain(o, x):
    return o.act(x) + o.b

@lasso.capture
def with_store(o, x):
    y = o.act(x)
    o.last = y
    p = Pair(y, o.b)
    return p.a * 2 + p.b + o.last

rng = random.Random(int(sys.argv[1]))
objs = [A(), B(), A()]
for o in objs:
    o.b = np.ones(2)
x = np.arange(2.0)
out = []
for step in range(60):
    o = rng.choice(objs)
    m = rng.randrange(17)
    if m == 0: A.k = rng.choice([1.0, 2.0])
    elif m == 1: o.b = np.full(2, float(rng.randrange(3)))
    elif m == 2: o.__class__ = rng.choice([A, B])
    elif m == 3: o.act = rng.choice([lambda x: x - 7, times3.__get__(o)])
    elif m == 4:
        if "act" in vars(o): del o.act
    elif m == 5: A.act = rng.choice([A.act, times3])
    elif m == 6: o.k = rng.choice([5.0, 6.0])
    elif m == 7:
        if "k" in vars(o): del o.k
    elif m == 8: Pair.__init__ = rng.choice([Pair.__init__, pair_init])
    elif m == 9: Pair.extra = rng.randrange(3)
    elif m == 10:
        if "__setattr__" in vars(A): del A.__setattr__
        else: A.__setattr__ = doubling_setattr
    elif m == 11:
        if "b" in vars(Pair): del Pair.b
        else: Pair.b = b_property
    elif m == 12: o.__dict__["b"] = np.full(2, float(rng.randrange(3)))
    elif m == 13: setattr(o, "k", rng.choice([5.0, 6.0, 7.0]))
    elif m == 14: vars(o).update(b=np.full(2, float(rng.randrange(3))), k=rng.choice([1.0, 8.0]))
    elif m == 15: A.b = np.full(2, float(rng.randrange(3)))
    elif m == 16:
        if "b" in vars(o): del o.b
    try:
        r = plain(o, x) if step % 2 else with_store(o, x)
        out.append(r.tolist())
    except Exception as e:
        out.append(type(e).__name__)
print(out)
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--python", default="/usr/bin/python3.11")
    ap.add_argument("--pythonpath", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "dev", "python"))
    ap.add_argument("--seeds", type=int, default=12)
    args = ap.parse_args()
    failed = 0  # seeds with a difference
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "mutations.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(PROGRAM)
        for seed in range(1, args.seeds + 1):
            outputs = {}
            for label, extra in (("plain", {"LASSO_DISABLE": "1"}), ("captured", {}), ("verify", {"LASSO_BACKEND": "verify"})):
                env = {k: v for k, v in os.environ.items() if not k.startswith("LASSO_")}
                env["PYTHONPATH"] = args.pythonpath
                env.update(extra)
                p = subprocess.run([args.python, script, str(seed)], capture_output=True, text=True, env=env, timeout=120)
                outputs[label] = (p.stdout, p.returncode)
            differs = [label for label in ("captured", "verify") if outputs[label] != outputs["plain"]]
            for label in differs:
                print(f"seed {seed}: {label} differs from plain:\n  plain    {outputs['plain']}\n  {label} {outputs[label]}")
            failed += bool(differs)
    print(f"{args.seeds - failed} of {args.seeds} seeds the same plain and captured, {failed} different")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
