# A context manager made in the trace (`with Scale(3) as k`): the call of the class is
# inlined (object.__new__ and __init__), then __enter__ and, at the block's normal end,
# __exit__(None, None, None), both inlined. `k` is what __enter__ returns (the int 3,
# a constant of the trace). One graph of 2 ops (mul, add); the second call hits the
# cache.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Scale:
    def __init__(self, k):
        self.k = k
        self.open = False

    def __enter__(self):
        self.open = True
        return self.k

    def __exit__(self, exc_type, exc, tb):
        self.open = False
        return False


@lasso.capture
def f(x):
    with Scale(3) as k:
        y = x * k
    return y + 1


x = np.arange(4.0)
print(f(x))
print(f(x))
