# A method with a graph break inside (print), inlined from the captured function: graph
# 0 holds what came before the break, the matmul in forward (1 op); the resume
# function holds the rest of forward and of f (tanh, add: 2 ops). `self` is the
# caller's object, live across the break.
# explain: graphs=2 ops=3 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: print
import numpy as np

import lasso


class Model:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        h = x @ self.w
        print("hidden", h.shape)
        return np.tanh(h)


@lasso.capture
def f(m, x):
    return m.forward(x) + 1


m = Model(np.ones((2, 3)))
x = np.arange(4.0).reshape(2, 2)
print(f(m, x))
print(f(m, x))
