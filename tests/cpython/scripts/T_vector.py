# x.T of a 1-d array is the array's own shape (numpy reverses one axis), and of a 3-d
# array reverses all three: each a T node. Per graph: T, mul (2 ops); the 3-d call is a
# recompile (shape guard).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def doubled_T(x):
    return x.T * 2


print(doubled_T(np.arange(3.0)))
print(doubled_T(np.arange(24).reshape(2, 3, 4)).shape)
