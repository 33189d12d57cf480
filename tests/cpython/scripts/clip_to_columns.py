# Clip each column between its minimum and half its maximum: min and max along axis 0,
# np.maximum, truediv, np.minimum. One graph of 5 ops.
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def clip(x):
    return np.minimum(np.maximum(x, x.min(axis=0)), x.max(axis=0) / 2)


print(clip(np.array([[1.0, 8.0], [6.0, -2.0], [3.0, 4.0]])))
