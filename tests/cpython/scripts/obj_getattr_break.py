# A class with __getattr__: no read of its instances is modelled (a missing name runs
# the method), so `o.scale` is a graph break. Graph 0: the add (1 op); the resume
# function starts with the value 3.0 on the stack: the mul (1 op). The second call
# hits both caches.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: attribute 'scale' of Lazy is not statically readable
import numpy as np

import lasso


class Lazy:
    def __getattr__(self, name):
        return 3.0


@lasso.capture
def f(o, x):
    y = x + 1
    return y * o.scale


o = Lazy()
print(f(o, np.arange(3.0)))
print(f(o, np.arange(3.0)))
