# acc += x over a list of three arrays: the loop is unrolled, three adds, each reading
# the last; acc (the caller's array) is written once after the graph and returned.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(acc, xs):
    for x in xs:
        acc += x
    return acc


acc = np.zeros(2)
print(f(acc, [np.ones(2), np.full(2, 2.0), np.arange(2.0)]), acc)
