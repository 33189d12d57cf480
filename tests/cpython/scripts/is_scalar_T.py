# A numpy scalar's `.T` is the scalar itself, so `s.T is s` is True in CPython: a fact
# that would be folded to False if the adapter declared tensor_results_are_new. The
# comparison is a graph break and CPython answers True. f's graph: T (1 op); the resume
# function's: add (1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-reason: identity comparison ('is') of a tensor and a tensor
import numpy as np

import lasso


@lasso.capture
def f(s):
    t = s.T
    return t is s, t + 1


print(f(np.float64(2.5)))
print(f(np.float64(2.5)))
