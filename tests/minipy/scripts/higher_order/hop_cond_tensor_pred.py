# cond with a one-element tensor predicate: both branches are traced into subgraphs of
# one cond node (the true branch's mul, the false branch's sub: 2 subgraph ops), so a
# new predicate value is no recompile. The frame's graph: add, sum, cond, the getitem
# of its one result, add (5 ops).
# explain: graphs=1 graph_breaks=0 ops=5 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=5 subgraph_ops=2
@capture
def f(x, p):
    y = x + 1
    r = cond(p.sum(), lambda a: a * 2, lambda a: a - 1, (y,))
    return r + 1
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
print(f(x, tensor([-2.0])))
