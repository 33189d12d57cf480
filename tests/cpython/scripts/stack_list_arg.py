# A list of arrays passed in: its items are inputs (the list's length is guarded), and
# np.stack and np.concatenate take the list itself. One graph: stack, concatenate, sub (3
# ops); a list of three arrays is a recompile.
# explain: graphs=2 ops=6 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def spread(arrays):
    return np.stack(arrays, axis=1), np.concatenate(arrays) - 1


print(spread([np.arange(3.0), np.ones(3)]))
print(spread([np.arange(3.0), np.ones(3), np.zeros(3)]))
