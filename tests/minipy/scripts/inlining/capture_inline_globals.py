# An inlined helper reads globals through the frame: W (a tensor, a graph input) and
# OFFSET (a constant, guarded). A new W of another shape, then a new OFFSET, each
# translates f again: 3 entries of mul, add, sum.
# explain: graphs=3 graph_breaks=0 ops=9 recompiles=2 frames_captured=3
# explain-frame: f graphs=3 unsupported=0 breaks=0 cache_entries=3 recompiles=2 ops=9 graph_ops=3,3,3 inputs=2,2,2 calls=3 cache_hits=0
W = tensor([2.0, 3.0])
OFFSET = 1.0
def affine(v):
    return v * W + OFFSET
@capture
def f(x):
    return affine(x).sum()
print(f(tensor([1.0, 1.0])))
W = tensor([1.0, 1.0, 1.0])
print(f(tensor([1.0, 2.0, 3.0])))
OFFSET = 5.0
print(f(tensor([1.0, 2.0, 3.0])))
