# `nonlocal` inside the trace: acc (made in the trace) adds into the cell `total`
# twice. One graph of 3 ops (mul, two adds); the cell never exists at run time.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    total = x * 0

    def acc(v):
        nonlocal total
        total = total + v

    acc(x)
    acc(x)
    return total


print(f(np.ones(3)))
print(f(np.arange(3.0)))
