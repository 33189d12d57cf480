# A branch that appends to a list of the frame changes something outside it: the cond
# call is a graph break, and Python runs lasso.cond, so the append happens only when
# the true branch is taken, as plain. f's graph is the add before the call; the resume
# function after it only returns (no graph).
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-reason: cond's true_fn changes something outside it
import numpy as np

import lasso

log = []


def yes(a):
    log.append("yes")
    return a * 2


@lasso.capture
def f(x, p):
    y = x + 1
    r = lasso.cond(p, yes, lambda a: a - 1, (y,))
    return r


x = np.array([1.0, 2.0])
print(f(x, np.array([1.0])), log)
print(f(x, np.array([0.0])), log)
