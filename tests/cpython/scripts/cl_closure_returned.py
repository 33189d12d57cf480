# A closure made in captured code and returned: generated code makes its cell
# (`y`, a graph output), then the function over it. One graph of 1 op (mul).
# explain: graphs=1 ops=1 graph_breaks=0 recompiles=0 frames_captured=1
import numpy as np

import lasso


@lasso.capture
def make_adder(x):
    y = x * 2

    def add(v):
        return v + y

    return add


for _ in range(2):
    add = make_adder(np.ones(2))
    print(add(np.arange(2.0)), add.__closure__[0].cell_contents, add.__code__.co_freevars)
