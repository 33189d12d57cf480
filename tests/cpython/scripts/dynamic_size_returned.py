# Sizes returned and printed. f returns x + 1 with x.shape[0] * 2 + 1 and len(x) - 1:
# once dimension 0 is a symbol the graph's outputs hold 2*s0 + 1 and s0 - 1, computed
# from each call's array. g returns a size alone: its static first translation returns
# a constant and compiles no graph; the symbolic one compiles a graph of no operation
# whose output is 3*s0. Calls with 2, 3, 5 and 8 elements: each function recompiles
# once. f: add (1 op) per graph; g: none.
# explain: graphs=3 ops=2 graph_breaks=0 recompiles=2 frames_captured=4
import numpy as np

import lasso


@lasso.capture
def f(x):
    return x + 1, x.shape[0] * 2 + 1, len(x) - 1


@lasso.capture
def g(x):
    return x.shape[0] * 3


for n in (2, 3, 5, 8):
    x = np.arange(float(n))
    print(f(x), g(x))
