# None in an index adds an axis of size 1: the pairwise differences of a vector,
# x[:, None] - x[None, :] (a 4x4 matrix), and x[None] of a matrix. One graph: getitem,
# getitem, sub, getitem (4 ops); the second call (other values) hits it.
# explain: graphs=1 ops=4 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x, m):
    return x[:, None] - x[None, :], m[None]


for k in (1.0, 2.0):
    d, e = f(np.arange(4.0) * k, np.ones((2, 2)))
    print(d, e.shape)
