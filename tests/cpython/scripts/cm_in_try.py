# A block inside a try block, with a graph break inside it: the block stays open
# across the print, under both handlers. f's graph: x + 1 (1 op); the resume function
# after the print traces y * 3 (1 op) and inlines __exit__. In g the body raises
# (d["missing"] of an empty dict: a graph break after g's graph, x - 1, 1 op; CPython
# raises the KeyError in the code at the break, under the block's handler): the code at
# the break passes it to a resume function that starts at that handler (PUSH_EXC_INFO)
# with an exception lasso did not raise, so it runs as plain Python (a break, no frame
# captured): __exit__ sees the KeyError, does not swallow it, and the except clause
# catches it.
# explain: graphs=3 ops=3 graph_breaks=3 recompiles=0 frames_captured=3
# explain-reason: print
# explain-reason: key 'missing' is not in the dict
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit" if exc_type is None else "exit " + exc_type.__name__)
        return False


m = Logged()


@lasso.capture
def f(x):
    try:
        with m:
            y = x + 1
            print("in try")
            y = y * 3
    except ValueError:
        y = None
    return y


@lasso.capture
def g(x, d):
    y = x
    try:
        with m:
            y = x - 1
            y = d["missing"]
    except KeyError:
        y = y * 0
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), m.log)
    print(g(x, {}), m.log)
