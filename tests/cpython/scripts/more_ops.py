# //, %, unary + and np.where: gt, floordiv, mod, where, pos, add (6 ops in one graph).
# An int64 call and a float64 call: two translations, the second a recompile.
# explain: graphs=2 ops=12 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    return np.where(x > 0, x // 2, x % 3) + (+x)


for x in (np.arange(-3, 4), np.arange(-3.0, 4.0) * 1.5):
    r = f(x)
    print(r, r.dtype)
