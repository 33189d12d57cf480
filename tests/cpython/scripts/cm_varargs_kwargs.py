# __exit__(self, *args, **kw) takes **kwargs, which lasso does not inline: its call at
# the block's end (CALL 2) is a graph break there. f's graph: x + 1 (1 op); generated
# code makes the call (CPython runs __exit__); the resume function after it makes
# y * 2 (1 op). 2 graphs, 1 break, 2 frames; the second call hits both.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: takes **kwargs
import numpy as np

import lasso


class Keywords:
    def __init__(self):
        self.log = []

    def __enter__(self):
        return self

    def __exit__(self, *args, **kw):
        self.log.append((len(args), len(kw)))


k = Keywords()


@lasso.capture
def f(x):
    with k:
        y = x + 1
    return y * 2


x = np.arange(3.0)
for _ in range(2):
    print(f(x), k.log)
