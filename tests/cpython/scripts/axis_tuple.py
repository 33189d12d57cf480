# Axes as a tuple: np.sum over (0, 2) of a 3-d array, x.max over (1, 2) with keepdims,
# and an empty tuple (no axis reduced: numpy returns the same shape). One graph: sum,
# max, mean (3 ops).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return np.sum(x, axis=(0, 2)), x.max(axis=(1, 2), keepdims=True), np.mean(x, axis=())


for r in f(np.arange(24.0).reshape(2, 3, 4)):
    print(r.shape, r.ravel()[:4])
