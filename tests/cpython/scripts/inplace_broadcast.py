# (2, 3) += (3,) keeps x's shape: one add. Then (3,) += (2, 3), whose result is bigger
# than x: x's shape guard fails, the recompile breaks at += with no op before it, and
# numpy raises its ValueError as plain.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=1 frames_captured=2
# explain-reason: with a result of float64[2, 3]
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    x += y
    return x


print(f(np.ones((2, 3)), np.arange(3.0)))
print(f(np.ones(3), np.ones((2, 3))))
