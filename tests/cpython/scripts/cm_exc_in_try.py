# A raise inside a with block inside a try: the exceptional exit of a block is not
# traced (as on minipy), so the raise whose handler is the block's is a graph break and
# the exit runs in CPython, one break a step. k = 0: x + 1, y * 2, __enter__ and
# __exit__ inlined (2 ops). k = 1 recompiles: x + 1, y * 2 (2 ops) and the break at the
# raise; resume functions at the block's handler (break at WITH_EXCEPT_START: CPython
# calls __exit__, which returns False), then RERAISE, the cleanup's POP_EXCEPT and its
# RERAISE (a break each, no graph); the last starts at the try's handler: ValueError
# matches (its class guarded), y - 1 (1 op). The third call hits every entry.
# explain: graphs=3 ops=5 graph_breaks=5 recompiles=1 frames_captured=7
# explain-reason: with_except_start: the exceptional exit of a with block is not captured
import numpy as np

import lasso


class Tracker:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit" if exc_type is None else "exit " + exc_type.__name__)
        return False


@lasso.capture
def f(x, m, k):
    y = x + 1
    try:
        with m:
            y = y * 2
            if k:
                raise ValueError("inside the block")
    except ValueError:
        y = y - 1
    return y


m = Tracker()
x = np.arange(3.0)
print(f(x, m, 0), m.log)
print(f(x, m, 1), m.log)
print(f(x, m, 1), m.log)
