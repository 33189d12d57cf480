# `for row in x` over an array of static length is unrolled: each row is the subscript
# x[i], passed as the tuple (i,) as every subscript is (tensor_slicing), so the loop is
# captured (map_rows takes its row the same way). One graph: for each of the 3 rows a
# getitem, a mul and an add (`0 + row * 2` first): 9 ops.
# explain: graphs=1 graph_breaks=0 ops=9 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def f(x):
    s = 0
    for row in x:
        s = s + row * 2
    return s


print(f(np.arange(6.0).reshape(3, 2)))
print(f(np.arange(6.0).reshape(3, 2)))
