# The axis is a global int: read by value and guarded, so changing it recompiles. Calls
# with AXIS 0, 0, then 1: two translations (one recompile), one sum each.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso

AXIS = 0


@lasso.capture
def totals(x):
    return np.sum(x, axis=AXIS)


x = np.arange(6).reshape(2, 3)
print(totals(x))
print(totals(x))
AXIS = 1
print(totals(x))
