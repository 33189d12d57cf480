# The tensor constructors take symbolic sizes: zeros(n, 2), ones(n), full((n, 2), 1.5)
# and arange(n) of n = x.shape[0] are graph nodes with the size as an argument.
# explain: graphs=2 graph_breaks=0 ops=14 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=7,7
# explain-graph: f: zeros: f64[s0, 2] = zeros(s0, 2)
# explain-graph: f: full: f64[s0, 2] = full((s0, 2), 1.5)
# explain-graph: f: arange: f64[s0] = arange(s0)
@capture
def f(x):
    n = x.shape[0]
    a = zeros(n, 2) + full((n, 2), 1.5)
    b = ones(n) + arange(n)
    return a, b * x
print(f(tensor([1.0, 2.0])))
print(f(tensor([1.0, 2.0, 3.0])))
print(f(tensor([3.0, 2.0, 1.0, 0.0, -1.0])))
