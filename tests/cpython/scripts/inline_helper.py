# A Python helper called from captured code is inlined: one graph of matmul, maximum
# (in the helper) and add.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


def relu(v):
    return np.maximum(v, 0.0)


@lasso.capture
def f(x, w):
    return relu(x @ w) + 1


x = np.array([[1.0, -2.0], [3.0, 0.5]])
w = np.array([[0.5, -1.0], [1.0, 2.0]])
print(f(x, w))
print(f(w, x))
