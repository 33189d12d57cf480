# map_rows whose fn returns a numpy scalar per row (a row's sum): the node stacks them
# into an array of one size per row, as numpy.stack does plain. Frame ops: the row
# xs[0] taken for the row's shape, map_rows, getitem, mul (4); subgraph ops: sum (1). A
# batch of another size is a recompile (the second size makes the row count a symbol:
# dynamic by default), no third graph: 2 graphs of 4 ops and 1 subgraph op each.
# explain: graphs=2 graph_breaks=0 ops=8 recompiles=1 frames_captured=2 subgraph_ops=2
import numpy as np

import lasso


@lasso.capture
def f(xs):
    return lasso.map_rows(lambda row: row.sum(), xs, ()) * 10


print(f(np.arange(6.0).reshape(3, 2)))
print(f(np.arange(8.0).reshape(4, 2)))
print(f(np.arange(10.0).reshape(5, 2)))
