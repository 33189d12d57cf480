# A branch on an array's value breaks the graph at the jump: f's graph holds mul, the
# method sum() and the comparison (3 ops); each branch target has its own resume function
# (the first call takes the true branch: add, the second the false one: sub).
# explain: graphs=3 ops=5 graph_breaks=1 recompiles=0 frames_captured=3
# explain-reason: branch on a tensor
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    if y.sum() > 0:
        return y + 1
    return y - 1


print(f(np.arange(3.0)))
print(f(-np.arange(3.0)))
