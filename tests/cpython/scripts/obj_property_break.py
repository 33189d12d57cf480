# A property runs code (here it counts its reads): reading it is a graph break, and
# CPython runs the getter once per call, as plain Python does. f's graph holds the mul
# (1 op); the resume function, which starts with the property's value 10.0 on the
# stack, holds the add (1 op). Three calls: the value is the same constant each time,
# no recompile.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: attribute 'value' of Counter is not statically readable
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
