# cond with a Python bool predicate: known at trace time, so only the taken branch is
# inlined (no cond node) and the predicate is guarded as a constant: the call with False
# is a recompile. Each graph: add, the branch's mul or sub, add (3 ops).
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2 subgraph_ops=0
import numpy as np

import lasso


@lasso.capture
def f(x, flag):
    y = x + 1
    r = lasso.cond(flag, lambda a: a * 2, lambda a: a - 1, (y,))
    return r + 1


x = np.array([1.0, 2.0])
print(f(x, True))
print(f(x, False))
print(f(x, True))
