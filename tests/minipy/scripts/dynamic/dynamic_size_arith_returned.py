# Size arithmetic stays symbolic through + - * // % and is returned as the graph's
# outputs: (s0 + 1)*(s0 - 1) is one polynomial, s0*s0 - 1.
# explain: graphs=1 graph_breaks=0 ops=0 recompiles=1 frames_captured=2
# explain-frame: f graphs=1 cache_entries=2 recompiles=1 calls=4 cache_hits=2 graph_ops=0 outputs=3
# explain-graph: f: return (s0*s0 - 1, (s0 + 1)//2, s0 % 3)
@capture
def f(x):
    n = x.shape[0]
    return (n + 1) * (n - 1), (n + 1) // 2, n % 3
print(f(arange(2)))
print(f(arange(3)))
print(f(arange(7)))
print(f(arange(10)))
