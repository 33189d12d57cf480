# A graph break inside a closure made in the trace (print in show, which reads the
# cell `y`): the graph breaks at the call of show, which generated code makes (its cell
# holds the graph's output `y`) and CPython runs as plain Python (print, then its add).
# Graph 0: the mul (1 op); the resume function, starting with show's result on the
# stack: the sub (1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: not inlined: call of print()
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2

    def show(v):
        print("v", v.shape)
        return v + y

    return show(x) - 1


print(f(np.ones(2)))
print(f(np.arange(2.0)))
