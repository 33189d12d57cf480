# map_rows of an array with no rows: lasso refuses (a graph break, "no rows"), and the
# plain implementation's numpy.stack of nothing raises ValueError, caught by the frame
# in its handler. f's graph is the add before the call. The handler is entered with an
# exception raised outside the trace, which is traced in the resume function that starts
# there: the class matches, and `str(e)` of an exception from outside is a break
# (call_pure declines it); the next resume function breaks at the handler's pop_except
# of the exception it was given; the last one returns. Breaks: the refused call, str(e),
# pop_except (3); frames: f and three resume functions (4), graphs: only the first has
# an op.
# explain: graphs=1 graph_breaks=3 ops=1 recompiles=0 frames_captured=4
# explain-reason: map_rows() of a tensor with no rows
import numpy as np

import lasso


@lasso.capture
def f(xs):
    ys = xs + 1
    try:
        return lasso.map_rows(lambda row: row * 2, ys, ())
    except ValueError as e:
        return "ValueError: " + str(e)


print(f(np.zeros((0, 3))))
