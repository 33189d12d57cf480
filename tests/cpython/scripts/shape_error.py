# Shapes that do not broadcast: the shape rule refuses the add with numpy's reason, the
# frame runs as plain Python and numpy raises its own ValueError, the same last stderr
# line as the plain run. Nothing before the add: no graph.
# explain: graphs=0 ops=0 graph_breaks=1
# explain-reason: could not be broadcast
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    return x + y


f(np.ones(3), np.ones(4))
