# A raise of a plain exception class inside a block whose __exit__ suppresses it
# (returns True), traced: the raise goes to the block's handler, __exit__ is inlined on
# (ValueError, the exception, the traceback) and returns True, and the trace goes on
# after the block. The log shows the order: enter, body, then the exit's entry. k is a
# constant of the guards: k = 0: x + 1, y * 2, y + 10, y - 1 (4 ops); k = 1
# recompiles: x + 1, y * 2, y - 1 (3 ops; y + 10 is skipped). No break (fullgraph);
# the second round hits both entries.
# explain: graphs=2 ops=7 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Quiet:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit" if exc_type is None else "suppressed")
        return exc_type is not None


q = Quiet()


@lasso.capture(fullgraph=True)
def f(x, k):
    y = x + 1
    with q:
        y = y * 2
        q.log.append("body")
        if k:
            raise ValueError
        y = y + 10
    return y - 1


x = np.arange(3.0)
for _ in range(2):
    print(f(x, 0), q.log)
    print(f(x, 1), q.log)
