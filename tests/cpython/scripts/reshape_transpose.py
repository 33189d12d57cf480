# x.reshape(2, 3), np.reshape(x, (3, -1)), a.transpose(), b.transpose(1, 0) and
# np.transpose(c, (1, 0)) are graph operations: reshape, numpy.reshape, transpose, add,
# transpose, mul, numpy.transpose, matmul (8 ops), the pair returned. A float64 call, then
# an int64 call: two translations, the second a recompile (dtype guard).
# explain: graphs=2 ops=16 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    a = x.reshape(2, 3)
    b = np.reshape(x, (3, -1))
    c = a.transpose() + b
    d = b.transpose(1, 0) * 2
    return np.transpose(c, (1, 0)) @ b, d


for x in (np.arange(6.0) / 4, np.arange(6)):
    m, d = f(x)
    print(m, m.dtype, m.shape)
    print(d, d.dtype, d.shape)
