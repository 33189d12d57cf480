# A layer called with batch sizes 2, 3, 4, 5 and 3. Sizes start static: the first call
# compiles for 2 rows; the second changes dimension 0 of x (2 -> 3), which becomes
# dynamic, and the recompile makes it a symbol s0 (guarded s0 >= 2); the calls with 4, 5
# and 3 rows hit that entry. Each graph: matmul, add, tanh (3 ops).
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def layer(x, w, b):
    return np.tanh(x @ w + b)


w = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
b = np.array([0.5, -0.5, 0.0])
for n in (2, 3, 4, 5, 3):
    x = np.arange(4.0 * n).reshape(n, 4) / 10
    print(n, layer(x, w, b).round(6))
