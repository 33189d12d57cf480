# numpy's mean keeps float32 along an axis and turns ints into float64; sum of uint8
# along an axis is uint64. One graph: mean, sum (2 ops) per dtype; float32 then uint8 (a
# recompile).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def stats(x):
    return x.mean(axis=0), x.sum(axis=1)


for dtype in (np.float32, np.uint8):
    m, s = stats(np.arange(6, dtype=dtype).reshape(2, 3))
    print(m, m.dtype, s, s.dtype)
