# keepdims from a global bool: read by value and guarded. KEEP True, True, then False:
# two translations (one recompile), one mean and one sub each.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso

KEEP = True


@lasso.capture
def centered(x):
    return x - x.mean(axis=1, keepdims=KEEP)


x = np.array([[1.0, 3.0], [2.0, 6.0]])
print(centered(x))
print(centered(x))
KEEP = False
print(centered(x))
