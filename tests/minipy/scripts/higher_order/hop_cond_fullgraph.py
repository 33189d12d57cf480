# cond under fullgraph: a tensor predicate and two traceable branches are one graph,
# so fullgraph holds. Frame ops: relu, cond, getitem (3); subgraph ops: 1 + 1.
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=2
@capture(fullgraph=True)
def f(x, p):
    y = x.relu()
    return cond(p, lambda a: a * a, lambda a: a + 10, (y,))
x = tensor([-1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
