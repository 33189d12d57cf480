# A print between two reductions along an axis: a graph break. f's graph holds the max
# along axis 1; the resume function's the min along axis 0, its sum and the sub (2
# graphs, 4 ops).
# explain: graphs=2 ops=4 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    hi = x.max(axis=1)
    print("row maxima", hi)
    lo = x.min(axis=0)
    return hi - lo.sum()


print(f(np.array([[1, 7], [4, 2], [9, 0]])))
