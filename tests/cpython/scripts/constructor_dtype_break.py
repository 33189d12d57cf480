# np.zeros(3, dtype=np.int32): a keyword argument whose value is a type (no constant a
# graph operation takes), so the call is a graph break with that reason and CPython runs
# it. f's graph holds the np.ones_like before it, the resume function's the add after it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: keyword argument 'dtype'
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = np.ones_like(x)
    return np.zeros(3, dtype=np.int32) + y


r = f(np.arange(3, dtype=np.int8))
print(r, r.dtype)
