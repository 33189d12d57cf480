# A property whose getter is a Python function is read by inlining the getter on the
# object, as CPython calls it: here the getter also counts its reads (`self.reads += 1`
# on the caller's object), a store lasso replays after the graph. Each graph holds the
# mul and the add of the getter's constant 10.0 (2 ops), no break. The count read is an
# int attribute, guarded as a constant: each call finds the next count (0, 1, 2), so
# calls 2 and 3 recompile: 3 graphs, 6 ops, 2 recompiles. Each call replays the store:
# 3 reads, as in plain CPython.
# explain: graphs=3 ops=6 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class Counter:
    def __init__(self):
        self.reads = 0

    @property
    def value(self):
        self.reads += 1
        return 10.0


@lasso.capture
def f(c, x):
    y = x * 2
    return y + c.value


c = Counter()
x = np.arange(3.0)
for _ in range(3):
    print(f(c, x))
print("reads", c.reads)
