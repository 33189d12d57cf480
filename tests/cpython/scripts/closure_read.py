# A function with a free variable: the cell's contents are read from the closure and
# guarded as a constant. One graph (mul, add); a second closure with another factor is
# a recompile of the same code.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def make(k):
    @lasso.capture
    def f(x):
        return x * k + 1

    return f


x = np.arange(3.0)
print(make(2.0)(x))
print(make(2.0)(x))
print(make(5.0)(x))
