# Two closures made outside share one cell: `put` stores into it, `get` reads it.
# Within the trace the cell is one object (lasso tracks cells by identity): `get()`
# after `put(x + 1)` reads the new value, and the store is replayed into the cell after
# the graph. One graph of 2 ops (add, mul); the next call finds a new array of the same
# shape in the cell: no recompile.
# explain: graphs=1 ops=2 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


def make_box(v):
    def get():
        return v

    def put(new):
        nonlocal v
        v = new

    return get, put


get, put = make_box(np.zeros(2))


@lasso.capture
def f(x):
    put(x + 1)
    return get() * 2


print(f(np.ones(2)), get())
print(f(np.arange(2.0)), get())
