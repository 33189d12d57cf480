# A linear layer with its weight stored (out, in): x @ w.T + b. One graph: T,
# matmul, add (3 ops); a second batch of the same shape is a cache hit.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def linear(x, w, b):
    return x @ w.T + b


w = np.array([[1.0, 0.5], [-1.0, 2.0], [0.0, 1.0]])
b = np.array([0.1, 0.2, 0.3])
print(linear(np.array([[1.0, 2.0]]), w, b))
print(linear(np.array([[0.0, -1.0]]), w, b))
