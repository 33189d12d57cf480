# A closure made outside the captured function, over an array, is inlined: its cell's
# contents are read through `G['scale'].__closure__[0]` and guarded as a tensor. One
# graph of 2 ops (mul in scale, add). The cell set to a new array of the same shape
# passes the guards (the graph reads the new array); one of another shape recompiles.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def make(w):
    def scale(x):
        return x * w

    def set_w(v):
        nonlocal w
        w = v

    return scale, set_w


scale, set_w = make(np.arange(3.0))


@lasso.capture
def f(x):
    return scale(x) + 1


print(f(np.ones(3)))
set_w(np.full(3, 2.0))
print(f(np.ones(3)))
set_w(np.full((2, 3), 3.0))
print(f(np.ones(3)))
