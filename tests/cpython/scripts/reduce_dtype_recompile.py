# x.sum(axis=1) keeps numpy's dtype rules: int8 and bool sum to int64, float32 stays
# float32. Three dtypes: three translations, the last two recompiles (dtype guard); one
# sum each.
# explain: graphs=3 ops=3 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


@lasso.capture
def row_totals(x):
    return x.sum(axis=1)


for dtype in (np.int8, np.bool_, np.float32, np.int8):
    r = row_totals(np.ones((2, 3), dtype=dtype))
    print(r, r.dtype)
