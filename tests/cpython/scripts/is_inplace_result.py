# An in-place operator's result is its left operand: after `z += 1`, `z is x` is True in
# CPython (the array was written). lasso knows z and x are one array (the write keeps
# the tracker's identity), so this `is` folds to True without a break; the array
# written is the caller's. One graph: the in-place add, mul (2 ops).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    z = x
    z += 1
    return z is x, x * 2


a = np.arange(3.0)
print(f(a), a)
print(f(a), a)
