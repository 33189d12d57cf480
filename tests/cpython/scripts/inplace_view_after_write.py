# A view taken after an in-place write into the caller's array must be a view of the
# caller's array, which holds the new values only once generated code has written them.
# f: `x += 1` is a graph of one op (add) whose result is written into x after it; `x[1:]`
# may be a view of x, so it is a graph break: CPython takes the view of the written x,
# and the resume function returns it (no op, no graph). g: the same with `x *= 2`
# (mul) and `x.T`. Each is called once: 2 graphs, 2 ops, 2 breaks, 4 frames (f, g and
# their resume functions). The caller then changes x, and the returned views show it
# as in the plain run.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=4
# explain-reason: which the trace wrote in place
import numpy as np

import lasso


@lasso.capture
def f(x):
    x += 1
    v = x[1:]
    return v


@lasso.capture
def g(x):
    x *= 2
    return x.T


for fn in (f, g):
    a = np.arange(4.0)
    view = fn(a)
    a[2] = 100.0
    print(fn.__name__, view, a)
