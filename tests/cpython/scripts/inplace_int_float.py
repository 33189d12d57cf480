# An int array += a float array: the out-of-place result is float64, which numpy's
# in-place add refuses to cast into int64. The trace does not model it: a break at +=
# after the mul (one op), and CPython raises numpy's casting error (a UFuncTypeError) as
# plain; the resume function never runs.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: with a result of float64
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    z = y * 2
    x += z
    return x


print(f(np.arange(3), np.arange(3.0)))
