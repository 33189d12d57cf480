# Calls of instances: scale(y) runs Scaler's __call__ (looked up on the class, guarded
# there), inlined on the object; Affine(2.0, 1.0) made in the trace is called too, with
# a keyword argument. An attribute `__call__` of the instance's own is not what Python
# calls (it looks special methods up on the type), and lasso does not either.
# Ops: x + 1, y * k (Scaler), y * 2.0 and + 1.0 (Affine), the final add: 5 ops in one
# graph. Call 2 after Scaler.__call__ is replaced (by one that subtracts k): the class
# changed, its guard fails, a recompile (5 ops).
# explain: graphs=2 ops=10 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Scaler:
    def __init__(self, k):
        self.k = k

    def __call__(self, v):
        return v * self.k


class Affine:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __call__(self, v, shift=0.0):
        return v * self.a + shift


@lasso.capture
def f(scale, x):
    y = x + 1
    return scale(y) + Affine(2.0, 0.0)(y, shift=1.0)


s = Scaler(3.0)
s.__call__ = lambda v: v * 100  # ignored by Python's call of s
x = np.arange(3.0)
print(f(s, x))


def minus(self, v):
    return v - self.k


Scaler.__call__ = minus
print(f(s, x))
