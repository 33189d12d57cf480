# A context manager made outside the trace and passed in: its class's __enter__ and
# __exit__ are inlined on it (guarded: its type, the two functions' code, and that the
# instance has no attribute of either name). Their appends to `m.log` are replayed
# after the graph, in order: "enter" then "exit" once per call, as CPython runs them.
# One graph of 2 ops (add, mul); calls 2 and 3 hit the cache (the log is a list each
# time, whatever its length).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit")
        return False


@lasso.capture
def f(x, m):
    with m:
        y = x + 1
        y = y * 2
    return y


m = Logged()
x = np.arange(3.0)
for _ in range(3):
    print(f(x, m), m.log)
