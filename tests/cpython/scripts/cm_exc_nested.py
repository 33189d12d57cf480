# Nested blocks: the inner __exit__ does not suppress (returns False), the outer one
# does (True). The KeyError raised in the inner block goes through the inner exit
# (inlined), its RERAISE and cleanup, to the outer block's handler, whose exit (inlined)
# suppresses it; both exits append to one list, in CPython's order (inner, then
# outer). k = 0: x + 1, y * 2, y + 3, y - 4, y / 2 (5 ops); k = 1 recompiles: x + 1,
# y * 2, y / 2 (3 ops). No break (fullgraph); the second round hits both entries.
# explain: graphs=2 ops=8 graph_breaks=0 recompiles=1 frames_captured=2
import numpy as np

import lasso


class Named:
    def __init__(self, name, swallow, log):
        self.name = name
        self.swallow = swallow
        self.log = log

    def __enter__(self):
        self.log.append("enter " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        self.log.append("exit " + self.name + ("" if exc_type is None else " with an exception"))
        return self.swallow


log = []
outer = Named("outer", True, log)
inner = Named("inner", False, log)


@lasso.capture(fullgraph=True)
def f(x, k):
    y = x + 1
    with outer:
        with inner:
            y = y * 2
            if k:
                raise KeyError
            y = y + 3
        y = y - 4
    return y / 2


x = np.arange(3.0)
for _ in range(2):
    print(f(x, 0), log)
    log.clear()
    print(f(x, 1), log)
    log.clear()
