# A while_loop inside a branch of cond, whose body reads the frame's y (computed before
# the cond): y is lifted into the loop's subgraphs and the branch's. Frame ops: mul,
# cond, getitem (3). Subgraph ops: the true branch's while_loop and getitem (2), the
# loop body's sub and add (2), the false branch's sub (1).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=5
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=3 subgraph_ops=5
@capture
def f(x, p, n):
    y = x * 2
    def loop(a):
        return while_loop(lambda k, acc: k, lambda k, acc: (k - 1, acc + y), (n, a))[1]
    return cond(p, loop, lambda a: a - 1, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0]), tensor(2.0)))
print(f(x, tensor([0.0]), tensor(2.0)))
print(f(x, tensor([1.0]), tensor(0.0)))
