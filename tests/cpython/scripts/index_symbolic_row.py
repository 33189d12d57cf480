# The last row by a size: x[x.shape[0] - 1] and x[1:] of matrices of 3, 5 and 4 rows.
# The first call compiles for 3 rows, the second makes dimension 0 dynamic (a recompile:
# the index is s0 - 1, in range for every s0 >= 2, and x[1:] has s0 - 1 rows); the third
# hits. Each graph: getitem, getitem, sum (axis 0), add (4 ops).
# explain: graphs=2 ops=8 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    last = x[x.shape[0] - 1]
    rest = x[1:]
    return last + rest.sum(axis=0), rest.shape


for rows in (3, 5, 4):
    print(*f(np.arange(rows * 2.0).reshape(rows, 2)))
