# x += z changes the caller's array: traced as x + z (the graph holds mul, add and the
# sub of the return), with the write into x replayed after the graph, so the caller sees
# its array changed exactly as plain numpy leaves it. No break.
# explain: graphs=1 ops=3 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    z = y * 2
    x += z
    return x - 1


a = np.arange(3.0)
print(f(a, np.ones(3)))
print(a)
