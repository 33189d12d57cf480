# A counter closure made outside, called in captured code: `nonlocal n; n += 1` is a
# store into the closure's cell, replayed after the graph; the count it returns is a
# constant of the trace (guarded: `G['counter'].__closure__[0].cell_contents == 0`), so
# the second call, which finds 1, recompiles. One add per graph.
# explain: graphs=2 ops=2 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


def make_counter():
    n = 0

    def inc():
        nonlocal n
        n += 1
        return n

    return inc


counter = make_counter()


@lasso.capture
def g(x):
    k = counter()
    return x + k


print(g(np.ones(2)))
print(g(np.ones(2)))
print("count", counter.__closure__[0].cell_contents)
