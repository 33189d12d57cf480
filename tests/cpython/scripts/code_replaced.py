# A helper inlined into the graph has its __code__ replaced between calls: the guard on
# its code fails and f is translated again with the new code (a function's identity
# alone does not say which code it runs).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def helper(v):
    return v * 2.0


def other(v):
    return v - 1.0


@lasso.capture
def f(x):
    return helper(x) + 1.0


x = np.array([1.0, 2.0])
print(f(x))
print(f(x))
helper.__code__ = other.__code__
print(f(x))
print(f(x))
