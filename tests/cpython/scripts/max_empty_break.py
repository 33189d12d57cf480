# np.max along an empty axis has no identity: numpy raises ValueError, so the shape rule
# refuses it. Nothing comes before it: no graph, the frame runs as plain Python and numpy
# raises; the error is caught and printed the same as plain.
# explain: graphs=0 ops=0 graph_breaks=1 recompiles=0
# explain-reason: over an empty axis
import numpy as np

import lasso


@lasso.capture
def peak(x):
    return np.max(x, axis=0)


try:
    peak(np.ones((0, 3)))
except ValueError as e:
    print("ValueError:", e)
