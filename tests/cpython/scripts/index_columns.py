# Columns and blocks of a 3x4 int64 array: x[:, 1] (a column), x[:, 1:3] and x[1:, ::2],
# then the column times the block's first column. One graph: getitem x3, getitem
# (block[:, 0]), mul (5 ops).
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    column = x[:, 1]
    block = x[:, 1:3]
    corner = x[1:, ::2]
    return column * block[:, 0], block, corner


for r in f(np.arange(12).reshape(3, 4)):
    print(r.shape, r.dtype, r)
