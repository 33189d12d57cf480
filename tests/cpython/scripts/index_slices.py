# Slices of a 6-element array as Python adjusts their bounds: x[1:3], x[::2], x[::-1],
# x[-2:], x[1:100] (clamped to 5 elements) and x[5:1] (empty). One graph of 6 getitem
# nodes, whose shapes follow numpy; the second call hits it.
# explain: graphs=1 ops=6 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x[1:3], x[::2], x[::-1], x[-2:], x[1:100], x[5:1]


for x in (np.arange(6.0), np.arange(6.0) * 10):
    for r in f(x):
        print(r.shape, r)
