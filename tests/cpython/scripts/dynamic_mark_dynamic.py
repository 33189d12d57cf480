# lasso.mark_dynamic(x, 0) before the first call makes dimension 0 of x a symbol from
# the first translation: f's calls with 4 and 5 rows hit that entry (no recompile).
# g's array is marked on its last dimension (-1): its second call, with 5 columns,
# hits too. Outside capture mark_dynamic returns None; a dimension out of range raises
# IndexError and a list TypeError, captured or not. f: max, min, sub (3 ops); g: mul.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=0 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x.max(axis=1) - x.min(axis=1)


@lasso.capture
def g(y):
    return y * 2


x = np.arange(6.0).reshape(3, 2)
print(lasso.mark_dynamic(x, 0))
print(f(x))
print(f(np.arange(8.0).reshape(4, 2)))
print(f(np.ones((5, 2))))
y = np.ones((2, 3))
lasso.mark_dynamic(y, -1)
print(g(y))
print(g(np.ones((2, 5))))
try:
    lasso.mark_dynamic(x, 2)
except IndexError as e:
    print("IndexError:", e)
try:
    lasso.mark_dynamic([1, 2], 0)
except TypeError as e:
    print("TypeError:", e)
