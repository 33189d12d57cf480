# t.shape, t.ndim and t.dtype are known from the guarded metadata: branches on them are
# decided at trace time, so int64 and float64 inputs get different graphs.
# explain: graphs=3 graph_breaks=0 ops=7 recompiles=2 frames_captured=3
# explain-frame: col_means graphs=3 unsupported=0 cache_entries=3 recompiles=2 ops=7
@capture
def col_means(x):
    if x.dtype == "int64":
        x = x.float()
    n = x.shape[0]
    if x.ndim == 1:
        n = 1
    return x.sum(0) / n
print(col_means(tensor([[1, 2], [3, 4], [5, 7]])))
print(col_means(tensor([[1.5, 2.0], [3.0, 4.0], [5.0, 7.0]])))
print(col_means(tensor([[1, 1], [2, 2], [3, 3]])))
r = col_means(ones(4, 2))
print(r, r.dtype, r.shape)
