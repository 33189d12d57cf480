# __enter__ and __exit__ that print: neither can be inlined. The print in __enter__
# ends f's trace at BEFORE_WITH (graph: x * 2, 1 op), and CPython enters the block; the
# resume function after it gets the bound __exit__ and __enter__'s result (`k`), traces
# y + k (1 op) and breaks inside the inlined __exit__ at its print; the resume
# function of that inlined frame ends the call with no op. Each print shows once per
# call: __enter__ and __exit__ run once.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: __enter__
import numpy as np

import lasso


class Loud:
    def __enter__(self):
        print("enter")
        return 3

    def __exit__(self, exc_type, exc, tb):
        print("exit", exc_type)
        return False


@lasso.capture
def f(x):
    y = x * 2
    with Loud() as k:
        y = y + k
    return y


x = np.arange(3.0)
print(f(x))
print(f(x))
