# Calls of objects that stay graph breaks or raise as in CPython: an instance of a class
# without __call__ (CPython raises TypeError "'Plain' object is not callable": lasso
# breaks at the call with that reason, CPython runs it and raises), and an instance
# whose __call__ is a property-holding class's (Guarded has a property, so lasso does
# not model its instances: the call of it is a break, CPython runs __call__).
# First f: x * 2 (1 op), break at p(y); the resume function never starts (the call
# raised). g: x + 1 (1 op), break at c(y), the resume function's graph holds the mul
# (1 op). 3 graphs, 3 ops, 2 breaks, 3 frames captured (f, g and g's resume).
# explain: graphs=3 ops=3 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: whose class has no __call__
# explain-reason: call of a 'Guarded' object
import numpy as np

import lasso


class Plain:
    pass


class Guarded:
    @property
    def k(self):
        return 2.0

    def __call__(self, v):
        return v * self.k


@lasso.capture
def f(p, x):
    y = x * 2
    return p(y)


@lasso.capture
def g(c, x):
    y = x + 1
    return c(y) * 3


try:
    f(Plain(), np.arange(3.0))
except TypeError as e:
    print("TypeError", e)
print(g(Guarded(), np.arange(3.0)))
