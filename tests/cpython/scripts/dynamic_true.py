# dynamic=True: every size of 2 or more is a symbol from the first translation. x @ y
# of shapes (3, 4) and (4, 5): x's sizes are s0, s1 and y's first size is s1 too (the
# same traced size: one symbol, guarded equal), its second s2. Calls with (6, 7) @ (7, 2)
# and (2, 3) @ (3, 8) hit; (1, 3) @ (3, 2) has a size 1, which s0 >= 2 refuses: a
# recompile, with that size static. One op (matmul) per graph.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture(dynamic=True)
def f(x, y):
    return x @ y


for a, b, c in ((3, 4, 5), (6, 7, 2), (2, 3, 8), (1, 3, 2)):
    print(f(np.arange(float(a * b)).reshape(a, b), np.ones((b, c))))
