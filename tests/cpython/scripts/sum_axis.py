# np.sum with axis= is an operation whose node carries the keyword: f's graph holds the
# mul, the sum along axis 0 and the add (3 ops). The second call has the same dtype and
# shape: a cache hit.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 3
    s = np.sum(y, axis=0)
    return s + 1


print(f(np.arange(6.0).reshape(2, 3)))
print(f(np.arange(6.0).reshape(2, 3)))
