# str(e) and e.args in a handler: not modelled for an exception lasso made, so the
# break moves to the raise (f's graph x * 2, 1 op). The resume function at the handler:
# y + 1 (1 op), then str() of the exception is a break; the next ones break at e.args
# and at the POP_EXCEPT of the state they were given (no graph); the last returns.
# explain: graphs=2 ops=2 graph_breaks=4 recompiles=0 frames_captured=5
# explain-reason: call of str() on a 'ValueError' exception made during tracing
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    try:
        raise ValueError("the message", 2)
    except ValueError as e:
        y = y + 1
        msg = str(e)
        n = len(e.args)
    return y, msg, n


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
