# A cond in the body of map_rows, whose predicate is the frame's p: p is lifted into the
# body's subgraph and passed on to the cond node. Frame ops: the row xs[0] taken for
# the row's shape, map_rows, getitem (3). Subgraph ops: the body's cond and getitem
# (2), the branches' sum (1) and sum, mul (2).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=5
import numpy as np

import lasso


@lasso.capture
def g(xs, p):
    return lasso.map_rows(
        lambda row: lasso.cond(p, lambda a: a.sum(), lambda a: a.sum() * 0, (row,)), xs, ())


xs = np.array([[1.0, 2.0], [3.0, -4.0], [0.0, 1.0]])
print(g(xs, np.array([1.0])))
print(g(xs, np.array([0.0])))
