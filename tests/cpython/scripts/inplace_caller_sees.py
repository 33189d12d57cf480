# A function that only changes its argument in place and returns None: x *= k; x -= 1
# are one mul and one sub in the graph, and the write into the caller's array is the
# side effect replayed after it. The caller sees the new values after each call; the
# second call (same k, a guarded constant) hits the cache.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def scale(x, k):
    x *= k
    x -= 1


a = np.arange(4.0)
print(scale(a, 3.0))
print(a)
scale(a, 3.0)
print(a)
