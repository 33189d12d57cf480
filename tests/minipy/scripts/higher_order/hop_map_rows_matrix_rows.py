# map_rows over the rows of a 3-d tensor (each row a matrix), with a second operand:
# fn returns a matrix product per row. Rows of another count are a new shape: a
# recompile. Each graph: map_rows, getitem (2 ops); subgraph ops: matmul, t (2).
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2 subgraph_ops=4
# explain-frame: f graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=2 cache_hits=0 graph_ops=2,2 subgraph_ops=2,2
@capture
def f(xs, m):
    return map_rows(lambda row, mat: (row @ mat).t(), xs, (m,))
m = tensor([[1.0, 0.0], [0.0, 2.0]])
print(f(ones(2, 3, 2), m))
print(f(ones(3, 3, 2), m))
