# Counting per row: a comparison gives a bool array and its sum along axis 1 numpy's
# int64 counts. One graph: gt, sum (2 ops).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def positives(x):
    return (x > 0).sum(axis=1)


r = positives(np.array([[1.0, -2.0, 3.0], [-1.0, -1.0, 0.5]]))
print(r, r.dtype)
