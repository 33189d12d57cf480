# A helper that forwards **kwargs to np.sum is not inlined (a function taking **kwargs):
# a graph break at the call. f's graph holds the mul before it; the resume function's
# the add after it (2 graphs, 2 ops).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: **kwargs
import numpy as np

import lasso


def total(v, **options):
    return np.sum(v, **options)


@lasso.capture
def f(x):
    y = x * 2
    return total(y, axis=1) + 1


print(f(np.arange(6.0).reshape(2, 3)))
