# np.concatenate of a tuple and of a list of arrays, along axis 0 (the default), axis=1
# and axis=None (flattened); an int32 array next to a float64 one gives numpy's float64.
# One graph: concatenate, mul, concatenate, concatenate (4 ops).
# explain: graphs=1 ops=4 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def joined(a, b):
    rows = np.concatenate((a, b))
    cols = np.concatenate([a, b * 2], axis=1)
    flat = np.concatenate((a, b), axis=None)
    return rows, cols, flat


for r in joined(np.arange(6.0).reshape(2, 3), np.ones((2, 3), dtype=np.int32)):
    print(r, r.dtype)
