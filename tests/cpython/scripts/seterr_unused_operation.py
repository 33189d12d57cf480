# Under np.seterr(all="raise") a division by zero raises FloatingPointError even when
# nothing uses its result. The adapter declares that numpy operations may raise
# (lasso::feature::operations_may_raise), so the graph keeps `x / d` and `x - d`, whose
# results are dropped, next to `x * 2`: one graph of 3 ops (truediv, sub, mul). Calls: d
# of ones (the graph), of zeros (the graph raises at the division, the frame runs
# again as plain Python and raises the same error), of ones again (the graph): one
# translation.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

np.seterr(all="raise")


@lasso.capture
def f(x, d):
    x / d
    unused = x - d
    return x * 2


x = np.arange(1.0, 4.0)
print(f(x, np.ones(3)))
try:
    print(f(x, np.zeros(3)))
except FloatingPointError as err:
    print("raised:", err)
print(f(x, np.ones(3)))
