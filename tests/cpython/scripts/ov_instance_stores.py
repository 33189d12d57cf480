# Object versions: every way of changing an instance's own attribute between calls
# gives its dict a new version, so the guard `L['o'].k == ...` reads again and fails.
# `o.k` is an int attribute, a constant of the graph (one op, mul, per translation).
# The first call translates; after it each change stores a new value: `o.k = 3`,
# `o.__dict__['k'] = 4`, `setattr(o, 'k', 5)`, `vars(o).update(k=6)`, a loop of stores
# (specialized STORE_ATTR, ending at 39), `del o.k` (the class's 100 shows through):
# six recompiles, each followed by a hit. Seven translations of one graph each.
# explain: graphs=7 ops=7 graph_breaks=0 recompiles=6 frames_captured=7
import numpy as np

import lasso


class Scaler:
    k = 100

    def __init__(self, k):
        self.k = k


@lasso.capture
def f(o, x):
    return x * o.k


def twice(o, x):
    print(f(o, x))
    print(f(o, x))


o = Scaler(2)
x = np.arange(3.0)
twice(o, x)
o.k = 3
twice(o, x)
o.__dict__["k"] = 4
twice(o, x)
setattr(o, "k", 5)
twice(o, x)
vars(o).update(k=6)
twice(o, x)
for i in range(7, 40):
    o.k = i
twice(o, x)
del o.k
twice(o, x)
