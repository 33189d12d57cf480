# cond with a one-element predicate (a numpy bool from a comparison): both branches are
# traced into subgraphs of one cond node (the true branch's mul, the false branch's
# sub: 2 subgraph ops), so another predicate value is no recompile. The frame's graph:
# add, sum, gt, cond, the getitem of its one result, add (6 ops).
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1 subgraph_ops=2
import numpy as np

import lasso


@lasso.capture
def f(x, p):
    y = x + 1
    r = lasso.cond(p.sum() > 0, lambda a: a * 2, lambda a: a - 1, (y,))
    return r + 1


x = np.array([1.0, 2.0])
print(f(x, np.array([1.0])))
print(f(x, np.array([-1.0])))
print(f(x, np.array([2.0])))
