# A staticmethod read through an instance is its function (staticmethod.__get__ makes
# nothing and runs no code): o.scale(x, 3.0) inlines scale without binding o, and the
# read is guarded by the function's identity. Call 1: x * 3.0, then + o.shift through
# the inlined helper plus_shift (a plain method): 2 ops. Call 2: the same. Then the
# class's staticmethod is replaced by one that subtracts: the guard on L['o'].scale
# fails, a recompile (2 ops). 2 graphs, 4 ops, 1 recompile.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Ops:
    def __init__(self, shift):
        self.shift = shift

    @staticmethod
    def scale(v, k):
        return v * k

    def plus_shift(self, v):
        return v + self.shift


@lasso.capture
def f(o, x):
    return o.plus_shift(o.scale(x, 3.0))


o = Ops(1.0)
x = np.arange(3.0)
print(f(o, x))
print(f(o, x))
Ops.scale = staticmethod(lambda v, k: v - k)
print(f(o, x))
