# The same axis twice: numpy raises ValueError ("duplicate value in 'axis'"), so the rule
# refuses it. The graph before holds the sub; CPython runs x.sum and numpy raises (the
# same last stderr line as the plain run).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: repeated axis
import numpy as np

import lasso


@lasso.capture
def f(x):
    d = x - 1
    return d.sum(axis=(1, -1))


f(np.ones((2, 3)))
