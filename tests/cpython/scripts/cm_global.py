# A context manager read from a global, with an `as` target: __enter__ returns the
# manager itself, so `t.scale` reads the global object's attribute (a float, guarded by
# value). The body's graph: mul and sub (2 ops). After `timer.scale = 0.5` the guard
# on the attribute fails: a recompile, one more graph of 2 ops.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Timer:
    def __init__(self, scale):
        self.scale = scale
        self.marks = []

    def __enter__(self):
        self.marks.append("start")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.marks.append("stop")
        return False


timer = Timer(2.0)


@lasso.capture
def f(x):
    with timer as t:
        y = x * t.scale
    return y - 1


x = np.arange(3.0)
print(f(x), timer.marks)
print(f(x), timer.marks)
timer.scale = 0.5
print(f(x), timer.marks)
print(f(x), len(timer.marks))
