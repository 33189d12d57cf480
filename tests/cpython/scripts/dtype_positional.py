# A constructor's dtype given positionally, after its other positional parameters:
# np.zeros(3, np.int64), np.ones((2, 2), np.float32), np.full(3, 1.5, "int32") (numpy
# truncates the fill to 1), np.arange(0, 5, 2, np.int16). Each is added to len(x), a
# Python int known at trace time (2), which keeps each dtype. Four constructors, four
# adds and x * 2: one graph of 9 ops. Two calls with arrays of one shape and dtype: one
# translation.
# explain: graphs=1 ops=9 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    a = np.zeros(3, np.int64)
    b = np.ones((2, 2), np.float32)
    c = np.full(3, 1.5, "int32")
    d = np.arange(0, 5, 2, np.int16)
    n = len(x)
    return a, b, c, d, a + n, b + n, c + n, d + n, x * 2


for x in (np.ones(2), np.arange(2.0)):
    for r in f(x):
        print(r.dtype, r.shape, r)
