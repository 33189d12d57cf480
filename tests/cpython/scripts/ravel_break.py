# x.T is captured, the array method ravel is not: a graph break at the call. f's graph
# holds the T; the resume function's the mul after it (2 graphs, 2 ops).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: 'ravel' is not captured
import numpy as np

import lasso


@lasso.capture
def f(x):
    flat = x.T.ravel()
    return flat * 10


print(f(np.arange(6).reshape(2, 3)))
