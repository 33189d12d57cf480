# A graph break in a captured closure that has both a free variable (`k`, from outer)
# and a cell of its own (`y`, read by h): the resume function's closure holds both
# cells. Graph 0: the mul (1 op); the resume function inlines h: the add (1 op). `k` is
# read through the function's closure and guarded as an array.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


def outer(k):
    @lasso.capture
    def inner(x):
        y = x * k

        def h():
            return y + k

        print("break")
        return h()

    return inner


inner = outer(np.full(2, 3.0))
print(inner(np.ones(2)))
print(inner(np.arange(2.0)))
