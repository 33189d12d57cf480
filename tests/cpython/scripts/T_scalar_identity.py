# A numpy scalar's T is the scalar itself (an array's is a new view): the T node reads
# the attribute, so `is` after it sees what plain numpy gives. `is` between two arrays
# cannot be decided at trace time: a graph break there, after the T node (f's graph: 1
# op); the resume function returns the flag and the T (no op, no graph). A float64
# scalar, then an array: f and its resume function are each translated twice (a
# recompile each: the tensor guard), f's graph and break each time.
# explain: graphs=2 ops=2 graph_breaks=2 recompiles=2
# explain-reason: identity comparison
import numpy as np

import lasso


@lasso.capture
def same(s):
    t = s.T
    return t is s, t


print(same(np.float64(2.5)))
print(same(np.arange(2.0)))
