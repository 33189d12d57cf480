# Reductions along an axis, as functions and as methods, with the axis positional or as a
# keyword: np.max(x, axis=0), np.min(x, axis=0), x.max(1), x.min(axis=-1). One graph:
# max, min, sub, max, min, add (6 ops).
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def spans(x):
    per_column = np.max(x, axis=0) - np.min(x, axis=0)
    per_row = x.max(1) + x.min(axis=-1)
    return per_column, per_row


c, r = spans(np.array([[3, 9, 1], [4, -2, 7]]))
print(c, c.dtype, r, r.dtype)
