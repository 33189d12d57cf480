# A loop over the axes is unrolled: for each axis, the sum along it, the sum of that, and
# the add to the running total (which starts as the constant 0). One graph of 6 ops.
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def total_twice(x):
    total = 0
    for axis in range(2):
        total = total + x.sum(axis=axis).sum()
    return total


r = total_twice(np.arange(6).reshape(2, 3))
print(r, type(r).__name__)
