# `is None` on an array or on a None argument is known at trace time (an array is never
# None; None is a constant, guarded): no break. The calls with b=None and with an array
# b are two graphs (a recompile): mul, add (2 ops) and mul, add (2 ops).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x, b=None):
    y = x * 2
    if x is None:
        return None
    if b is None:
        return y + 1
    return y + b


x = np.arange(3.0)
print(f(x))
print(f(x, np.ones(3)))
print(f(x))
