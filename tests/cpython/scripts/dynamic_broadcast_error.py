# Broadcasting of symbolic sizes. f(x, y) = x + y with sizes (3, 3): static; (4, 4):
# both dimensions become dynamic and share one symbol (one traced size), y's guarded
# equal to x's; (5, 1): that guard fails, and y's size 1 stays static (the sum is
# (s0,)); (5, 6): two symbols that do not broadcast: the add is refused with numpy's
# reason, a graph break before it (no graph: nothing before the add), and CPython
# raises numpy's ValueError at the add. (7, 7) hits the newest entry, that break: the
# add runs in CPython and the resume function is translated (its graph has no
# operation). f: four translations (three recompiles), one op in three graphs; frames
# captured: f's four and the resume function's one.
# explain: graphs=3 ops=3 graph_breaks=1 recompiles=3 frames_captured=5
# explain-reason: could not be broadcast
import numpy as np

import lasso


@lasso.capture
def f(x, y):
    return x + y


for m, n in ((3, 3), (4, 4), (5, 1), (5, 6), (7, 7)):
    try:
        print(f(np.arange(float(m)), np.ones(n)))
    except ValueError as e:
        print("ValueError:", e)
