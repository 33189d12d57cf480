# The functions passed to cond are guarded on their identity: after the global
# `branch` is rebound to another function, f translates again and the new function
# is what its graph runs. Each graph: cond, getitem (2 ops), 2 subgraph ops.
# explain: graphs=2 graph_breaks=0 ops=4 recompiles=1 frames_captured=2 subgraph_ops=4
# explain-frame: f graphs=2 breaks=0 unsupported=0 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=2,2 subgraph_ops=2,2
def double(a):
    return a * 2
def triple(a):
    return a * 3
def minus(a):
    return a - 1
branch = double
@capture
def f(x, p):
    return cond(p, branch, minus, (x,))
x = tensor([1.0, 2.0])
print(f(x, tensor([1.0])))
branch = triple
print(f(x, tensor([1.0])))
print(f(x, tensor([0.0])))
