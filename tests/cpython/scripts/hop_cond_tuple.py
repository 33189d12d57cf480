# Branches that return tuples of two arrays: one cond node with two results, read by
# two getitems. Frame ops: mean, gt, cond, getitem, getitem, add (6). Subgraph ops: the
# true branch's add and sub, the false branch's mul and truediv (4). The operands are
# read from a global function of the module (`from lasso import cond`).
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1 subgraph_ops=4
import numpy as np

from lasso import capture, cond


def yes(a, b):
    return a + b, a - b


def no(a, b):
    return a * b, a / b


@capture
def f(x, y):
    s, d = cond(x.mean() > 0, yes, no, (x, y))
    return s + d


x = np.array([1.0, 2.0, 3.0])
y = np.array([2.0, 4.0, 8.0])
print(f(x, y))
print(f(-x, y))
