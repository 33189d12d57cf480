# Except clauses matched as CPython does, by subclass: a tuple whose second class is a
# base of the exception, and a base class alone. Bad (a LookupError subclass written in
# Python without __init__ or __new__) is a plain exception class: made in the trace.
# k = 0: x + 1; Bad is no TypeError or IndexError, it is a LookupError: y - 1 (2 ops).
# k = 1 recompiles: x + 1; the class ZeroDivisionError raised (made without arguments)
# matches neither tuple, ArithmeticError catches it: y - 2 (2 ops). k = 2 recompiles:
# x + 1, y * 3 (2 ops). The last call (k = 0) hits the first entry.
# explain: graphs=3 ops=6 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


class Bad(LookupError):
    pass


@lasso.capture
def f(x, k):
    y = x + 1
    try:
        if k == 0:
            raise Bad("bad")
        if k == 1:
            raise ZeroDivisionError
        y = y * 3
    except (TypeError, IndexError):
        y = y * 100
    except (KeyError, LookupError):
        y = y - 1
    except ArithmeticError:
        y = y - 2
    return y


x = np.arange(3.0)
for k in (0, 1, 2, 0):
    print(k, f(x, k))
