# A cond inside a branch of a cond, whose branch reads the frame's x two levels deep:
# x is lifted into the outer true branch's subgraph and from there into the inner
# cond's. Frame ops: cond, getitem (2). Subgraph ops: the outer true branch's cond and
# getitem (2), the inner branches' mul and add (2), the outer false branch's sub (1).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=5
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=3 cache_hits=2 graph_ops=2 subgraph_ops=5
@capture
def f(x, p, q):
    def outer(a):
        return cond(q, lambda b: b * x, lambda b: b + 1, (a,))
    return cond(p, outer, lambda a: a - 1, (x,))
x = tensor([1.0, 2.0])
one = tensor([1.0])
zero = tensor([0.0])
print(f(x, one, one), f(x, one, zero), f(x, zero, one))
