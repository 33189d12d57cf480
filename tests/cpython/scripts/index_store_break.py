# An assignment into an array, x[0] = 5, writes the caller's array: a graph break (never
# a copy). f's graph holds the add before it; CPython stores into x; the resume function
# returns y (no op, no graph). The caller sees x changed as in the plain run, and y
# computed before the store.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: assignment to an item of a tensor
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    x[0] = 5
    return y


x = np.zeros(3)
y = f(x)
print(x, y)
