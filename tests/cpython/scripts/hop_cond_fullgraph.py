# Under fullgraph, a cond whose branch has a side effect raises RuntimeError with the
# reason (nothing compiled, no record); a cond of traceable branches in another
# fullgraph function is one graph: maximum, cond, getitem (3 ops), subgraph mul and add.
# Plain, both just run; the script prints the same either way.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=2
import os

import numpy as np

import lasso

seen = []


def noisy(a):
    seen.append(1)
    return a


@lasso.capture(fullgraph=True)
def bad(x, p):
    return lasso.cond(p, noisy, lambda a: a + 1, (x,))


@lasso.capture(fullgraph=True)
def good(x, p):
    y = np.maximum(x, 0)
    return lasso.cond(p, lambda a: a * a, lambda a: a + 10, (y,))


x = np.array([-1.0, 2.0])
try:
    print(bad(x, np.array([1.0])))
except RuntimeError as e:
    assert os.environ.get("LASSO_DISABLE") != "1"
    assert "changes something outside it" in str(e), str(e)
    print(x)
print(good(x, np.array([1.0])))
print(good(x, np.array([0.0])))
