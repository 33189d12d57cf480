# The dtype from a global, DT = np.float32, then np.int8: the global is guarded by
# identity, so changing it recompiles (graph 2). Each graph: astype, mul (2 ops).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso

DT = np.float32


@lasso.capture
def f(x):
    return x.astype(DT) * 3


x = np.array([1.5, 2.0, 40.0])
print(f(x).dtype, f(x))
DT = np.int8
print(f(x).dtype, f(x))
