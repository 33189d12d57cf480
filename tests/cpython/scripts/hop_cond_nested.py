# A cond inside a branch of a cond, whose inner branch reads the frame's x: x is lifted
# into the outer true branch's subgraph and from there into the inner cond's. Frame
# ops: cond, getitem (2). Subgraph ops: the outer true branch's cond and getitem (2),
# the inner branches' mul and add (2), the outer false branch's sub (1).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=5
import numpy as np

import lasso


@lasso.capture
def f(x, p, q):
    def outer(a):
        return lasso.cond(q, lambda b: b * x, lambda b: b + 1, (a,))

    return lasso.cond(p, outer, lambda a: a - 1, (x,))


x = np.array([1.0, 2.0])
one = np.array([True])
zero = np.array([False])
print(f(x, one, one), f(x, one, zero), f(x, zero, one))
