# Centering and scaling columns: np.mean with axis=0 and keepdims=True broadcasts against
# the rows; np.sqrt of the mean square. One graph: mean, sub, pow, mean, sqrt, truediv (6
# ops). An int64 input is a second translation (a dtype recompile): mean of ints is a
# float64.
# explain: graphs=2 ops=12 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def standardize(x):
    centered = x - np.mean(x, axis=0, keepdims=True)
    scale = np.sqrt(np.mean(centered**2, axis=0, keepdims=True))
    return centered / scale


print(standardize(np.array([[1.0, 10.0], [3.0, 30.0], [5.0, 20.0]])))
r = standardize(np.array([[1, 10], [3, 30], [5, 20]]))
print(r, r.dtype)
