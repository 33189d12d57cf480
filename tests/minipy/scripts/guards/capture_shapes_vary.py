# The same captured function called with different shapes and dtypes.
# explain: graphs=11 graph_breaks=0 ops=47 recompiles=8 frames_captured=11
# explain-frame: normalize graphs=5 unsupported=0 cache_entries=5 recompiles=4 ops=35
# explain-frame: outer_sum graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=9
# explain-frame: rowsums graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=3
@capture
def normalize(x):
    m = x.mean()
    centered = x - m
    return centered / ((centered * centered).mean() + 1e-6).sqrt()
@capture
def outer_sum(a, b):
    return a.reshape(-1, 1) + b.reshape(1, -1)
for n in [2, 3, 5]:
    v = arange(n)
    print(n, normalize(v))
print(normalize(tensor([[1, 2], [3, 4]])))
print(normalize(tensor([4, 4, 4])))
print(outer_sum(tensor([1, 2]), tensor([10, 20, 30])))
print(outer_sum(arange(3), tensor([0.5])))
print(outer_sum(tensor(1), tensor([1, 2])).shape)
@capture
def rowsums(m):
    return m.sum(-1)
print(rowsums(ones(2, 3)), rowsums(ones(4)), rowsums(tensor([[1, 2], [3, 4], [5, 6]])))
