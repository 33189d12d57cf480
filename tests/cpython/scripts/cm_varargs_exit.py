# __exit__(self, *args) and __exit__(self, exc_type, *rest) are inlined at the block's
# normal end: the extra positional arguments are a tuple the trace makes, (None, None,
# None) and (None, None), so len(args) folds to 3, args[0] is None to True and
# len(rest) to 2. f: x + 1, y * 2 (2 ops); g: x * 3 (1 op). One graph each, no break
# (fullgraph); the second round hits both caches and the logs grow the same way.
# explain: graphs=2 ops=3 graph_breaks=0 recompiles=0 frames_captured=2
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *args):
        self.log.append(len(args))
        self.log.append(args[0] is None)
        return False


class Rest:
    def __init__(self):
        self.log = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *rest):
        self.log.append((exc_type is None, len(rest)))


m = Logged()
r = Rest()


@lasso.capture(fullgraph=True)
def f(x):
    with m:
        y = x + 1
    return y * 2


@lasso.capture(fullgraph=True)
def g(x):
    with r:
        y = x * 3
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), m.log)
    print(g(x), r.log)
