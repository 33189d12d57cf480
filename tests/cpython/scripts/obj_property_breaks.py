# Properties lasso does not inline stay graph breaks, and CPython reads them: one whose
# getter is C (`property(operator.attrgetter("_v"))`), a descriptor class of the user's
# (`__get__` in Python), and a store through a property's setter (`o.v = 1.0` runs fset:
# not replayed as a store into the instance). f: x + 1 (1 op), a break at o.c; the first
# resume function breaks at o.d at once (no graph); the second's graph holds the mul and
# the add (2 ops), then a break at the store; the third resume function's graph holds
# y - o._v (1 op; `_v` is a plain instance attribute, 1.0 after the setter).
# 3 graphs, 4 ops, 3 breaks, 4 frames captured.
# explain: graphs=3 ops=4 graph_breaks=3 recompiles=0 frames_captured=4
# explain-reason: attribute 'c' of Holder is not statically readable
# explain-reason: attribute 'd' of Holder is not statically readable
# explain-reason: assignment to attribute 'v' of a 'Holder' object runs code
import operator

import numpy as np

import lasso


class Doubler:
    def __get__(self, obj, cls=None):
        return 2.0


class Holder:
    c = property(operator.attrgetter("_v"))
    d = Doubler()

    def __init__(self):
        self._v = 3.0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value


@lasso.capture
def f(o, x):
    y = x + 1
    a = o.c
    b = o.d
    y = y * a + b
    o.v = 1.0
    return y - o._v


print(f(Holder(), np.arange(3.0)))
