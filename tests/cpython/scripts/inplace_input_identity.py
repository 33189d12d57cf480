# x += y on an input writes into the caller's array: the graph computes x + y (one add)
# and generated code copies it into x after the graph; `return x` reloads x from the
# frame, so the caller gets its own array back, changed. The second call hits the cache
# (guards: the two arrays' metadata, and that x shares no memory with y).
# explain: graphs=1 ops=1 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    x += y
    return x


a = np.arange(6.0).reshape(2, 3)
b = np.ones((2, 3))
r = f(a, b)
print(r is a, r)
r = f(a, b)
print(r is a, a)
