# layer.w -= lr * g on an attribute's array: mul and sub, then layer.w.sum() reads the
# new value (sum): three ops. After the graph the result is copied into the array and
# the attribute is stored back (the same array), so layer.w is still w. The second call
# hits the cache.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Layer:
    def __init__(self, w):
        self.w = w


@lasso.capture
def step(layer, g, lr):
    layer.w -= lr * g
    return layer.w.sum()


w = np.ones(4)
layer = Layer(w)
g = np.arange(4.0)
print(step(layer, g, 0.5), layer.w is w, w)
print(step(layer, g, 0.5), layer.w is w, w)
