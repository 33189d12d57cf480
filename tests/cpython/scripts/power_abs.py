# ** of arrays and of an array and a number, and np.abs (numpy's absolute, the same ufunc
# object): absolute, pow, pow, mul and add, 5 ops in one graph. The second call has other
# values of the same dtypes and shapes: the guards pass, no new translation.
# explain: graphs=1 ops=5 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    return np.abs(x) ** 0.5 + x**y * 2


for x, y in ((np.array([-4.0, 1.5, 9.0]), np.array([2.0, 0.5, -1.0])), (np.array([0.25, -2.0, 3.0]), np.ones(3) * 3)):
    r = f(x, y)
    print(r, r.dtype)
