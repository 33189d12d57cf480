# note() takes **kwargs, so it is not inlined: its call is a graph break. The call is a
# statement and its result (1, 2, 3: a count that grows) is dropped: the code at the
# break pops it, the resume function does not take it, and nothing is guarded on it.
# f's graph holds the add, the resume function's the mul; the second and third calls
# hit both caches (a guard on the result would recompile the resume function twice).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: takes **kwargs
import numpy as np

import lasso

log = []


def note(**kw):
    log.append(kw)
    return len(log)


@lasso.capture
def f(x):
    y = x + 1
    note(at="f")
    return y * 2


for i in range(3):
    print(f(np.arange(3.0)))
print(len(log))
