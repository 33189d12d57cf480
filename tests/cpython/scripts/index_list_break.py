# A list index, x[[0, 2]], is numpy's advanced indexing: a graph break with that reason,
# before any operation (no graph); CPython runs the subscript, and the resume function
# multiplies by 2 (1 op).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: advanced indexing
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x[[0, 2]] * 2


print(f(np.arange(4.0)))
