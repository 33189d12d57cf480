# A contextlib.contextmanager generator as a context manager: not modelled (its
# __enter__ and __exit__ run a generator). The call `opened(2.0)` is a break (the
# decorator's wrapper is a function of contextlib, whose globals are not the captured
# frame's: no graph); the resume function breaks at BEFORE_WITH on the
# _GeneratorContextManager (no graph) and CPython runs __enter__ (the generator up to
# its yield); the next resume function traces x * k (1 op) and breaks at the call of
# the bound __exit__ (contextlib's function, not inlined for the same reason); the last
# one returns (no graph). Per call "open" and "close" are logged once.
# explain: graphs=1 ops=1 graph_breaks=3 recompiles=0 frames_captured=4
# explain-reason: with block of a '_GeneratorContextManager' object
import contextlib

import numpy as np

import lasso

log = []


@contextlib.contextmanager
def opened(k):
    log.append("open")
    yield k
    log.append("close")


@lasso.capture
def f(x):
    with opened(2.0) as k:
        y = x * k
    return y


x = np.arange(3.0)
print(f(x), log)
print(f(x), log)
