# x.sum() is a numpy scalar, immutable: s += 1 rebinds s. A 0-d tensor's guard does not
# tell a scalar from a 0-d array (which += would write into), so the trace breaks at +=
# after the sum (one op); CPython rebinds, and the resume function returns (no graph).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: 0-d tensor
import numpy as np

import lasso


@lasso.capture
def f(x):
    s = x.sum()
    s += 1
    return s, x


a = np.arange(3.0)
s, x = f(a)
print(s, type(s).__name__, x is a, a)
