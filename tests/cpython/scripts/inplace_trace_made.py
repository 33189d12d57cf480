# In-place operators on an array the trace made (t = x * 2): t's tracker takes the
# results (add, truediv), nothing is written after the graph and the caller's array is
# untouched; x is returned as itself. Three ops; the second call hits the cache.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    t = x * 2
    t += 1
    t /= 4
    return t, x


a = np.arange(4.0)
t, x = f(a)
print(t, x is a, a)
t, x = f(a)
print(t, x is a, a)
