# np.errstate, a context manager lasso cannot model (its __init__, __enter__ and
# __exit__ are no functions lasso inlines: numpy's class with C-level state). f's trace
# breaks at the call `np.errstate(divide="ignore")` (no graph before it); the resume
# function after the call breaks at BEFORE_WITH, naming it (no graph), and CPython
# enters the block; the next resume function traces x / d (1 op) and breaks at the
# call of the bound errstate.__exit__; the last one returns (no graph). Per call:
# 3 breaks, 4 frames with code. The result under ignore is CPython's (inf, no
# FloatingPointError).
# explain: graphs=1 ops=1 graph_breaks=3 recompiles=0 frames_captured=4
# explain-reason: with block of a 'errstate' object
import numpy as np

import lasso

np.seterr(all="raise")


@lasso.capture
def f(x, d):
    with np.errstate(divide="ignore"):
        y = x / d
    return y


x = np.arange(1.0, 4.0)
print(f(x, np.zeros(3)))
print(f(x, np.ones(3)))
