# A body that changes a carried value's shape cannot be a while_loop node: the call is
# a graph break, and Python runs lasso.while_loop (which allows it). g's graph is the add
# before the call; the resume function returns the loop's result with no graph, guarded
# on its shapes, which differ between the two calls (the loop runs once, then never).
# explain: graphs=1 graph_breaks=1 ops=1 recompiles=1 frames_captured=3 subgraph_ops=0
# explain-reason: while_loop's body_fn does not return a tuple of tensors of the carried shapes
import numpy as np

import lasso


def body(n, acc):
    return (n - 1, acc.sum())


@lasso.capture
def g(x, n):
    y = x + 1
    return lasso.while_loop(lambda n, acc: n, body, (n, y))


x = np.array([1.0, 2.0])
print(g(x, np.array(1.0)))
print(g(x, np.array(0.0)))
