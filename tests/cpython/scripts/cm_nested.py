# Nested managers (`with A as a, B as b` and a block inside the two): entered in
# order and left in reverse, each __enter__ and __exit__ inlined, their appends to the
# global list `log` replayed after the graph in CPython's order. One graph of 3 ops
# (add, mul, sub).
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

log = []


class Tag:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        log.append("enter " + self.name)
        return self.name

    def __exit__(self, exc_type, exc, tb):
        log.append("exit " + self.name)
        return False


@lasso.capture
def f(x):
    with Tag("a") as a, Tag("b") as b:
        y = x + 1
        with Tag(a + b):
            y = y * 2
    return y - 1, a, b


x = np.arange(3.0)
print(f(x), log)
log.clear()
print(f(x), log)
