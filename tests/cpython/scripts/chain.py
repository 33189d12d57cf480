# A chain of operations: matmul, add, tanh, mul, the method mean() and sub: 6 ops in one
# graph, run twice with the same dtypes and shapes.
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def layer(x, w, b):
    return np.tanh(x @ w + b) * 2 - x.mean()


x = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
w = np.arange(9.0).reshape(3, 3) / 10
b = np.array([0.5, -0.5, 0.25])
print(layer(x, w, b))
print(layer(x * 2, w, b))
