# reshape with -1 and a symbolic size: the inferred dimension divides the element count
# as polynomials (3*s0 / s0 is 3), so no size is specialized.
# explain: graphs=2 graph_breaks=0 ops=2 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1
# explain-guard: f: tensor L['x']: i64[s0, 3]
# explain-graph: f: reshape: i64[s0, 3] = l_x_.reshape(s0, -1)
@capture
def f(x):
    return x.reshape(x.shape[0], -1)
print(f(tensor([[1, 2, 3], [4, 5, 6]])))
print(f(tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])))
print(f(tensor([[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]])))
