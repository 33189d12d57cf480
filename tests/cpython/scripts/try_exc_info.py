# sys.exc_info() inside a handler of a traced raise: a call lasso does not model, so
# the break moves to the raise (f's graph: x + 1, 1 op), whose code raises the KeyError
# for real. The resume function at the handler (the exception its argument): y * 2
# (1 op), then exc_info() is a break there, its code making the exception the handled
# one first, so it returns what CPython does. The next resume functions break at the
# POP_EXCEPT of the state they were given, at __name__ of the class, at repr() and at
# tb_lineno (no graph); the last returns. Breaks 1 + 1 + 4, frames 1 + 6.
# explain: graphs=2 ops=2 graph_breaks=6 recompiles=0 frames_captured=7
# explain-reason: call of exc_info() (while handling the exception raised at line
import sys

import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    try:
        raise KeyError("seen")
    except KeyError:
        y = y * 2
        info = sys.exc_info()
    return y, info[0].__name__, repr(info[1]), info[2].tb_lineno


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
print(sys.exc_info())
