# The same captured function called with different shapes and dtypes. normalize (7 ops):
# sizes 2 and 3 make dimension 0 dynamic, so 5 hits the symbolic entry; the 2x2 int
# tensor and the 3-element int tensor are new dtypes and ranks, traced with the marked
# dimension a symbol (4 translations). outer_sum: its b's size 1 stays static, and its
# third call's a is 0-d (3 translations); rowsums changes rank each time (3).
# explain: graphs=10 graph_breaks=0 ops=40 recompiles=7 frames_captured=10
# explain-frame: normalize graphs=4 unsupported=0 cache_entries=4 recompiles=3 ops=28 calls=5 cache_hits=1
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
