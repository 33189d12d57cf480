# abs() of a numpy scalar argument (a 0-d tensor) keeps the scalar's type, as the builtin
# does: one graph of abs and add (2 ops) per dtype; int64 then float32 (a recompile).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def magnitude(s):
    return abs(s) + 1


for s in (np.int64(-3), np.int64(4), np.float32(-2.5)):
    r = magnitude(s)
    print(r, type(r).__name__)
