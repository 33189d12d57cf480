# `nonlocal` across a graph break: the cell `count` belongs to f's frame; bump (made in
# the trace) stores into it before the break and after it. Graph 0: bump's add (1 op),
# then the cell holds 1 and print shows it; the resume function, whose closure holds
# the frame's cells, makes bump's second call: its add (1 op), the cell now 2.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    count = 0

    def bump(v):
        nonlocal count
        count += 1
        return v + count

    a = bump(x)
    print("between", count)
    b = bump(a)
    return b, count


print(f(np.ones(2)))
print(f(np.zeros(2)))
