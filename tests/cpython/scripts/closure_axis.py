# The axis comes from a closure: the cell's contents are read and guarded as a constant.
# make(0) twice and make(1): the same code, two translations (one recompile); each graph
# a max with keepdims and a sub (2 ops).
# explain: graphs=2 ops=4 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def make(axis):
    @lasso.capture
    def below_peak(x):
        return x.max(axis=axis, keepdims=True) - x

    return below_peak


x = np.array([[1.0, 4.0], [3.0, 2.0]])
print(make(0)(x))
print(make(0)(x))
print(make(1)(x))
