# abs() of a list is neither a constant nor an array: abs() cannot run at trace time
# (Python raises TypeError), so the call is a graph break and CPython raises its own
# error, caught and printed as in the plain run. f's graph holds the add before it.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    return abs([1, -2]) + y


try:
    f(np.arange(2.0))
except TypeError as e:
    print("TypeError:", e)
