# A size expression that may be negative: np.zeros(n - 5) and np.arange(n - 5) of an
# int argument n. n = 9: constants (zeros, sum, add, arange, sum, add: 6 ops). n = 7:
# n becomes a symbol s0 and the rules keep s0 - 5 as the sizes, guarded s0 - 5 >= 0.
# n = 4 fails that guard (without it the graph would raise inside numpy before the
# append to log is replayed): a recompile where zeros of the negative size is refused, a
# break before it. Nothing is traced before it but n - 5, a size on the stack: a graph of
# no operation whose output is s0 - 5. The append is replayed, then CPython raises
# numpy's ValueError, so log ends as [9, 7, 4] as in plain Python.
# explain: graphs=3 ops=12 graph_breaks=1 recompiles=2 frames_captured=3
# explain-reason: a negative size
import numpy as np

import lasso


@lasso.capture
def g(x, n, log):
    log.append(n)
    return x + np.zeros(n - 5).sum() + np.arange(n - 5).sum()


log = []
for n in (9, 7, 4):
    try:
        print(g(np.ones(3), n, log), log)
    except ValueError as e:
        print("ValueError:", e, log)
