# while_loop with a carried value that is no array (a Python float): lasso refuses the
# call (a graph break with the reason), and the plain implementation raises TypeError,
# which the script catches and prints. g's graph is the mul before the call. The
# handler is entered with an exception raised outside the trace: its resume function
# is unsupported (counted among graph_breaks: 2) and runs as plain Python.
# explain: graphs=1 graph_breaks=2 ops=1 recompiles=0 frames_captured=1
# explain-reason: while_loop() with
import numpy as np

import lasso


@lasso.capture
def g(x):
    y = x * 2
    try:
        return lasso.while_loop(lambda a, b: a > 0, lambda a, b: (a - 1, b), (y, 1.5))
    except TypeError as e:
        return str(e)


print(g(np.array(2.0)))
