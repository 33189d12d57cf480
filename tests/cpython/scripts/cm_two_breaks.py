# Two graph breaks in one block (a print, then lasso.graph_break()): three graphs of
# one op each (add; mul; sub), the block open across both breaks. The first resume
# function passes the bound __exit__ on to the second, which inlines it at the block's
# end. The manager's log shows one enter and one exit per call.
# explain: graphs=3 ops=3 graph_breaks=2 recompiles=0 frames_captured=3
# explain-reason: print
# explain-reason: graph_break
import numpy as np

import lasso


class Logged:
    def __init__(self):
        self.log = []

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit")
        return False


cm = Logged()


@lasso.capture
def f(x):
    with cm:
        y = x + 1
        print("one")
        y = y * 2
        lasso.graph_break()
        y = y - 1
    return y


x = np.arange(3.0)
print(f(x), cm.log)
print(f(x), cm.log)
