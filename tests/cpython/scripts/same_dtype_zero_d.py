# A 0-d operand of the array's own dtype cannot change the result dtype, whatever its
# value: captured. np.sum returns a numpy float64 scalar, a tensor of shape () too, so
# the division by it is in the graph: sum, truediv (2 ops, 1 graph).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def normalize(x):
    return x / np.sum(x)


print(normalize(np.arange(1.0, 5.0)))
print(normalize(np.arange(2.0, 6.0)))
