# The same tensor passed twice as operands: the subgraphs take two inputs, and the cond
# node passes x for both. Frame ops: cond, getitem (2); subgraph ops: mul, sub (2).
# explain: graphs=1 graph_breaks=0 ops=2 recompiles=0 frames_captured=1 subgraph_ops=2
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=2 subgraph_ops=2
@capture
def f(x, p):
    return cond(p, lambda a, b: a * b, lambda a, b: a - b, (x, x))
x = tensor([3.0, 4.0])
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
