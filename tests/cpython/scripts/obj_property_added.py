# A property added to the class after the first call takes precedence over the
# instance's own attribute of the same name (a data descriptor). The class changed, so
# the guard on `o`'s type fails; the new translation reads the property by inlining its
# getter (the lambda, which returns 5.0): x * 5.0. Call 1: one graph (mul); call 2: the
# recompile (mul); call 3 hits the second entry.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
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
