# An int8 array plus a 0-d int64 array: numpy 1.x picks the result dtype from the 0-d
# value (5 keeps int8, 300 makes int16), which metadata does not hold, so the add is
# refused with that reason: a graph break at the add, which CPython runs, so the dtypes
# printed are numpy's own. No op before or after it: no graph. The second call hits f's
# entry (same dtypes and shapes), but the resume function after the add receives its
# result, int8 then int16: a recompile of the resume function (3 translations in all).
# explain: graphs=0 ops=0 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: value-based casting
import numpy as np

import lasso


@lasso.capture
def f(x, s):
    return x + s


for v in (5, 300):
    r = f(np.arange(3, dtype=np.int8), np.array(v))
    print(r, r.dtype)
