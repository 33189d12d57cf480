# dynamic=False: sizes stay static, every new shape recompiles. Calls with 3, 4, 5 and
# 4 elements: three graphs (two recompiles), the last call hits the second. Each graph:
# mean, sub (2 ops).
# explain: graphs=3 ops=6 graph_breaks=0 recompiles=2 frames_captured=3
import numpy as np

import lasso


@lasso.capture(dynamic=False)
def f(x):
    return x - x.mean()


for n in (3, 4, 5, 4):
    print(n, f(np.arange(float(n)) ** 2))
