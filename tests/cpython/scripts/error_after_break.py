# An exception raised after graph breaks (by code CPython runs) propagates to the caller
# unchanged: same last stderr line. Breaks: f at print (its graph: add); the resume
# function after it at int() of an array (its graph: the method sum); the next one makes
# the ValueError in the trace (a plain exception class; str of the int it gets is
# folded: no graph) and breaks at the raise, which no handler of f catches (its code
# makes the exception and raises it: a break with code, no graph). The break at int()
# discards NULLs of pending calls, which CPython's POP_TOP cannot.
# explain: graphs=2 ops=2 graph_breaks=3 recompiles=0 frames_captured=3
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    print(y)
    raise ValueError("bad value " + str(int(y.sum())))


f(np.arange(3.0))
