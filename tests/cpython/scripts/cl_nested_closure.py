# Closures nested two deep, all made in the trace: inner reads `a`, a cell of outer's
# frame, through mid's closure. One graph of 2 ops (add, mul).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def outer(x):
    a = x + 1

    def mid():
        def inner():
            return a * 2

        return inner()

    return mid()


print(outer(np.ones(2)))
print(outer(np.arange(2.0)))
