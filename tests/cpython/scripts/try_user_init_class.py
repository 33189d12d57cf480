# An exception class with an __init__ of its own (Coded) is not plain: its call is a
# graph break, its raise too; Plain (no __init__) is made in the trace. k = 0: x + 1,
# Plain is no Coded, it is a Plain: y * 3 (2 ops). k = 5 recompiles: x + 1 (1 op), a
# break at Coded(k); the resume function after it breaks at the raise (no graph); the
# one at the handler (its class guarded) traces y * 2 (1 op). The third call hits the
# first entry.
# explain: graphs=3 ops=4 graph_breaks=2 recompiles=1 frames_captured=4
# explain-reason: call of class 'Coded'
import numpy as np

import lasso


class Coded(Exception):
    def __init__(self, code):
        super().__init__("code %d" % code)
        self.code = code


class Plain(Exception):
    pass


@lasso.capture
def f(x, k):
    y = x + 1
    try:
        if k:
            raise Coded(k)
        raise Plain("p")
    except Coded:
        y = y * 2
    except Plain:
        y = y * 3
    return y


x = np.arange(3.0)
print(f(x, 0))
print(f(x, 5))
print(f(x, 0))
