# Slicing by a size under automatic dynamic shapes: n = x.shape[0] // 2, then x[:n] +
# x[n:2 * n] (the halves of an even length). Calls with 8, 6, 10 and 12 elements: the
# first compiles for 8 (n the constant 4); 6 changes dimension 0, which becomes the symbol
# s0, and the recompile slices by s0//2 (the bounds guarded in range once); 10 and 12 hit
# that entry. Each graph: getitem, getitem, add (3 ops).
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    n = x.shape[0] // 2
    return x[:n] + x[n : 2 * n]


for size in (8, 6, 10, 12):
    print(f(np.arange(float(size))))
