# Branches that return arrays of different shapes cannot be one cond node: the call is
# a graph break with the reason, and Python runs lasso.cond (plain: the true branch's
# array, the false branch's numpy scalar). f's graph is the add before it; the resume
# function's is the mul after, specialized on what cond returned (float64[2], then a
# scalar of shape (): a recompile; the third call hits the first entry).
# explain: graphs=3 graph_breaks=1 ops=3 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-reason: cond's branches return tensors of different shapes or dtypes
import numpy as np

import lasso


@lasso.capture
def f(x, p):
    y = x + 1
    r = lasso.cond(p, lambda a: a, lambda a: a.sum(), (y,))
    return r * 2


x = np.array([1.0, 2.0])
print(f(x, np.array([1.0])))
print(f(x, np.array([0.0])))
print(f(x, np.array([1.0])))
