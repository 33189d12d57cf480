# A threading.Lock as a context manager: a C object, not modelled. f's trace breaks at
# BEFORE_WITH naming it (no graph) and CPython acquires the lock; the resume function
# traces x + 1 (1 op) and breaks at the call of the bound lock.__exit__, a builtin
# method made on each call: guarded by identity, so the second call recompiles the
# resume function (a second graph of 1 op, a second break); the last resume function
# returns (no graph). The lock is released after each call.
# explain: graphs=2 ops=2 graph_breaks=3 recompiles=1 frames_captured=4
# explain-reason: with block of a '_thread.lock' object
import threading

import numpy as np

import lasso

lock = threading.Lock()


@lasso.capture
def f(x):
    with lock:
        y = x + 1
    return y


x = np.arange(3.0)
print(f(x), lock.locked())
print(f(x), lock.locked())
