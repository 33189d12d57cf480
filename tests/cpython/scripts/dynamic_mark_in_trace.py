# lasso.mark_dynamic called inside a captured function, as on minipy: a C function,
# so a graph break at the call (nothing traced before it: no graph); CPython marks the
# array and the resume function's first translation already sees dimension 0 as a
# symbol (x + 1: 1 op). The call with 4 elements fails f's entry (x was (3,)) and
# recompiles f (the dimension changed: a symbol now), breaking at the same call; the
# resume function's entry serves it, and the call with 5 elements hits both.
# explain: graphs=1 ops=1 graph_breaks=2 recompiles=1 frames_captured=3
# explain-reason: call of mark_dynamic()
import numpy as np

import lasso


@lasso.capture
def f(x):
    lasso.mark_dynamic(x, 0)
    return x + 1


for n in (3, 4, 5):
    print(f(np.arange(n)))
