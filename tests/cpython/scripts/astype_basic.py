# astype with the dtype as a numpy type, a string and a Python type: x.astype(np.float32)
# + 1 stays float32, x.astype("int64") truncates, x.astype(bool). The types are builtins
# guarded by identity and passed by name ('float32'). One graph: astype, add, astype,
# astype (4 ops); the second call hits it.
# explain: graphs=1 ops=4 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x.astype(np.float32) + 1, x.astype("int64"), x.astype(bool)


for x in (np.array([0.0, 1.5, -2.5]), np.array([3.25, 0.0, 7.0])):
    for r in f(x):
        print(r.dtype, r)
