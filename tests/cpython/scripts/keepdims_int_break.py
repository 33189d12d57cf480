# keepdims=1: numpy takes any truth value, the rule takes True or False only, so the call
# is a graph break naming it and numpy runs it. f's graph holds the exp before it, the
# resume function's the truediv after it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: keepdims that is not True or False
import numpy as np

import lasso


@lasso.capture
def f(x):
    e = np.exp(x)
    return e / e.sum(axis=0, keepdims=1)


print(f(np.array([[0.0, 1.0], [1.0, 0.0]])))
