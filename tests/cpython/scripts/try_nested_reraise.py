# Nested try blocks, the inner handler re-raising with a bare raise (RAISE_VARARGS 0,
# which lasso does not trace). k = 0: x * 1, y + 1 (2 ops). k = 1 recompiles: x * 1, then
# the IndexError is raised in the trace, but the bare raise in its handler cannot be
# followed, so the break moves to the first raise (its graph: x * 1, 1 op), whose code
# raises the IndexError. A resume function starts at the inner handler with it (its class
# guarded): the clause matches, y + 2 (1 op), and the bare raise is a break there. The
# exception reaches the handler's cleanup: a resume function whose POP_EXCEPT (of the
# state it was given) is a break, the next one's RERAISE (of an exception raised outside
# the trace) too, no graph in either. The last resume function starts at the outer
# handler: LookupError matches, y * 5 (1 op). The third call hits every entry.
# Graphs f 2 (2 + 1 ops) + 2; breaks 4; frames f 2 + 4 resume functions.
# explain: graphs=4 ops=5 graph_breaks=4 recompiles=1 frames_captured=6
# explain-reason: while handling the exception raised at line
# explain-reason: re-raise of an exception raised outside the trace
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    y = x * 1
    try:
        try:
            if k:
                raise IndexError("inner")
            y = y + 1
        except IndexError:
            y = y + 2
            raise
        except ValueError:
            y = y + 3
    except LookupError:
        y = y * 5
    return y


x = np.arange(3.0)
print(f(x, 0))
print(f(x, 1))
print(f(x, 1))
