# A staticmethod called through the class (Ops.scale(x + 1, 2.0): lasso reads a class's
# functions as methods to bind, so the staticmethod's is not answered there) and a
# classmethod (o.make(3): a new bound method on every read) are not modelled: each call
# is a graph break, and CPython makes it. f's graph holds x + 1 (1 op); the first
# resume function breaks at once at o.make (no operation, no graph); the second's
# graph holds the mul (1 op). 2 graphs, 2 ops, 2 breaks, 3 frames captured.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: call of method 'scale' of class 'Ops'
# explain-reason: call of method 'make' of a 'Ops' object
import numpy as np

import lasso


class Ops:
    @staticmethod
    def scale(v, k):
        return v * k

    @classmethod
    def make(cls, k):
        return k * 2


@lasso.capture
def f(o, x):
    y = Ops.scale(x + 1, 2.0)
    k = o.make(3)
    return y * k


print(f(Ops(), np.arange(3.0)))
