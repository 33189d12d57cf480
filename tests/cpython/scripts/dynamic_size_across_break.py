# A size live across a graph break: f's graph computes x * 2 and outputs n (the call's
# size once it is a symbol), the print at the break shows it, and the resume function
# gets n as an int argument: a constant when first seen, a symbol once it changed (the
# same symbol as y's size: one traced value). Sizes 2, 3, 4, 3: f and its resume
# function recompile once each (at 3), the calls with 4 and 3 hit. f: mul; the resume
# function: add of y and n.
# explain: graphs=4 ops=4 graph_breaks=2 recompiles=2 frames_captured=4
# explain-reason: print
import numpy as np

import lasso


@lasso.capture
def f(x):
    n = x.shape[0]
    y = x * 2
    print("n =", n)
    return y + n


for n in (2, 3, 4, 3):
    print(f(np.arange(float(n))))
