# x *= 2 twice on an int array: two muls whose second reads the first (every later read
# sees the new value), then x.sum(): three ops. Only the last value is written into the
# caller's array, once. Called twice on the same array: a cache hit, values 4x again.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    x *= 2
    x *= 2
    return x.sum()


a = np.arange(3)
print(f(a), a)
print(f(a), a)
