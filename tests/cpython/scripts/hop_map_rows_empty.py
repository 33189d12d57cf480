# map_rows of an array with no rows: lasso refuses (a graph break, "no rows"), and the
# plain implementation's numpy.stack of nothing raises ValueError, caught by the frame
# in its handler. f's graph is the add before the call. The handler is entered with an
# exception raised outside the trace, which the adapter does not trace: its resume
# function is unsupported (counted among graph_breaks: 2) and runs as plain Python.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
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
