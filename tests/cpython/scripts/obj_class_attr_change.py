# A class attribute read through an instance (`n.eps`, not stored on the instance) and
# through the class (`Norm.scale`, a global): both are guarded by value, and the class
# itself by its state (any change to a class changes the identity the adapter gives it,
# so the type guard of `n` fails: "type(L['n']) is Norm, but got ... Norm"). Setting
# `Norm.eps` recompiles (the instance reads the class's new value); `Norm.scale = 2.0`
# recompiles again. Each translation: one graph of 2 ops (add, mul).
# explain: graphs=3 ops=6 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class Norm:
    eps = 0.5
    scale = 1.0


@lasso.capture
def f(n, x):
    return (x + n.eps) * Norm.scale


n = Norm()
x = np.arange(3.0)
print(f(n, x))
print(f(n, x))
Norm.eps = 0.25
print(f(n, x))
Norm.scale = 2.0
print(f(n, x))
print(f(n, x))
