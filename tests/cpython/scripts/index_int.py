# Integer indices of a 3x4 array: x[0] and x[-1] (rows, views), their sum, and x[1, 2],
# a numpy scalar (numpy's basic indexing: a numpy scalar is a tensor of shape (), and the
# captured run keeps its type). One graph: getitem, getitem, add, getitem (4 ops); the
# second call, an array of the same dtype and shape, hits it.
# explain: graphs=1 ops=4 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x[0] + x[-1], x[1, 2]


for x in (np.arange(12.0).reshape(3, 4), np.ones((3, 4))):
    rows, item = f(x)
    print(rows, item, type(item).__name__)
