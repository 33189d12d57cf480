# `o.__class__ = B` between calls: the guard on the type of `o` fails, and the method is
# looked up on the new class. Two translations of one graph of one op each (add, then
# mul).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class A:
    def act(self, x):
        return x + 1


class B:
    def act(self, x):
        return x * 2


@lasso.capture
def f(o, x):
    return o.act(x)


o = A()
x = np.arange(3.0)
print(f(o, x))
o.__class__ = B
print(f(o, x))
print(f(o, x))
