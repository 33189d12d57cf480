# Sizes start static: a call with a new shape fails the tensor guard and recompiles (the
# changed dimension is a symbol from then on: automatic dynamic shapes). Calls with (3,),
# (3,), (4,), (4,): two translations (the second a recompile), 2 ops each.
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x * 2 + 1


for n in (3, 3, 4, 4):
    print(f(np.arange(float(n))))
