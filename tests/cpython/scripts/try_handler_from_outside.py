# A handler entered with an exception raised outside the trace: math.sqrt is a graph
# break, and each float v is a constant of f's trace (guarded by value), so each of the
# four calls translates f: x * 2 (1 op), the break at sqrt (4 graphs, 4 breaks, 3
# recompiles). v = 4.0: the resume function after the call adds the root (1 op). v =
# -1.0: sqrt raises ValueError, which goes to a resume function that starts at the
# handler, the exception its argument (its class guarded): the first clause matches,
# y - 1 (1 op). v = "s": TypeError fails that guard and recompiles: the second clause,
# y - 2 (1 op). v = -4.0 hits the handler's first entry. Graphs 4 + 1 + 2, ops the same,
# recompiles 3 + 1, frames 4 + 1 + 2.
# explain: graphs=7 ops=7 graph_breaks=4 recompiles=4 frames_captured=7
# explain-reason: call of sqrt()
import math

import numpy as np

import lasso


@lasso.capture
def f(x, v):
    y = x * 2
    try:
        y = y + math.sqrt(v)
    except ValueError:
        y = y - 1
    except TypeError:
        y = y - 2
    return y


x = np.arange(3.0)
print(f(x, 4.0))
print(f(x, -1.0))
print(f(x, "s"))
print(f(x, -4.0))
