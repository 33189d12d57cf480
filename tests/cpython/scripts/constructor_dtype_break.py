# np.zeros(3, dtype=object): a dtype that is no numeric one (its arrays are no tensors,
# and `object` is no dtype lasso passes by name), so the call is a graph break with that
# reason and CPython runs it. f's graph holds the np.ones_like before it, the resume
# function's the mul after it (the object array is passed through as an opaque value).
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: keyword argument 'dtype'
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = np.ones_like(x)
    z = np.zeros(3, dtype=object)
    return y * 2, z


r, z = f(np.arange(3, dtype=np.int8))
print(r, r.dtype, z, z.dtype)
