# A raise statement inside the block, swallowed by __exit__ (which returns True), and
# one not swallowed. The ValueError is made in the trace and the raise is traced to the
# block's handler, but __exit__ (inlined there) calls str(exc), which lasso does not
# make: the break moves to the raise. f's trace captures x + 1 (1 op) and breaks at the
# raise, with the block still open: CPython raises in the code at the break, under the
# block's handler, which passes the exception to a resume function that starts at that
# handler. Each step lasso leaves to CPython there is a break with no graph:
# WITH_EXCEPT_START (CPython calls __exit__, which sees the exception and swallows it),
# then in the next resume function the POP_EXCEPT of the state it was given; the last
# one returns y (a value of its frame: no graph, no break). f: 3 breaks, 4 frames. g,
# whose __exit__ returns False, the same up to WITH_EXCEPT_START, then the RERAISE of
# the exception (raised outside the trace), the cleanup handler's POP_EXCEPT and its
# RERAISE: 5 breaks, 5 frames; the caller sees the ValueError. The second round hits
# every cache.
# explain: graphs=2 ops=2 graph_breaks=8 recompiles=0 frames_captured=9
# explain-reason: (while handling the exception raised at line
# explain-reason: with_except_start: the exceptional exit of a with block is not captured
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
