# A class with __setattr__: a store to its instance runs code of the class, so it is a
# graph break (CPython runs the store, and the method). Graph 0: the mul (1 op); the
# resume function: the add (1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: runs code of its class
import numpy as np

import lasso


class Logged:
    def __init__(self):
        object.__setattr__(self, "log", [])

    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)


@lasso.capture
def f(o, x):
    y = x * 2
    o.last = y
    return y + 1


o = Logged()
print(f(o, np.arange(3.0)))
print(f(o, np.ones(3)))
print(o.log, o.last)
