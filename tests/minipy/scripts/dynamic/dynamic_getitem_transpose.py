# Rows and transposes of a tensor with a symbolic first dimension: x[0] and x[-1] are
# in range for any size of 2 or more (no guard), and t() swaps the sizes.
# explain: graphs=2 graph_breaks=0 ops=10 recompiles=1 frames_captured=2
# explain-frame: f graphs=2 cache_entries=2 recompiles=1 calls=3 cache_hits=1 graph_ops=5,5
# explain-graph: f: t: i64[3, s0] = l_x_.t()
# explain-guard: f: tensor L['x']: i64[s0, 3]
@capture
def f(x):
    return x[0] + x[-1], x.t() * 2
print(f(tensor([[1, 2, 3], [4, 5, 6]])))
print(f(tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])))
print(f(tensor([[1, 1, 1], [2, 2, 2], [3, 3, 3], [4, 4, 4]])))
