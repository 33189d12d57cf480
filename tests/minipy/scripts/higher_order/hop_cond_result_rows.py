# The result of cond is a tensor like any other: indexing its rows (getitem nodes of
# their own) is not taking an item of the cond node's tuple of results. Frame ops:
# sum, cond, getitem (the result), two row getitems, add (6); subgraph ops: 1 + 1.
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=6 subgraph_ops=2
@capture
def f(x):
    r = cond(x.sum(), lambda a: a * 2, lambda a: a - 1, (x,))
    return r[0] + r[1]
print(f(tensor([[1.0, 2.0], [3.0, 4.0]])))
print(f(tensor([[1.0, -2.0], [3.0, -2.0]])))
