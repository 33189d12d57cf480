# x.reshape(4) of a 6-element array: numpy raises ValueError, so the shape rule refuses
# it (a graph break at the call, with numpy's reason), and CPython raises numpy's own
# error. f's graph holds the mul before it; nothing after it is reached.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: numpy raises ValueError
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    return y.reshape(4) + 1


try:
    f(np.arange(6.0))
except ValueError as e:
    print("ValueError:", e)
