# np.amax and np.amin are numpy 1.x's names of np.max and np.min (the same functions),
# so they are the same operations: one graph of max, min and sub (3 ops).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def peak_to_peak(x):
    return np.amax(x, axis=1) - np.amin(x, axis=1)


print(peak_to_peak(np.array([[2.0, 8.0, 5.0], [-1.0, 0.0, 1.0]])))
