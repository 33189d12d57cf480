# Sizes flow through an inlined call: the helper reads the shape of its argument and
# returns arithmetic on it, which the caller uses in a reshape.
# explain: graphs=2 graph_breaks=0 ops=6 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=3,3
# explain-graph: f: reshape: f64[s0, 1] = mul.reshape(s0, 1)
def rows(t):
    return t.shape[0]
@capture
def f(x):
    y = x * 2.0
    return y.reshape(rows(x), 1) + 1
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([0.5, 0.25, 0.125, 4.0])))
