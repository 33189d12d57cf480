# Joins of symbolic sizes: for x of shape (n, 3) and a fixed y of (2, 3),
# np.concatenate((x, y)) is (n + 2, 3) and len of it n + 2 (a graph output once n is
# s0), np.stack([x, x * 2], axis=1) is (n, 2, 3) and its reshape(-1, 3) is (2*n, 3).
# Rows 2, 3, 4: one recompile at 3, then a hit. Ops: concatenate, sum, mul, stack,
# reshape (5 per graph).
# explain: graphs=2 ops=10 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    c = np.concatenate((x, y))
    s = np.stack([x, x * 2], axis=1)
    return c.sum(axis=0), len(c), s.reshape(-1, 3)


y = np.ones((2, 3))
for n in (2, 3, 4):
    total, rows, r = f(np.arange(3.0 * n).reshape(n, 3), y)
    print(total, rows, r.shape, r.tolist())
