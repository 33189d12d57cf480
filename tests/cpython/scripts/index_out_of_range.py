# An index out of range: y[5] of a 3-element array. The shape rule refuses it as numpy
# raises IndexError: the graph so far (mul) is compiled, and CPython runs the subscript,
# which raises the same IndexError as the plain run (the same last stderr line and exit
# status).
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: index 5 is out of bounds for axis 0 with size 3
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x * 2
    return y[5]


print("start")
f(np.ones(3))
