# A class with __slots__: its attributes are descriptors of the class, not modelled,
# so reading `o.w` breaks. The break comes before any operation: graph 0 is empty (no
# graph compiled); the resume function holds matmul and add (one graph, 2 ops).
# explain: graphs=1 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: attribute 'w' of Slotted is not statically readable
import numpy as np

import lasso


class Slotted:
    __slots__ = ("w",)

    def __init__(self, w):
        self.w = w


@lasso.capture
def f(o, x):
    return x @ o.w + 1


o = Slotted(np.eye(2))
print(f(o, np.arange(4.0).reshape(2, 2)))
print(f(o, np.ones((2, 2))))
