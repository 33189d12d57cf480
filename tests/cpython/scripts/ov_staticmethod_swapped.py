# A staticmethod read through an instance gives its function (`o.helper(x)` inlines
# it), and calling the staticmethod's `__init__` again swaps the function without
# touching the class or the instance. Classes with a staticmethod get no object
# version, so the guard `L['o'].helper` reads again, fails on the swapped function and
# recompiles. Two translations of one graph of one op each (add, then mul).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def add_one(x):
    return x + 1


def double(x):
    return x * 2


class Tool:
    helper = staticmethod(add_one)


@lasso.capture
def f(o, x):
    return o.helper(x)


o = Tool()
x = np.arange(3.0)
print(f(o, x), f(o, x))
vars(Tool)["helper"].__init__(double)
print(f(o, x), f(o, x))
