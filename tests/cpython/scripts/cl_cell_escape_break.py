# A closure made before a graph break reads a cell that changes after it: the
# function returned must see the cell's last value. Graph 0: the add (1 op); the
# resume function, with the frame's cells as its closure, stores `state * 3` into the
# same cell (1 op).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: graph_break
import numpy as np

import lasso


@lasso.capture
def f(x):
    state = x + 1

    def get():
        return state

    lasso.graph_break()
    state = state * 3
    return get


for _ in range(2):
    g = f(np.ones(2))
    print(g(), g.__code__.co_freevars)
