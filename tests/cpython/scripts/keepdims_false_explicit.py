# axis=None and keepdims=False written out: the whole-array reduction, a numpy scalar as
# numpy returns it; with keepdims=True the result keeps every axis as 1. One graph: sum,
# sum (2 ops).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return np.sum(x, axis=None, keepdims=False), np.sum(x, axis=None, keepdims=True)


a, b = f(np.arange(6.0).reshape(2, 3))
print(a, type(a).__name__, b, b.shape)
