# x.size: the product of the sizes, a constant (6) for a (2, 3) array, then s0*3 once
# dimension 0 is dynamic (the second call, 4 rows: a recompile); the third call (5 rows)
# hits. The total divided by the size: sum, truediv (2 ops per graph).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x.sum() / x.size, x.size


for rows in (2, 4, 5):
    print(*f(np.arange(rows * 3.0).reshape(rows, 3)))
