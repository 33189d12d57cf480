# A numpy scalar reduced along axis 0: numpy's scalars ignore the axis where a 0-d array
# would raise, and lasso describes both alike, so the rule refuses it. f's graph holds
# the mul before it; the resume function's the add after it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: 0-d operand along an axis
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    s = np.sum(y, axis=0)
    return s + 1


r = f(np.float64(1.5))
print(r, type(r).__name__)
