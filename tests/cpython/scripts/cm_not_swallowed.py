# An exception inside the block that __exit__ sees and does not swallow (it returns
# None): the compiled graph (mul, truediv: 2 ops) raises FloatingPointError for a zero
# divisor, the frame runs again as plain Python, __exit__ records the exception's type
# and CPython raises it to the caller, which prints it. The first and third calls run
# the graph.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

np.seterr(all="raise")


class Watch:
    def __init__(self):
        self.seen = []

    def __enter__(self):
        self.seen.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.seen.append(None if exc_type is None else exc_type.__name__)


w = Watch()


@lasso.capture
def f(x, d):
    with w:
        y = x * 2
        y = y / d
    return y


x = np.arange(1.0, 4.0)
for d in (np.ones(3), np.zeros(3), np.ones(3)):
    try:
        print(f(x, d), w.seen)
    except FloatingPointError as e:
        print("raised", e, w.seen)
