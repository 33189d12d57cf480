# cond called in a helper the frame inlines: its node is in the frame's graph, and the
# branches read the helper's local k (a constant, folded in). Frame ops: sub, cond,
# getitem, add (4); subgraph ops: mul and add (2).
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4 subgraph_ops=2
def helper(v, p):
    k = 5
    return cond(p, lambda a: a * k, lambda a: a + k, (v,))
@capture
def f(x, p):
    return helper(x - 1, p) + 1
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
