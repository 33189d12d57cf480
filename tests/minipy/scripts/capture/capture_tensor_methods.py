# Every tensor method that is a graph op, on float64 and then int64 input.
# explain: graphs=2 graph_breaks=0 ops=28 recompiles=1 frames_captured=2
# explain-frame: methods graphs=2 unsupported=0 cache_entries=2 recompiles=1 ops=28 outputs=7,7
@capture
def methods(x):
    a = x.relu()
    b = x.abs()
    c = (x * 0.1).exp()
    d = x.tanh()
    e = b.sqrt()
    f = x.sigmoid()
    return a.sum(), b.mean(), c.max(), d.t(), e.reshape(-1), f.float(), x.sum(0)
r = methods(tensor([[1.0, -2.0, 3.0], [-0.5, 0.0, 4.0]]))
for v in r:
    print(v.dtype, v.shape, v)
r = methods(tensor([[1, -2, 3], [-5, 0, 4]]))
for v in r:
    print(v.dtype, v.shape, v)
