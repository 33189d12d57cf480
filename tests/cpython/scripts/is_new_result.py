# `is` between two arrays of the trace is not folded: numpy does not make every result a
# new object (a numpy scalar's `.T` is itself, an in-place operator returns its left
# operand), so the adapter does not declare tensor_results_are_new and the comparison
# is a graph break, after which CPython compares the real objects (False here). f's
# graph: add (1 op); the resume function's: mul (1 op).
# explain: graphs=2 graph_breaks=1 ops=2 recompiles=0 frames_captured=2
# explain-reason: identity comparison ('is') of a tensor and a tensor
import numpy as np

import lasso


@lasso.capture
def f(x):
    y = x + 1
    same = y is x
    return y * 2, same


print(f(np.arange(3.0)))
print(f(np.arange(3.0)))
