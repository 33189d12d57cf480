# x.T is an operation (a node T, run as numpy reads the attribute), not metadata: the
# Gram matrix x.T @ x and the transposed row sums. One graph: T, matmul, sum, T (4 ops).
# explain: graphs=1 ops=4 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def gram(x):
    g = x.T @ x
    return g, x.sum(axis=1, keepdims=True).T


g, s = gram(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
print(g)
print(s, s.shape)
