# Ellipsis in an index of a (2, 3, 4) array: a = x[..., 0] (2, 3) (the index a constant
# tuple of the code holding Ellipsis), b = x[0, ...] (3, 4), x[...] (the whole array, a
# new view, not x), and a + b[..., 0] ((2, 3) + (3,)). One graph: getitem x4, add (5 ops).
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    a = x[..., 0]
    b = x[0, ...]
    whole = x[...]
    return a + b[..., 0], whole


x = np.arange(24.0).reshape(2, 3, 4)
s, whole = f(x)
print(s, whole.shape, whole is x, np.shares_memory(whole, x))
