# v = t.T is a view of t, so t += 1 would change v too, which the trace holds apart: a
# break at += after mul and T (two ops); numpy runs the += on the real t, and v shows it.
# The resume function only returns v and t (no graph).
# explain: graphs=1 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: may share memory
import numpy as np

import lasso


@lasso.capture
def f(x):
    t = x * 1.0
    v = t.T
    t += 1
    return v, t


a = np.arange(6.0).reshape(2, 3)
v, t = f(a)
print(v, t)
