# np.stack of 1-d arrays along axis 3: numpy raises AxisError, so the rule refuses it.
# Nothing comes before: no graph; the frame runs as plain Python and numpy raises its own
# error (the same last stderr line as the plain run).
# explain: graphs=0 ops=0 graph_breaks=1 recompiles=0
# explain-reason: numpy raises AxisError
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    return np.stack((a, b), axis=3)


f(np.ones(3), np.ones(3))
