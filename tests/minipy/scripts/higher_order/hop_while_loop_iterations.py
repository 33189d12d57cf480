# The number of iterations is data: one while_loop node runs the body 0, 1 or 4 times
# on the same cache entry. Frame ops: while_loop, getitem of acc (2: n's result is
# unused); subgraph ops: the body's sub and add (2), the condition none.
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: g graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2 subgraph_ops=2
@capture
def g(x, n):
    return while_loop(lambda k, acc: k, lambda k, acc: (k - 1, acc + 1), (n, x))[1]
x = tensor([1.0, 2.0])
print(g(x, tensor(0.0)))
print(g(x, tensor(1.0)))
print(g(x, tensor(4.0)))
