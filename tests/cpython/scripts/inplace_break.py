# x += y changes the caller's array: lasso refuses the in-place operator on an array (a
# graph break), so the caller sees its array changed exactly as plain numpy leaves it.
# f's graph holds the mul before it; the resume function after the += has sub.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: in-place operator
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    z = y * 2
    x += z
    return x - 1


a = np.arange(3.0)
print(f(a, np.ones(3)))
print(a)
