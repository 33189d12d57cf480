# The true branch is a closure over a tensor the frame computed (scale = x * 2): the
# value is lifted into the subgraphs. Frame ops: mul, cond, getitem (3); subgraph ops:
# add in the true branch, sub in the false (2).
# explain: graphs=1 graph_breaks=0 ops=3 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=3 subgraph_ops=2
@capture
def f(x, p):
    scale = x * 2
    def yes(a):
        return a + scale
    return cond(p, yes, lambda a: a - 1, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
