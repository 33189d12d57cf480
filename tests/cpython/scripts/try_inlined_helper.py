# A raise inside an inlined helper is traced only where a handler of the helper's own
# code catches it: here the caller's does, so the helper is not inlined on that path and
# its call is a graph break. k = 1: check inlined (no raise), x * 2, y + k (2 ops).
# k = -1 recompiles: x * 2 (1 op) and the break at check(), whose ValueError (raised by
# CPython) goes to a resume function that starts at the handler, traced with the
# exception as its argument (its class guarded): the clause matches, y - 1 (1 op). The
# third call hits both.
# explain: graphs=3 ops=4 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: not inlined: raise statement
import numpy as np

import lasso


def check(y, k):
    if k < 0:
        raise ValueError("negative")
    return y + k


@lasso.capture
def f(x, k):
    y = x * 2
    try:
        y = check(y, k)
    except ValueError:
        y = y - 1
    return y


x = np.arange(3.0)
print(f(x, 1))
print(f(x, -1))
print(f(x, -1))
