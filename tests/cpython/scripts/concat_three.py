# A tuple of three results concatenated: x, x * 2 and x * 3 along axis 0. One graph: mul,
# mul, concatenate (3 ops).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def tiled(x):
    return np.concatenate((x, x * 2, x * 3))


print(tiled(np.arange(3)))
