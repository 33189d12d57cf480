# __exit__ that reads what CPython records and lasso does not make: f's reads the
# exception's args, g's the traceback's line. Each read is a break inside the inlined
# __exit__, which lasso moves to the raise: the graph x + 1, y * 2 (2 ops), then
# generated code raises the real exception under the block's handler. The resume
# function that starts at the handler breaks at WITH_EXCEPT_START (the exception is a
# value of its frame: CPython calls __exit__ with the real traceback, which swallows
# it), the next at the POP_EXCEPT of the state it was given, and the last returns y (no
# graph, no break). Per function: 1 graph (2 ops), 3 breaks, 4 frames. The second round
# hits every cache.
# explain: graphs=2 ops=4 graph_breaks=6 recompiles=0 frames_captured=8
# explain-reason: while handling the exception raised at line
# explain-reason: with_except_start: the exceptional exit of a with block is not captured
import numpy as np

import lasso


class ReadsArgs:
    def __init__(self):
        self.seen = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.seen.append(exc.args)
        return True


class ReadsTraceback:
    def __init__(self):
        self.seen = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            self.seen.append(tb.tb_lineno)
        return True


a = ReadsArgs()
b = ReadsTraceback()


@lasso.capture
def f(x):
    y = x + 1
    with a:
        y = y * 2
        raise ValueError("kept")
    return y


@lasso.capture
def g(x):
    y = x + 1
    with b:
        y = y * 2
        raise ValueError("kept")
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), a.seen)
    print(g(x), b.seen)
