# Subclasses of ndarray are not tensors: np.matrix's `*` is a matrix product, where an
# array's is elementwise. f's first call, with arrays: one graph (mul: 1 op). The second,
# with matrices of the same shapes and dtype, fails the tensor guard (it asks for an
# exact ndarray): a recompile where x and y are opaque objects, so `x * y` is a break
# with nothing traced before it (no graph); CPython multiplies the matrices and the
# resume function returns the product (no operation: no graph). Frames captured: f
# twice and the resume function.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: operator '*' on a 'matrix' object
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    return x * y


a = np.array([[1.0, 2.0], [3.0, 4.0]])
b = np.array([[1.0], [2.0]])
r = f(a, b)
print(type(r).__name__, r.shape, r.tolist())
r = f(np.matrix(a), np.matrix(b))
print(type(r).__name__, r.shape, r.tolist())
