# A numpy scalar argument (np.float32(2.5)) is a tensor of shape (), guarded on its
# dtype, not a constant: the second call, another value, hits. float32 * float32 array
# stays float32. A Python float in its place (a constant, another guard) is a recompile,
# and numpy 1.x's rules keep the float32 array's dtype then too.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def scale(x, s):
    return x * s


x = np.arange(3, dtype=np.float32)
for s in (np.float32(2.5), np.float32(3.5), 2.5):
    r = scale(x, s)
    print(r, r.dtype, type(r).__name__)
