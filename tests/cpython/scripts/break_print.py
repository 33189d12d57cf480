# print() is a graph break: f's graph holds the add, the resume function after the call
# holds the mul. Two translations with code, one break; the second call hits both caches.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    print("y is", y)
    return y * 2


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
