# len(o) whose __len__ returns a negative number: CPython raises ValueError ("__len__()
# should return >= 0"); lasso cannot fold it and breaks at the call with that reason, so
# CPython runs len() and raises the same error. bool(o) of the same object raises it
# too (truth by __len__). f's graph holds x * 2 (1 op); the break's resume function never
# starts (the call raised), so 1 graph, 1 break, 1 frame captured. The script catches
# both errors and prints their messages, the same in every run.
# explain: graphs=1 ops=1 graph_breaks=1 recompiles=0 frames_captured=1
# explain-reason: returned a negative length
import numpy as np

import lasso


class Bad:
    def __len__(self):
        return -1


@lasso.capture
def f(o, x):
    y = x * 2
    return y, len(o)


try:
    f(Bad(), np.arange(3.0))
except ValueError as e:
    print("ValueError", e)
try:
    bool(Bad())
except ValueError as e:
    print("ValueError", e)
