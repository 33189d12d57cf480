# Attribute stores on the caller's object are replayed after the graph, in order: the
# running total and the last input are new arrays each call (same dtype and shape: the
# guards pass, no recompile). One graph of 2 ops (add, the method sum).
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


class State:
    def __init__(self):
        self.total = np.zeros(3)
        self.last = None


@lasso.capture
def step(state, x):
    state.total = state.total + x
    state.last = x
    return state.total.sum()


s = State()
for i in range(3):
    print(step(s, np.full(3, float(i))), s.total, s.last)
print(list(vars(s)))
