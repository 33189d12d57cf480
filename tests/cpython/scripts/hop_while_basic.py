# while_loop with a counter and an accumulator: one node with the condition's subgraph
# (gt: 1 op) and the body's (sub, mul: 2 ops). Frame ops: while_loop and the getitem of
# each carried value (3). Another count is no recompile.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=3
import numpy as np

import lasso


def body(n, acc):
    return (n - 1, acc * 2)


def check(n, acc):
    return n > 0


@lasso.capture
def g(x, n):
    n, acc = lasso.while_loop(check, body, (n, x))
    return acc, n


x = np.array([1.0, 2.0])
print(g(x, np.array(3)))
print(g(x, np.array(0)))
print(g(x, np.array(5)))
