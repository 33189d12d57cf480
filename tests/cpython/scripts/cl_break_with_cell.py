# A graph break in a function with a cell: `y` is a cell (add_y reads it), made by
# MAKE_CELL when the frame starts. Graph 0: the add (1 op); the resume function gets
# the frame's cells as its closure and inlines add_y: add and mul (2 ops).
# explain: graphs=2 ops=3 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1

    def add_y(v):
        return v + y

    print("break")
    return add_y(x) * 2


print(f(np.ones(3)))
print(f(np.arange(3.0)))
