# while_loop with a carried value that is no array (a Python float): lasso refuses the
# call (a graph break with the reason), and the plain implementation raises TypeError,
# which the script catches and prints. g's graph is the mul before the call. The handler
# is entered with an exception raised outside the trace, which is traced in the resume
# function that starts there: the class matches, and `str(e)` of an exception from
# outside is a break (call_pure declines it); the next resume function breaks at the
# handler's pop_except of the exception it was given; the last one returns. Breaks: the
# refused call, str(e), pop_except (3); frames: g and three resume functions (4),
# graphs: only the first has an op.
# explain: graphs=1 graph_breaks=3 ops=1 recompiles=0 frames_captured=4
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
