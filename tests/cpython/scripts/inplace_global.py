# `global TOTAL; TOTAL += x` writes into the global's array and stores the same array
# back; TOTAL.sum() reads the new value. Ops: add and sum. The second call (another x of
# the same dtype and shape) hits the cache; TOTAL stays the same array.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

TOTAL = np.zeros(2)


@lasso.capture
def add(x):
    global TOTAL
    TOTAL += x
    return TOTAL.sum()


before = TOTAL
print(add(np.ones(2)), add(np.full(2, 3.0)), TOTAL, TOTAL is before)
