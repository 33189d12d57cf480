# The axis of concatenate and stack given positionally: np.concatenate((a, b), 1) and
# np.stack((a, b), 0). One graph: concatenate, stack (2 ops).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    return np.concatenate((a, b), 1), np.stack((a, b), 0)


side, layers = f(np.zeros((2, 2)), np.ones((2, 2), dtype=np.int8))
print(side, side.dtype, layers.shape, layers.dtype)
