# __context__ of an exception raised inside a handler: not modelled in the trace (an
# attribute of an exception lasso made), so the break moves to the first raise (f's
# graph x + 1, 1 op). The resume function at the inner handler: y * 2 (1 op), and the
# ValueError raised there is traced until its handler reads __context__: the break moves
# to that raise, whose code raises it, with its __context__ set by CPython. Then one
# break each, no graph: the cleanup's POP_EXCEPT, its RERAISE; the outer handler's
# resume function traces y - 1 (1 op) and breaks at e.__context__; then its POP_EXCEPT,
# repr(); the last returns. Breaks 7, frames 8.
# explain: graphs=3 ops=3 graph_breaks=7 recompiles=0 frames_captured=8
# explain-reason: attribute '__context__' of a 'ValueError' exception made during tracing
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    try:
        try:
            raise KeyError("first")
        except KeyError:
            y = y * 2
            raise ValueError("second")
    except ValueError as e:
        y = y - 1
        ctx = e.__context__
    return y, repr(ctx)


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
