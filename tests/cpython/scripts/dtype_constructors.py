# The dtype= keyword of the constructors: np.zeros(n, dtype=np.int64) with n = len(x),
# np.ones((2, 2), dtype="float32"), np.full(3, 1.5, dtype=int) (numpy truncates the fill
# to 1), np.arange(4, dtype=np.float32) and np.zeros_like(x, dtype=np.int8). The graph
# node carries the keyword (dtype='int64'). One graph of 5 ops.
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return (
        np.zeros(len(x), dtype=np.int64),
        np.ones((2, 2), dtype="float32"),
        np.full(3, 1.5, dtype=int),
        np.arange(4, dtype=np.float32),
        np.zeros_like(x, dtype=np.int8),
    )


for r in f(np.ones(3)):
    print(r.dtype, r.shape, r)
