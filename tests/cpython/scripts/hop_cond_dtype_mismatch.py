# Branches whose results differ in dtype only (float64 and int64 of the same shape):
# numpy keeps each branch's dtype when it runs plain, so one node cannot hold both; the
# call is a graph break, and the resume function's graph (add) is made per dtype (a
# recompile). f's graph: sum and the comparison (2 ops); the resume function's two
# graphs: add each (2 ops).
# explain: graphs=3 graph_breaks=1 ops=4 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-reason: cond's branches return tensors of different shapes or dtypes
import numpy as np

import lasso


@lasso.capture
def f(x, n):
    r = lasso.cond(x.sum() > 0, lambda a, b: a * 0.5, lambda a, b: b, (x, n))
    return r + 1


n = np.array([3, 4])
print(f(np.array([1.0, 2.0]), n))
print(f(np.array([-1.0, -2.0]), n))
