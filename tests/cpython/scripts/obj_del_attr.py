# `del o.bias` between calls: the instance's own array is gone, and `o.bias` now reads
# the class's 0.5. The guard (a tensor float64[3] at `L['o'].bias`) fails: a recompile,
# whose graph adds the constant. One op in each of the two graphs.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Layer:
    bias = 0.5

    def __init__(self):
        self.bias = np.ones(3)


@lasso.capture
def f(o, x):
    return x + o.bias


o = Layer()
x = np.arange(3.0)
print(f(o, x))
del o.bias
print(f(o, x))
print(f(o, x))
