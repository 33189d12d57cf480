# The writes happen in an inlined helper: bump(x, y) adds y into x, bump(y, 1.0) adds 1
# into y (after the first add read y's old value); `v is d` is False (two arrays,
# guarded). Ops: two adds and x * 1. Both arrays are written after the graph; the
# second call hits the cache.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


def bump(v, d):
    v += d
    return v is d


@lasso.capture
def f(x, y):
    same = bump(x, y)
    bump(y, 1.0)
    return same, x * 1


a = np.zeros(3)
b = np.ones(3)
print(f(a, b), a, b)
print(f(a, b), a, b)
