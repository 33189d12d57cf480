# A raise inside the block whose __exit__ (inlined, reading nothing of the exception)
# returns False, with no handler in the function: the trace follows the exit, RERAISE 2
# and the cleanup, whose RERAISE 1 would leave the function with an exception CPython
# records (its traceback): a break, moved to the raise. f's graph: x + 1, y * 2 (2 ops),
# then generated code raises under the block's handler and the resume functions break
# at WITH_EXCEPT_START (CPython runs __exit__ once), the RERAISE of the exception given
# to them, the cleanup's POP_EXCEPT and its RERAISE: 5 breaks, 5 frames, one graph. The
# caller sees the ValueError and one exit per call; the second round hits every cache.
# explain: graphs=1 ops=2 graph_breaks=5 recompiles=0 frames_captured=5
# explain-reason: leaves the function
import numpy as np

import lasso


class Loud:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit")
        return False


loud = Loud()


@lasso.capture
def f(x):
    y = x + 1
    with loud:
        y = y * 2
        raise ValueError("out")
    return y


x = np.arange(3.0)
for _ in range(2):
    try:
        print(f(x))
    except ValueError as e:
        print("raised", e, loud.log)
