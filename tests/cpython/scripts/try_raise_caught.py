# A raise caught by a handler of the same function is traced (traced_exceptions): the
# ValueError is made in the trace, the raise goes on at the handler, whose except clause
# is matched at trace time. k = 1: x * 2, then the handler's y - 1 (2 ops). k = 0 fails
# the guard on k and recompiles: x * 2, y + 1 (2 ops). The third call (k = 1) hits the
# first entry. No graph break.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    y = x * 2
    try:
        if k > 0:
            raise ValueError("positive")
        y = y + 1
    except ValueError:
        y = y - 1
    return y


x = np.arange(3.0)
print(f(x, 1))
print(f(x, 0))
print(f(x, 1))
