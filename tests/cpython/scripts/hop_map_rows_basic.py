# map_rows: fn traced once on a row's shape into the subgraph of one map_rows node, with
# the tuple's array and a global array as inputs (lifted). Frame ops: the row xs[0]
# lasso takes for the row's shape (kept: numpy operations may raise, so an unused node
# still runs), map_rows, getitem (3); subgraph ops: mul, add, add, maximum (4). Plain,
# numpy.stack of fn on each row.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=4
import numpy as np

import lasso

w = np.array([1.0, -1.0])


@lasso.capture
def f(xs, b):
    return lasso.map_rows(lambda row, bias: np.maximum(row * 2 + bias + w, 0), xs, (b,))


xs = np.array([[1.0, 2.0], [3.0, -4.0], [0.0, 1.0]])
print(f(xs, np.array([0.5, 0.5])))
print(f(xs, np.array([-5.0, 5.0])))
