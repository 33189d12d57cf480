# A comptime callback made in the traced code (a lambda without free variables) is
# made with the frame's globals and run; a callback of a context kept past its run
# raises RuntimeError when used. f's graph: add (1 op).
# explain: graphs=1 graph_breaks=0 ops=1 recompiles=0 frames_captured=1
import os

import numpy as np

import lasso

kept = []


@lasso.capture
def f(x):
    lasso.comptime(lambda ctx: kept.append(ctx))
    return x + 1


print(f(np.arange(2.0)))
if os.environ.get("LASSO_DISABLE") != "1":
    assert len(kept) == 1
    try:
        kept[0].print_graph()
        raise AssertionError("a dead context ran")
    except RuntimeError as e:
        assert "after its callback returned" in str(e), str(e)
print("ok")
