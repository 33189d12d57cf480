# numpy's rules for Python numbers next to arrays, decided at trace time by numpy itself:
# float32 * 2.0 stays float32, int8 + 300 becomes int16 (numpy 1.x value-based casting).
# Two functions, one graph of one op each.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=0 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def double(x):
    return x * 2.0


@lasso.capture
def shift(x):
    return x + 300


r = double(np.arange(3, dtype=np.float32))
print(r, r.dtype)
r = shift(np.arange(3, dtype=np.int8))
print(r, r.dtype)
