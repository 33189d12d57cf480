# A compiled graph that raises on data, with a side effect to replay: under
# np.seterr(all="raise") x / x.min() raises FloatingPointError when x holds a 0. The
# append to log is replayed after the graph, so when the graph raises nothing of the
# frame has happened: lasso runs the frame again from its start as plain Python, which
# appends and raises as the plain run does (log grows by one each call). One
# translation (guards: x's dtype and shape, log a list): min, truediv (2 ops); the
# second and third calls hit it.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso

np.seterr(all="raise")


@lasso.capture
def f(x, log):
    log.append(1)
    return x / x.min()


log = []
for x in (np.arange(1.0, 4.0), np.arange(3.0), np.arange(2.0, 5.0)):
    try:
        print(f(x, log), log)
    except FloatingPointError as e:
        print("FloatingPointError:", e, log)
