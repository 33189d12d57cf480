# An int argument that changes becomes a symbol, as a size does. f(x, k) = x * k + k
# for a float64 x: k = 2 is a constant, k = 3 recompiles with k a symbol (a graph input
# of its own; float64 * int is float64 whatever k is), 4 and 5 hit. For an int8 array
# numpy 1.x picks the dtype of a8 * k from k's value (int8 up to 127, int16 from 128):
# g specializes k (guarded equal), so each new k recompiles, and the dtypes are numpy's.
# f: mul, add per graph; g: mul per graph (k = 2, 3, 200; the last 3 hits).
# explain: graphs=5 ops=7 graph_breaks=0 recompiles=3 frames_captured=5
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    return x * k + k


@lasso.capture
def g(a, k):
    return a * k


x = np.arange(4.0)
for k in (2, 3, 4, 5):
    print(f(x, k))
a8 = np.arange(4, dtype=np.int8)
for k in (2, 3, 200, 3):
    r = g(a8, k)
    print(r, r.dtype)
