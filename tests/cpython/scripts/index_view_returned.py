# A slice is a view: r = x[1:] returned, then the caller writes x[2] = 100 and sees it
# through r in both runs (numpy runs the subscript: the graph's result shares x's
# memory). One graph: getitem (1 op); the second call hits it.
# explain: graphs=1 ops=1 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    r = x[1:]
    return r


for k in range(2):
    x = np.arange(4.0) + k
    r = f(x)
    x[2] = 100
    print(r, np.shares_memory(r, x), r.base is x)
