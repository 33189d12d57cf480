# np.concatenate of arrays whose sizes differ off the axis: the shape rule refuses it, as
# numpy raises ValueError; the graph before holds the mul, CPython runs np.concatenate and
# numpy raises its own error (the same last stderr line as the plain run).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: sizes differ off the axis
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    a2 = a * 2
    return np.concatenate((a2, b), axis=0)


f(np.ones((2, 3)), np.ones((2, 4)))
