# A cond in the body of map_rows, whose predicate is the frame's p: p is lifted into
# the body's subgraph and passed on to the cond node. Frame ops: map_rows, getitem
# (2). Subgraph ops: the body's cond and getitem (2), the branches' sum (1) and sum,
# mul (2).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=5
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=5
@capture
def g(xs, p):
    return map_rows(lambda row: cond(p, lambda a: a.sum(), lambda a: a.sum() * 0, (row,)), xs, ())
xs = tensor([[1.0, 2.0], [3.0, -4.0], [0.0, 1.0]])
print(g(xs, tensor([1.0])))
print(g(xs, tensor([0.0])))
