# A lambda made and called in the trace, over the argument `a` (a cell argument): the
# function never exists at run time. One graph of 3 ops (mul and add in the lambda, sub).
# `a` is the same float each call: no recompile.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def h(x, a):
    sq = lambda v: v * v + a  # noqa: E731
    return sq(x) - 1


print(h(np.arange(3.0), 2.0))
print(h(np.ones(3), 2.0))
