# The dtype is guarded: float64, float32 and int64 arrays are three translations (two
# recompiles) of one op each; the results keep numpy's dtypes.
# explain: graphs=3 ops=3 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


@lasso.capture
def square(x):
    return x * x


for dtype in (np.float64, np.float32, np.int64, np.float64):
    r = square(np.arange(4, dtype=dtype))
    print(r, r.dtype)
