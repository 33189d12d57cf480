# The `as` target bound to an array that __enter__ computes: the manager is made in
# the trace from the argument `w`, __enter__ returns `self.w * 2` (a graph op), and
# the body multiplies with it (matmul); __exit__ returns None. One graph of 3 ops
# (mul in __enter__, matmul, add).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Doubled:
    def __init__(self, w):
        self.w = w

    def __enter__(self):
        return self.w * 2

    def __exit__(self, exc_type, exc, tb):
        pass


@lasso.capture
def f(x, w):
    with Doubled(w) as w2:
        y = x @ w2
    return y + 1


x = np.arange(6.0).reshape(2, 3)
w = np.ones((3, 2))
print(f(x, w))
print(f(x, w))
