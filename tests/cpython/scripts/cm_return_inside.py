# A return inside the block: CPython 3.11 calls __exit__(None, None, None) before
# returning (the same LOAD_CONST None x3, PRECALL 2, CALL 2 as the block's end), so
# __exit__ is inlined there. One graph of 1 op (add); the log holds enter and exit.
# explain: graphs=1 ops=1 graph_breaks=0 recompiles=0 frames_captured=1
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


m = Logged()


@lasso.capture(fullgraph=True)
def f(x):
    with m:
        return x + 1


x = np.arange(3.0)
print(f(x), m.log)
print(f(x), m.log)
