# An exception the trace raised that outlives the trace (appended to a list of the
# caller) must be the one CPython raised, with its __traceback__: lasso makes it in
# the interpreter. f: x + 1 (1 op), a break at the call of ValueError (where it was
# made); the resume function after it breaks at the raise of that value (no graph); the
# one at the handler, the exception its argument, appends it and traces y * 2 (1 op).
# An exception made and not raised (g's KeyError) is rebuilt by calling its class: g's
# graph x - 1 (1 op), no break. The second call of f hits every entry.
# explain: graphs=3 ops=3 graph_breaks=2 recompiles=0 frames_captured=4
# explain-reason: raised during tracing is returned or stored
import numpy as np

import lasso


@lasso.capture
def f(x, errors):
    y = x + 1
    try:
        raise ValueError("kept")
    except ValueError as e:
        errors.append(e)
        y = y * 2
    return y


@lasso.capture
def g(x):
    e = KeyError("never raised")
    return x - 1, e


errors = []
print(f(np.arange(3.0), errors))
print(f(np.arange(3.0), errors))
print([(repr(e), e.__traceback__ is not None, e.__traceback__.tb_lineno) for e in errors])
y, e = g(np.arange(3.0))
print(y, repr(e), e.__traceback__, e.__context__)
