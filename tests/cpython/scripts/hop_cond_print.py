# A branch that prints cannot be traced: the cond call is a graph break with the
# branch's reason, and Python runs lasso.cond, printing only for the true branch. f's
# graph is the mul before the call, the resume function's the mul after (2 graphs).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2 subgraph_ops=0
# explain-reason: cond's true_fn cannot be captured
import numpy as np

import lasso


def yes(a):
    print("taking the true branch")
    return a + 1


@lasso.capture
def f(x, p):
    y = x * 3
    r = lasso.cond(p, yes, lambda a: a - 1, (y,))
    return r * 2


x = np.array([1.0, 2.0])
print(f(x, np.array([1.0])))
print(f(x, np.array([0.0])))
