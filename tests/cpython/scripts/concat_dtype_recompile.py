# np.concatenate's dtype is numpy's promotion of its arrays' dtypes: float32 with float32
# stays float32, float32 with int64 is float64. The second pair of dtypes fails the
# guard: two translations, one concatenate each.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def joined(a, b):
    return np.concatenate((a, b))


for b in (np.ones(2, dtype=np.float32), np.arange(2)):
    r = joined(np.zeros(3, dtype=np.float32), b)
    print(r, r.dtype)
