# np.sum with a keyword argument is not captured yet: a graph break at that call. f's
# graph holds the mul before it; the resume function the add after it.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 3
    s = np.sum(y, axis=0)
    return s + 1


print(f(np.arange(6.0).reshape(2, 3)))
print(f(np.arange(6.0).reshape(2, 3)))
