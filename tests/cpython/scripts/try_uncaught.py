# A raise that no handler of the function catches leaves it: a graph break at the raise
# (its graph: x - 1 and the try block's y * 2, 2 ops), whose code makes the ValueError
# and raises it, so the caller sees CPython's exception, traceback and message: caught
# the first time, then uncaught (the same last stderr line as plain). The second call
# hits the cache.
# explain: graphs=1 ops=2 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: raise statement
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x - 1
    try:
        y = y * 2
    except KeyError:
        y = y * 0
    raise ValueError("not caught here")


try:
    f(np.arange(3.0))
except ValueError as e:
    print("caller caught", repr(e), e.__traceback__.tb_next is not None)
f(np.arange(3.0))
