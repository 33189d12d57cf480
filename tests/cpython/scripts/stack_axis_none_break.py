# np.stack with axis=None: numpy raises TypeError (stack needs an int axis), and the
# rule refuses anything but an int. f's graph holds the neg before it; CPython runs
# np.stack and numpy raises, the same as the plain run (caught and printed).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: axis that is not an int
import numpy as np

import lasso


@lasso.capture
def f(a):
    n = -a
    return np.stack((a, n), axis=None)


try:
    f(np.arange(3.0))
except TypeError as e:
    print("TypeError:", e)
