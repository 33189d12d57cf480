# numpy raising inside a try block. f: under np.seterr(all="raise"), x + 1, y / z
# (2 ops); with z all zeros the compiled graph raises FloatingPointError at run time,
# and lasso runs the frame again from its start as plain Python, whose except clause
# catches it; the third call hits. g: x + z (1 op); z of shape (2,) fails the shape
# guard and recompiles (its size symbolic): the shape rule sees the mismatch, a break at
# the add with no graph, whose code raises numpy's ValueError; a resume function at the
# handler (the exception's class guarded) returns x, no graph.
# explain: graphs=2 ops=3 graph_breaks=1 recompiles=1 frames_captured=4
# explain-reason: could not be broadcast
import numpy as np

import lasso

np.seterr(all="raise")


@lasso.capture
def f(x, z):
    y = x + 1
    try:
        y = y / z
    except FloatingPointError:
        y = y * 0
    return y


@lasso.capture
def g(x, z):
    try:
        return x + z
    except ValueError:
        return x


x = np.arange(1.0, 4.0)
print(f(x, np.ones(3)))
print(f(x, np.zeros(3)))
print(f(x, np.ones(3)))
print(g(x, np.ones(3)))
print(g(x, np.ones(2)))
