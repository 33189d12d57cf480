# Branches that return tuples of two tensors from two operands: the cond node has two
# results (two getitems); the frame multiplies them. Frame ops: cond, getitem,
# getitem, mul (4); subgraph ops: add, sub in the true branch, mul, add in the false.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1 subgraph_ops=4
# explain-frame: f graphs=1 breaks=0 unsupported=0 cache_entries=1 recompiles=0 calls=2 cache_hits=1 graph_ops=4 subgraph_ops=4
def both(a, b):
    return a + b, a - b
def other(a, b):
    return a * b, b + 1
@capture
def f(x, y, p):
    s, d = cond(p, both, other, (x, y))
    return s * d
x = tensor([1.0, 2.0])
y = tensor([3.0, 5.0])
print(f(x, y, tensor([1.0])))
print(f(x, y, tensor([0.0])))
