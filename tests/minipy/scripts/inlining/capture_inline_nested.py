# Helpers calling helpers, three levels deep, all inlined into one graph: a1 calls b2
# twice, b2 calls c3. exp and add for each of x and y, their product, the sum: 6 ops.
# explain: graphs=1 graph_breaks=0 ops=6 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=6 inputs=2 outputs=1 calls=2 cache_hits=1
def c3(v):
    return v.exp()
def b2(v):
    return c3(v) + 1.0
def a1(v, w):
    return b2(v) * b2(w)
@capture
def f(x, y):
    return a1(x, y).sum()
print(f(tensor([0.0, 1.0]), tensor([1.0, -1.0])))
print(f(tensor([0.5, 0.5]), tensor([2.0, 0.0])))
