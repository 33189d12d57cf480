# The dtype= keyword of sum and mean: x.sum(dtype=np.int64) of an int8 array does not
# wrap around as x.sum(dtype=np.int8) does, and np.mean(x, axis=0, dtype="float32") is a
# float32. One graph: sum, sum, mean (3 ops); the second call (other values) hits it.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x.sum(dtype=np.int64), x.sum(dtype=np.int8), np.mean(x, axis=0, dtype="float32")


for k in (100, 120):
    for r in f(np.full((2, 3), k, dtype=np.int8)):
        print(r.dtype, r)
