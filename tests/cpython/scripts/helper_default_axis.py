# An inlined helper whose axis and keepdims have defaults: the defaults are read from the
# function and guarded, and each call passes its own. One graph: sum (total(x)), sum
# (keepdims=True), sum (axis 1), sum (total(x) again), its .sum(), and the add (6 ops).
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


def total(v, axis=0, keepdims=False):
    return np.sum(v, axis=axis, keepdims=keepdims)


@lasso.capture
def f(x):
    return total(x), total(x, keepdims=True), total(x, 1) + total(x).sum()


for r in f(np.arange(4).reshape(2, 2)):
    print(r, r.shape)
