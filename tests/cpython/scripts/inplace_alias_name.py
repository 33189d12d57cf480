# y = x before x += 1: y and x are one tracker, so `y is x` is True at trace time, and
# z = x + 0 reads the new value. Ops: the add of +=, the add of z, the sub of -=; y is
# returned as the caller's array, which holds the last value.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x
    x += 1
    same = y is x
    z = x + 0
    x -= 3
    return same, y, z


a = np.zeros(3)
same, y, z = f(a)
print(same, y is a, y, z, a)
