# Indexing a 0-d operand: numpy scalars and 0-d arrays answer differently (s[()] of a
# numpy scalar is itself), which lasso's metadata does not tell apart, so x.sum()[()]
# is a graph break with that reason. f's graph holds the sum; the resume function adds 1.
# explain: graphs=2 ops=2 graph_breaks=1 recompiles=0 frames_captured=2
# explain-reason: 0-d array or numpy scalar
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x.sum()[()] + 1


r = f(np.arange(4.0))
print(r, type(r).__name__)
