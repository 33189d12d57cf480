# An int attribute of an instance is a constant of the graph, guarded by value: the
# third call, after `s.k = 3`, fails the guard `L['s'].k == 2` and recompiles. Each
# translation compiles one graph of one op (mul).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Scaler:
    def __init__(self, k):
        self.k = k


@lasso.capture
def f(s, x):
    return x * s.k


s = Scaler(2)
x = np.arange(4.0)
print(f(s, x))
print(f(s, x))
s.k = 3
print(f(s, x))
print(f(s, x))
