# A graph break inside the block (lasso.graph_break()), then a raise that __exit__
# suppresses. f's graph: x + 1, y * 2 (2 ops), and the break at the call, with the block
# open: the bound __exit__ goes to the resume function as an argument. There the raise
# is traced to the block's handler, and WITH_EXCEPT_START calls that bound method,
# inlined through its __func__ and __self__ on (ValueError, the exception, the
# traceback): it logs and returns True, and the resume function goes on after the
# block: y + 3, y - 1 (2 ops). 2 graphs, 1 break, 2 frames; the second call hits both.
# explain: graphs=2 ops=4 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: graph_break
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


@lasso.capture
def f(x):
    y = x + 1
    with q:
        y = y * 2
        lasso.graph_break()
        q.log.append("after the break")
        y = y + 3
        raise ValueError
    return y - 1


x = np.arange(3.0)
for _ in range(2):
    print(f(x), q.log)
