# map_rows: fn traced once on a row's shape into the subgraph of one map_rows node,
# with the tuple's tensor and a global tensor as inputs (lifted). Frame ops: map_rows,
# getitem (2); subgraph ops: mul, add, add, relu (4).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=4
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=4 inputs=3
w = tensor([1.0, -1.0])
@capture
def f(xs, b):
    return map_rows(lambda row, bias: (row * 2 + bias + w).relu(), xs, (b,))
xs = tensor([[1.0, 2.0], [3.0, -4.0], [0.0, 1.0]])
print(f(xs, tensor([0.5, 0.5])))
print(f(xs, tensor([-5.0, 5.0])))
