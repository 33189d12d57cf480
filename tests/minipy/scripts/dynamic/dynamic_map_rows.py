# map_rows over a symbolic number of rows: the row's shape is the tensor's without its
# first dimension, and the stacked result has the symbolic count again.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2 subgraph_ops=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2 subgraph_ops=1,1
# explain-graph: f: graph(l_xs_: f64[s0, 2]):
@capture
def f(xs):
    return map_rows(lambda row: row * 3.0, xs, ())
print(f(tensor([[1.0, 2.0], [3.0, 4.0]])))
print(f(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])))
print(f(tensor([[0.5, 0.5], [1.0, 1.0], [2.0, 2.0], [4.0, 4.0]])))
