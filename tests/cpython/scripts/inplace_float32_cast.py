# A float32 array += a float64 array: numpy casts the sum into float32. The out-of-place
# result is float64, which is not what the write stores: a break at += with no op before
# it (no graph), numpy runs it and casts, and the resume function only returns x (no
# graph either). Two translations with code.
# explain: graphs=0 ops=0 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: with a result of float64
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    x += y
    return x


a = np.ones(3, dtype=np.float32)
r = f(a, np.array([0.1, 0.2, 0.3]))
print(r is a, r.dtype, r)
