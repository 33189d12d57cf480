# x.sum(axis=0, initial=10.0): keyword arguments other than axis and keepdims are refused
# by name, so the call is a graph break and numpy runs it. f's graph holds the mul before
# it, the resume function's the sub after it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: keyword argument 'initial'
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    s = y.sum(axis=0, initial=10.0)
    return s - 1


print(f(np.arange(6.0).reshape(3, 2)))
