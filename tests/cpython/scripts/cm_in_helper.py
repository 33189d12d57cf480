# Managers made inside inlined helpers: `scoped(name)` returns a new Tag, and
# `apply(x)` opens a block of its own; both helpers are inlined into f with their
# blocks (the Tag objects live only in the trace). One graph of 3 ops (add in f's
# block, mul in apply's, sub after).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

log = []


class Tag:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        log.append("enter " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        log.append("exit " + self.name)
        return False


def scoped(name):
    return Tag(name)


def apply(x):
    with scoped("inner") as t:
        y = x * len(t.name)
    return y


@lasso.capture
def f(x):
    with scoped("outer"):
        y = apply(x + 1)
    return y - 1


x = np.arange(3.0)
print(f(x), log)
log.clear()
print(f(x), log)
