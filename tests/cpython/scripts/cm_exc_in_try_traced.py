# A raise inside a with block inside a try of the same function, traced through the
# block's exceptional exit: __exit__ (inlined on ValueError, the exception and the
# traceback) logs and returns False, RERAISE 2 goes to the block's cleanup (COPY 3,
# POP_EXCEPT, RERAISE 1), whose re-raise the try's handler catches (ValueError
# matches, its class guarded), y - 1. The manager is an argument. k = 0: x + 1, y * 2
# (2 ops); k = 1 recompiles: x + 1, y * 2, y - 1 (3 ops). No break; the third call
# hits.
# explain: graphs=2 ops=5 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Tracker:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit" if exc_type is None else "exit with an exception")
        return False


@lasso.capture(fullgraph=True)
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
