# x.shape[0] arithmetic into reshape and zeros, for x of shape (n, 4): x.reshape(2, -1)
# (the -1 is 4*n / 2 = 2*n, divided symbolically), np.zeros((n + 1, 2)),
# x.reshape(n * 2, 2).sum(axis=1) (2*n*2 elements: the same count, no guard) and the
# column means x.sum(axis=0) / n (a Python int next to a float64 array: its dtype does
# not depend on n's value, so n stays a symbol). Calls with 2, 3 and 6 rows: the second
# makes n a symbol (one recompile), the third hits it. Ops per graph: reshape, zeros,
# reshape, sum, sum, truediv (6).
# explain: graphs=2 ops=12 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    n = x.shape[0]
    a = x.reshape(2, -1)
    z = np.zeros((n + 1, 2))
    c = x.reshape(n * 2, 2).sum(axis=1)
    return a, z, c, x.sum(axis=0) / n


for n in (2, 3, 6):
    for part in f(np.arange(4.0 * n).reshape(n, 4)):
        print(part.shape, part.tolist())
