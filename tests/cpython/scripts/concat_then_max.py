# Pooling over two feature maps: concatenate along the last axis, then the max along it
# with keepdims. One graph: concatenate, max (2 ops); a float32 pair is a recompile.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def pooled(a, b):
    return np.concatenate((a, b), axis=-1).max(axis=-1, keepdims=True)


print(pooled(np.array([[1.0, 5.0], [2.0, 0.0]]), np.array([[3.0], [4.0]])))
r = pooled(np.ones((2, 2), dtype=np.float32), np.zeros((2, 1), dtype=np.float32))
print(r, r.dtype)
