# A loop over range() of a constant is unrolled: three muls and three adds in one graph;
# the int arithmetic on the loop variable is folded at trace time. The result and a
# Python tuple of shape facts are returned together.
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x, n):
    acc = x
    for i in range(n):
        acc = acc * 0.5 + (i * 2 + 1)
    return acc, x.shape, len(x), x.ndim


print(f(np.arange(4.0), 3))
print(f(np.arange(4.0) + 1, 3))
