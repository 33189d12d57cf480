# A graph break in a function whose argument is a cell (g reads `x`): the argument
# shares its localsplus slot with the cell. Nothing before the break is an operation
# (no graph); the resume function, whose closure holds the cell, stores `x * 10` into it
# and inlines g, which reads the new value: mul, add (2 ops).
# explain: graphs=1 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: graph_break
import numpy as np

import lasso


@lasso.capture
def f(x):
    def g():
        return x + 1

    lasso.graph_break()
    x = x * 10
    return g()


print(f(np.ones(2)))
print(f(np.arange(2.0)))
