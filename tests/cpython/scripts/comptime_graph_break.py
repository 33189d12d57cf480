# lasso.comptime.graph_break() breaks the graph where it is called (an explicit break);
# plain it does nothing. f's graph: mul (1 op); the resume function's: add (1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-reason: comptime.graph_break()
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    lasso.comptime.graph_break()
    return y + 1


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
