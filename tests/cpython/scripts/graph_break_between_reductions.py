# lasso.graph_break() between two reductions with keywords: each side keeps its
# keywords on its own node. f's graph: sum along axis 0 (1 op); the resume function's:
# max with keepdims and sub (2 ops).
# explain: graphs=2 ops=3 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: graph_break
import numpy as np

import lasso


@lasso.capture
def f(x):
    s = np.sum(x, axis=0)
    lasso.graph_break()
    m = x.max(axis=1, keepdims=True)
    return m - s


print(f(np.array([[1.0, 2.0], [3.0, 5.0]])))
