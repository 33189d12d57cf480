# A graph break inside a try block (the print): f's graph x + 1 (1 op); the resume
# function after the print starts inside the try with its handlers. k = 0: y * 2 and the
# finally's y + 0.5 (2 ops). k = 1 recompiles the resume function: the ValueError is
# raised and caught in its trace: y * 3, y + 0.5 (2 ops). The third call hits both.
# explain: graphs=3 ops=5 graph_breaks=1 recompiles=1 frames_captured=3
# explain-reason: call of print()
import numpy as np

import lasso


@lasso.capture
def f(x, k):
    y = x + 1
    try:
        print("in try")
        if k:
            raise ValueError("after the break")
        y = y * 2
    except ValueError:
        y = y * 3
    finally:
        y = y + 0.5
    return y


x = np.arange(3.0)
print(f(x, 0))
print(f(x, 1))
print(f(x, 1))
