# f(a, b) reads a and b (c = a + b), then writes a. First call with two arrays: three
# adds, and a guard that a shares no memory with b. f(x, x[::-1]) fails it: the
# recompile computes c (one add) and breaks at a += 1, which numpy then runs; the resume
# function holds c + a (one add). Results equal plain numpy's.
# explain: graphs=3 ops=5 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: shares memory
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    c = a + b
    a += 1
    return c + a


x = np.arange(4.0)
print(f(x, np.zeros(4)), x)
print(f(x, x[::-1]), x)
