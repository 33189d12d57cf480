# An int64 array ** an int64 array: numpy raises ValueError where an exponent is negative,
# which shapes and dtypes cannot tell, so the ** is refused (CP0002): a graph break at it,
# and CPython runs it. f's graph holds the mul before it, the resume function's the add
# after it. The second call has the same dtypes and shapes (a cache hit) and a negative
# exponent: numpy's ValueError, raised by CPython at the **, as plain Python raises it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: negative exponent
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    z = x * 2
    return z**y + 1


print(f(np.arange(3), np.array([0, 1, 2])))
try:
    f(np.arange(3), np.array([1, -1, 2]))
except ValueError as e:
    print("ValueError:", e)
