# Positional arguments of a constructor that stay breaks: np.zeros(2, object) (`object`
# is no dtype lasso passes by name, and an object array is no tensor), and
# np.zeros(2, "int64", "F"), whose order argument is not captured. CPython runs both.
# f's graph holds x + 1; the first resume function breaks again at once (its graph has
# no operation: no graph compiled, but a frame captured); the second's graph holds
# y * 2. 2 graphs of 1 op each, 2 breaks, 3 frames captured.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: numpy.zeros() on a 'type' object
# explain-reason: numpy.zeros with other than a shape
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    z = np.zeros(2, object)
    w = np.zeros(2, "int64", "F")
    return y * 2, z, w


r, z, w = f(np.arange(3.0))
print(r, z, z.dtype, w, w.dtype, w.flags["F_CONTIGUOUS"])
