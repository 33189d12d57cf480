# A global float is read by value and guarded: changing it recompiles. Calls: SCALE 3.0
# twice (one translation, one hit), then 4.0 (a recompile). One mul per graph.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso

SCALE = 3.0


@lasso.capture
def scaled(x):
    return x * SCALE


x = np.arange(3.0)
print(scaled(x))
print(scaled(x))
SCALE = 4.0
print(scaled(x))
