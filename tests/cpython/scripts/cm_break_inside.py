# A graph break (print) inside the block of a manager passed in: the block stays open
# across the break. f's graph: x + 1 and y * 2 (2 ops), __enter__ inlined (its append
# replayed); the print runs under the block's handler with the bound __exit__ on the
# stack, which the resume function gets as an argument; it traces y - 1 (1 op) and
# inlines __exit__ through the method's __func__ and __self__ at the block's end.
# "enter" and "exit" are logged once per call, as in CPython.
# explain: graphs=2 ops=3 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit")
        return False


@lasso.capture
def f(x, m):
    y = x + 1
    with m:
        y = y * 2
        print("inside", m.log)
        y = y - 1
    return y


m = Logged()
x = np.arange(3.0)
print(f(x, m), m.log)
print(f(x, m), m.log)
