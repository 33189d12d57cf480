# An exception class with a __del__ is not plain: an exception made only in the trace
# would never run it. Its call is a graph break (f's graph x + 1, 1 op), the raise of the
# value it made another (no graph); the resume function at the handler (its class
# guarded) traces y * 2 (1 op). __del__ prints when CPython drops the exception, before
# the result is printed, as plain. The second call hits every entry.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: call of class 'Noisy'
import numpy as np

import lasso


class Noisy(Exception):
    def __del__(self):
        print("deleted", self.args)


@lasso.capture
def f(x):
    y = x + 1
    try:
        raise Noisy("n")
    except Noisy:
        y = y * 2
    return y


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
