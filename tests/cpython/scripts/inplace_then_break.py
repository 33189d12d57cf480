# x += 10 (one add), then print(), a graph break: the write into the caller's array is
# replayed before print runs, so print shows the new values. The resume function after
# the call holds x * 2. Two translations with code, one break.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    x += 10
    print("x is", x)
    return x * 2


a = np.arange(3.0)
print(f(a))
print(a)
