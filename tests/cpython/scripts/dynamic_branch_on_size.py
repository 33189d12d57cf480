# A branch on a size: with x.shape[0] a symbol, `x.shape[0] > 4` is answered for the
# traced size and kept as a guard. Calls with 3 (static: mean), 5 (dimension 0 becomes
# s0; s0 > 4: sum, guarded s0 > 4), 6 (hits), 2 (the guard fails: a recompile takes
# the other branch, guarded s0 <= 4) and 4 (hits that entry). One op per graph.
# explain: graphs=3 ops=3 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


@lasso.capture
def f(x):
    if x.shape[0] > 4:
        return x.sum()
    return x.mean()


for n in (3, 5, 6, 2, 4):
    print(n, f(np.arange(float(n))))
