# Under fullgraph=True, reductions with axis and keepdims, x.T, abs() and concatenate
# are all captured: one graph and no error. abs, max, T (x.T), T (m.T),
# concatenate, sum (6 ops).
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture(fullgraph=True)
def f(x):
    m = abs(x).max(axis=0, keepdims=True)
    return np.concatenate((x.T, m.T), axis=1).sum(axis=1)


print(f(np.array([[1.0, -5.0], [-3.0, 2.0]])))
