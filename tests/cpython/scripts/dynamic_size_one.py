# Sizes 0 and 1 stay static. Calls with 3, then 4 elements (dimension 0 becomes a
# symbol: a recompile), then 1 element: the symbolic entry guards s0 >= 2, so size 1
# recompiles into a static graph of its own, and so does the empty array. 7 elements
# then hit the symbolic entry, 1 element the size-1 entry. One op (mul) per graph.
# explain: graphs=4 ops=4 graph_breaks=0 recompiles=3 frames_captured=4
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x * 0.5


for n in (3, 4, 1, 0, 7, 1):
    print(n, f(np.arange(float(n))))
