# A raise statement inside the block, swallowed by __exit__ (which returns True), and
# one not swallowed. Raising is not traced: f's trace captures x + 1 (1 op) and breaks
# at the call of ValueError (a builtin class); the resume function after it breaks at
# the raise statement itself (no graph), with the block still open: CPython raises
# in the code at the break, under the block's handler, which passes the exception to a
# resume function that starts at that handler (PUSH_EXC_INFO) with an exception lasso
# did not raise: it runs as plain Python (a break, no frame captured), so __exit__ sees
# the exception and swallows it. The same for g, whose __exit__ returns False: the
# caller sees the ValueError. Per function 3 breaks and 2 frames captured.
# explain: graphs=2 ops=2 graph_breaks=6 recompiles=0 frames_captured=4
# explain-reason: raise statement
# explain-reason: push_exc_info of an exception raised outside the trace
import numpy as np

import lasso


class Guard:
    def __init__(self, swallow):
        self.swallow = swallow
        self.seen = []

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.seen.append(None if exc_type is None else str(exc))
        return self.swallow


quiet = Guard(True)
loud = Guard(False)


@lasso.capture
def f(x):
    y = x
    with quiet:
        y = x + 1
        raise ValueError("swallowed")
    return y


@lasso.capture
def g(x):
    y = x
    with loud:
        y = x + 1
        raise ValueError("passed on")
    return y


x = np.arange(3.0)
for _ in range(2):
    print(f(x), quiet.seen)
    try:
        print(g(x))
    except ValueError as e:
        print("raised", e, loud.seen)
