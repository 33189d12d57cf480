# A boolean mask is numpy's advanced indexing (a copy of a data-dependent size): x[m]
# with m = x > 0 is a graph break with that reason. f's graph holds the comparison; CPython
# runs the subscript; the resume function adds 1 to its result (a graph of its own, 1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: advanced indexing
import numpy as np

import lasso


@lasso.capture
def f(x):
    m = x > 0
    return x[m] + 1


print(f(np.array([-1.0, 2.0, -3.0, 4.0])))
