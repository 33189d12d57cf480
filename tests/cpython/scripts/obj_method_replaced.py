# A method replaced on the class between calls (`Model.act = ...`): the class has
# changed, so the guard on `o.__class__` fails and the new method is inlined. Two
# translations, one op each (add, then sub).
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Model:
    def act(self, x):
        return x + 1


def act_minus(self, x):
    return x - 1


@lasso.capture
def f(o, x):
    return o.act(x)


o = Model()
x = np.arange(3.0)
print(f(o, x))
Model.act = act_minus
print(f(o, x))
print(f(o, x))
