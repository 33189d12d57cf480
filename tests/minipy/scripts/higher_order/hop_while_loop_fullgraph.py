# while_loop under fullgraph: one graph. Frame ops: while_loop, getitem (2); the
# body's sub and mul (2) are subgraph ops.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=2
@capture(fullgraph=True)
def g(x, n):
    k, acc = while_loop(lambda k, acc: k, lambda k, acc: (k - 1, acc * 3), (n, x))
    return acc
x = tensor([1.0, 2.0])
print(g(x, tensor(2.0)))
print(g(x, tensor(0.0)))
