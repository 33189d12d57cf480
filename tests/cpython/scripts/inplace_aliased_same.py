# f(a, b) writes into a, then reads b. First call with two arrays: two adds, and a guard
# that a shares no memory with b (b is read after the write). f(x, x) fails that guard:
# the recompile writes a (one add) and breaks at the read of b, which shares a's memory;
# the resume function (a + b, one add) then reads both as they are after the write.
# Graphs: 2 + 1 + 1 ops.
# explain: graphs=3 ops=4 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: shares memory
import numpy as np

import lasso


@lasso.capture
def f(a, b):
    a += 1
    return a + b


x = np.arange(3.0)
print(f(x, np.ones(3)), x)
print(f(x, x), x)
