# The edges of an int argument made a symbol. f(x, k) = x * k with k = 2 (a constant),
# 3 (k becomes a symbol s0: a recompile), 2**64 (beyond 64 bits: no constant and no
# symbol, an opaque int with a type guard of its own, so s0's guard fails and the
# recompile breaks at the multiplication with it: numpy makes an object array in
# CPython, and the resume function returns it, with no graph), 5 (hits s0's entry),
# -5 and 1 (negative ints and 0 and 1 stay constants: a recompile each).
# f: five translations (four recompiles), graphs for 2, s0, -5 and 1 (mul each);
# frames captured: f's five and the resume function's one.
# explain: graphs=4 ops=4 graph_breaks=1 recompiles=4 frames_captured=6
# explain-reason: mul() on a 'int (beyond 64 bits)' object
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    return x * k


x = np.arange(3.0)
for k in (2, 3, 2**64, 5, -5, 1):
    r = f(x, k)
    print(k, r, r.dtype)
