# An inlined helper returning a tuple (two tensors and a Python int from the shape,
# known at trace time): sum, max, s / 3, + m: 4 ops.
# explain: graphs=1 graph_breaks=0 ops=4 recompiles=0 frames_captured=1
# explain-frame: f graphs=1 unsupported=0 breaks=0 cache_entries=1 recompiles=0 ops=4 outputs=1 calls=2 cache_hits=1
def stats(v):
    return v.sum(), v.shape[0], v.max()
@capture
def f(x):
    s, n, m = stats(x)
    return s / n + m
print(f(tensor([1.0, 2.0, 6.0])))
print(f(tensor([0.0, -3.0, 3.0])))
