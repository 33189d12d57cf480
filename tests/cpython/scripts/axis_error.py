# np.sum along axis 2 of a 2-d array: the shape rule refuses it (numpy raises AxisError),
# so the trace breaks there; the graph before it holds the add, and CPython runs np.sum,
# which raises numpy's own error: the same last stderr line as the plain run. The resume
# function is never reached.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: numpy raises AxisError
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    return np.sum(y, axis=2)


f(np.ones((2, 3)))
