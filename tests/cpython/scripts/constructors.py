# np.zeros, np.ones, np.full and np.arange of constants and np.zeros_like/np.ones_like of
# an argument are graph operations: zeros, ones, add, full, arange, mul, zeros_like,
# ones_like, mul, add, add, add, arange, add (14 ops in one graph). The second call has
# other values of the same dtype and shape: the guards pass, no new translation.
# explain: graphs=1 ops=14 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    a = np.zeros((2, 3)) + np.ones(3)
    b = np.full((2, 3), 0.5) * np.arange(3)
    c = np.zeros_like(x) + np.ones_like(x) * 2
    return a + b + c + np.arange(0, 1.5, 0.5)


for x in (np.arange(6.0).reshape(2, 3), np.ones((2, 3)) / 3):
    r = f(x)
    print(r, r.dtype)
