# Layer normalization over the last axis, as a model writes it: mean and variance with
# axis=-1, keepdims=True. x - mu is written twice (two sub nodes). One graph: mean, sub,
# pow, mean, sub, add, sqrt, truediv, mul, add (10 ops).
# explain: graphs=1 ops=10 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def layer_norm(x, gain, bias):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + 1e-5) * gain + bias


x = np.array([[1.0, 2.0, 4.0, 8.0], [0.5, 0.5, -0.5, 1.5]])
print(layer_norm(x, np.full(4, 2.0), np.arange(4.0)))
