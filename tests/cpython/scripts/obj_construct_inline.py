# An instance made in captured code and used only there: the class call is inlined
# (its __init__ runs in the trace: the mul), the object never exists at run time.
# One graph of 2 ops (mul in __init__, add).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b * 2


@lasso.capture
def f(x, y):
    p = Pair(x, y)
    return p.a + p.b


print(f(np.arange(3.0), np.ones(3)))
print(f(np.ones(3), np.arange(3.0)))
