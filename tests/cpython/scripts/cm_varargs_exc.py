# __exit__(self, *exc) on the exceptional exit: a raise in the block goes to the
# block's handler and __exit__ is inlined with the tuple (ZeroDivisionError, the
# exception, the traceback) made in the trace. It reads len(exc) (3) and exc[0] (the
# class, which it compares with `is`): it never touches the traceback, so nothing is a
# break. It suppresses the exception. x + 1, y * 2 (2 ops), one graph, no break
# (fullgraph); the second call hits.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class Swallow:
    def __init__(self):
        self.log = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.log.append((len(exc), exc[0] is ZeroDivisionError))
        return True


s = Swallow()


@lasso.capture(fullgraph=True)
def f(x):
    y = x + 1
    with s:
        y = y * 2
        raise ZeroDivisionError
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), s.log)
