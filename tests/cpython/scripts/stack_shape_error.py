# np.stack of arrays of different shapes is refused (numpy raises ValueError); nothing is
# before it, so there is no graph, and the frame runs as plain Python, which raises numpy's
# error. The exception is caught and printed, the same as plain.
# explain: graphs=0 ops=0 graph_breaks=1 recompiles=0
# explain-reason: different shapes
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    return np.stack((a, b))


try:
    f(np.ones(3), np.ones(4))
except ValueError as e:
    print("ValueError:", e)
