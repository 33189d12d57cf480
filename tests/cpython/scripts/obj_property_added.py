# A property added to the class after the first call takes precedence over the
# instance's own attribute of the same name (a data descriptor). The class changed, so
# the guard on `o`'s type fails; the new translation cannot read the property without
# running it: it breaks at `o.scale` before any operation (no graph), and CPython runs
# the getter. Call 1: one graph (mul); call 2: the recompile, then the resume function,
# which starts with 5.0 on the stack: the mul (1 op). Call 3 hits both caches.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: attribute 'scale' of Model is not statically readable
import numpy as np

import lasso


class Model:
    def __init__(self):
        self.scale = 2.0


@lasso.capture
def f(o, x):
    return x * o.scale


o = Model()
x = np.arange(3.0)
print(f(o, x))
Model.scale = property(lambda self: 5.0)
print(f(o, x))
print(f(o, x), o.__dict__)
