# A class attribute that is an instance of a user class, whose class gains a `__get__`
# between calls: reading `h.m` then runs it (CPython gives 5.0, not the Marker). The
# instance's version covers Marker's class tag, so the guards read `h.m` again; the
# read is now a descriptor's: the guard on `L['h'].m` finds it missing and recompiles.
# The first translation is one graph (mul); the second traces the mul (a graph of one
# op) and breaks at `h.m`, which CPython then reads; the resume function after it
# builds the tuple, a translation without a graph.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: not statically readable
import numpy as np

import lasso


class Marker:
    pass


class Holder:
    m = Marker()


@lasso.capture
def f(h, x):
    return x * h.k, h.m


h = Holder()
h.k = 2.0
x = np.arange(3.0)
for _ in range(2):
    y, m = f(h, x)
    print(y, type(m).__name__)
Marker.__get__ = lambda self, obj, cls: 5.0
for _ in range(2):
    y, m = f(h, x)
    print(y, m)
