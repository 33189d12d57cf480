# A function stored on the instance shadows the class's method between calls: the
# guard that `o.act` is absent fails; the new translation inlines the instance's own
# function (called without `self`). One op in each of the two graphs (add, sub).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Model:
    def act(self, x):
        return x + 1


def minus_one(x):
    return x - 1


@lasso.capture
def f(o, x):
    return o.act(x)


o = Model()
x = np.arange(3.0)
print(f(o, x))
o.act = minus_one
print(f(o, x))
print(f(o, x))
